"""RULES.md §3: winning by capturing the general or by three intrusion points."""

from __future__ import annotations

import pytest

from engine.actions import EndCommand
from engine.errors import IllegalActionError
from engine.rules import apply_action, legal_actions
from engine.state import Phase, Termination
from engine.types import CardKind
from tests.engine.builders import B, R, Seat, code_at, executing, legal, piece_at, play


def test_moving_onto_the_enemy_general_wins() -> None:
    """§3.1: the opponent's general removed from the board wins at once."""
    state = executing({"c3": "rIN*", "c4": "bAS*"}, "MV")
    state = play(state, "c3-c4")
    assert state.phase is Phase.OVER
    assert state.outcome is not None
    assert state.outcome.termination is Termination.GENERAL_CAPTURED
    assert state.outcome.winner is R
    assert state.to_act is None
    assert legal_actions(state) == ()


def test_capturing_a_soldier_that_is_not_the_general_does_not_end_the_game() -> None:
    """§3.1: only the general's removal wins."""
    state = executing({"c3": "rIN*", "c4": "bAS", "g7": "bAS*"}, "MV")
    state = play(state, "c3-c4")
    assert state.phase is Phase.WAR
    assert code_at(state, "c4") == "rIN"


def test_the_general_captured_by_a_shot_wins() -> None:
    """§3.1 with §7.2: a shot that removes the general wins."""
    state = executing({"c3": "rAN", "c5": "bCS*", "a1": "rIN*"}, "RS")
    state = play(state, "c3xc5")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.GENERAL_CAPTURED
    assert state.outcome.winner is R


def test_a_shot_that_only_strips_the_generals_shield_does_not_win() -> None:
    """§3.1 with §8.4: a shielded infantry general loses its shield, not its place."""
    state = executing({"c3": "rAN", "c4": "bIS*", "a1": "rIN*"}, "RS")
    state = play(state, "c3xc4")
    assert state.outcome is None
    general = piece_at(state, "c4")
    assert general is not None
    assert not general.shield


def test_blue_wins_by_cavalry_capturing_reds_general() -> None:
    """§3.1 for Blue, with §8.3: a cavalry removes a shielded infantry general outright."""
    state = executing({"c5": "bCS*", "c2": "rIN*"}, "MV", to_act=B)
    state = play(state, "c5-c2")
    assert state.outcome is not None
    assert state.outcome.winner is B


def test_three_intruded_pieces_win() -> None:
    """§3.2: three pieces in the intrusion area win immediately."""
    state = executing({"c6": "rAN", "a1": "rIN*", "g4": "bIS*"}, "MV", red=Seat(intruded="AC"))
    state = play(state, "c6-c7+")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.INTRUSION
    assert state.outcome.winner is R


def test_two_intrusion_points_do_not_win() -> None:
    """§3.2: fewer than three points: the game goes on."""
    state = executing({"c6": "rAN", "a1": "rIN*", "g4": "bIS*"}, "MV", red=Seat(intruded="C"))
    state = play(state, "c6-c7+")
    assert state.outcome is None
    assert state.sides[R].intrusion_points == 2


def test_a_shielded_infantry_intruding_counts_two() -> None:
    """§3.2: a shield counts as a piece: shielded infantry + one more piece = 3 = win."""
    state = executing({"c6": "rIN", "a1": "rIN*", "g4": "bIS*"}, "MV", red=Seat(intruded="A"))
    state = play(state, "c6-c7+")
    assert state.sides[R].intrusion_points == 3
    assert state.outcome is not None
    assert state.outcome.winner is R


def test_an_unshielded_infantry_intruding_counts_one() -> None:
    """§3.2: without its shield an infantry is one piece."""
    state = executing({"c6": "riN", "a1": "rIN*", "g4": "bIS*"}, "MV", red=Seat(intruded="A"))
    state = play(state, "c6-c7+")
    assert state.sides[R].intrusion_points == 2
    assert state.outcome is None


def test_three_cavalry_abreast_intrude_and_win_in_one_chained_action() -> None:
    """§3.2: several chained pieces intruding at once complete the win in one action."""
    pieces = {"b6": "rCN", "c6": "rCN", "d6": "rCN", "a1": "rIN*", "g4": "bIS*"}
    state = executing(pieces, "MV")
    state = play(state, "c6-c7+", "b6-b7+")
    assert state.outcome is None
    assert state.sides[R].intrusion_points == 2
    state = play(state, "d6-d7+")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.INTRUSION
    assert state.outcome.winner is R


def test_intruded_pieces_stay_in_the_intrusion_area() -> None:
    """§3.5: an intruding piece leaves the board for the intrusion area, not the stock."""
    state = executing({"c6": "rAN", "a1": "rIN*", "g4": "bIS*"}, "MV")
    stock_before = state.stock
    state = play(state, "c6-c7+")
    assert piece_at(state, "c7") is None
    assert [p.kind.value for p in state.sides[R].intruded] == ["A"]
    assert state.stock == stock_before


def test_stay_instead_of_intruding() -> None:
    """§7.1: after moving onto an intrusion square the owner may stay."""
    state = executing({"c6": "rAN", "a1": "rIN*", "g4": "bIS*"}, "MV")
    state = play(state, "c6-c7")
    assert piece_at(state, "c7") is not None
    assert state.sides[R].intruded == ()


def test_the_general_can_never_intrude() -> None:
    """§7.1: the general may stand on an intrusion square but never intrude."""
    state = executing({"c6": "rAN*", "g4": "bIS*"}, "MV")
    moves = legal(state)
    assert "c6-c7" in moves
    assert "c6-c7+" not in moves


def test_the_general_can_never_intrude_by_cavalry_run() -> None:
    """§7.1, §8.3: a cavalry general running to the back row may not intrude either."""
    state = executing({"c3": "rCN*", "g4": "bIS*"}, "MV")
    moves = legal(state)
    assert "c3-c7" in moves
    assert not any(m.endswith("+") for m in moves)


def test_no_decision_after_the_game_is_over() -> None:
    """§3.1: the game ends at once; the engine refuses anything afterwards."""
    state = executing({"c3": "rIN*", "c4": "bAS*"}, "MV")
    state = play(state, "c3-c4")
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, EndCommand())
    assert info.value.code == "game_over"


def test_the_winning_card_still_goes_to_the_deck_bottom() -> None:
    """R2 with §3: the executed card is put under the deck even when it won the game."""
    state = executing({"c3": "rIN*", "c4": "bAS*"}, "MV", red=Seat(hand="RS FN RF", deck="MV"))
    state = play(state, "c3-c4")
    assert state.sides[R].deck == (CardKind.MOVE, CardKind.MOVE)
    assert state.sides[R].queue == ()
