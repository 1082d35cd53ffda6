"""RULES.md §2: the board, camps, intrusion squares, edges; §1.2/§1.5 components."""

from __future__ import annotations

import pytest

from engine.actions import Deploy, DeployFence
from engine.rules import legal_actions, new_game
from engine.types import (
    BASIC_DECK,
    CAMPS,
    INTRUSION_SQUARES,
    SQUARES,
    CardKind,
    Direction,
    Side,
    edge_name,
    edge_of,
    edge_squares,
    intrusion_targets,
    neighbours,
    parse_edge,
    parse_square,
    square_name,
)
from tests.engine.builders import B, R, executing, legal


def names(squares: frozenset[int] | set[int]) -> set[str]:
    return {square_name(sq) for sq in squares}


def test_red_camp_is_two_back_rows_and_middle_of_third() -> None:
    """§2.2: Red camp = rows 1–2 + c3, d3, e3 (17 squares)."""
    expected = {f + r for f in "abcdefg" for r in "12"} | {"c3", "d3", "e3"}
    assert names(CAMPS[R]) == expected
    assert len(CAMPS[R]) == 17


def test_blue_camp_mirrors_red_camp() -> None:
    """§2.2: Blue camp = rows 6–7 + c5, d5, e5."""
    expected = {f + r for f in "abcdefg" for r in "67"} | {"c5", "d5", "e5"}
    assert names(CAMPS[B]) == expected


def test_neutral_squares() -> None:
    """§2.2: neutral = a3, b3, f3, g3, row 4, a5, b5, f5, g5."""
    neutral = set(SQUARES) - CAMPS[R] - CAMPS[B]
    expected = {"a3", "b3", "f3", "g3", "a5", "b5", "f5", "g5"} | {f + "4" for f in "abcdefg"}
    assert names(neutral) == expected


def test_intrusion_squares_are_middle_five_of_each_back_row() -> None:
    """§2.3: Red's intrusion squares b1–f1, Blue's b7–f7."""
    assert names(INTRUSION_SQUARES[R]) == {"b1", "c1", "d1", "e1", "f1"}
    assert names(INTRUSION_SQUARES[B]) == {"b7", "c7", "d7", "e7", "f7"}


def test_a_player_intrudes_into_the_opponents_squares() -> None:
    """§2.3: a player intrudes into the opponent's intrusion squares, not its own."""
    assert intrusion_targets(R) == INTRUSION_SQUARES[B]
    assert intrusion_targets(B) == INTRUSION_SQUARES[R]


@pytest.mark.parametrize(
    ("origin", "target", "intrusion_offered"),
    [
        ("b6", "b7", True),  # Blue's back row, intrusion square
        ("f6", "f7", True),
        ("a6", "a7", False),  # corner of the back row: no cross
        ("g6", "g7", False),
        ("c2", "c1", False),  # Red's own intrusion square
    ],
)
def test_intrusion_offered_only_on_opponent_intrusion_squares(
    origin: str, target: str, intrusion_offered: bool
) -> None:
    """§2.3, §7.1: the intrude choice exists only on the opponent's intrusion squares."""
    state = executing({origin: "rIN", "d4": "rIN*", "g4": "bIS*"}, "MV")
    moves = legal(state)
    assert f"{origin}-{target}" in moves
    assert (f"{origin}-{target}+" in moves) is intrusion_offered


def test_blue_intrudes_into_red_back_row() -> None:
    """§2.3 seen from Blue: b1–f1 are Blue's targets."""
    state = executing({"c2": "bIS", "a4": "rIN*", "g4": "bIS*"}, "MV", to_act=B)
    assert "c2-c1+" in legal(state)


def test_deployment_squares_are_exactly_the_own_camp() -> None:
    """§4.2 with §2.2: items are placed into the own camp only."""
    state = new_game()
    squares = {a.square for a in legal_actions(state) if isinstance(a, Deploy)}
    assert squares == set(CAMPS[R])


def test_adjacency_is_orthogonal() -> None:
    """§2.5: neighbours are up/down/left/right only."""
    assert names(set(neighbours(parse_square("d4")))) == {"d5", "e4", "d3", "c4"}
    assert names(set(neighbours(parse_square("a1")))) == {"a2", "b1"}


def test_interior_edge_belongs_to_both_squares() -> None:
    """§10.2 edge model: c2N and c3S are the same edge; its squares are c2 and c3."""
    edge = parse_edge("c2N")
    assert parse_edge("c3S") == edge
    assert edge_of(parse_square("c3"), Direction.S) == edge
    assert names(set(edge_squares(edge))) == {"c2", "c3"}
    assert edge_name(edge) == "c2N"


def test_border_edge_belongs_to_one_square() -> None:
    """§10.3: board-border edges exist (deployment may fence them)."""
    assert names(set(edge_squares(parse_edge("a1S")))) == {"a1"}
    assert names(set(edge_squares(parse_edge("g7E")))) == {"g7"}


def test_basic_deck_is_three_moves_two_rotate_shoot_one_fence_one_reinforce() -> None:
    """§1.5: Move ×3, Rotate/Shoot ×2, Fence ×1, Reinforce ×1."""
    assert sorted(BASIC_DECK) == sorted(
        [CardKind.MOVE] * 3 + [CardKind.ROTATE_SHOOT] * 2 + [CardKind.FENCE, CardKind.REINFORCE]
    )


def test_new_game_components() -> None:
    """§1.2, §4.1: full shared stock, 18 LP and 4 fences each, Red to act, empty board."""
    state = new_game()
    assert (state.stock.infantry, state.stock.archer, state.stock.cavalry) == (10, 8, 6)
    assert state.stock.shields == 10
    assert all(p is None for p in state.board)
    assert state.to_act is Side.RED
    for side in Side:
        assert state.sides[side].lp == 18
        assert state.sides[side].fences_in_hand == 4


def test_fence_deployment_edges_are_all_edges_of_own_camp_squares() -> None:
    """§4.2, §10.3: any edge of any own-camp square, board-border edges included."""
    state = new_game()
    edges = {a.edge for a in legal_actions(state) if isinstance(a, DeployFence)}
    expected = {edge_of(sq, d) for sq in CAMPS[R] for d in Direction}
    assert edges == expected
    assert parse_edge("a1S") in edges  # border
    assert parse_edge("c3N") in edges  # between camp c3 and neutral c4
    assert parse_edge("a3W") not in edges  # a3 is neutral
