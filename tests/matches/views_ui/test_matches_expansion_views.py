"""A seat's live board never carries the opponent's expansion secrets (docs/expansion.md).

Games of the expansion formats are played through ``match_submit_action`` with decisions taken
from the engine's legal decisions; after every decision each seat's view (the JSON the live
board receives, ``match_get_view``) is checked structurally against the engine's full ("god")
state of the match: the opponent's prepared expansion cards (tournament Rule 2), its secret
deck (deck building, option 3) and the cards it removed by the exchange are masked, appear
nowhere else in the view, and its secret decisions read ``prepare ?`` / ``deck ?`` /
``exchange ?`` in the move list. The board page itself holds no game data.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from engine import GameState, Side, legal_actions
from engine.formats import DeckOption, GameFormat, Variant
from engine.state import Phase
from engine.types import CardKind
from matches.models import Match
from matches.selectors import match_game_state, match_get_view
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_create
from matches.ui_labels import UI_LABELS

pytestmark = pytest.mark.django_db

#: Different prepared sets for the two colours, so that finding one in a view means something.
PREPARED = {Side.RED: "prepare RM,SB,RC", Side.BLUE: "prepare RR,LI,SC"}
SECRET_FORMATS = {
    "rule_2": GameFormat.tournament_rule_2(),
    "secret_decks": GameFormat(
        variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET, promos=True
    ),
}


def lists_in(value: Any) -> Iterator[list[Any]]:
    """Every list anywhere in a JSON value."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)


def as_multiset(cards: Any) -> Counter[str]:
    return Counter(str(card) for card in cards)


def secrets_of(god: GameState, side: Side) -> list[Counter[str]]:
    """The card sets of ``side`` its opponent may not see (while the game is not over)."""
    own = god.sides[side]
    secret = []
    if own.prepared and god.format.variant is Variant.EXPANSION:
        secret.append(as_multiset(c.value for c in own.prepared))
    if god.format.deck_option is DeckOption.SECRET and own.cards:
        secret.append(as_multiset(c.value for c in own.cards))
    if own.removed:
        secret.append(as_multiset(c.value for c in own.removed))
    return secret


def check_view(view: dict[str, Any], god: GameState, seat: Side) -> None:
    opponent = seat.opponent
    game = view["game"]
    theirs = game["sides"][opponent.label]["expansion"]
    mine = game["sides"][seat.label]["expansion"]
    assert theirs["prepared"] is None
    assert theirs["removed"] is None
    assert theirs["prepared_count"] == len(god.sides[opponent].prepared)
    if god.format.deck_option is DeckOption.SECRET:
        assert theirs["cards"] is None
    # The viewer's own secrets are there, exactly.
    assert mine["prepared"] == [c.value for c in god.sides[seat].prepared]
    own_sets = [as_multiset(card for card in mine["prepared"]), as_multiset(mine["cards"] or [])]
    # Structurally: no list anywhere in the view is one of the opponent's secret sets (unless
    # the viewer's own set happens to be the same cards).
    for secret in secrets_of(god, opponent):
        if secret in own_sets:
            continue
        for found in lists_in(view):
            if all(isinstance(item, str) for item in found) and found:
                assert as_multiset(found) != secret, (secret, found)
    for entry in view["history"]:
        if entry["seat"] == opponent.label:
            word = entry["text"].split()[0]
            if word in ("prepare", "deck", "exchange"):
                assert entry["text"] == f"{word} ?"


def play(match: Match, rng: random.Random, plies: int) -> Iterator[GameState]:
    """Take ``plies`` decisions (fewer if the game ends) and yield the god state after each."""
    for _ in range(plies):
        god = match_game_state(match)
        if god.phase is Phase.OVER:
            return
        side = god.to_act
        assert side is not None
        texts = [action.to_str() for action in legal_actions(god)]
        text = PREPARED[side] if PREPARED[side] in texts else rng.choice(texts)
        match = match_submit_action(
            match_id=match.pk, seat=side.label, action_text=text, expected_ply=match.ply
        )
        yield match_game_state(match)


@pytest.mark.parametrize("format_name", sorted(SECRET_FORMATS))
def test_a_seats_view_never_holds_the_opponents_expansion_secrets(
    client: Client, format_name: str
) -> None:
    game_format = SECRET_FORMATS[format_name]
    match = match_create(
        red_name="Aoi", blue_name="Ren", game_format=game_format, seed=5, start=True
    )
    rng = random.Random(format_name)
    secrets_seen = 0
    for god in play(match, rng, plies=90):
        match.refresh_from_db()
        if god.phase is Phase.OVER:
            break
        for seat in Side:
            view = match_get_view(match=match, viewer_seat=seat.label, with_presence=False)
            json.dumps(view)  # what the socket sends
            check_view(view, god, seat)
        secrets_seen += sum(bool(secrets_of(god, side)) for side in Side)
    assert secrets_seen > 0  # the check above had something to hide

    # The page itself carries no game data, only the socket's address and the seat token.
    for seat in ("red", "blue"):
        token = getattr(match, f"{seat}_token")
        page = client.get(reverse("matches:match_board", args=[match.pk]) + f"?token={token}")
        text = page.content.decode()
        assert "prepare " not in text
        assert '"prepared"' not in text
        assert '"legal_actions"' not in text


#: The rulebook's names of the expansion cards (RULES.md §12) and the English the page uses.
EXPANSION_CARD_NAMES = {
    "RM": ("高速移動", "Rapid move"),
    "SB": ("兵站強化", "Supply boost"),
    "RC": ("向き変更/強弩攻撃", "Rotate/Crossbow"),
    "RR": ("援軍経路", "Reinforcement route"),
    "LI": ("軽装歩兵", "Light infantry"),
    "SC": ("伝令偵察/将軍偵察", "Scouting"),
    "RP": ("連射", "Rapid fire"),
    "SW": ("位置入替", "Swap"),
    "LS": ("連環の計", "Linked stratagem"),
}


def test_every_card_and_phase_has_a_name_in_both_languages() -> None:
    assert {card.value for card in CardKind} == {"MV", "RS", "FN", "RF"} | set(EXPANSION_CARD_NAMES)
    for code, (japanese, english) in EXPANSION_CARD_NAMES.items():
        with translation.override("ja"):
            assert str(UI_LABELS[f"card_{code}"]) == japanese
        with translation.override("en"):
            assert str(UI_LABELS[f"card_{code}"]) == english
    for phase in Phase:
        assert f"phase_{phase.value}" in UI_LABELS
