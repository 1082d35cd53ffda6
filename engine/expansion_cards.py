"""Executing the expansion cards: 六韜 1–6 and the 三略 promotional cards (RULES.md §12).

Every card keeps the basic execution scheme (``engine.execution``): the card's first decision
(the leader decision) pays its LP cost, and a card without any legal first decision is skipped
and goes to the deck bottom, keeping the LP (the general expansion note: a card whose cost
cannot be paid is skipped). Two cards have no decision at all: 兵站強化 adds 2 LP and 連環の計
pays 2 LP and goes face up beside the board; ``run_automatic`` carries them out.

| card | code | decisions |
|------|------|-----------|
| 高速移動 | RM | ``b2-b3`` then ``b3>E``; or ``b2>E`` then ``b2-b3`` (−2 LP, one piece) |
| 兵站強化 | SB | none: +2 LP (capped at 18, Q8) |
| 向き変更/強弩攻撃 | RC | ``b2>E`` (chain) or ``b2xc5`` with the crossbow range (chain) |
| 援軍経路 | RR | ``route I b4 N`` (infantry 4, archer 5, cavalry 6 LP) |
| 軽装歩兵 | LI | ``c2-c3`` / ``c2-c4`` (2F); chain in the leader's direction; ``select c2 N`` |
| 伝令偵察/将軍偵察 | SC | ``scout card 2`` (−2 LP) or ``scout general c5`` (−5 LP) |
| 連射 | RP | ``b2xc3`` twice with the same archer |
| 位置入替 | SW | ``swap b2 b3`` (−2 LP) |
| 連環の計 | LS | none: −2 LP, waits beside the board |

連環の計 (``linked_stratagem``) acts during the opponent's military action: the first time the
opponent moves a piece exactly one square with a card, every other piece of the mover's side
orthogonally next to the square it left, not yet moved in this card's execution, is pushed one
square the same way (ruling Q11), and the card goes to the bottom of its owner's deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import effects
from .actions import (
    FINISH,
    INTRUDING_MOVES,
    MOVES,
    ROTATIONS,
    SELECTIONS,
    SHOTS,
    TURNS,
    Action,
    MovePiece,
    Rotate,
    RouteReinforce,
    ScoutCard,
    ScoutGeneral,
    SelectLeader,
    Shoot,
    Swap,
)
from .geometry import has_fence_of, move_directions, shot_targets
from .piece_moves import moves_in, partners_of, selectable_behind_partner
from .state import OVER, Execution, GameState, Mode, Phase, Piece, QueuedCard, evolve
from .types import (
    CAMPS,
    DIRECTIONS,
    CardKind,
    Direction,
    PieceKind,
    Side,
    Square,
    direction_between,
    edge_between,
    intrusion_targets,
    neighbours,
    step,
)

RAPID_MOVE_COST = 2
SCOUT_CARD_COST = 2
SCOUT_GENERAL_COST = 5
SWAP_COST = 2
LINKED_STRATAGEM_COST = 2
SUPPLY_BOOST_GAIN = 2
#: 援軍経路's price of each kind of new piece (RULES.md §12, card 4).
ROUTE_COST = {PieceKind.INFANTRY: 4, PieceKind.ARCHER: 5, PieceKind.CAVALRY: 6}

#: Cards executed without a decision.
AUTOMATIC = frozenset({CardKind.SUPPLY_BOOST, CardKind.LINKED_STRATAGEM})


def _own(state: GameState, side: Side) -> list[Square]:
    return [sq for sq, p in enumerate(state.board) if p is not None and p.owner is side]


# -- Leader decisions --------------------------------------------------------------------------


def leader_actions(state: GameState, side: Side, card: CardKind) -> Iterator[Action]:
    """The first decisions of an expansion card (none: the card is skipped)."""
    lp = state.sides[side].lp
    if card is CardKind.RAPID_MOVE and lp >= RAPID_MOVE_COST:
        yield from _rapid_move_starts(state, side)
    elif card is CardKind.REINFORCEMENT_ROUTE:
        yield from _routes(state, side)
    elif card is CardKind.LIGHT_INFANTRY:
        for sq in _own(state, side):
            piece = state.board[sq]
            assert piece is not None
            if piece.kind is PieceKind.INFANTRY:
                has_partner = bool(partners_of(state, sq, PieceKind.INFANTRY, side))
                for direction in DIRECTIONS:
                    moves = light_moves(state, sq, direction)
                    yield from moves
                    if has_partner and (moves or _light_behind_partner(state, sq, direction)):
                        yield SELECTIONS[sq][direction]  # Q9: the partners move first
    elif card is CardKind.SCOUTING:
        yield from _scouts(state, side)
    elif card is CardKind.RAPID_FIRE:
        enemy_fences = state.sides[side.opponent].fences
        for sq in _own(state, side):
            piece = state.board[sq]
            assert piece is not None
            if piece.kind is PieceKind.ARCHER:
                yield from (SHOTS[sq][t] for t in shot_targets(state.board, enemy_fences, sq))
    elif card is CardKind.SWAP and lp >= SWAP_COST:
        yield from _swaps(state, side)


def _rapid_move_starts(state: GameState, side: Side) -> Iterator[Action]:
    for sq in _own(state, side):
        piece = state.board[sq]
        assert piece is not None
        for direction in move_directions(piece):
            yield from moves_in(state, sq, direction)
        board = list(state.board)
        for facing in DIRECTIONS:
            if facing is piece.facing:
                continue
            # Only the board changes with the rotation: look ahead on it, not on a whole state.
            turned_piece = board[sq] = evolve(piece, facing=facing)
            turned = tuple(board)
            if any(moves_in(state, sq, d, turned) for d in move_directions(turned_piece)):
                yield ROTATIONS[sq][facing]


def _routes(state: GameState, side: Side) -> Iterator[Action]:
    lp = state.sides[side].lp
    kinds = [
        k
        for k in PieceKind
        if ROUTE_COST[k] <= lp
        and state.stock.count(k) > 0
        and (k is not PieceKind.CAVALRY or state.rulings.route_allows_cavalry)
    ]
    if not kinds:
        return
    barred = CAMPS[side] | intrusion_targets(side)
    squares: set[Square] = set()
    for sq in _own(state, side):
        piece = state.board[sq]
        assert piece is not None
        if piece.kind is PieceKind.CAVALRY:
            continue
        squares.update(n for n in neighbours(sq) if state.board[n] is None and n not in barred)
    for kind in kinds:
        for sq in sorted(squares):
            for facing in DIRECTIONS:
                yield RouteReinforce(kind, sq, facing)


def light_moves(
    state: GameState,
    origin: Square,
    direction: Direction,
    board: tuple[Piece | None, ...] | None = None,
) -> list[MovePiece]:
    """軽装歩兵 moves of the infantry on ``origin`` towards ``direction`` (RULES.md §12, card 5).

    One square in any direction, as the infantry it becomes once its shield is off (so a
    shielded enemy still bounces it), or exactly two squares forward: the square passed over may
    hold any piece but must not have an enemy fence (the mover would have to stop there), and
    the target must not hold an own piece. Intrusion is allowed, except for the general.
    ``board`` replaces the state's board, to look ahead at a position after a partner moved.
    """
    board = state.board if board is None else board
    piece = board[origin]
    assert piece is not None
    side = piece.owner
    enemy_fences = state.sides[side.opponent].fences
    targets: list[tuple[Square, bool]] = []  # (target, bounce)
    first = step(origin, direction)
    if first is None or edge_between(origin, first) in enemy_fences:
        return []
    occupant = board[first]
    if occupant is None or occupant.owner is not side:
        targets.append((first, occupant is not None and occupant.shield))
    if direction is piece.facing and not has_fence_of(enemy_fences, first):
        second = step(first, direction)
        if second is not None:
            occupant = board[second]
            if occupant is None or occupant.owner is not side:
                targets.append((second, occupant is not None and occupant.shield))
    may_intrude = piece.letter != state.sides[side].general
    result: list[MovePiece] = []
    for target, bounce in targets:
        result.append(MOVES[origin][target])
        if may_intrude and not bounce and target in intrusion_targets(side):
            result.append(INTRUDING_MOVES[origin][target])
    return result


def _light_behind_partner(
    state: GameState, origin: Square, direction: Direction, partners: tuple[str, ...] | None = None
) -> bool:
    """True when the infantry on ``origin`` can make a 軽装歩兵 move towards ``direction`` only
    once the partner in front of it (one of ``partners``, when given) has moved on that way."""
    return selectable_behind_partner(state, origin, direction, partners, light_moves)


def _light_leader_still_free(
    state: GameState, execution: Execution, move: MovePiece, leader: Square
) -> bool:
    """True when, after a partner's 軽装歩兵 ``move``, the waiting leader can still move (at
    once, or once its front partner moves on); like the Move card's filter, it never asks
    whether the move ends the game (that depends on the secret general)."""
    mover = state.board[move.origin]
    assert mover is not None and execution.direction is not None
    after, after_ex = light_move(state, execution, move)
    where = after.square_of(execution.leader) if execution.leader else None
    if after_ex.leader_done or where is None:
        return True  # a 連環の計 push moved the leader: it has acted
    if light_moves(after, where, execution.direction):
        return True
    remaining = tuple(p for p in execution.partners if p != mover.letter)
    return _light_behind_partner(after, where, execution.direction, remaining)


def _scouts(state: GameState, side: Side) -> Iterator[Action]:
    lp = state.sides[side].lp
    enemy = state.sides[side.opponent]
    if lp >= SCOUT_CARD_COST:
        if enemy.swift is not None:
            yield ScoutCard(0)
        yield from (ScoutCard(i + 1) for i in range(len(enemy.queue)))
    if lp >= SCOUT_GENERAL_COST:
        yield from (
            ScoutGeneral(sq)
            for sq, p in enumerate(state.board)
            if p is not None and p.owner is side.opponent
        )


def _swaps(state: GameState, side: Side) -> Iterator[Action]:
    for sq in _own(state, side):
        for n in neighbours(sq):
            other = state.board[n]
            if n > sq and other is not None and other.owner is side:
                yield Swap(sq, n)


# -- Applying the decisions ---------------------------------------------------------------------


def lead(
    state: GameState, execution: Execution, action: Action, side: Side
) -> tuple[GameState, Execution, bool]:
    """Apply an expansion card's first decision; also return whether the card is over."""
    card = execution.card
    if isinstance(action, RouteReinforce):
        cost = ROUTE_COST[action.kind]
        state = effects.place_piece(
            state, action.kind, action.square, action.facing, side, cost=cost
        )
        return state, evolve(execution, mode=Mode.PLACE), True
    if isinstance(action, ScoutCard):
        return _scout_card(state, side, action.position), execution, True
    if isinstance(action, ScoutGeneral):
        return _scout_general(state, side, action.square), execution, True
    if isinstance(action, Swap):
        return _swap(state, side, action), execution, True
    origin = action.origin  # type: ignore[union-attr]
    piece = state.board[origin]
    assert piece is not None
    if card is CardKind.RAPID_MOVE:
        state = effects.pay(state, side, RAPID_MOVE_COST)
        one = evolve(execution, leader=piece.letter, leader_done=False)
        if isinstance(action, Rotate):
            state = effects.rotate_piece(state, origin, action.facing)
            return state, evolve(one, mode=Mode.RAPID_MOVE), False
        assert isinstance(action, MovePiece)
        state, one = card_move(state, evolve(one, mode=Mode.RAPID_ROTATE), action)
        over = state.phase is Phase.OVER or state.square_of(piece.letter) is None
        return state, one, over
    if card is CardKind.LIGHT_INFANTRY:
        partners = partners_of(state, origin, PieceKind.INFANTRY, side)
        if isinstance(action, SelectLeader):  # the leader waits while its partners move (Q9)
            waiting = evolve(
                execution,
                mode=Mode.LIGHT,
                leader=piece.letter,
                leader_done=False,
                direction=action.direction,
                partners=partners,
            )
            return state, waiting, False
        assert isinstance(action, MovePiece)
        found = direction_between(origin, action.target)
        assert found is not None
        lead_ex = evolve(
            execution,
            mode=Mode.LIGHT,
            leader=piece.letter,
            leader_done=True,
            direction=found[0],
            partners=partners,
        )
        state, lead_ex = light_move(state, lead_ex, action)
        return state, lead_ex, state.phase is Phase.OVER or not follow_actions(state, lead_ex)
    assert card is CardKind.RAPID_FIRE and isinstance(action, Shoot)
    state = effects.hit(state, action.target)
    fire = evolve(execution, mode=Mode.RAPID_FIRE, leader=piece.letter, leader_done=False)
    return state, fire, state.phase is Phase.OVER or not follow_actions(state, fire)


def follow_actions(state: GameState, execution: Execution) -> list[Action]:
    """Decisions after the first one, for the expansion modes (no ``done`` for one-piece cards)."""
    leader = state.square_of(execution.leader) if execution.leader else None
    mode = execution.mode
    if mode is Mode.RAPID_ROTATE:
        if leader is None:
            return []
        piece = state.board[leader]
        assert piece is not None
        return list(TURNS[leader][piece.facing])
    if mode is Mode.RAPID_MOVE:
        if leader is None:
            return []
        piece = state.board[leader]
        assert piece is not None
        return [m for d in move_directions(piece) for m in moves_in(state, leader, d)]
    if mode is Mode.RAPID_FIRE:
        if leader is None or execution.leader_done:
            return []
        fences = state.sides[state.board[leader].owner.opponent].fences  # type: ignore[union-attr]
        return [SHOTS[leader][t] for t in shot_targets(state.board, fences, leader)]
    assert mode is Mode.LIGHT and execution.direction is not None
    direction = execution.direction
    result: list[Action] = []
    waiting = None
    if not execution.leader_done and execution.leader is not None:
        waiting = state.square_of(execution.leader)
    if waiting is not None:
        result.extend(light_moves(state, waiting, direction))
    for letter in execution.partners:
        sq = state.square_of(letter)
        if sq is not None:
            result.extend(
                move
                for move in light_moves(state, sq, direction)
                if waiting is None or _light_leader_still_free(state, execution, move, waiting)
            )
    if result and waiting is None:
        result.append(FINISH)
    return result


def follow(
    state: GameState, execution: Execution, action: Action
) -> tuple[GameState, Execution, bool]:
    """Apply a decision of an expansion mode; also return whether the card is over."""
    mode = execution.mode
    if mode is Mode.RAPID_ROTATE:
        assert isinstance(action, Rotate)
        return effects.rotate_piece(state, action.origin, action.facing), execution, True
    if mode is Mode.RAPID_MOVE:
        assert isinstance(action, MovePiece)
        state, execution = card_move(state, execution, action)
        return state, execution, True
    if mode is Mode.RAPID_FIRE:
        assert isinstance(action, Shoot)
        return effects.hit(state, action.target), evolve(execution, leader_done=True), True
    assert mode is Mode.LIGHT and isinstance(action, MovePiece)
    piece = state.board[action.origin]
    assert piece is not None
    if piece.letter == execution.leader:
        execution = evolve(execution, leader_done=True)
    else:
        execution = evolve(
            execution, partners=tuple(p for p in execution.partners if p != piece.letter)
        )
    state, execution = light_move(state, execution, action)
    return state, execution, state.phase is Phase.OVER or not follow_actions(state, execution)


def light_move(
    state: GameState, execution: Execution, action: MovePiece
) -> tuple[GameState, Execution]:
    """A 軽装歩兵 move: the shield goes back to the stock first, then the piece moves."""
    piece = state.board[action.origin]
    assert piece is not None
    if piece.shield:
        state = effects.discard_shield(state, action.origin)
    return card_move(state, execution, action)


def card_move(
    state: GameState, execution: Execution, action: MovePiece
) -> tuple[GameState, Execution]:
    """A move made with a card: the move itself, then a waiting 連環の計 of the opponent."""
    piece = state.board[action.origin]
    assert piece is not None
    state = effects.move_piece(
        state,
        action.origin,
        action.target,
        intrude=action.intrude,
        bounce_turns=state.rulings.bounce_turns_attacker,
    )
    execution = evolve(execution, moved=(*execution.moved, piece.letter))
    return linked_stratagem(state, execution, piece.owner, action.origin, action.target)


def linked_stratagem(
    state: GameState, execution: Execution, mover: Side, origin: Square, target: Square
) -> tuple[GameState, Execution]:
    """連環の計 (三略 3, ruling Q11): the forced moves after a one-square move of ``mover``.

    Nothing happens unless the opponent has the card waiting beside the board, the game goes
    on, the move covered exactly one square and the piece left ``origin`` (a bounce is no move).
    Each other ``mover`` piece next to ``origin`` that has not moved in this execution then
    moves one square the same way, whatever its kind and facing: it turns that way, captures,
    bounces off a shield or knocks down fences like a move, is stopped by an own piece, the
    board's border or an enemy fence on the edge, never intrudes and triggers nothing. The
    pushed pieces count as moved (they leave the chain). The card then goes to the bottom of
    its owner's deck. The squares next to ``origin`` are pushed in square order: none of them
    moves onto another's square, so the order cannot matter.
    """
    own = state.sides[1 - mover]  # checked on every card move: the cheapest tests first
    if not own.beside or state.phase is OVER or CardKind.LINKED_STRATAGEM not in own.beside:
        return state, execution
    owner = mover.opponent
    found = direction_between(origin, target)
    if found is None or found[1] != 1 or state.board[origin] is not None:
        return state, execution
    direction = found[0]
    fences = own.fences
    beside = list(own.beside)
    beside.remove(CardKind.LINKED_STRATAGEM)
    own = evolve(own, beside=tuple(beside), deck=(*own.deck, CardKind.LINKED_STRATAGEM))
    state = effects.with_side(state, owner, own)
    for sq in neighbours(origin):
        piece = state.board[sq]
        if piece is None or piece.owner is not mover or piece.letter in execution.moved:
            continue
        to = step(sq, direction)
        if to is None or edge_between(sq, to) in fences:
            continue
        occupant = state.board[to]
        if occupant is not None and occupant.owner is mover:
            continue
        state = effects.move_piece(
            state, sq, to, intrude=False, bounce_turns=state.rulings.bounce_turns_attacker
        )
        execution = evolve(
            execution,
            moved=(*execution.moved, piece.letter),
            partners=tuple(p for p in execution.partners if p != piece.letter),
            leader_done=execution.leader_done or piece.letter == execution.leader,
        )
        if state.phase is Phase.OVER:
            break
    return state, execution


def _scout_card(state: GameState, side: Side, position: int) -> GameState:
    state = effects.pay(state, side, SCOUT_CARD_COST)
    enemy = state.sides[side.opponent]
    if position == 0:
        assert enemy.swift is not None
        enemy = evolve(enemy, swift=_seen(enemy.swift))
    else:
        queue = list(enemy.queue)
        queue[position - 1] = _seen(queue[position - 1])
        enemy = evolve(enemy, queue=tuple(queue))
    return effects.with_side(state, side.opponent, enemy)


def _seen(card: QueuedCard) -> QueuedCard:
    return card if card.face_up else evolve(card, seen=True)


def _scout_general(state: GameState, side: Side, sq: Square) -> GameState:
    state = effects.pay(state, side, SCOUT_GENERAL_COST)
    piece = state.board[sq]
    assert piece is not None
    enemy = state.sides[side.opponent]
    if piece.letter == enemy.general:
        enemy = evolve(enemy, general_revealed=True)
    else:
        enemy = evolve(enemy, not_general=enemy.not_general | {piece.letter})
    return effects.with_side(state, side.opponent, enemy)


def _swap(state: GameState, side: Side, action: Swap) -> GameState:
    state = effects.pay(state, side, SWAP_COST)
    board = list(state.board)
    board[action.first], board[action.second] = board[action.second], board[action.first]
    return evolve(state, board=tuple(board))


def can_run_automatic(state: GameState, side: Side, card: CardKind) -> bool:
    """Whether 兵站強化 or 連環の計 can be executed: 連環の計 is skipped, keeping the LP, when its
    cost cannot be paid (the general expansion note)."""
    return card is not CardKind.LINKED_STRATAGEM or state.sides[side].lp >= LINKED_STRATAGEM_COST


def run_automatic(state: GameState, side: Side, card: CardKind) -> tuple[GameState, bool]:
    """Carry out 兵站強化 or 連環の計 (``can_run_automatic``); also return whether the card goes
    beside the board."""
    if card is CardKind.SUPPLY_BOOST:
        return effects.pay(state, side, -SUPPLY_BOOST_GAIN), False
    assert card is CardKind.LINKED_STRATAGEM
    return effects.pay(state, side, LINKED_STRATAGEM_COST), True
