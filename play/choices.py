"""What a game outside an event may be: the same choices an event offers (docs/play.md).

The games are the registered two-player games a rules engine referees online; 軍師軍略 plays one
of the event formats (Rule 1 basic, Rule 2 expansion, Rule 3 deck-build:
``games.gunshi_rules.EVENT_FORMATS``), 軍棋 any of the event's §9 variants
(``tournaments.models.JUNQI_VARIANT_CHOICES``). Time controls are the clock's text form with
presets, the official 20+0 first, and limits of their own for casual play.
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.translation import gettext_lazy as _

from games import TableKind, get_game, registered_games
from games.gunshi_rules import EVENT_FORMATS
from matches.models import Match
from tournaments.models import JUNQI_VARIANT_CHOICES, Event

GUNSHI: Final = "gunshi"
JUNQI: Final = "junqi"

#: The 軍師軍略 formats in the words an event uses for them (``Event.Format``).
GUNSHI_FORMATS: Final = tuple((value, label) for value, label in Event.Format.choices)
JUNQI_VARIANTS: Final = tuple(key for key, _label in JUNQI_VARIANT_CHOICES)

#: Time controls offered as one-click choices, the official one first (RULES.md §15.1).
TIME_CONTROL_PRESETS: Final = (
    ("20+0", _("20+0 · official")),
    ("10+5", _("10+5")),
    ("5+3", _("5+3")),
    ("3+2", _("3+2")),
)

#: Casual limits: each side starts with 5 seconds to 180 minutes and gains at most 60 seconds
#: per decision.
MIN_INITIAL_MS: Final = 5_000
MAX_INITIAL_MS: Final = 180 * 60_000
MAX_INCREMENT_MS: Final = 60_000


def playable_games() -> list[tuple[str, Any]]:
    """The games a player may offer: two players, refereed online by a rules engine."""
    return [
        (game.key, game.title)
        for game in registered_games()
        if game.rules is not None and game.table == TableKind.HEAD_TO_HEAD
    ]


def game_format_for(game: str, variant: str, junqi_variants: list[str]) -> Any:
    """The ``game_format`` argument of ``match_create`` for a seek's choices."""
    if game == GUNSHI:
        return EVENT_FORMATS[variant]()
    if game == JUNQI and junqi_variants:
        return dict.fromkeys(junqi_variants, True)
    return None


def format_label(game: str, variant: str, junqi_variants: list[str]) -> str:
    """The format in words: the 軍師軍略 rule, the 軍棋 variants, else the standard game."""
    if game == GUNSHI:
        return str(dict(GUNSHI_FORMATS).get(variant, Match.Variant.BASIC.label))
    if game == JUNQI and junqi_variants:
        labels = dict(JUNQI_VARIANT_CHOICES)
        return ", ".join(str(labels[v]).split(":")[0] for v in junqi_variants if v in labels)
    return str(_("Standard game"))


def recommended_time_control(game: str) -> str:
    """The game's own recommended clock (軍師軍略: the official 20+0)."""
    return get_game(game).timing.time_control or "20+0"
