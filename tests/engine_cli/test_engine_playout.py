"""Random playouts (engine/playout.py) and the invariant checker the fuzzer relies on."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import playout
from engine.actions import parse_action
from engine.playout import (
    StuckGameError,
    check_invariants,
    random_playout,
    random_steps,
)
from engine.record import GameRecord, replay
from engine.rules import new_game
from engine.state import GameState, Phase, QueuedCard, Termination
from engine.types import CardKind, PieceKind, Side
from tests.sampling import examples


def test_a_seed_determines_the_game() -> None:
    first = random_playout(seed=12, turn_limit=40)
    again = random_playout(seed=12, turn_limit=40)
    other = random_playout(seed=13, turn_limit=40)
    assert first == again
    assert first[0].actions != other[0].actions


def test_the_global_random_generator_is_left_alone() -> None:
    random.seed(99)
    before = random.getstate()
    random_playout(seed=4, turn_limit=20)
    assert random.getstate() == before


def test_the_record_replays_to_the_final_state() -> None:
    record, final = random_playout(seed=21, turn_limit=60)
    assert replay(record)[-1] == final
    assert record.meta == {"source": "random playout", "seed": 21}
    assert record.rulings.turn_limit == 60


def test_the_turn_cap_ends_a_game_without_winner_and_is_recorded() -> None:
    # Nothing is executed before each side's second turn, so two war turns cannot end a game.
    record, final = random_playout(seed=3, turn_limit=2)
    assert final.phase is Phase.OVER
    assert final.outcome is not None
    assert final.outcome.termination is Termination.TURN_LIMIT
    assert final.outcome.winner is None
    assert final.turn == 2
    assert record.result == {"winner": None, "method": "turn_limit"}


def test_a_finished_game_states_the_engine_result(
    red_win: tuple[GameRecord, GameState],
) -> None:
    record, final = red_win
    assert final.outcome is not None
    assert record.result == {"winner": "red", "method": final.outcome.termination.value}


def test_no_turn_limit_keeps_the_rulings_as_given() -> None:
    steps = random_steps(seed=5, turn_limit=None)
    first = next(steps)
    assert first.after.rulings.turn_limit is None


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_reachable_state_keeps_the_invariants(seed: int) -> None:
    for step in random_steps(seed=seed, turn_limit=30):
        assert check_invariants(step.after) == [], (seed, step.after.ply, step.action.to_str())
        assert parse_action(step.action.to_str()) == step.action


def test_a_side_without_decision_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "legal_actions", lambda state: ())
    with pytest.raises(StuckGameError, match="red is to act at ply 0"):
        next(random_steps(seed=1))


# -- The checker finds what is wrong ---------------------------------------------------------


@pytest.fixture(scope="module")
def war_state() -> GameState:
    """A war position with cards queued by both sides and no card under execution."""
    for step in random_steps(seed=8, turn_limit=None):
        s = step.after
        if (
            s.phase is Phase.WAR
            and s.execution is None
            and all(len(side.queue) >= 2 for side in s.sides)
        ):
            assert check_invariants(s) == []
            return s
    raise AssertionError("no such position")


def _with_red(state: GameState, **changes: object) -> GameState:
    red = replace(state.sides[Side.RED], **changes)  # type: ignore[arg-type]
    return replace(state, sides=(red, state.sides[Side.BLUE]))


def _one_problem_about(state: GameState, words: str) -> None:
    problems = check_invariants(state)
    assert any(words in p for p in problems), problems


def test_a_piece_lost_from_the_board_is_found(war_state: GameState) -> None:
    red = war_state.sides[Side.RED]
    sq = next(
        sq
        for sq, p in enumerate(war_state.board)
        if p is not None and p.owner is Side.RED and p.letter != red.general
    )
    board = list(war_state.board)
    kind = board[sq].kind  # type: ignore[union-attr]
    board[sq] = None
    _one_problem_about(replace(war_state, board=tuple(board)), f"{kind.name.lower()} not conserved")


def test_a_shield_too_many_is_found(war_state: GameState) -> None:
    stock = replace(war_state.stock, shields=war_state.stock.shields + 1)
    _one_problem_about(replace(war_state, stock=stock), "shields not conserved")


def test_a_shielded_archer_is_found(war_state: GameState) -> None:
    board = list(war_state.board)
    sq = next((i for i, p in enumerate(board) if p and p.kind is PieceKind.ARCHER), None)
    if sq is None:
        pytest.skip("no archer on this board")
    board[sq] = replace(board[sq], shield=True)  # type: ignore[type-var]
    stock = replace(war_state.stock, shields=war_state.stock.shields - 1)
    _one_problem_about(replace(war_state, board=tuple(board), stock=stock), "with a shield")


@pytest.mark.parametrize("lp", [-1, 19])
def test_lp_off_the_track_is_found(war_state: GameState, lp: int) -> None:
    _one_problem_about(_with_red(war_state, lp=lp), f"red LP {lp} off the track")


def test_a_fifth_queued_card_is_found(war_state: GameState) -> None:
    red = war_state.sides[Side.RED]
    extra = (QueuedCard(CardKind.MOVE, False),) * (5 - len(red.queue))
    _one_problem_about(_with_red(war_state, queue=red.queue + extra), "queued cards (limit 4)")


def test_a_fifth_fence_is_found(war_state: GameState) -> None:
    fences = frozenset(range(100, 105))
    _one_problem_about(_with_red(war_state, fences=fences), "red has 5 fences")


def test_a_general_missing_from_the_board_is_found(war_state: GameState) -> None:
    _one_problem_about(_with_red(war_state, general="X"), "general X is not exactly one")


def test_a_lost_card_is_found(war_state: GameState) -> None:
    red = war_state.sides[Side.RED]
    fewer = (
        _with_red(war_state, hand=red.hand[1:])
        if red.hand
        else _with_red(war_state, deck=red.deck[1:])
    )
    _one_problem_about(fewer, "not the basic deck")


def test_a_queued_card_with_the_wrong_face_is_found(war_state: GameState) -> None:
    red = war_state.sides[Side.RED]
    flipped = replace(red.queue[-1], face_up=not red.queue[-1].face_up)
    _one_problem_about(_with_red(war_state, queue=(*red.queue[:-1], flipped)), "wrong face")


def test_a_game_over_with_someone_to_act_is_found(war_state: GameState) -> None:
    _one_problem_about(replace(war_state, phase=Phase.OVER), "disagree")


def test_the_empty_board_is_consistent() -> None:
    assert check_invariants(new_game()) == []
