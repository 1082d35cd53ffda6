"""Refusals of the play services: one exception, stable codes, translated messages.

A page shows ``PlayError.message()`` beside the form field the error names (``field``) or as a
message above the page; ``http_status`` is what a refused request answers with.
"""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

MESSAGES: Final[dict[str, Promise]] = {
    "login_required": _("Log in to play."),
    "unknown_game": _("Choose a game the site can referee online."),
    "unknown_format": _("Choose a format from the list."),
    "invalid_junqi_variants": _("Choose 軍棋 variants from the list."),
    "invalid_time_control": _(
        "Write the time control as minutes+seconds, e.g. 20+0 or 10+5 (90s+0 for seconds)."
    ),
    "time_control_too_short": _("Each player needs at least 5 seconds."),
    "time_control_too_long": _(
        "Each player may have at most 180 minutes and an increment of at most 60 seconds."
    ),
    "unknown_colour": _("Choose Red, Blue or Random."),
    "unknown_kind": _("Choose the lobby, a challenge link or a player."),
    "unknown_player": _("There is no player with that user name."),
    "player_required": _("Give the user name of the player you challenge."),
    "own_challenge": _("You cannot challenge yourself."),
    "too_many_open_seeks": _(
        "You have too many open games waiting: cancel one or wait until it is accepted."
    ),
    "seek_rate_limited": _("You are creating games too quickly: wait a minute."),
    "seek_not_found": _("There is no such game offer."),
    "seek_not_open": _("This game offer is no longer open."),
    "seek_expired": _("This game offer has expired."),
    "own_seek": _("You cannot accept your own game offer."),
    "not_your_seek": _("Only the player who offered the game can cancel it."),
    "not_for_you": _("This challenge is addressed to another player."),
    "bad_token": _("This challenge link is not valid."),
    "unknown_level": _("Choose a level from 1 to 4."),
    "computer_game_unfinished": _(
        "You already have a game against the computer in play: finish it (or resign) first."
    ),
    "computer_rate_limited": _("You are starting games too quickly: wait a minute."),
    "computer_cannot_play": _("The computer's accounts cannot start games."),
}

HTTP_STATUS: Final[dict[str, int]] = {
    "login_required": 403,
    "unknown_game": 400,
    "unknown_format": 400,
    "invalid_junqi_variants": 400,
    "invalid_time_control": 400,
    "time_control_too_short": 400,
    "time_control_too_long": 400,
    "unknown_colour": 400,
    "unknown_kind": 400,
    "unknown_player": 400,
    "player_required": 400,
    "own_challenge": 400,
    "too_many_open_seeks": 429,
    "seek_rate_limited": 429,
    "seek_not_found": 404,
    "own_seek": 400,
    "not_your_seek": 403,
    "not_for_you": 403,
    "bad_token": 403,
    "unknown_level": 400,
    "computer_game_unfinished": 409,
    "computer_rate_limited": 429,
    "computer_cannot_play": 403,
}


class PlayError(Exception):
    """A request the play services refuse; nothing was changed."""

    def __init__(self, code: str, *, field: str | None = None) -> None:
        if code not in MESSAGES:  # pragma: no cover - a programming error
            raise ValueError(f"unknown play error code {code!r}")
        super().__init__(code)
        self.code = code
        self.field = field

    @property
    def http_status(self) -> int:
        """The status a page answers with (409 by default: the offer changed meanwhile)."""
        return HTTP_STATUS.get(self.code, 409)

    def message(self) -> str:
        """The translated message, in the active language."""
        return str(MESSAGES[self.code])
