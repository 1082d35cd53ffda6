"""Where pieces may go, shoot and build, as pure functions of the board and the fences.

A piece's ranges are relative to its facing (RULES.md §16). Results are computed for one side's
point of view: ``enemy_fences`` are the fences of the side that does *not* act, since own fences
never hinder own pieces (§10.1).
"""

from __future__ import annotations

from typing import Final

from .state import Piece
from .types import (
    CAVALRY,
    EDGE_TOWARDS,
    NEXT_SQUARE,
    OPPOSITE,
    SQUARES,
    Direction,
    Edge,
    Side,
    Square,
    edge_squares,
    square_edges,
    step,
)

Board = tuple[Piece | None, ...]


def has_fence_of(fences: frozenset[Edge], sq: Square) -> bool:
    """True when any edge of ``sq`` carries one of ``fences`` (the edge model, §10.2)."""
    return bool(fences) and not fences.isdisjoint(square_edges(sq))  # most often no fence


#: The directions a Move may take a piece (``move_directions``; hot loops read the tables):
#: all four for infantry and archers, forward, right and left for a cavalry facing the key.
ALL_DIRECTIONS: Final = tuple(Direction)
CAVALRY_DIRECTIONS: Final = {f: (f, f.right, f.left) for f in Direction}


def move_directions(piece: Piece) -> tuple[Direction, ...]:
    """Directions a Move may take the piece: 4 for infantry/archer, F/L/R for cavalry (§8)."""
    if piece.kind is CAVALRY:
        return CAVALRY_DIRECTIONS[piece.facing]
    return ALL_DIRECTIONS


def cavalry_run(
    board: Board,
    enemy_fences: frozenset[Edge],
    origin: Square,
    *,
    stop_at_side_fence: bool = True,
) -> list[Square]:
    """Every square the cavalry on ``origin`` may end a forward move on, nearest first.

    A cavalry moving forward runs any distance, stopping at the first enemy piece (capturing it,
    shield and all) or the first square with an enemy fence, never crossing a fenced edge,
    passing over at most one own infantry or archer and never ending on an own piece (§8.3,
    §10.4). With ``stop_at_side_fence`` False (ruling Q15) only a fence across its path stops it.
    """
    mover = board[origin]
    assert mover is not None
    direction = mover.facing
    targets: list[Square] = []
    passed_over = False
    current = origin
    while (nxt := NEXT_SQUARE[current][direction]) is not None:
        if EDGE_TOWARDS[current][direction] in enemy_fences:
            break
        occupant = board[nxt]
        if occupant is not None and occupant.owner is not mover.owner:
            targets.append(nxt)  # cavalry removes shield and infantry
            break
        fenced = bool(enemy_fences) and (
            not enemy_fences.isdisjoint(square_edges(nxt))
            if stop_at_side_fence
            else EDGE_TOWARDS[nxt][direction] in enemy_fences
        )
        if occupant is None:
            targets.append(nxt)
            if fenced:
                break
        elif fenced or passed_over or occupant.kind is CAVALRY:
            break
        else:
            passed_over = True
        current = nxt
    return targets


# Shooting ranges as (forward, right) offsets relative to the archer's facing (§9).
BASIC_SHOT: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (1, -1), (1, 1), (0, -1), (0, 1))
#: 強弩攻撃 (六韜 3, §9.2): F, 2F, 3F, L, R; no diagonals.
CROSSBOW_SHOT: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (3, 0), (0, -1), (0, 1))
# Fence card range squares as (forward, right) offsets (§7.3): F, L, R, F+L, F+R.
FENCE_RANGE: tuple[tuple[int, int], ...] = ((1, 0), (0, -1), (0, 1), (1, -1), (1, 1))


def relative_square(origin: Square, facing: Direction, forward: int, right: int) -> Square | None:
    sq: Square | None = origin
    if forward:
        sq = step(origin, facing if forward > 0 else facing.reverse, abs(forward))
    if sq is not None and right:
        sq = step(sq, facing.right if right > 0 else facing.left, abs(right))
    return sq


#: ``reach[origin][facing]``: the squares of a range seen from ``origin``, in offset order.
Reach = tuple[tuple[tuple[Square, ...], ...], ...]


def _reach(offsets: tuple[tuple[int, int], ...]) -> Reach:
    """The on-board squares of the range ``offsets`` from every square, for every facing."""
    return tuple(
        tuple(
            tuple(
                sq
                for forward, right in offsets
                if (sq := relative_square(origin, facing, forward, right)) is not None
            )
            for facing in Direction
        )
        for origin in SQUARES
    )


BASIC_SHOT_REACH: Final = _reach(BASIC_SHOT)
CROSSBOW_SHOT_REACH: Final = _reach(CROSSBOW_SHOT)
FENCE_REACH: Final = _reach(FENCE_RANGE)


def shot_protected(
    target_fences: frozenset[Edge], target: Square, archer_facing: Direction
) -> bool:
    """§9.5: a fence of the target's owner across the archer's line of fire protects it.

    Only the target square's two edges perpendicular to the archer's facing count: for an archer
    facing N or S its north and south edges, for one facing E or W its east and west edges.
    """
    edges = EDGE_TOWARDS[target]
    return edges[archer_facing] in target_fences or edges[OPPOSITE[archer_facing]] in target_fences


def shot_targets(
    board: Board,
    target_fences: frozenset[Edge],
    origin: Square,
    reach: Reach = BASIC_SHOT_REACH,
) -> list[Square]:
    """Squares holding an enemy piece the archer on ``origin`` may shoot (no line of sight)."""
    archer = board[origin]
    assert archer is not None
    facing = archer.facing
    targets = []
    for target in reach[origin][facing]:
        occupant = board[target]
        if occupant is None or occupant.owner is archer.owner:
            continue
        if not shot_protected(target_fences, target, facing):
            targets.append(target)
    return targets


def fence_edges(
    board: Board, all_fences: frozenset[Edge], origin: Square, owner: Side
) -> tuple[Edge, ...]:
    """Edges the infantry on ``origin`` may fence with a Fence card (ruling R5), ascending."""
    infantry = board[origin]
    assert infantry is not None
    edges: set[Edge] = set()
    for sq in FENCE_REACH[origin][infantry.facing]:
        for edge in square_edges(sq):
            if edge in all_fences or edge in edges:
                continue
            if any(_enemy_on(board, s, owner) for s in edge_squares(edge)):
                continue
            edges.add(edge)
    return tuple(sorted(edges))


def _enemy_on(board: Board, sq: Square, owner: Side) -> bool:
    piece = board[sq]
    return piece is not None and piece.owner is not owner
