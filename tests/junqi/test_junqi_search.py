"""The search fast path (``junqi.search``) against the checked public API, in lockstep.

Each seeded random game is played twice at once: the reference path lists moves with
``rules.legal_moves`` on an equal copy of the state (so no remembered list can answer
for it) and applies them with the checked ``rules.apply_action``; the fast path uses
``search.legal_actions`` and ``search.apply``. After every move the two states, move lists and
outcomes must be equal, under every option. A playout from any state of those games must end
where the reference loop (``rng.choice`` over ``rules.legal_moves``) ends.
"""

from __future__ import annotations

import doctest
import random
from dataclasses import replace

import pytest

from junqi import rules, search
from junqi.actions import Move
from junqi.options import Options
from junqi.playout import random_playout, start_random
from junqi.state import GameState, Phase
from tests.sampling import cases

OPTIONS = {
    "standard": Options(),
    "flying-bombs-exploding-mines": Options(flying_bombs=True, exploding_mines=True),
    "carry-flag": Options(carry_flag=True),
    "free-hq-centre-road": Options(free_hq=True, centre_railway=False),
    "open-pieces-no-limit": Options(open_pieces=True, no_combat_limit=None),
}


def fresh(state: GameState) -> GameState:
    """An equal state that is a new object: the moves must be listed anew."""
    return replace(state)


def reference_moves(state: GameState) -> tuple[Move, ...]:
    return rules.legal_moves(fresh(state))


def lockstep(seed: int, options: Options, max_plies: int = 400) -> list[GameState]:
    """Play one seeded game on both paths, comparing them after every move; its states."""
    rng = random.Random(seed)
    reference = fast = start_random(rng, options)
    states = [fast]
    while reference.phase is Phase.PLAY and reference.ply < max_plies:
        expected = reference_moves(reference)
        assert search.legal_actions(fast) == expected, f"ply {reference.ply}"
        listed = rules.legal_actions(fresh(reference), reference.to_move)
        assert tuple(a for a in listed if isinstance(a, Move)) == expected
        move = rng.choice(expected)
        reference = rules.apply_action(reference, move)
        fast = search.apply(fast, move)
        assert fast == reference, f"ply {reference.ply}: {move.text}"
        assert search.outcome(fast) == rules.outcome(reference)
        states.append(fast)
    return states


def reference_playout(state: GameState, rng: random.Random) -> GameState:
    while state.phase is Phase.PLAY:
        state = rules.apply_action(state, rng.choice(reference_moves(state)))
    return state


@pytest.mark.parametrize("name", OPTIONS)
def test_fast_path_matches_the_public_api_at_every_step(name: str) -> None:
    """Ten seeded games per option set in CI, a spread of three everyday (tests/sampling.py)."""
    for seed in cases(range(10), least=3):
        lockstep(seed, OPTIONS[name])


@pytest.mark.parametrize("name", [n for n in OPTIONS if OPTIONS[n].no_combat_limit is not None])
def test_playouts_from_any_state_end_as_the_reference_loop(name: str) -> None:
    states = lockstep(21, OPTIONS[name])
    for index in range(0, len(states), max(1, len(states) // 6)):
        seed = 500 + index
        fast = search.playout(states[index], random.Random(seed))
        assert fast == reference_playout(states[index], random.Random(seed))
        assert search.outcome(fast) is not None


def test_a_playout_after_random_setups_is_the_seeds_random_game() -> None:
    for seed in range(1, 6):
        rng = random.Random(seed)
        assert search.playout(start_random(rng), rng) == random_playout(seed)


def test_outside_play_there_is_nothing_to_search() -> None:
    state = rules.new_game()
    assert search.legal_actions(state) == ()
    assert search.playout(state, random.Random(1)) is state
    final = random_playout(3)
    assert search.legal_actions(final) == ()
    assert search.playout(final, random.Random(1)) is final


def test_a_playout_stops_unfinished_at_max_plies() -> None:
    rng = random.Random(4)
    state = start_random(rng)
    stopped = search.playout(state, rng, max_plies=30)
    assert stopped.ply == 30
    assert stopped.phase is Phase.PLAY
    assert search.outcome(stopped) is None


def test_the_module_example_runs() -> None:
    results = doctest.testmod(search)
    assert results.attempted > 0
    assert results.failed == 0
