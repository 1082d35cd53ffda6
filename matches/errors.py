"""Errors of the match layer: one exception class, stable codes, translated messages.

Services raise ``MatchError(code, ply=...)``; interfaces (the WebSocket consumer, the JSON API,
page views) turn it into an error frame or response with ``error_payload``. The code is stable
and documented in docs/protocol.md; the message is looked up here, in one table, and
translated in the language active when the payload is built. Messages never contain anything
from the game state beyond what the requester already knows (they contain nothing from it at
all): engine details are not passed on.
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

MESSAGES: Final[dict[str, Promise]] = {
    "bad_message": _("The request is malformed."),
    "not_found": _("There is no such match."),
    "stale_ply": _("The game has moved on since this request was made. Reload the position."),
    "not_a_player": _("Only the players of this match can do that."),
    "not_your_turn": _("It is not your turn."),
    "invalid_action": _("That is not a valid action."),
    "illegal_action": _("That action is not legal now."),
    # 軍棋 set-ups the rules refuse (RULES.md §3.1–3.4): the reason, not just "invalid".
    "setup_format": _(
        "That set-up cannot be read: six rows of five stations, each a piece code, "
        "with a + on every camp."
    ),
    "setup_counts": _(
        "A set-up holds exactly your 25 pieces: marshal, general, 2 division, 2 brigade, "
        "2 regiment and 2 battalion commanders, 3 company commanders, 3 platoon leaders, "
        "3 engineers, 2 bombs, 3 landmines and the flag."
    ),
    "setup_flag": _("The flag must stand on one of your two headquarters."),
    "setup_mine": _("Landmines may stand only on your two back rows."),
    "setup_bomb": _("A bomb may not stand on your front row."),
    "not_started": _("The match has not started yet."),
    "match_over": _("The match is over."),
    "match_not_finished": _("The game record is published when the match is over."),
    "flag_fallen": _("A flag has fallen: the match is lost on time."),
    "flag_not_fallen": _("No flag has fallen."),
    "setup_time_up": _("The set-up time is over."),
    "no_show": _("The no-show time limit has passed: the match is lost by no-show."),
    "no_show_off": _("This match has no no-show rule."),
    "not_untimed": _(
        "The no-show rule applies only while the game waits for a player and no clock runs."
    ),
    "clock_paused": _("The clock is paused by the arbiter."),
    "not_paused": _("The clock is not paused."),
    "already_paused": _("The clock is already paused."),
    "not_allowed": _("You are not allowed to do that."),
    "wrong_kind": _("This operation is not available for this kind of match."),
    "not_running_seat": _("That side's clock is not running."),
    "invalid_result": _("That is not a valid result."),
    "nothing_to_confirm": _("The opponent has not reported a result yet."),
    "result_disputed": _("The result is disputed: the clock is stopped and the arbiter decides."),
    "invalid_transition": _("The match cannot change to that status."),
    "reason_required": _("Give a reason."),
    "bad_token": _("This seat link is not valid."),
    "invalid_time_control": _("That is not a valid time control."),
    "already_started": _("The game has already started."),
    "before_start_deadline": _("The start deadline has not passed yet: a player may still join."),
    "seat_joined": _("That player has joined the game: it cannot be forfeited as a no-show."),
    "first_decision_made": _(
        "The game is not waiting for a player's first decision: it can no longer be forfeited "
        "as a no-show."
    ),
    "seat_decided": _(
        "That player has made a decision or is not the one the game waits for: it cannot be "
        "forfeited as a no-show."
    ),
    "method_not_allowed": _("This address does not accept that HTTP method."),
    "csrf_failed": _(
        "The request was refused by the CSRF check: send a seat token, or the CSRF token "
        "with the session."
    ),
    "request_too_large": _("The request is too large."),
    "no_such_endpoint": _("There is no such API address."),
    "rate_limited": _("Too many requests: slow down."),
    "server_error": _("The server could not handle the request; nothing was changed."),
    "invalid_time_adjustment": _(
        "A time adjustment must be at most 60 minutes either way, and not zero."
    ),
    "game_not_online": _(
        "This game is played over the board only: the site cannot referee it online."
    ),
}

#: HTTP status for each code (default 409: the request conflicts with the match's state).
HTTP_STATUS: Final[dict[str, int]] = {
    "bad_message": 400,
    "invalid_action": 400,
    "setup_format": 400,
    "setup_counts": 400,
    "setup_flag": 400,
    "setup_mine": 400,
    "setup_bomb": 400,
    "invalid_result": 400,
    "reason_required": 400,
    "invalid_time_control": 400,
    "game_not_online": 400,
    "invalid_time_adjustment": 400,
    "not_found": 404,
    "no_such_endpoint": 404,
    "method_not_allowed": 405,
    "csrf_failed": 403,
    "request_too_large": 413,
    "rate_limited": 429,
    "server_error": 500,
    "not_a_player": 403,
    "not_allowed": 403,
    "bad_token": 403,
}


class MatchError(Exception):
    """A request the match layer refuses; nothing was changed.

    ``ply`` is the match's ply when it was refused (``None`` if unknown), so that every error
    frame carries one as the protocol promises.
    """

    def __init__(self, code: str, *, ply: int | None = None, detail: str = "") -> None:
        if code not in MESSAGES:  # pragma: no cover - a programming error
            raise ValueError(f"unknown match error code {code!r}")
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.ply = ply
        self.detail = detail  # for logs only: never sent to a client

    @property
    def http_status(self) -> int:
        return HTTP_STATUS.get(self.code, 409)

    def message(self) -> str:
        """The translated message, in the active language."""
        return str(MESSAGES[self.code])


#: The set-up error codes of games with a set-up string (junqi/setup.py ``setup.*``), each
#: shown as its own reason (the engine code ``setup.flag`` becomes ``setup_flag``).
SETUP_ERROR_CODES: Final = frozenset(
    {"setup_format", "setup_counts", "setup_flag", "setup_mine", "setup_bomb"}
)


def rules_error_code(kind: str, game_code: str) -> str:
    """The match error code of a decision the rules refused: a set-up's own reason when the
    game names one, else ``invalid_action`` (not a decision) or ``illegal_action``."""
    setup_code = game_code.replace(".", "_")
    if setup_code in SETUP_ERROR_CODES:
        return setup_code
    return "illegal_action" if kind == "illegal" else "invalid_action"


def error_payload(error: MatchError) -> dict[str, Any]:
    """The WebSocket error frame for ``error`` (the HTTP body nests the same fields)."""
    return {"type": "error", "code": error.code, "message": error.message(), "ply": error.ply}
