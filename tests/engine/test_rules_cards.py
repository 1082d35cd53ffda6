"""RULES.md §7: the four basic cards, with the skip cases of §6.7 and rulings Q13, R7, R8."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import PlaceFence, Reinforce, Rotate, Shoot
from engine.rules import legal_actions
from engine.state import GameState, Stock
from engine.types import (
    CAMPS,
    CardKind,
    Direction,
    PieceKind,
    edge_of,
    parse_edge,
    parse_square,
)
from tests.engine.builders import (
    B,
    R,
    Seat,
    begin_turn,
    code_at,
    executing,
    fence_names,
    legal,
    piece_at,
    play,
    position,
)

MV, RS, FN, RF = CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE, CardKind.REINFORCE


def skipped(state: GameState, card: CardKind) -> bool:
    """The card left the queue for the deck bottom without any decision (§6.7)."""
    red = state.sides[R]
    return state.execution is None and red.queue == () and red.deck[-1:] == (card,)


# -- Move (移動) ------------------------------------------------------------------------------


def test_move_must_move_a_piece() -> None:
    """§6.7, §7.1: execution is mandatory: the leader decision is a move, no "done"."""
    state = executing({"c2": "rIN*", "g7": "bIS*"}, "MV")
    assert legal(state) == {"c2-c3", "c2-b2", "c2-d2", "c2-c1"}


@pytest.mark.parametrize(
    ("move", "facing"),
    [
        ("d4-d5", Direction.N),
        ("d4-e4", Direction.E),
        ("d4-d3", Direction.S),
        ("d4-c4", Direction.W),
    ],
)
def test_a_moved_piece_faces_the_direction_it_moved(move: str, facing: Direction) -> None:
    """§7.1: a piece always turns to face the direction it moved, sideways and back too."""
    state = play(executing({"d4": "rAN*", "g7": "bIS*"}, "MV"), move)
    piece = piece_at(state, move[3:5])
    assert piece is not None
    assert piece.facing is facing


def test_move_with_no_legal_move_is_skipped() -> None:
    """R8, §6.7: a Move card that cannot move anything is skipped and goes to the deck bottom."""
    blue = Seat(fences="a1N a1E")
    state = executing({"a1": "rIN*", "g7": "bIS*"}, "MV", blue=blue)
    assert skipped(state, MV)
    assert all(a.startswith("play ") for a in legal(state))  # straight on to command


# -- Rotate / Shoot (向き変更/射撃) ------------------------------------------------------------


@pytest.mark.parametrize("kind", ["I", "A", "C"])
def test_rotate_any_piece_by_90_180_or_270_degrees(kind: str) -> None:
    """§7.2: one own piece of any type turns 90°, 180° or 270° (never 0°)."""
    state = executing({"d4": f"r{kind}N*", "g7": "bIS*"}, "RS")
    rotations = {a for a in legal_actions(state) if isinstance(a, Rotate)}
    assert {a.facing for a in rotations} == {Direction.E, Direction.S, Direction.W}
    state = play(state, "d4>S")
    assert code_at(state, "d4") == f"r{kind}S"


def test_only_archers_shoot() -> None:
    """§7.2: Shoot is for archers only."""
    pieces = {"d4": "rIN*", "c4": "rCN", "d5": "bAS", "c5": "bAS", "g7": "bIS*"}
    state = executing(pieces, "RS")
    assert not any(isinstance(a, Shoot) for a in legal_actions(state))


def test_archer_chooses_rotate_or_shoot() -> None:
    """§7.2: the card is Rotate *or* Shoot; an archer is offered both."""
    state = executing({"d4": "rAN*", "d5": "bAS", "g7": "bIS*"}, "RS")
    assert {"d4xd5", "d4>E", "d4>S", "d4>W"} <= legal(state)
    state = play(state, "d4xd5")
    assert piece_at(state, "d5") is None
    assert code_at(state, "d4") == "rAN"  # shooting does not turn the archer


def test_shot_at_a_shielded_infantry_removes_only_the_shield() -> None:
    """§7.2, §8.4: a shot removes a shielded infantry's shield only."""
    state = executing({"d4": "rAN*", "d5": "bIS", "g7": "bIS*"}, "RS")
    stock = state.stock
    state = play(state, "d4xd5")
    assert code_at(state, "d5") == "biS"
    assert state.stock.shields == stock.shields + 1
    assert state.stock.infantry == stock.infantry


def test_shot_removes_other_pieces_to_the_stock() -> None:
    """§7.2, §1.2: a removed piece goes back to the shared stock."""
    state = executing({"d4": "rAN*", "d5": "bCS", "g7": "bIS*"}, "RS")
    stock = state.stock
    state = play(state, "d4xd5")
    assert piece_at(state, "d5") is None
    assert state.stock.cavalry == stock.cavalry + 1


# -- Fence (柵配置) ---------------------------------------------------------------------------


def fence_edges_offered(state: GameState) -> set[int]:
    return {a.edge for a in legal_actions(state) if isinstance(a, PlaceFence)}


def edges_of(*squares: str) -> set[int]:
    return {edge_of(parse_square(sq), d) for sq in squares for d in Direction}


@pytest.mark.parametrize(
    ("facing", "range_squares"),
    [
        ("N", ("d5", "c4", "e4", "c5", "e5")),
        ("E", ("e4", "d5", "d3", "e5", "e3")),
        ("S", ("d3", "e4", "c4", "e3", "c3")),
        ("W", ("c4", "d3", "d5", "c3", "c5")),
    ],
)
def test_fence_range_is_front_left_right_and_front_diagonals(
    facing: str, range_squares: tuple[str, ...]
) -> None:
    """§7.3, R5: any edge of F, L, R, F+L, F+R (the infantry's own shared edges included)."""
    state = executing({"d4": f"rI{facing}", "a1": "rAN*", "g7": "bIS*"}, "FN", red=Seat(lp=1))
    assert fence_edges_offered(state) == edges_of(*range_squares)


def test_fence_costs_one_lp_and_one_fence_from_hand() -> None:
    """§7.3: 1 LP per fence; the fence leaves the hand."""
    state = executing({"d4": "rIN*", "g7": "bIS*"}, "FN", red=Seat(lp=2))
    state = play(state, "d4#d5N")
    assert state.sides[R].lp == 1
    assert state.sides[R].fences_in_hand == 3
    assert fence_names(state, R) == {"d5N"}


def test_fence_is_placed_by_infantry_only() -> None:
    """§7.3: executed by an own infantry (not archer/cavalry)."""
    pieces = {"d4": "rIN*", "b4": "rAN", "f4": "rCN", "g7": "bIS*"}
    state = executing(pieces, "FN", red=Seat(lp=3))
    offered = legal_actions(state)
    assert all(isinstance(a, PlaceFence) for a in offered)
    assert {a.origin for a in offered if isinstance(a, PlaceFence)} == {parse_square("d4")}


def test_unshielded_infantry_places_fences_too() -> None:
    """§7.3 with §11.1: an infantry without its shield is still an infantry."""
    state = executing({"d4": "riN*", "g7": "bIS*"}, "FN", red=Seat(lp=1))
    assert fence_edges_offered(state)


def test_fence_not_on_edges_of_squares_with_enemy_pieces() -> None:
    """§7.3: not on a square occupied by an enemy piece / an edge of such a square."""
    state = executing({"d4": "rIN*", "d5": "bAS", "g7": "bIS*"}, "FN", red=Seat(lp=1))
    offered = fence_edges_offered(state)
    assert not offered & edges_of("d5")
    assert edges_of("c4", "e4", "c5", "e5") - edges_of("d5") <= offered


@pytest.mark.parametrize(
    ("pieces", "red"),
    [
        ({"d4": "rIN*", "g7": "bIS*"}, Seat(lp=0)),  # 0 LP
        ({"d4": "rIN*", "g7": "bIS*"}, Seat(lp=3, fences="a1S b1S c1S d1S")),  # no fence in hand
        ({"d4": "rAN*", "e4": "rCN", "g7": "bIS*"}, Seat(lp=3)),  # no own infantry
    ],
    ids=["no-lp", "no-fence-in-hand", "no-infantry"],
)
def test_fence_skip_cases(pieces: dict[str, str], red: Seat) -> None:
    """§6.7, §7.3: Fence is skipped with 0 fences in hand, 0 LP or no own infantry."""
    state = executing(pieces, "FN", red=red)
    assert skipped(state, FN)
    assert state.sides[R].lp == red.lp


def test_fence_with_no_eligible_edge_is_skipped() -> None:
    """R8 reading of §6.7: an infantry whose whole range is enemy-occupied cannot fence."""
    pieces = {"a1": "rIN*", "a2": "bAS", "b1": "bAS", "b2": "bAS", "g7": "bIS*"}
    state = executing(pieces, "FN", red=Seat(lp=1))
    assert skipped(state, FN)


# -- Reinforce (援軍) ------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "cost"), [("I", 2), ("A", 3), ("C", 4)])
def test_reinforce_costs(kind: str, cost: int) -> None:
    """§7.4: infantry+shield 2, archer 3, cavalry 4; any facing."""
    state = executing({"g7": "bIS*", "a7": "rIN*"}, "RF", red=Seat(lp=5))
    state = play(state, f"reinforce {kind} c2 W")
    assert state.sides[R].lp == 5 - cost
    assert code_at(state, "c2") == f"r{kind}W"
    piece = piece_at(state, "c2")
    assert piece is not None
    assert piece.shield is (kind == "I")


def test_reinforce_places_exactly_one_piece() -> None:
    """§7.4: only one piece per card even if LP would allow more."""
    state = executing({"g7": "bIS*", "a7": "rIN*"}, "RF", red=Seat(lp=18))
    state = play(state, "reinforce I c2 N")
    assert state.execution is None
    assert state.sides[R].lp == 16
    assert sum(p is not None and p.owner is R for p in state.board) == 2


@pytest.mark.parametrize(("lp", "kinds"), [(2, {"I"}), (3, {"I", "A"}), (4, {"I", "A", "C"})])
def test_reinforce_offers_affordable_kinds(lp: int, kinds: set[str]) -> None:
    """§7.4: pay 2/3/4; only what LP allows."""
    state = executing({"g7": "bIS*", "a7": "rIN*"}, "RF", red=Seat(lp=lp))
    assert {a.kind.value for a in legal_actions(state) if isinstance(a, Reinforce)} == kinds


def test_reinforce_on_empty_own_camp_squares_only() -> None:
    """§7.4, Q13: any square of the own camp, which must be empty."""
    state = executing({"c2": "rAN", "c3": "bAS", "g7": "bIS*", "a7": "rIN*"}, "RF", red=Seat(lp=2))
    squares = {a.square for a in legal_actions(state) if isinstance(a, Reinforce)}
    assert squares == set(CAMPS[R]) - {parse_square("c2"), parse_square("c3")}


@pytest.mark.parametrize("lp", [0, 1])
def test_reinforce_is_skipped_with_lp_one_or_less(lp: int) -> None:
    """§6.7, §7.4: Reinforce is skipped if LP ≤ 1."""
    state = executing({"g7": "bIS*", "a7": "rIN*"}, "RF", red=Seat(lp=lp))
    assert skipped(state, RF)
    assert state.sides[R].lp == lp


def test_reinforce_with_no_affordable_stock_is_skipped() -> None:
    """§6.7 [inferred], R8: no affordable piece in stock: skipped."""
    board = {"g7": "bIS*", "a7": "rIN*"}
    for sq in ("a6", "b6", "c6", "d6", "e6", "f6", "g6", "b7"):  # all 10 infantry are out
        board[sq] = "bIS"
    state = executing(board, "RF", red=Seat(lp=2))
    assert state.stock.infantry == 0
    assert skipped(state, RF)
    assert state.sides[R].lp == 2


def test_reinforce_infantry_needs_a_shield_in_stock() -> None:
    """R7: reinforcing an infantry needs one infantry and one shield in stock.

    With ten of each in the box a shield-less stock always lacks infantry too, so the stock is
    set directly to check the rule as stated.
    """
    state = position({"g7": "bIS*", "a7": "rIN*"}, red=Seat(lp=2, queue="RF"))
    state = begin_turn(replace(state, stock=Stock(infantry=3, archer=0, cavalry=0, shields=0)))
    assert skipped(state, RF)


def test_reinforce_with_no_empty_own_camp_square_is_skipped() -> None:
    """§6.7 [inferred], R8: no empty own-camp square: skipped."""
    board = {"g7": "bIS*"}
    camp = sorted(CAMPS[R])
    for i, sq in enumerate(camp):
        name = "abcdefg"[sq % 7] + str(sq // 7 + 1)
        board[name] = "rAN" if i < 8 else ("rCN" if i < 14 else "rIN")
    board["a1"] += "*"
    state = executing(board, "RF", red=Seat(lp=18))
    assert skipped(state, RF)


def test_reinforcing_onto_a_square_with_enemy_fences_removes_them() -> None:
    """§7.4, §10.5, Q3: enemy fences on the square's edges are removed; own fences stay."""
    state = executing(
        {"g7": "bIS*", "a7": "rIN*"},
        "RF",
        red=Seat(lp=2, fences="c2E"),
        blue=Seat(fences="c2N c2W d5N"),
    )
    state = play(state, "reinforce I c2 N")
    assert fence_names(state, B) == {"d5N"}
    assert state.sides[B].fences_in_hand == 3
    assert fence_names(state, R) == {"c2E"}


def test_fence_edge_ids_parse_the_same_from_both_squares() -> None:
    """§10.2: a Fence decision may name an edge from either square."""
    assert parse_edge("d4N") == parse_edge("d5S")
    state = executing({"d4": "rIN*", "g7": "bIS*"}, "FN", red=Seat(lp=1))
    assert PieceKind.INFANTRY is piece_at(state, "d4").kind  # type: ignore[union-attr]
    assert "d4#d4N" in legal(state)
