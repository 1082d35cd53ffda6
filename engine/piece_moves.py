"""Where a piece may move with a card, and which pieces may follow a chain's leader.

These are the move finders that the basic cards (``engine.execution``) and the expansion cards
(``engine.expansion_cards``) share: the moves of one piece towards one direction, a leader's
chain partners (§11), and whether a leader may be selected to move once the partner in front of
it has moved on (ruling Q9). They only read a position; carrying a decision out is the card
modules' job.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import INTRUDING_MOVES, MOVES, MovePiece
from .geometry import cavalry_run
from .state import GameState, Piece
from .types import (
    CAVALRY,
    EDGE_TOWARDS,
    INTRUSION_SQUARES,
    NEIGHBOURS,
    NEXT_SQUARE,
    OPPOSITE,
    Direction,
    PieceKind,
    Side,
    Square,
)


def moves_in(
    state: GameState,
    origin: Square,
    direction: Direction,
    board: tuple[Piece | None, ...] | None = None,
) -> list[MovePiece]:
    """Move decisions of the piece on ``origin`` towards ``direction``, intrusions included.

    ``board`` replaces the state's board, to look ahead at a position after a partner moved.
    """
    board = state.board if board is None else board
    piece = board[origin]
    assert piece is not None
    if piece.kind is CAVALRY:
        if direction is piece.facing:
            return cavalry_moves(state, board, origin, piece)
        if direction is OPPOSITE[piece.facing]:
            return []  # §8.3: cavalry never moves backward
    # A one-square step (the hot path: every infantry and archer, cavalry sideways).
    target = NEXT_SQUARE[origin][direction]
    if target is None:
        return []
    side = piece.owner
    occupant = board[target]
    if occupant is not None and occupant.owner is side:
        return []
    if EDGE_TOWARDS[origin][direction] in state.sides[1 - side].fences:
        return []
    bounce = occupant is not None and occupant.shield and piece.kind is not CAVALRY
    if bounce or target not in INTRUSION_SQUARES[1 - side] or _is_general(state, piece):
        return [MOVES[origin][target]]
    return [MOVES[origin][target], INTRUDING_MOVES[origin][target]]


def _is_general(state: GameState, piece: Piece) -> bool:
    """§7.1: the general never intrudes."""
    return piece.letter == state.sides[piece.owner].general


def cavalry_moves(
    state: GameState, board: tuple[Piece | None, ...], origin: Square, piece: Piece
) -> list[MovePiece]:
    """The forward moves of the cavalry ``piece`` on ``origin`` (any distance, §8.3)."""
    side = piece.owner
    targets = INTRUSION_SQUARES[1 - side]
    may_intrude = not _is_general(state, piece)
    result: list[MovePiece] = []
    for target in cavalry_run(
        board,
        state.sides[1 - side].fences,
        origin,
        stop_at_side_fence=state.rulings.cavalry_stops_at_side_fence,
    ):
        result.append(MOVES[origin][target])
        if may_intrude and target in targets:  # a run never bounces: it captures shields
            result.append(INTRUDING_MOVES[origin][target])
    return result


def partners_of(
    state: GameState, leader_square: Square, kind: PieceKind, side: Side
) -> tuple[str, ...]:
    """Letters of the own pieces of ``kind`` orthogonally next to the leader (§11)."""
    letters = []
    for sq in NEIGHBOURS[leader_square]:
        piece = state.board[sq]
        if piece is not None and piece.owner is side and piece.kind is kind:
            letters.append(piece.letter)
    return tuple(sorted(letters))


Board = tuple[Piece | None, ...]
#: A card's move generator: the moves of the piece on a square towards a direction, on the
#: state's board or on the board given (``moves_in``; 軽装歩兵's ``light_moves``).
MoveFinder = Callable[[GameState, Square, Direction, Board | None], list[MovePiece]]


def selectable_behind_partner(
    state: GameState,
    origin: Square,
    direction: Direction,
    partners: tuple[str, ...] | None = None,
    find: MoveFinder | None = None,
) -> bool:
    """True when the piece can move only after the same-kind partner in front moves on.

    ``partners``, when given, are the letters that may still act: the piece in front must be one.
    ``find`` generates the card's moves (default: the Move card's ``moves_in``).
    """
    find = moves_in if find is None else find
    piece = state.board[origin]
    front = NEXT_SQUARE[origin][direction]
    if piece is None or front is None:
        return False
    blocker = state.board[front]
    if blocker is None or blocker.owner is not piece.owner or blocker.kind is not piece.kind:
        return False
    if partners is not None and blocker.letter not in partners:
        return False
    if not any(_leaves(state, blocker, m) for m in find(state, front, direction, None)):
        return False
    # Only the partner's leaving matters to the leader's path (its other effects lie beyond it).
    board = list(state.board)
    board[front] = None
    return bool(find(state, origin, direction, tuple(board)))


def _leaves(state: GameState, mover: Piece, move: MovePiece) -> bool:
    """Whether ``move`` takes ``mover`` off its square: a bounce off a shield leaves it there."""
    target = state.board[move.target]
    return target is None or not target.shield or mover.kind is CAVALRY
