"""The set-up steps of the expansion formats: the deck-build draft, the expansion-card
preparation and the 軍師の閃き exchange (RULES.md §13).

* **Draft** (``Phase.DRAFT``, before deployment, untimed): BASE — each player has a Move, then
  picks alternate from Red until six cards are chosen (``pick LI``, public); both play the same
  seven cards. NO_FREE_MOVE — seven picks, Blue first. SECRET — Red, then Blue, secretly names
  its own seven cards (``deck MV,MV,…``). AGREED needs no decision: the format holds the deck.
  The pool is one colour's set: Move ×3, Rotate/Shoot ×2, Fence, Reinforce, each 六韜 card
  (and each 三略 card with promos).
* **Preparation** (``Phase.PREPARE``, untimed): option 2 before deployment, each player (Red
  first) secretly chooses three own-colour expansion cards (``prepare RM,LI,SC``); option 3
  after deployment, each chooses two, revealed together once Blue has chosen, names chosen by
  both discarded, the rest prepared (face up) for both players. Option 1 deals three random
  cards at ``new_game`` from the format's seed; nobody sees them until the exchange.
* **Exchange** (軍師の閃き): on the turn of a player's first intrusion, after the whole military
  action and before command, once per game: ``exchange RM MV`` takes the prepared RM into hand
  and removes MV from the game, ``keep`` declines (a project ruling: the rulebook says the
  player "can" exchange).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

from . import effects
from .actions import Action, ChooseDeck, Exchange, KeepHand, Pick, Prepare
from .formats import DeckOption, GameFormat, Variant
from .state import GameState, Phase, evolve
from .types import BASIC_DECK, CARD_ORDER, CardKind, Side

PREPARED_CARDS = 3  # options 1 and 2
CHOSEN_AFTER_DEPLOYMENT = 2  # option 3
DECK_SIZE = 7


def _sorted(cards: list[CardKind] | tuple[CardKind, ...]) -> tuple[CardKind, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def initial_state(state: GameState) -> GameState:
    """The first position of a format: the phase it opens with and anything dealt."""
    fmt = state.format
    if fmt.variant is Variant.EXPANSION:
        if fmt.expansion_option == 1:
            rng = random.Random(fmt.seed)  # noqa: S311 - a reproducible deal, not security
            for side in Side:
                dealt = _sorted(rng.sample(fmt.expansion_cards, PREPARED_CARDS))
                state = effects.with_side(state, side, evolve(state.sides[side], prepared=dealt))
            return state
        if fmt.expansion_option == 2:
            return evolve(state, phase=Phase.PREPARE)
        return state
    if fmt.variant is Variant.DECK_BUILD:
        if fmt.deck_option is DeckOption.AGREED:
            return _with_decks(state, fmt.agreed_deck, fmt.agreed_deck)
        first = Side.BLUE if fmt.deck_option is DeckOption.NO_FREE_MOVE else Side.RED
        return evolve(state, phase=Phase.DRAFT, to_act=first)
    return state


def _with_decks(
    state: GameState, red: tuple[CardKind, ...], blue: tuple[CardKind, ...]
) -> GameState:
    state = effects.with_side(state, Side.RED, evolve(state.sides[Side.RED], cards=_sorted(red)))
    return effects.with_side(state, Side.BLUE, evolve(state.sides[Side.BLUE], cards=_sorted(blue)))


# -- Draft -------------------------------------------------------------------------------------


def _draft_pool(fmt: GameFormat) -> Counter[CardKind]:
    pool = Counter(fmt.pool)
    if fmt.deck_option is DeckOption.BASE:
        pool[CardKind.MOVE] -= 1  # each player's free Move
    return pool


def _draft_picks(fmt: GameFormat) -> int:
    return DECK_SIZE - 1 if fmt.deck_option is DeckOption.BASE else DECK_SIZE


def draft_actions(state: GameState) -> list[Action]:
    fmt = state.format
    if fmt.deck_option is DeckOption.SECRET:
        return list(secret_decks(fmt.pool))
    left = _draft_pool(fmt) - Counter(state.draft)
    return [Pick(card) for card in _sorted(list(left))]


@cache
def secret_decks(pool: tuple[CardKind, ...]) -> tuple[ChooseDeck, ...]:
    """Every seven-card deck one colour's set can make (option 3), in canonical order."""
    counts = Counter(pool)
    kinds = _sorted(list(counts))
    decks: list[tuple[CardKind, ...]] = []

    def build(i: int, chosen: list[CardKind]) -> None:
        if len(chosen) == DECK_SIZE:
            decks.append(tuple(chosen))
            return
        if i == len(kinds):
            return
        for n in range(min(counts[kinds[i]], DECK_SIZE - len(chosen)), -1, -1):
            build(i + 1, chosen + [kinds[i]] * n)

    build(0, [])
    return tuple(ChooseDeck(d) for d in decks)


def _after_choosing(state: GameState) -> GameState:
    """The draft or the preparation before deployment is over: deployment follows, or set-up in
    a game that opened on a start position (engine.start)."""
    return evolve(state, phase=Phase.SETUP if state.preset else Phase.DEPLOYMENT, to_act=Side.RED)


def apply_draft(state: GameState, side: Side, action: Action) -> GameState:
    fmt = state.format
    if isinstance(action, ChooseDeck):
        state = effects.with_side(state, side, evolve(state.sides[side], cards=action.cards))
        if side is Side.RED:
            return evolve(state, to_act=Side.BLUE)
        return _after_choosing(state)
    assert isinstance(action, Pick)
    draft = (*state.draft, action.card)
    state = evolve(state, draft=draft)
    if len(draft) < _draft_picks(fmt):
        return evolve(state, to_act=side.opponent)
    deck = ((CardKind.MOVE,) if fmt.deck_option is DeckOption.BASE else ()) + draft
    return _after_choosing(_with_decks(state, deck, deck))


# -- Preparation -------------------------------------------------------------------------------


def prepare_count(fmt: GameFormat) -> int:
    return CHOSEN_AFTER_DEPLOYMENT if fmt.expansion_option == 3 else PREPARED_CARDS


@cache
def _preparations(cards: tuple[CardKind, ...], count: int) -> tuple[Prepare, ...]:
    return tuple(Prepare(c) for c in combinations(cards, count))


def prepare_actions(state: GameState) -> list[Action]:
    fmt = state.format
    return list(_preparations(fmt.expansion_cards, prepare_count(fmt)))


def after_deployment(state: GameState) -> GameState:
    """Deployment is over: option 3 prepares now, every other format goes on to set-up."""
    fmt = state.format
    if fmt.variant is Variant.EXPANSION and fmt.expansion_option == 3:
        return evolve(state, phase=Phase.PREPARE, to_act=Side.RED)
    return evolve(state, phase=Phase.SETUP, to_act=Side.RED)


def apply_prepare(state: GameState, side: Side, action: Prepare) -> GameState:
    state = effects.with_side(state, side, evolve(state.sides[side], prepared=action.cards))
    if side is Side.RED:
        return evolve(state, to_act=Side.BLUE)
    if state.format.expansion_option == 3:
        red = set(state.sides[Side.RED].prepared)
        blue = set(action.cards)
        survivors = _sorted(list(red ^ blue))
        for s in Side:
            state = effects.with_side(state, s, evolve(state.sides[s], prepared=survivors))
        return evolve(state, phase=Phase.SETUP, to_act=Side.RED)
    return _after_choosing(state)


# -- Exchange ----------------------------------------------------------------------------------


def exchange_due(state: GameState, side: Side) -> bool:
    """Whether ``side``'s military action ends with the 軍師の閃き exchange (§13.1)."""
    own = state.sides[side]
    return (
        state.format.variant is Variant.EXPANSION
        and state.phase is Phase.WAR
        and bool(own.intruded)
        and not own.exchange_done
    )


def exchange_actions(state: GameState, side: Side) -> list[Action]:
    own = state.sides[side]
    result: list[Action] = [
        Exchange(take, give)
        for take in dict.fromkeys(own.prepared)
        for give in dict.fromkeys(own.hand)
    ]
    result.append(KeepHand())
    return result


def apply_exchange(state: GameState, side: Side, action: Action) -> GameState:
    own = evolve(state.sides[side], exchange_done=True)
    if isinstance(action, Exchange):
        hand = list(own.hand)
        hand.remove(action.give)
        prepared = list(own.prepared)
        prepared.remove(action.take)
        cards = list(own.cards or BASIC_DECK)
        cards.remove(action.give)
        own = evolve(
            own,
            hand=_sorted([*hand, action.take]),
            prepared=tuple(prepared),
            removed=(*own.removed, action.give),
            cards=_sorted([*cards, action.take]),
        )
    return evolve(effects.with_side(state, side, own), exchange_pending=False)
