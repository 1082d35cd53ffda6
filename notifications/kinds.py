"""What a notification can say: its kinds, the words of each, and which go by e-mail by default.

A notification stores its ``kind`` and a few plain ``params`` (names, round and table numbers),
never a sentence: the sentence is built here when it is read, in the reader's language (the
page's, or the recipient's chosen language for an e-mail). Only the keys of :data:`PARAMS` may
be stored, each a short text, a number or a yes/no, so a notification cannot carry a game's
hidden information: it names people and rounds and links to the page that shows the rest
with the reader's own rights.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    CHALLENGE_RECEIVED = "challenge_received", _("Challenge received")
    GAME_STARTED = "game_started", _("Game started")
    ROUND_PUBLISHED = "round_published", _("Round published")
    RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
    RESULT_DISPUTED = "result_disputed", _("Result disputed")
    RESULT_CORRECTED = "result_corrected", _("Result corrected")


#: The kinds that also go by e-mail for an account that never chose: only a challenge, which
#: waits for an answer from someone who may not have the site open. Everything else happens
#: in games and events the player is already following on the site.
DEFAULT_EMAIL_KINDS: Final = frozenset({Kind.CHALLENGE_RECEIVED.value})

#: The parameters a notification may carry, and the longest text of each.
PARAMS: Final = {
    "challenger": 150,  # a display name
    "opponent": 150,  # a display name
    "event": 200,  # an event's name
    "round": 0,  # a round number
    "table": 0,  # a table number
    "bye": 0,  # the player has the bye of the round
}
#: The longest target address.
URL_LIMIT: Final = 500


def check_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` as stored, or ``ValueError`` for an unknown key or a value of the wrong
    shape (only short texts, whole numbers and yes/no)."""
    checked: dict[str, Any] = {}
    for key, value in params.items():
        if key not in PARAMS:
            raise ValueError(f"unknown notification parameter {key!r}")
        limit = PARAMS[key]
        if limit:
            if not isinstance(value, str) or len(value) > limit:
                raise ValueError(f"parameter {key!r} must be a text of at most {limit} characters")
        elif key == "bye":
            if not isinstance(value, bool):
                raise ValueError("parameter 'bye' must be true or false")
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"parameter {key!r} must be a whole number")
        checked[key] = value
    return checked


def title(kind: str) -> str:
    """The kind's short title (the bell's heading of an item, an e-mail's subject)."""
    try:
        return str(Kind(kind).label)
    except ValueError:
        return gettext("Notification")


#: The sentence of each kind about a game of an event (its name and round are known).
IN_EVENT: Final[dict[str, Any]] = {
    Kind.GAME_STARTED: _("%(event)s, round %(round)s: your game against %(opponent)s has started."),
    Kind.RESULT_CONFIRMED: _("%(event)s, round %(round)s: the result of your game is confirmed."),
    Kind.RESULT_DISPUTED: _(
        "%(event)s, round %(round)s: the result of your game is disputed. An arbiter will decide."
    ),
    Kind.RESULT_CORRECTED: _(
        "%(event)s, round %(round)s: an arbiter corrected the result of your game."
    ),
}
#: The sentence of each kind otherwise (a challenge, a game outside events).
OUTSIDE_EVENTS: Final[dict[str, Any]] = {
    Kind.CHALLENGE_RECEIVED: _("%(challenger)s challenged you to a game."),
    Kind.GAME_STARTED: _("Your game against %(opponent)s has started."),
    Kind.RESULT_CONFIRMED: _("The result of your game against %(opponent)s is recorded."),
    Kind.RESULT_DISPUTED: _(
        "The result of your game against %(opponent)s is disputed. An arbiter will decide."
    ),
    Kind.RESULT_CORRECTED: _("An arbiter corrected the result of your game against %(opponent)s."),
}
ROUND_TABLE: Final = _("%(event)s: round %(round)s is published. You play at table %(table)s.")
ROUND_BYE: Final = _("%(event)s: round %(round)s is published. You have the bye.")


def message(kind: str, params: Mapping[str, Any]) -> str:
    """The sentence of a notification, in the active language (a parameter the row lacks
    reads as a neutral word, never as an error)."""
    p = {"event": "", "round": "", "table": "", **params}
    p["opponent"] = p.get("opponent") or gettext("your opponent")
    p["challenger"] = p.get("challenger") or gettext("A player")
    if kind == Kind.ROUND_PUBLISHED:
        return str(ROUND_BYE if p.get("bye") else ROUND_TABLE) % p
    in_event = bool(p["event"]) and p["round"] != ""
    sentence = IN_EVENT.get(kind) if in_event else None
    sentence = sentence or OUTSIDE_EVENTS.get(kind)
    if sentence is None:
        return title(kind)
    return str(sentence) % p
