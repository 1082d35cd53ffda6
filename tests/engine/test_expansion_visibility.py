"""Which cards each seat's view shows, checked against the rules at every step of random games
in every format and option (RULES.md §6.8, §13.1, §13.2; docs/expansion.md ruling 4).

The information-set properties (test_expansion_properties.py) prove that a view does not change
with the *opponent's* secrets. They say nothing about the owner's own secrets: option 1's three
random cards are unseen by both players, the owner included, until the owner's own exchange
(§13.1 「各プレイヤーは見てはいけません」). Here each card a view can carry (hand, deck, queue,
疾風伝令, skipped cards, the seven cards, prepared and removed cards, the decisions offered) is
checked against a visibility table written from the rules, independently of
``engine.observation``: a card is shown exactly when the table allows that viewer to see it.

The games lean forward (an intrusion whenever one is offered, mostly forward moves), so that
first intrusions and their exchanges, the positions where option 1's cards become visible, are
reached in most games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Exchange, KeepHand, MovePiece
from engine.formats import DeckOption, GameFormat, Variant
from engine.observation import observe
from engine.playout import playout_rulings
from engine.rules import apply_unchecked, legal_actions, new_game
from engine.state import GameState, Phase
from engine.types import Side, square_rank
from tests.engine.builders import cards, play
from tests.engine.test_expansion_formats import flash
from tests.engine.test_expansion_properties import DETERMINISTIC
from tests.sampling import examples

R, B = Side.RED, Side.BLUE


AGREED = cards("MV MV RS RM SB RC RR")

#: Every format and option of RULES.md §13 (and the basic game), each with and without the
#: 三略 promo cards where they apply.
EVERY_FORMAT = [
    GameFormat.basic(),
    *(
        GameFormat(variant=Variant.EXPANSION, expansion_option=option, promos=promos, seed=option)
        for option in (1, 2, 3)
        for promos in (False, True)
    ),
    *(
        GameFormat(variant=Variant.DECK_BUILD, deck_option=option, promos=promos)
        for option in (DeckOption.BASE, DeckOption.NO_FREE_MOVE, DeckOption.SECRET)
        for promos in (False, True)
    ),
    GameFormat(variant=Variant.DECK_BUILD, deck_option=DeckOption.AGREED, agreed_deck=AGREED),
]


def forward_leaning_steps(
    seed: int, fmt: GameFormat, *, turn_limit: int = 60
) -> Iterator[tuple[GameState, Action, GameState]]:
    """A random legal game that intrudes whenever it can and mostly moves forward."""
    rng = random.Random(seed)
    state = new_game(rulings=playout_rulings(None, turn_limit), format=replace(fmt, seed=seed))
    while state.to_act is not None:
        actions = legal_actions(state)
        ahead = 1 if state.to_act is R else -1
        moves = [a for a in actions if isinstance(a, MovePiece)]
        intrusions = [a for a in moves if a.intrude]
        forward = [a for a in moves if (square_rank(a.target) - square_rank(a.origin)) * ahead > 0]
        if intrusions:
            action = rng.choice(intrusions)
        elif forward and rng.random() < 0.7:
            action = rng.choice(forward)
        else:
            action = rng.choice(actions)
        after = apply_unchecked(state, action)
        yield state, action, after
        state = after


# -- The visibility table, written from the rules ----------------------------------------------


def deciding_own_exchange(state: GameState, owner: Side) -> bool:
    """The owner is at its 軍師の閃き decision: it is to act and is offered exchange or keep."""
    return state.to_act is owner and any(
        isinstance(a, (Exchange, KeepHand)) for a in legal_actions(state)
    )


def may_see_prepared(state: GameState, owner: Side, viewer: Side | None) -> bool:
    """§13.1: option 1 unseen by both until the owner's own exchange; option 2 the owner may
    check; option 3 revealed to both once both have chosen. Everything is open at the end."""
    fmt = state.format
    if state.phase is Phase.OVER:
        return True
    if fmt.expansion_option == 1:
        own = state.sides[owner]
        return viewer is owner and (own.exchange_done or deciding_own_exchange(state, owner))
    if fmt.expansion_option == 2:
        return viewer is owner
    return viewer is owner or state.phase is not Phase.PREPARE


def may_see_seven_cards(state: GameState, owner: Side, viewer: Side | None) -> bool:
    """A shared deck-build deck is public (§13.2); a secret deck, or a deck the exchange
    changed, is its owner's until the end."""
    fmt = state.format
    shared = fmt.variant is Variant.DECK_BUILD and fmt.deck_option is not DeckOption.SECRET
    return shared or viewer is owner or state.phase is Phase.OVER


def may_see_queued(face_up: bool, seen: bool, owner: Side, viewer: Side | None) -> bool:
    """§6.8: a face-up card is public; a face-down one its owner's, and the opponent's after
    伝令偵察 looked at it."""
    return face_up or viewer is owner or (seen and viewer is owner.opponent)


def check_view(state: GameState, viewer: Side | None) -> None:
    view = observe(state, viewer)
    for owner in Side:
        own = state.sides[owner]
        shown = view["sides"][owner.label]
        where = f"{owner.label}'s cards in the view of {viewer}, ply {state.ply}"
        assert (shown["hand"] is not None) == (viewer is owner), where
        assert (shown["deck"] is not None) == (viewer is owner), where
        for queued, card in zip(own.queue, shown["queue"], strict=True):
            allowed = may_see_queued(queued.face_up, queued.seen, owner, viewer)
            assert (card["card"] is not None) == allowed, where
        if own.swift is not None:
            allowed = may_see_queued(own.swift.face_up, own.swift.seen, owner, viewer)
            assert (shown["swift"]["card"] is not None) == allowed, where
        if state.format.is_basic:
            assert "expansion" not in shown
            continue
        expansion = shown["expansion"]
        allowed = may_see_prepared(state, owner, viewer)
        assert (expansion["prepared"] is not None) == allowed, f"prepared: {where}"
        allowed = may_see_seven_cards(state, owner, viewer)
        assert (expansion["cards"] is not None) == allowed, f"seven cards: {where}"
        allowed = viewer is owner or state.phase is Phase.OVER
        assert (expansion["removed"] is not None) == allowed, f"removed: {where}"
        if viewer is owner and any(a.startswith("exchange ") for a in view["legal_actions"]):
            assert may_see_prepared(state, owner, viewer), f"offered exchanges: {where}"
    for skipped, card in zip(state.skipped, view["skipped"], strict=True):
        allowed = may_see_queued(skipped.face_up, skipped.seen, skipped.side, viewer)
        assert (card["card"] is not None) == allowed, f"skipped card in the view of {viewer}"


# -- The properties ----------------------------------------------------------------------------


@settings(DETERMINISTIC, max_examples=examples(30))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), fmt=st.sampled_from(EVERY_FORMAT))
def test_every_view_shows_a_card_exactly_when_the_rules_allow_it(
    seed: int, fmt: GameFormat
) -> None:
    """Each seat (and a spectator) at every step of a random game, in every format."""
    for _before, _action, after in forward_leaning_steps(seed, fmt):
        for viewer in (R, B, None):
            check_view(after, viewer)


def test_every_format_and_option_is_played_with_exchanges_reached() -> None:
    """The table is exercised where it matters: every format is played to the end, and option
    1's exchanges (one seat deciding while the other has not) are reached and checked."""
    exchanges: dict[int, int] = {}
    for fmt in EVERY_FORMAT:
        for seed in range(5 if fmt.variant is Variant.EXPANSION else 1):
            for _before, _action, after in forward_leaning_steps(seed, fmt):
                for viewer in (R, B, None):
                    check_view(after, viewer)
                exchanging = after.exchange_pending and after.to_act is not None
                if exchanging and not after.sides[after.to_act.opponent].exchange_done:
                    option = after.format.expansion_option
                    exchanges[option] = exchanges.get(option, 0) + 1
            assert after.phase is Phase.OVER
    assert set(exchanges) == {1, 2, 3}


# -- The position that leaked (RULES.md §13.1 option 1) ----------------------------------------


def option_1(state: GameState) -> GameState:
    return replace(state, format=GameFormat(variant=Variant.EXPANSION, expansion_option=1))


def test_option_1_a_seat_does_not_see_its_cards_during_the_opponents_exchange() -> None:
    """Red intrudes for the first time, so Red's exchange is due; Blue has not intruded. Blue
    must not see its own three random cards: it would learn its pool before deciding whether
    to intrude (「各プレイヤーは見てはいけません」)."""
    state = option_1(play(flash(), "b6-b7+"))
    assert state.exchange_pending
    assert state.to_act is R
    assert not state.sides[B].intruded
    assert not state.sides[B].exchange_done
    blue_view: dict[str, Any] = observe(state, B)
    assert blue_view["sides"]["blue"]["expansion"]["prepared"] is None
    assert blue_view["sides"]["blue"]["expansion"]["prepared_count"] == 3
    assert blue_view["sides"]["red"]["expansion"]["prepared"] is None
    red_view = observe(state, R)
    assert red_view["sides"]["red"]["expansion"]["prepared"] == ["RM", "LI", "SC"]
    assert red_view["sides"]["blue"]["expansion"]["prepared"] is None
    spectator = observe(state, None)
    assert spectator["sides"]["blue"]["expansion"]["prepared"] is None
    assert spectator["sides"]["red"]["expansion"]["prepared"] is None


def test_option_1_each_seat_sees_its_cards_from_its_own_exchange_on() -> None:
    """After Red's exchange Red keeps seeing its remaining cards; Blue still sees none."""
    state = option_1(play(flash(), "b6-b7+", "exchange LI MV"))
    assert observe(state, R)["sides"]["red"]["expansion"]["prepared"] == ["RM", "SC"]
    assert observe(state, B)["sides"]["blue"]["expansion"]["prepared"] is None
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] is None
