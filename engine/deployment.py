"""Phase 1, deployment (布陣), and phase 2, set-up (general and card order).

Deployment (RULES.md §4): from Red, players alternately place one item in their own camp,
paying LP: an infantry with its shield (2), an archer (3), a cavalry (4) or a fence (1) on any
edge of an own-camp square. A player must keep placing while able; when one can place nothing
more, the other places alone until done; the phase ends when neither can place.

Set-up (§5): Red, then Blue, secretly chooses a general among its pieces on the board, then
splits its seven cards into a hand of three and a deck of four in an order of its choice.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations

from .actions import DEPLOY_FENCES, DEPLOYS, Action, ArrangeCards, ChooseGeneral
from .state import GameState, Phase, evolve
from .types import (
    CAMP_SQUARES,
    CAMPS,
    CARD_ORDER,
    FENCE_COST,
    PIECE_COST,
    CardKind,
    Edge,
    PieceKind,
    Side,
    square_edges,
)

HAND_AT_SETUP = 3

_CAMP_EDGES: tuple[tuple[Edge, ...], tuple[Edge, ...]] = tuple(  # type: ignore[assignment]
    tuple(sorted({e for sq in CAMPS[side] for e in square_edges(sq)})) for side in Side
)


def _affordable_kinds(state: GameState, side: Side) -> list[PieceKind]:
    lp = state.sides[side].lp
    return [k for k in PieceKind if PIECE_COST[k] <= lp and state.stock.count(k) > 0]


def _free_camp_edges(state: GameState, side: Side) -> list[Edge]:
    own = state.sides[side]
    if own.lp < FENCE_COST or own.fences_in_hand < 1:
        return []
    return [e for e in _CAMP_EDGES[side] if e not in own.fences]


def deployment_actions(state: GameState, side: Side) -> list[Action]:
    empty = [sq for sq in CAMP_SQUARES[side] if state.board[sq] is None]
    result: list[Action] = [
        deploy
        for kind in _affordable_kinds(state, side)
        for sq in empty
        for deploy in DEPLOYS[kind][sq]
    ]
    result.extend(DEPLOY_FENCES[e] for e in _free_camp_edges(state, side))
    return result


def can_deploy(state: GameState, side: Side) -> bool:
    if _free_camp_edges(state, side):
        return True
    return bool(_affordable_kinds(state, side)) and any(
        state.board[sq] is None for sq in CAMPS[side]
    )


def after_placement(state: GameState, side: Side) -> GameState:
    """Whose placement is next (§4.3), or the start of set-up when nobody can place."""
    if can_deploy(state, side.opponent):
        return evolve(state, to_act=side.opponent)
    if can_deploy(state, side):
        return evolve(state, to_act=side)
    if not state.format.is_basic:
        from .preparation import after_deployment

        return after_deployment(state)
    return evolve(state, phase=Phase.SETUP, to_act=Side.RED)


def general_actions(state: GameState, side: Side) -> list[Action]:
    return [
        ChooseGeneral(sq) for sq, p in enumerate(state.board) if p is not None and p.owner is side
    ]


@cache
def arrangements(cards: tuple[CardKind, ...]) -> tuple[ArrangeCards, ...]:
    """Every distinct hand-of-three and deck order of ``cards``.

    The basic deck gives 114: its seven cards have 420 distinct orders, but the hand is a set,
    so orders that differ only within the hand are one decision.
    """
    # (hand, deck) pairs, the hand in the canonical order ArrangeCards keeps: each distinct pair
    # is one decision, built once the pairs are sorted.
    found: set[tuple[tuple[CardKind, ...], tuple[CardKind, ...]]] = set()
    for hand_idx in combinations(range(len(cards)), HAND_AT_SETUP):
        hand = tuple(sorted((cards[i] for i in hand_idx), key=CARD_ORDER.__getitem__))
        rest = [cards[i] for i in range(len(cards)) if i not in hand_idx]
        found.update((hand, deck) for deck in permutations(rest))
    ordered = sorted(
        found,
        key=lambda a: ([CARD_ORDER[c] for c in a[0]], [CARD_ORDER[c] for c in a[1]]),
    )
    return tuple(ArrangeCards(hand, deck) for hand, deck in ordered)
