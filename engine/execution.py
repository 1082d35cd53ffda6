"""Executing a card in the military-action step, chain (連携) included.

A chainable card (Move, Rotate/Shoot, Fence) is executed by a **leader**, the selected piece,
whose decision fixes the chain's mode and, for moves and rotations, its absolute direction.
Each own piece of the same kind orthogonally next to the leader's square at that moment is a
**partner** and may then act once in turn, in any order the player chooses, each step checked
on the current board (RULES.md §11, ruling Q9). ``done`` ends a chain early; a chain also ends
by itself once no partner can act. Execution is mandatory: a card with no legal leader decision
is skipped (§6.7, ruling R8).

A leader with partners may instead be selected with ``select``, fixing the chain's direction
while the partners act first in the order the player chooses (Q9): this is how a leader blocked
by a partner standing in front of it gets moving, and how order matters elsewhere (three cavalry
abreast under Q15, for instance); while the leader has not moved, the other partners may act
in any order, but no partner decision is offered that would leave the leader unable to move
(at once or once its front partner has moved on), so a chain can never get stuck. A shooting
leader may wait the same way (``select b2 x``): partners shoot first, never taking the leader's
last target, and the leader shoots last (so a shot of its that ends the game can come after
theirs). Fence and rotation chains need no waiting leader: any order gives the same positions.
(軽装歩兵 chains, engine.expansion_cards, have their own waiting leader.)

This module carries out every card: it hands the expansion cards' decisions to
``engine.expansion_cards``, and finds moves and partners, as they do, with ``engine.piece_moves``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import effects, expansion_cards
from .actions import (
    FINISH,
    INTRUDING_MOVES,
    MOVES,
    REINFORCEMENTS,
    ROTATIONS,
    SELECTIONS,
    SHOOTER_SELECTIONS,
    SHOTS,
    TURNS,
    Action,
    FinishChain,
    MovePiece,
    PlaceFence,
    Reinforce,
    Rotate,
    SelectLeader,
    SelectShooter,
    Shoot,
)
from .geometry import (
    ALL_DIRECTIONS,
    BASIC_SHOT_REACH,
    CAVALRY_DIRECTIONS,
    CROSSBOW_SHOT_REACH,
    Reach,
    fence_edges,
    shot_targets,
)
from .piece_moves import cavalry_moves, moves_in, partners_of, selectable_behind_partner
from .state import OVER, Execution, GameState, Mode, copier, evolve
from .types import (
    ARCHER,
    CAMP_SQUARES,
    CAVALRY,
    EDGE_TOWARDS,
    INFANTRY,
    INTRUSION_SQUARES,
    NEIGHBOURS,
    NEXT_SQUARE,
    PIECE_COST,
    CardKind,
    Direction,
    PieceKind,
    Side,
    Square,
    direction_between,
    neighbours,
)

#: Cards whose execution ``engine.expansion_cards`` carries out (RC reuses the basic chain).
_EXPANSION_LED = frozenset(
    {
        CardKind.RAPID_MOVE,
        CardKind.REINFORCEMENT_ROUTE,
        CardKind.LIGHT_INFANTRY,
        CardKind.SCOUTING,
        CardKind.RAPID_FIRE,
        CardKind.SWAP,
    }
)
_EXPANSION_MODES = frozenset({Mode.RAPID_MOVE, Mode.RAPID_ROTATE, Mode.LIGHT, Mode.RAPID_FIRE})


#: Hot-path constants of the cards and modes read here (see ``types.RED``: reading an enum
#: member through its class is several times slower than reading a module global).
_MOVE_CARD: Final = CardKind.MOVE
_ROTATE_SHOOT_CARD: Final = CardKind.ROTATE_SHOOT
_FENCE_CARD: Final = CardKind.FENCE
_REINFORCE_CARD: Final = CardKind.REINFORCE
_ROTATE_CROSSBOW_CARD: Final = CardKind.ROTATE_CROSSBOW
_MOVE: Final = Mode.MOVE
_ROTATE: Final = Mode.ROTATE
_SHOOT: Final = Mode.SHOOT
_CROSSBOW: Final = Mode.CROSSBOW
_FENCE: Final = Mode.FENCE
_PLACE: Final = Mode.PLACE


#: Compiled copies (``state.copier``) of an execution's commonest changes: a decision recorded
#: in the state, and a leader chosen.
_EXECUTED: Final[Callable[[GameState, Execution, int], GameState]] = copier(
    GameState, "execution", "ply"
)
_LED: Final[
    Callable[[Execution, Mode, str, tuple[str, ...], bool, Direction | None], Execution]
] = copier(Execution, "mode", "leader", "partners", "leader_done", "direction")


def _own_squares(state: GameState, side: Side) -> list[Square]:
    return [sq for sq, p in enumerate(state.board) if p is not None and p.owner is side]


def _apply_move(state: GameState, action: MovePiece) -> GameState:
    return effects.move_piece(
        state,
        action.origin,
        action.target,
        intrude=action.intrude,
        bounce_turns=state.rulings.bounce_turns_attacker,
    )


#: The kinds in definition order, iterated without the enum class's Python-level ``__iter__``.
_PIECE_KINDS: Final = tuple(PieceKind)


def _reinforcements(state: GameState, side: Side) -> list[Action]:
    lp = state.sides[side].lp
    kinds = [k for k in _PIECE_KINDS if PIECE_COST[k] <= lp and state.stock.count(k) > 0]
    if not kinds:
        return []
    empty = [sq for sq in CAMP_SQUARES[side] if state.board[sq] is None]
    return [r for k in kinds for sq in empty for r in REINFORCEMENTS[k][sq]]


def leader_actions(state: GameState) -> list[Action]:
    """Decisions that start the execution of ``state.execution.card`` (none: it is skipped)."""
    execution = state.execution
    side = state.to_act
    assert execution is not None and side is not None
    card = execution.card
    if card is _MOVE_CARD:
        return _move_leads(state, side)
    if card is _ROTATE_SHOOT_CARD:
        return _rotate_shoot_leads(state, side, BASIC_SHOT_REACH)
    if card is _FENCE_CARD:
        return _fence_actions(state, side, _own_squares(state, side))
    if card is _REINFORCE_CARD:
        return _reinforcements(state, side)
    if card is _ROTATE_CROSSBOW_CARD:  # 六韜 3: rotate as RS, or shoot the crossbow range
        return _rotate_shoot_leads(state, side, CROSSBOW_SHOT_REACH)
    return list(expansion_cards.leader_actions(state, side, card))


def _move_leads(state: GameState, side: Side) -> list[Action]:
    """A Move card: each own piece's moves and, with a partner, its selection as the leader.

    The engine's hottest loop: one-square steps (every infantry's and archer's, a cavalry's
    sideways) are ``moves_in`` written out in place, on tables bound to locals; a cavalry's
    forward runs go through ``cavalry_moves``.
    """
    board = state.board
    enemy = 1 - side
    enemy_fences = state.sides[enemy].fences
    intrusion = INTRUSION_SQUARES[enemy]
    general = state.sides[side].general
    result: list[Action] = []
    append = result.append
    for sq, piece in enumerate(board):
        if piece is None or piece.owner is not side:
            continue
        kind = piece.kind
        has_partner = False
        for near in NEIGHBOURS[sq]:
            other = board[near]
            if other is not None and other.owner is side and other.kind is kind:
                has_partner = True
                break
        selections = SELECTIONS[sq]
        cavalry = kind is CAVALRY
        facing = piece.facing
        next_square, edges = NEXT_SQUARE[sq], EDGE_TOWARDS[sq]
        steps, intrusions = MOVES[sq], INTRUDING_MOVES[sq]
        may_intrude = piece.letter != general  # §7.1: the general never intrudes
        for direction in CAVALRY_DIRECTIONS[facing] if cavalry else ALL_DIRECTIONS:
            if cavalry and direction is facing:
                runs = cavalry_moves(state, board, sq, piece)
                result.extend(runs)
                if has_partner and (runs or selectable_behind_partner(state, sq, direction)):
                    append(selections[direction])
                continue
            target = next_square[direction]
            if target is None:
                continue
            occupant = board[target]
            if occupant is not None and occupant.owner is side:
                # Blocked by an own piece: selectable when it is a partner that can step on and
                # leave its square, and the piece may then follow it onto that square
                # (``selectable_behind_partner``, written out for infantry and archers).
                if not has_partner or occupant.kind is not kind:
                    continue
                if cavalry:
                    if selectable_behind_partner(state, sq, direction):
                        append(selections[direction])
                elif edges[direction] not in enemy_fences:
                    beyond = NEXT_SQUARE[target][direction]
                    if beyond is not None and EDGE_TOWARDS[target][direction] not in enemy_fences:
                        ahead = board[beyond]
                        if ahead is None or (ahead.owner is not side and not ahead.shield):
                            append(selections[direction])
                continue
            if edges[direction] in enemy_fences:
                continue  # no partner in front: selectable_behind_partner would be False
            append(steps[target])
            # An infantry's or archer's step onto a shield bounces (§8.4): no intrusion.
            if (
                may_intrude
                and target in intrusion
                and (occupant is None or cavalry or not occupant.shield)
            ):
                append(intrusions[target])
            if has_partner:
                append(selections[direction])
    return result


def _rotate_shoot_leads(state: GameState, side: Side, reach: Reach) -> list[Action]:
    """A Rotate/Shoot card: each own piece's rotations, each archer's shots in ``reach`` and,
    for an archer with a partner that can shoot too, its selection as a waiting leader."""
    board = state.board
    enemy_fences = state.sides[1 - side].fences
    result: list[Action] = []
    for sq, piece in enumerate(board):
        if piece is None or piece.owner is not side:
            continue
        result.extend(TURNS[sq][piece.facing])
        if piece.kind is ARCHER:
            targets = shot_targets(board, enemy_fences, sq, reach)
            result.extend(SHOTS[sq][t] for t in targets)
            if targets and _partner_can_shoot(state, sq, side, reach):
                result.append(SHOOTER_SELECTIONS[sq])
    return result


def _partner_can_shoot(state: GameState, origin: Square, side: Side, reach: Reach) -> bool:
    """Whether an archer next to the archer on ``origin`` has a target (Q9: it may go first)."""
    board = state.board
    enemy_fences = state.sides[1 - side].fences
    return any(
        (piece := board[sq]) is not None
        and piece.owner is side
        and piece.kind is ARCHER
        and shot_targets(board, enemy_fences, sq, reach)
        for sq in neighbours(origin)
    )


def _fence_actions(state: GameState, side: Side, squares: list[Square]) -> list[Action]:
    own = state.sides[side]
    if own.lp < 1 or own.fences_in_hand < 1:
        return []
    all_fences = own.fences | state.sides[1 - side].fences
    result: list[Action] = []
    for sq in squares:
        piece = state.board[sq]
        if piece is not None and piece.kind is INFANTRY:
            result.extend(PlaceFence(sq, e) for e in fence_edges(state.board, all_fences, sq, side))
    return result


def follow_actions(state: GameState) -> list[Action]:
    """Decisions open once the leader is chosen: partners' acts, the waiting leader, ``done``."""
    execution = state.execution
    side = state.to_act
    assert execution is not None and side is not None and execution.leader is not None
    partner_squares = [
        sq for letter in execution.partners if (sq := state.square_of(letter)) is not None
    ]
    mode = execution.mode
    if mode in _EXPANSION_MODES:
        return expansion_cards.follow_actions(state, execution)
    result: list[Action] = []
    if mode is _MOVE:
        assert execution.direction is not None
        direction = execution.direction
        waiting = None if execution.leader_done else state.square_of(execution.leader)
        if waiting is not None:
            result.extend(moves_in(state, waiting, direction))
        partners = execution.partners
        for sq in partner_squares:
            result.extend(
                move
                for move in moves_in(state, sq, direction)
                if waiting is None or _leader_still_free(state, move, waiting, direction, partners)
            )
    elif mode is _ROTATE:
        assert execution.direction is not None
        for sq in partner_squares:
            piece = state.board[sq]
            if piece is not None and piece.facing is not execution.direction:  # R3
                result.append(ROTATIONS[sq][execution.direction])
    elif mode is _SHOOT or mode is _CROSSBOW:
        enemy_fences = state.sides[1 - side].fences
        reach = CROSSBOW_SHOT_REACH if mode is _CROSSBOW else BASIC_SHOT_REACH
        waiting = None if execution.leader_done else state.square_of(execution.leader)
        leader_targets: list[Square] = []
        if waiting is not None:
            leader_targets = shot_targets(state.board, enemy_fences, waiting, reach)
            result.extend(SHOTS[waiting][t] for t in leader_targets)
        for sq in partner_squares:
            result.extend(
                SHOTS[sq][t]
                for t in shot_targets(state.board, enemy_fences, sq, reach)
                if waiting is None or _leader_keeps_target(state, t, leader_targets)
            )
    elif mode is _FENCE:
        result.extend(_fence_actions(state, side, partner_squares))
    if execution.leader_done:
        result.append(FINISH)
    return result


def _leader_still_free(
    state: GameState,
    move: MovePiece,
    leader: Square,
    direction: Direction,
    partners: tuple[str, ...],
) -> bool:
    """True when, after a partner's ``move``, the waiting leader can still move: at once, or
    once the partner still standing in front of it moves on (the order is the player's, Q9).

    Whether the move would end the game is deliberately not considered: a capture ends it only
    if it takes the opponent's secret general, and legal decisions must not depend on secrets.
    """
    mover = state.board[move.origin]
    assert mover is not None
    after = _apply_move(state, move)
    if moves_in(after, leader, direction):
        return True
    remaining = tuple(p for p in partners if p != mover.letter)
    return selectable_behind_partner(after, leader, direction, remaining)


def _leader_keeps_target(state: GameState, target: Square, leader_targets: list[Square]) -> bool:
    """True when a waiting shooting leader still has a target after a partner's shot at
    ``target``: a shot at a shielded infantry only takes the shield (§8.4), any other shot takes
    the piece away. Like ``_leader_still_free``, it never asks whether the shot ends the game."""
    hit = state.board[target]
    return (hit is not None and hit.shield) or any(t != target for t in leader_targets)


def apply_execution(
    state: GameState, action: Action, *, ply: int
) -> tuple[GameState, list[Action] | None]:
    """Apply a legal execution decision; also return the decisions left in the card's execution.

    The list is empty when the execution is over; None when an expansion card's execution goes
    on (its next decisions are not searched for here). ``ply``, the decision's number, is set
    in the copy of the state that records the execution (nothing on the way reads it).
    """
    execution = state.execution
    side = state.to_act
    assert execution is not None and side is not None
    if isinstance(action, FinishChain):
        return evolve(state, ply=ply), []
    if execution.card in _EXPANSION_LED:
        if execution.leader is None and execution.mode is None:
            state, execution, finished = expansion_cards.lead(state, execution, action, side)
        else:
            state, execution, finished = expansion_cards.follow(state, execution, action)
        if state.phase is OVER or finished:
            return evolve(state, ply=ply), []
        return evolve(state, execution=execution, ply=ply), None
    if execution.leader is None:
        state, execution = _lead(state, execution, action, side)
    else:
        state, execution = _follow(state, execution, action)
    if state.phase is OVER or execution.mode is _PLACE:
        return evolve(state, ply=ply), []  # R1/R2: a finished game stops the chain
    state = _EXECUTED(state, execution, ply)
    if execution.leader_done and not execution.partners and execution.mode not in _EXPANSION_MODES:
        return state, []  # nobody left to act: follow_actions would offer only FINISH
    follow = follow_actions(state)
    # A waiting leader always keeps a move (Q9) unless a 連環の計 push changed the board under
    # it: a chain with nothing left to do ends rather than leave its player without a decision.
    if execution.leader_done and follow == [FINISH]:
        return state, []
    return state, follow


def _lead(
    state: GameState, execution: Execution, action: Action, side: Side
) -> tuple[GameState, Execution]:
    if isinstance(action, Reinforce):
        state = effects.place_piece(state, action.kind, action.square, action.facing, side)
        return state, evolve(execution, mode=_PLACE)
    origin = action.origin  # type: ignore[union-attr]
    piece = state.board[origin]
    assert piece is not None
    partners = partners_of(state, origin, piece.kind, side)

    def led(mode: Mode, direction: Direction | None = None, *, done: bool = True) -> Execution:
        return _LED(execution, mode, piece.letter, partners, done, direction)

    if isinstance(action, MovePiece):
        found = direction_between(origin, action.target)
        assert found is not None
        return expansion_cards.card_move(state, led(_MOVE, found[0]), action)
    if isinstance(action, SelectLeader):
        return state, led(_MOVE, action.direction, done=False)
    if isinstance(action, SelectShooter):
        mode = _CROSSBOW if execution.card is _ROTATE_CROSSBOW_CARD else _SHOOT
        return state, led(mode, done=False)
    if isinstance(action, Rotate):
        return effects.rotate_piece(state, origin, action.facing), led(_ROTATE, action.facing)
    if isinstance(action, Shoot):
        mode = _CROSSBOW if execution.card is _ROTATE_CROSSBOW_CARD else _SHOOT
        return effects.hit(state, action.target), led(mode)
    assert isinstance(action, PlaceFence)
    return effects.place_fence(state, action.edge, side), led(_FENCE)


def _follow(state: GameState, execution: Execution, action: Action) -> tuple[GameState, Execution]:
    origin = action.origin  # type: ignore[union-attr]
    piece = state.board[origin]
    assert piece is not None and execution.leader is not None
    if piece.letter == execution.leader:
        execution = evolve(execution, leader_done=True)
    else:
        execution = evolve(
            execution, partners=tuple(p for p in execution.partners if p != piece.letter)
        )
    if isinstance(action, MovePiece):
        return expansion_cards.card_move(state, execution, action)
    if isinstance(action, Rotate):
        return effects.rotate_piece(state, origin, action.facing), execution
    if isinstance(action, Shoot):
        return effects.hit(state, action.target), execution
    assert isinstance(action, PlaceFence)
    side = piece.owner
    return effects.place_fence(state, action.edge, side), execution
