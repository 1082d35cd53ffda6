"""What happens on the board: the raw effect of moves, shots, fences and placements.

These functions assume the decision is legal (the rules modules check that) and return a new
state. They also detect the two ways the engine ends a game (RULES.md §3.1–3.2): a general
removed from the board, or three intrusion points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .geometry import has_fence_of
from .state import (
    OVER,
    GameState,
    Outcome,
    Phase,
    Piece,
    SideState,
    Termination,
    copier,
    evolve,
)
from .types import (
    CAVALRY,
    FENCE_COST,
    LETTERS,
    PIECE_COST,
    RED,
    Direction,
    Edge,
    PieceKind,
    Side,
    Square,
    direction_between,
    intrusion_targets,
    square_edges,
)

INTRUSION_POINTS_TO_WIN = 3

#: Compiled copies (``state.copier``) of the commonest changes: a piece moved or rotated.
_TURNED: Final[Callable[[Piece, Direction], Piece]] = copier(Piece, "facing")
_BOARD_CHANGED: Final[Callable[[GameState, tuple[Piece | None, ...]], GameState]] = copier(
    GameState, "board"
)


def with_side(state: GameState, side: Side, side_state: SideState) -> GameState:
    return evolve(state, sides=sides_with(state, side, side_state))


def sides_with(state: GameState, side: Side, side_state: SideState) -> tuple[SideState, SideState]:
    """Both sides' states, ``side``'s replaced by ``side_state``."""
    return (side_state, state.sides[1]) if side is RED else (state.sides[0], side_state)


def end_game(state: GameState, termination: Termination, winner: Side | None) -> GameState:
    return evolve(state, phase=Phase.OVER, to_act=None, outcome=Outcome(termination, winner))


def free_letter(state: GameState, kind: PieceKind) -> str:
    """The first letter of ``kind`` neither on the board nor in an intrusion area."""
    used = {p.letter for p in state.board if p is not None}
    used.update(p.letter for s in state.sides for p in s.intruded)
    return next(letter for letter in LETTERS[kind] if letter not in used)


def _destroy_enemy_fences(state: GameState, sq: Square, owner: Side) -> GameState:
    """§10.5: arriving on a square removes the enemy fences on its edges (back to their owner)."""
    enemy = state.sides[1 - owner]
    if not has_fence_of(enemy.fences, sq):
        return state
    kept = enemy.fences.difference(square_edges(sq))
    return with_side(state, owner.opponent, evolve(enemy, fences=kept))


def place_piece(
    state: GameState,
    kind: PieceKind,
    sq: Square,
    facing: Direction,
    owner: Side,
    *,
    cost: int | None = None,
) -> GameState:
    """Deployment or reinforcement: pay, take from stock, put on ``sq`` (which is empty).

    ``cost`` replaces the basic price of the kind (援軍経路 charges 4/5/6, RULES.md §12).
    """
    piece = Piece(kind, owner, facing, free_letter(state, kind), kind is PieceKind.INFANTRY)
    board = list(state.board)
    board[sq] = piece
    own = state.sides[owner]
    price = PIECE_COST[kind] if cost is None else cost
    state = evolve(state, board=tuple(board), stock=state.stock.taken(kind))
    state = with_side(state, owner, evolve(own, lp=own.lp - price))
    return _destroy_enemy_fences(state, sq, owner)


def pay(state: GameState, side: Side, lp: int) -> GameState:
    """Change ``side``'s LP by ``-lp`` (a negative ``lp`` gains, capped by ruling Q8)."""
    own = state.sides[side]
    return with_side(state, side, evolve(own, lp=min(state.rulings.lp_cap, own.lp - lp)))


def discard_shield(state: GameState, sq: Square) -> GameState:
    """The infantry on ``sq`` puts its shield back in the stock (軽装歩兵, RULES.md §12)."""
    board = list(state.board)
    return _strip_shield(state, board, sq)


def place_fence(state: GameState, edge: Edge, owner: Side) -> GameState:
    own = state.sides[owner]
    return with_side(state, owner, evolve(own, lp=own.lp - FENCE_COST, fences=own.fences | {edge}))


def _remove_piece(state: GameState, board: list[Piece | None], sq: Square) -> GameState:
    """Take the piece on ``sq`` off the board (to stock); a removed general ends the game."""
    victim = board[sq]
    assert victim is not None
    board[sq] = None
    state = evolve(
        state,
        board=tuple(board),
        stock=state.stock.returned(victim.kind, shield=victim.shield),
    )
    if state.sides[victim.owner].general == victim.letter:
        return end_game(state, Termination.GENERAL_CAPTURED, victim.owner.opponent)
    return state


def _strip_shield(state: GameState, board: list[Piece | None], sq: Square) -> GameState:
    victim = board[sq]
    assert victim is not None and victim.shield
    board[sq] = evolve(victim, shield=False)
    return evolve(state, board=tuple(board), stock=state.stock.shield_returned())


def hit(state: GameState, target: Square) -> GameState:
    """A shot (§7.2): a shielded infantry loses its shield; any other piece is removed."""
    board = list(state.board)
    victim = board[target]
    assert victim is not None
    if victim.shield:
        return _strip_shield(state, board, target)
    return _remove_piece(state, board, target)


def move_piece(
    state: GameState, origin: Square, target: Square, *, intrude: bool, bounce_turns: bool
) -> GameState:
    """A move by the piece on ``origin`` to ``target`` (§7.1, §8, §3.2).

    A non-cavalry attacker hitting a shielded infantry removes the shield only and stays; every
    other move enters the target, capturing what stands there, turning to the direction moved,
    knocking down enemy fences of the target square and, when asked, intruding.
    """
    board = list(state.board)
    mover = board[origin]
    assert mover is not None
    found = direction_between(origin, target)
    assert found is not None
    direction = found[0]
    occupant = board[target]
    if occupant is not None and occupant.shield and mover.kind is not CAVALRY:
        if bounce_turns:
            board[origin] = evolve(mover, facing=direction)
        return _strip_shield(state, board, target)
    if occupant is not None:
        state = _remove_piece(state, board, target)
        board = list(state.board)
    moved = _TURNED(mover, direction)
    board[origin] = None
    board[target] = moved
    state = _BOARD_CHANGED(state, tuple(board))
    state = _destroy_enemy_fences(state, target, mover.owner)
    if state.phase is OVER or not intrude:
        return state
    return intrude_from(state, target)


def intrude_from(state: GameState, sq: Square) -> GameState:
    """The piece on ``sq`` leaves the board for its owner's intrusion area (§3.2, §3.5)."""
    piece = state.board[sq]
    assert piece is not None and sq in intrusion_targets(piece.owner)
    board = list(state.board)
    board[sq] = None
    own = state.sides[piece.owner]
    own = evolve(own, intruded=(*own.intruded, piece))
    state = with_side(evolve(state, board=tuple(board)), piece.owner, own)
    if own.intrusion_points >= INTRUSION_POINTS_TO_WIN:
        return end_game(state, Termination.INTRUSION, piece.owner)
    return state


def rotate_piece(state: GameState, sq: Square, facing: Direction) -> GameState:
    board = list(state.board)
    piece = board[sq]
    assert piece is not None
    board[sq] = _TURNED(piece, facing)
    return _BOARD_CHANGED(state, tuple(board))
