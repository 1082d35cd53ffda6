"""RULES.md §10: fences on edges (Q1), crossing and stopping (§10.4, Q15), destruction (§10.5,
Q3), and the placement rules of the Fence card (R5)."""

from __future__ import annotations

import pytest

from engine.rulings import Rulings
from tests.engine.builders import (
    B,
    R,
    Seat,
    code_at,
    executing,
    fence_names,
    legal,
    play,
)

FAR = {"a7": "bAS*", "g1": "rAN*"}


def moves_of(moves: set[str], origin: str) -> set[str]:
    return {m.rstrip("+") for m in moves if m.startswith(origin + "-")}


def test_a_fence_on_an_edge_belongs_to_both_squares_from_below() -> None:
    """§10.2/Q1: a cavalry running north stops in front of the fence (c3 has it)."""
    state = executing({"c1": "rCN", **FAR}, "MV", blue=Seat(fences="c3N"))
    assert moves_of(legal(state), "c1") == {"c1-c2", "c1-c3", "c1-b1", "c1-d1"}


def test_a_fence_on_an_edge_belongs_to_both_squares_from_above() -> None:
    """§10.2/Q1: running south, the cavalry stops on c4, the other square of the same edge."""
    state = executing(
        {"c7": "bCS", "a1": "rAN*", "g7": "bAS*"}, "MV", to_act=B, red=Seat(fences="c3N")
    )
    assert moves_of(legal(state), "c7") == {"c7-c6", "c7-c5", "c7-c4", "c7-b7", "c7-d7"}


def test_arriving_on_either_square_of_the_edge_destroys_the_fence() -> None:
    """§10.2(b), §10.5: the fence is removed by a piece arriving on either of its squares."""
    for origin, target in (("c2", "c3"), ("c5", "c4")):
        state = executing({origin: "rIN", **FAR}, "MV", blue=Seat(fences="c3N"))
        state = play(state, f"{origin}-{target}")
        assert fence_names(state, B) == set()
        assert state.sides[B].fences_in_hand == 4  # back to its owner, reusable


def test_a_moving_piece_may_not_cross_an_enemy_fence() -> None:
    """§10.4: a moving enemy piece may not cross a fence edge."""
    state = executing({"c3": "rIN", **FAR}, "MV", blue=Seat(fences="c3N"))
    assert moves_of(legal(state), "c3") == {"c3-b3", "c3-d3", "c3-c2"}


def test_own_fences_never_restrict_own_pieces() -> None:
    """§10.1: own fences are not obstacles for own pieces."""
    state = executing({"c1": "rCN", "c5": "rIN", **FAR}, "MV", red=Seat(fences="c3N c5N c5E"))
    moves = legal(state)
    assert moves_of(moves, "c1") >= {"c1-c4", "c1-c6", "c1-c7"}
    assert moves_of(moves, "c5") == {"c5-c6", "c5-d5", "c5-b5", "c5-c4"}


def test_destruction_removes_all_enemy_fences_of_the_square_only() -> None:
    """§10.5, Q3: all enemy fences on the square's edges go; own fences and other squares' stay."""
    state = executing(
        {"d3": "rIN", **FAR},
        "MV",
        red=Seat(fences="d4W"),
        blue=Seat(fences="d4N d4E e4E"),
    )
    state = play(state, "d3-d4")
    assert fence_names(state, B) == {"e4E"}
    assert fence_names(state, R) == {"c4E"}  # canonical name of d4W
    assert state.sides[B].fences_in_hand == 3


def test_capture_on_a_fenced_square_destroys_its_fences() -> None:
    """§10.5: a capturing move arriving on a fenced square knocks its enemy fences down."""
    state = executing({"d3": "rIN", "d4": "bAS", **FAR}, "MV", blue=Seat(fences="d4N"))
    state = play(state, "d3-d4")
    assert fence_names(state, B) == set()


@pytest.mark.parametrize(
    ("stops", "expected"),
    [
        (True, {"c1-c2", "c1-c3", "c1-c4"}),
        (False, {"c1-c2", "c1-c3", "c1-c4", "c1-c5", "c1-c6", "c1-c7"}),
    ],
)
def test_cavalry_and_a_side_edge_fence(stops: bool, expected: set[str]) -> None:
    """§10.4, Q15: literal reading (default) stops the run on a square whose side edge is
    fenced; the alternative stops it only where it cannot go on."""
    rulings = Rulings(cavalry_stops_at_side_fence=stops)
    state = executing({"c1": "rCN", **FAR}, "MV", blue=Seat(fences="c4E"), rulings=rulings)
    assert moves_of(legal(state), "c1") - {"c1-b1", "c1-d1"} == expected


@pytest.mark.parametrize("stops", [True, False])
def test_cavalry_never_crosses_a_fence_across_its_path(stops: bool) -> None:
    """§10.4, Q15 (both settings): a fence across the path always stops the run before it."""
    rulings = Rulings(cavalry_stops_at_side_fence=stops)
    state = executing({"c1": "rCN", **FAR}, "MV", blue=Seat(fences="c4N"), rulings=rulings)
    assert moves_of(legal(state), "c1") - {"c1-b1", "c1-d1"} == {"c1-c2", "c1-c3", "c1-c4"}


def test_passing_over_an_own_piece_on_a_side_fenced_square() -> None:
    """§8.3 with Q15: the default forbids passing over an own piece on a side-fenced square
    (the run would have to stop there); the alternative ruling allows it."""
    rulings = Rulings(cavalry_stops_at_side_fence=False)
    state = executing(
        {"c1": "rCN", "c3": "rIN", **FAR}, "MV", blue=Seat(fences="c3E"), rulings=rulings
    )
    assert "c1-c5" in legal(state)
    rulings = Rulings(cavalry_stops_at_side_fence=True)
    state = executing(
        {"c1": "rCN", "c3": "rIN", **FAR}, "MV", blue=Seat(fences="c3E"), rulings=rulings
    )
    assert moves_of(legal(state), "c1") - {"c1-b1", "c1-d1"} == {"c1-c2"}


def test_two_cavalry_moves_get_past_a_fence() -> None:
    """§10.2(c): the first move stops in front of the fence and knocks it down; the next move
    goes beyond it."""
    red = Seat(queue="MV MV^", hand="MV RS FN", deck="RS RF")
    state = executing({"c1": "rCN", **FAR}, "MV", red=red, blue=Seat(fences="c4N"))
    state = play(state, "c1-c4")
    assert fence_names(state, B) == set()
    state = play(state, "play RS", "end", "play MV", "end")  # Red's next turn: second Move
    assert state.to_act is R
    assert "c4-c7" in legal(state)


def test_bounce_removes_no_fence() -> None:
    """R4: an attacker bouncing off a shield does not arrive, so the fence stays."""
    state = executing({"d3": "rIN", "d4": "bIS", **FAR}, "MV", blue=Seat(fences="d4N"))
    state = play(state, "d3-d4")
    assert code_at(state, "d4") == "biS"
    assert fence_names(state, B) == {"d4N"}


def test_fence_card_never_uses_an_already_fenced_edge() -> None:
    """§10.2, R5: one fence per edge, whichever colour holds it."""
    state = executing(
        {"d4": "rIN", **FAR}, "FN", red=Seat(lp=1, fences="d5N"), blue=Seat(fences="c4W")
    )
    moves = legal(state)
    assert "d4#d5N" not in moves
    assert "d4#c4W" not in moves
    assert "d4#d5E" in moves
    assert "d4#d4N" in moves  # the edge shared with the infantry's own square (R5)
    assert "d4#c5N" in moves  # border-free interior edge of F+L


def test_fence_card_may_use_border_edges() -> None:
    """R5: border edges of the range squares are allowed."""
    state = executing({"a6": "rIN", "g7": "bAS*", "g1": "rAN*"}, "FN", red=Seat(lp=1))
    assert {"a6#a7N", "a6#a7W", "a6#b7N"} <= legal(state)
    assert "a6#a6W" not in legal(state)  # the own square is not in range (only its shared edges)


def test_placed_fence_blocks_the_enemy_at_once() -> None:
    """§10.3–10.4: a fence placed by the card is an obstacle for the opponent."""
    state = executing({"d4": "rIN", "d7": "bCS", **FAR}, "FN", red=Seat(lp=1))
    state = play(state, "d4#d5N")
    assert fence_names(state, R) == {"d5N"}
    assert state.sides[R].fences_in_hand == 3
    state = play(state, "play MV", "end")  # Red's command
    state = play(state, "play MV", "end")  # Blue's command; its Move runs next turn
    state = play(state, "d4-c4", "play MV", "end")  # Red's turn
    assert state.to_act is B
    assert state.execution is not None
    assert moves_of(legal(state), "d7") == {"d7-d6", "d7-c7", "d7-e7"}
