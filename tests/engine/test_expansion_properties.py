"""Properties of random games of the expansion formats (tournament Rules 2 and 3 and the other
options): the rules' bookkeeping (engine.playout.check_invariants), card conservation with the
cards beside the board, prepared and removed from the game, the LP track, and the information
set property of ``observe`` extended to the new secrets (prepared cards, the exchanged card, a
secret deck, scouting results)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.effects import with_side
from engine.formats import DeckOption, GameFormat, Variant
from engine.observation import observe
from engine.playout import check_invariants, random_steps
from engine.preparation import secret_decks
from engine.rules import legal_actions
from engine.state import GameState, Phase, QueuedCard, Slot
from engine.types import CARD_ORDER, LP_MAX, CardKind, Side
from tests.sampling import examples

DETERMINISTIC = settings(
    derandomize=True,
    max_examples=examples(6),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

FORMATS = [
    GameFormat.tournament_rule_2(),
    GameFormat.tournament_rule_3(),
    GameFormat(variant=Variant.EXPANSION, expansion_option=1, promos=True, seed=9),
    GameFormat(variant=Variant.EXPANSION, expansion_option=3, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.NO_FREE_MOVE, promos=True),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET, promos=True),
]
formats = st.sampled_from(FORMATS)


def all_cards(state: GameState, side: Side) -> Counter[CardKind]:
    """Every card of a side wherever it is: hand, deck, queue, beside, prepared, removed."""
    own = state.sides[side]
    queued = [q.card for q in own.queue] + ([own.swift.card] if own.swift else [])
    return Counter([*own.hand, *own.deck, *queued, *own.beside, *own.prepared, *own.removed])


@settings(DETERMINISTIC, max_examples=examples(10))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), fmt=formats)
def test_random_games_of_every_format_keep_the_invariants(seed: int, fmt: GameFormat) -> None:
    """Conservation (pieces, shields, cards incl. beside/prepared/removed), LP 0–18, a legal
    decision always, and a constant card total per side once the war has begun."""
    totals: dict[Side, Counter[CardKind]] = {}
    for step in random_steps(seed=seed, format=fmt, turn_limit=60):
        after = step.after
        assert check_invariants(after) == [], (step.action.to_str(), after.ply)
        if after.to_act is not None:
            assert legal_actions(after)
        for side in Side:
            assert 0 <= after.sides[side].lp <= LP_MAX
            if after.phase in (Phase.WAR, Phase.OVER):
                totals.setdefault(side, all_cards(after, side))
                assert all_cards(after, side) == totals[side]
                assert len(after.sides[side].removed) <= 1


def vary_secrets(
    state: GameState, owner: Side, rng: random.Random, *, scouted_too: bool = False
) -> GameState:
    """``state`` with ``owner``'s secrets redrawn: general, hand/deck split and order, face-down
    queued cards (those the opponent scouted only with ``scouted_too``: a spectator does not
    know them), prepared cards, removed cards and a secret seven-card deck."""
    fmt = state.format
    own = state.sides[owner]
    if own.general is not None and state.phase is not Phase.OVER and not own.general_revealed:
        letters = [
            p.letter
            for p in state.board
            if p is not None and p.owner is owner and p.letter not in own.not_general
        ]
        own = replace(own, general=rng.choice(letters))
    executing_slot = None
    if state.execution is not None and state.to_act is owner:
        executing_slot = state.execution.slot
    hidden = [i for i, q in enumerate(own.queue) if not q.face_up and (scouted_too or not q.seen)]
    if executing_slot is Slot.FIRST and 0 in hidden:
        hidden.remove(0)
    swift_hidden = (
        own.swift is not None
        and not own.swift.face_up
        and (scouted_too or not own.swift.seen)
        and executing_slot is not Slot.SWIFT
    )
    pool = list(own.hand) + list(own.deck) + [own.queue[i].card for i in hidden]
    if swift_hidden:
        assert own.swift is not None
        pool.append(own.swift.card)
    rng.shuffle(pool)
    hand = tuple(sorted(pool[: len(own.hand)], key=CARD_ORDER.__getitem__))
    rest = pool[len(own.hand) :]
    deck, rest = tuple(rest[: len(own.deck)]), rest[len(own.deck) :]
    queue = list(own.queue)
    for i in hidden:
        queue[i] = QueuedCard(rest.pop(0), False)
    swift = QueuedCard(rest.pop(0), False) if swift_hidden else own.swift
    own = replace(own, hand=hand, deck=deck, queue=tuple(queue), swift=swift)
    prepared_secret = fmt.variant is Variant.EXPANSION and (
        fmt.expansion_option != 3 or state.phase is Phase.PREPARE
    )
    if prepared_secret and own.prepared:
        picks = rng.sample(fmt.expansion_cards, len(own.prepared))
        own = replace(own, prepared=tuple(sorted(picks, key=CARD_ORDER.__getitem__)))
    if own.removed:
        own = replace(own, removed=(rng.choice(fmt.pool),))
    secret_deck = fmt.variant is Variant.DECK_BUILD and fmt.deck_option is DeckOption.SECRET
    if own.cards and (secret_deck or own.exchange_done):
        own = replace(own, cards=rng.choice(secret_decks(fmt.pool)).cards)
    return with_side(state, owner, own)


@settings(DETERMINISTIC, max_examples=examples(10))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), fmt=formats)
def test_views_ignore_the_new_secrets(seed: int, fmt: GameFormat) -> None:
    """The opponent's prepared cards, exchanged and removed cards, secret deck, general and
    unscouted face-down cards never change a seat's view nor the spectator view."""
    rng = random.Random(seed)
    for step in random_steps(seed=seed, format=fmt, turn_limit=30):
        state = step.after if step.after.phase is not Phase.OVER else step.before
        for owner in Side:
            varied = vary_secrets(state, owner, rng)
            assert observe(varied, owner.opponent) == observe(state, owner.opponent)
            assert observe(varied, None) == observe(state, None)
            varied = vary_secrets(state, owner, rng, scouted_too=True)
            assert observe(varied, None) == observe(state, None)


@settings(DETERMINISTIC, max_examples=examples(6))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_option_1_cards_are_hidden_from_their_owner_until_the_exchange(seed: int) -> None:
    """§13.1 option 1: the random cards are unseen by both, the owner included, until the
    owner's own exchange (the opponent's exchange shows the owner nothing)."""
    fmt = GameFormat(variant=Variant.EXPANSION, expansion_option=1, seed=seed)
    rng = random.Random(seed)
    for step in random_steps(seed=seed, format=fmt, turn_limit=20):
        state = step.after
        for owner in Side:
            own = state.sides[owner]
            own_exchange = state.exchange_pending and state.to_act is owner
            if own.exchange_done or own_exchange or state.phase is Phase.OVER:
                continue
            picks = rng.sample(fmt.expansion_cards, len(own.prepared))
            varied = with_side(state, owner, replace(own, prepared=tuple(picks)))
            assert observe(varied, owner) == observe(state, owner)
