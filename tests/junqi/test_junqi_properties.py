"""Property tests (hypothesis): invariants of random positions reached by random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from junqi.actions import parse_action
from junqi.movement import is_legal, moves
from junqi.options import Options
from junqi.playout import check_ply, start_random
from junqi.rules import apply_action, apply_move, legal_actions, legal_moves
from junqi.setup import Setup, random_setup
from junqi.state import Phase
from junqi.types import Side
from tests.sampling import examples

OPTIONS = st.builds(
    Options,
    flying_bombs=st.booleans(),
    exploding_mines=st.booleans(),
    carry_flag=st.booleans(),
    open_pieces=st.booleans(),
    free_hq=st.booleans(),
    centre_railway=st.booleans(),
)


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32), side=st.sampled_from(list(Side)))
def test_random_setups_are_valid(seed: int, side: Side) -> None:
    setup = random_setup(side, random.Random(seed))
    assert Setup.parse(side, setup.text) == setup


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32), options=OPTIONS, plies=st.integers(0, 120))
def test_play_keeps_invariants(seed: int, options: Options, plies: int) -> None:
    rng = random.Random(seed)
    state = start_random(rng, options)
    for _ in range(plies):
        if state.phase is not Phase.PLAY:
            break
        src, dst = rng.choice(moves(state, state.to_move))
        after = apply_move(state, src, dst)
        assert check_ply(state, after, deep=False) == []
        state = after
    if state.phase is Phase.PLAY:
        actions = legal_actions(state, state.to_move)
        assert list(legal_moves(state)) == sorted(legal_moves(state), key=lambda m: (m.src, m.dst))
        for action in actions:
            assert parse_action(action.text) == action
        # any listed action applies
        action = actions[rng.randrange(len(actions))]
        apply_action(state, action)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), options=OPTIONS, plies=st.integers(1, 80))
def test_deep_invariants_after_random_play(seed: int, options: Options, plies: int) -> None:
    rng = random.Random(seed)
    state = start_random(rng, options)
    before = state
    for _ in range(plies):
        if state.phase is not Phase.PLAY:
            break
        src, dst = rng.choice(moves(state, state.to_move))
        before, state = state, apply_move(state, src, dst)
    if state.ply:
        assert check_ply(before, state, deep=True) == []


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32), options=OPTIONS, plies=st.integers(0, 150))
def test_single_move_check_agrees_with_the_move_list(
    seed: int, options: Options, plies: int
) -> None:
    rng = random.Random(seed)
    state = start_random(rng, options)
    for _ in range(plies):
        if state.phase is not Phase.PLAY:
            return
        src, dst = rng.choice(moves(state, state.to_move))
        state = apply_move(state, src, dst)
    if state.phase is not Phase.PLAY:
        return
    side = state.to_move
    listed = set(moves(state, side))
    own = [s for s, p in enumerate(state.board) if p is not None and p.owner is side]
    checked = {(a, b) for a in own for b in range(60) if is_legal(state, side, a, b)}
    assert checked == listed
