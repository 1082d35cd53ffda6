"""RULES.md §8: how infantry, archers and cavalry move; shields (§8.4) and ruling Q6."""

from __future__ import annotations

import pytest

from engine.rulings import Rulings
from engine.types import Direction
from tests.engine.builders import R, Seat, code_at, executing, legal, piece_at, play

FAR = {"a7": "bAS*", "g1": "rAN*"}  # generals out of the way


def moves_of(state_moves: set[str], origin: str) -> set[str]:
    return {m.rstrip("+") for m in state_moves if m.startswith(origin + "-")}


@pytest.mark.parametrize("kind", ["I", "A"])
@pytest.mark.parametrize("facing", ["N", "E", "S", "W"])
def test_infantry_and_archer_step_one_square_in_four_directions(kind: str, facing: str) -> None:
    """§8.1, §8.2, Q4: 1 square orthogonally, F, B, L or R, whatever the facing."""
    state = executing({"d4": f"r{kind}{facing}", **FAR}, "MV")
    assert moves_of(legal(state), "d4") == {"d4-d5", "d4-e4", "d4-d3", "d4-c4"}


def test_no_move_onto_an_own_piece_or_off_the_board() -> None:
    """§8.5: never onto an own piece or off the board."""
    state = executing({"a1": "rIN", "a2": "rAN", **FAR}, "MV")
    assert moves_of(legal(state), "a1") == {"a1-b1"}


def test_cavalry_runs_forward_any_distance_or_steps_sideways() -> None:
    """§8.3: forward any number of squares, or 1 square sideways; never backward."""
    state = executing({"d2": "rCN", **FAR}, "MV")
    forward = {f"d2-d{r}" for r in range(3, 8)}
    assert moves_of(legal(state), "d2") == forward | {"d2-c2", "d2-e2"}


def test_cavalry_directions_are_relative_to_its_facing() -> None:
    """§2.4, §8.3: facing E: runs east, steps north (L) or south (R), never west."""
    state = executing({"d4": "rCE", **FAR}, "MV")
    assert moves_of(legal(state), "d4") == {"d4-e4", "d4-f4", "d4-g4", "d4-d5", "d4-d3"}


def test_cavalry_sideways_step_turns_it() -> None:
    """§7.1: a cavalry stepping sideways now faces that way."""
    state = play(executing({"d4": "rCN", **FAR}, "MV"), "d4-e4")
    assert code_at(state, "e4") == "rCE"


def test_cavalry_passes_over_one_own_infantry() -> None:
    """§8.3: may pass over at most one own infantry or archer."""
    state = executing({"d1": "rCN", "d2": "rIN", **FAR}, "MV")
    assert {"d1-d3", "d1-d7"} <= moves_of(legal(state), "d1")
    assert "d1-d2" not in legal(state)


def test_cavalry_passes_over_one_own_archer() -> None:
    """§8.3: own archer too."""
    state = executing({"d1": "rCN", "d3": "rAN", **FAR}, "MV")
    assert moves_of(legal(state), "d1") >= {"d1-d2", "d1-d4", "d1-d7"}


def test_cavalry_cannot_pass_over_two_own_pieces() -> None:
    """§8.3: not over 2+ own pieces (here an archer then an infantry)."""
    state = executing({"d1": "rCN", "d2": "rAN", "d4": "rIN", **FAR}, "MV")
    assert moves_of(legal(state), "d1") == {"d1-d3", "d1-c1", "d1-e1"}


def test_cavalry_cannot_pass_over_own_cavalry() -> None:
    """§8.3: never over an own cavalry."""
    state = executing({"d1": "rCN", "d2": "rCS", **FAR}, "MV")
    assert moves_of(legal(state), "d1") == {"d1-c1", "d1-e1"}


def test_cavalry_stops_at_the_first_enemy_piece_and_captures_it() -> None:
    """§8.3: stops on the first square holding an enemy piece (captures it)."""
    state = executing({"d1": "rCN", "d4": "bAS", **FAR}, "MV")
    assert moves_of(legal(state), "d1") == {"d1-d2", "d1-d3", "d1-d4", "d1-c1", "d1-e1"}
    state = play(state, "d1-d4")
    assert code_at(state, "d4") == "rCN"


def test_cavalry_may_capture_after_passing_over_an_own_piece() -> None:
    """§8.3: passing one own infantry, then stopping on an enemy piece."""
    state = executing({"d1": "rCN", "d2": "rIN", "d3": "bAS", **FAR}, "MV")
    assert moves_of(legal(state), "d1") == {"d1-d3", "d1-c1", "d1-e1"}


def test_cavalry_cannot_end_on_the_own_piece_it_passes() -> None:
    """§8.3: may not end on an own piece (the board edge stops the run)."""
    state = executing({"d5": "rCN", "d7": "rIN", **FAR}, "MV")
    assert moves_of(legal(state), "d5") == {"d5-d6", "d5-c5", "d5-e5"}


def test_cavalry_stops_on_the_first_square_with_an_enemy_fence() -> None:
    """§8.3, §10.4: a run stops on the first square that has an enemy fence."""
    state = executing({"d1": "rCN", **FAR}, "MV", blue=Seat(fences="d4N"))
    assert moves_of(legal(state), "d1") == {"d1-d2", "d1-d3", "d1-d4", "d1-c1", "d1-e1"}


def test_cavalry_captures_shielded_infantry_outright() -> None:
    """§8.3, §8.4: a cavalry move removes shield and infantry together."""
    state = executing({"d1": "rCN", "d3": "bIS", **FAR}, "MV")
    stock = state.stock
    state = play(state, "d1-d3")
    assert code_at(state, "d3") == "rCN"
    assert state.stock.infantry == stock.infantry + 1
    assert state.stock.shields == stock.shields + 1


@pytest.mark.parametrize("kind", ["I", "A"])
def test_attacking_a_shielded_infantry_only_removes_the_shield(kind: str) -> None:
    """§8.4: a non-cavalry attacker removes the shield only and stays on its square."""
    state = executing({"d3": f"r{kind}N", "d4": "bIS", **FAR}, "MV")
    state = play(state, "d3-d4")
    assert code_at(state, "d3") == f"r{kind}N"
    assert code_at(state, "d4") == "biS"


def test_attacking_an_unshielded_infantry_captures_it() -> None:
    """§8.4: without its shield the infantry is removed."""
    state = play(executing({"d3": "rIN", "d4": "biS", **FAR}, "MV"), "d3-d4")
    assert piece_at(state, "d3") is None
    assert code_at(state, "d4") == "rIN"


@pytest.mark.parametrize(("turns", "facing"), [(True, Direction.E), (False, Direction.N)])
def test_bouncing_attacker_facing(turns: bool, facing: Direction) -> None:
    """Q6/R4: by default the bouncing attacker turns toward the attempted direction;
    the alternative ruling leaves its facing unchanged."""
    rulings = Rulings(bounce_turns_attacker=turns)
    state = executing({"d4": "rIN", "e4": "bIS", **FAR}, "MV", rulings=rulings)
    state = play(state, "d4-e4")
    piece = piece_at(state, "d4")
    assert piece is not None
    assert piece.facing is facing
    assert code_at(state, "e4") == "biS"


def test_cavalry_passing_over_intrusion_squares_intrudes_only_where_it_stops() -> None:
    """§8.3 [inferred]: intrusion requires ending the move on the intrusion square."""
    state = executing({"a7": "rCE", "g1": "rAN*", "a1": "bAS*"}, "MV")
    moves = legal(state)
    assert {"a7-b7+", "a7-c7+", "a7-f7+"} <= moves
    assert "a7-g7" in moves
    assert "a7-g7+" not in moves


def test_moving_piece_captures_any_enemy_type() -> None:
    """§7.1: moving onto an enemy piece removes it."""
    state = play(executing({"d3": "rAN", "d4": "bCS", **FAR}, "MV"), "d3-d4")
    assert code_at(state, "d4") == "rAN"
    assert state.sides[R].intruded == ()
