"""A match's logs in words, for the arbiter console: each audit row (``MatchEvent``, and each
decision) as one translated sentence with its time, its actor and its reason, and each
clock-log entry with its kind in words.

The services store stable codes and facts (``MatchEvent.kind`` and ``detail``); this module
turns them into sentences in the reader's language, the way ``tournaments.audit`` does for an
event's log. A kind without a sentence (added without updating this module) reads as its
label, and ``tests/matches/arbiter/test_match_audit_sentences.py`` fails, so every kind the
services write has a sentence in both languages. Times are aware datetimes: the page shows
them in the reader's time zone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clock import datetime_from_epoch_ms
from matches.models import Match, MatchEvent, Seat

K = MatchEvent.Kind

SENTENCES: Final[dict[str, Promise]] = {
    K.CREATED: _("The game was created (time control %(time_control)s)."),
    K.STATUS: _("The game went from “%(previous)s” to “%(status)s”."),
    K.STARTED: _("The game started."),
    K.JOINED: _("%(seat)s joined the board."),
    K.ACTION: _("%(seat)s made decision %(ply)s."),
    K.PRESS: _("%(seat)s's side of the clock was pressed (press %(ply)s)."),
    K.RESIGN: _("%(seat)s resigned."),
    K.FLAG_CLAIM: _("%(seat)s claimed the flag."),
    K.TIMEOUT: _("%(seat)s's flag fell: %(seat)s loses on time."),
    K.PAUSE: _("The clock was paused."),
    K.RESUME: _("The clock was resumed."),
    K.TIME_ADJUST: _("%(change)s on %(seat)s's clock."),
    K.RESULT_SET: _("The result was set: %(winner)s, %(method)s (before: %(previous)s)."),
    K.RESULT_REPORTED: _("%(seat)s reported: %(winner)s wins by %(method)s."),
    K.RESULT_CONFIRMED: _("%(seat)s confirmed: %(winner)s wins by %(method)s."),
    K.DISPUTED: _("%(seat)s reported another result: %(winner)s wins by %(method)s."),
    K.NO_SHOW: _("%(seat)s lost by no-show."),
    K.SETUP_TIMEOUT: _("The set-up time ran out."),
}

#: Sentences of rows whose facts call for another wording than their kind's.
FLAG_SETTLES: Final = _(
    "%(flag)s's flag fell at %(fell_at)s while a report was pending; it agrees with the "
    "report, so the report is the result: %(winner)s wins by %(method)s."
)
FLAG_DISPUTES: Final = _(
    "%(flag)s's flag fell at %(fell_at)s against the pending report: the flag does not decide, "
    "the clock is stopped and the arbiter decides."
)
RESULT_FROM_TOURNAMENT: Final = _(
    "The game took its table's result in the event: %(winner)s, %(method)s."
)
DRAW_REPORTED: Final = _("%(seat)s reported a draw.")
ACTION_TEXT: Final = _("%(seat)s made decision %(ply)s: %(action)s")
ADDED: Final = _("%(seconds)s s added")
REMOVED: Final = _("%(seconds)s s removed")
NO_RESULT: Final = _("no result")
#: Added to a time adjustment that the clock's range cut short.
ASKED: Final = _("(%(seconds)s s were asked.)")

#: The clock log's kinds (``clock.ClockEventKind``) in words.
CLOCK_KINDS: Final[dict[str, Promise]] = {
    "start": _("Clock started"),
    "press": _("Pressed"),
    "switch": _("Turn passed"),
    "stop": _("Clock stopped"),
    "pause": _("Paused"),
    "resume": _("Resumed"),
    "adjust": _("Time adjusted"),
    "flag": _("Flag fell"),
}


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One row of the audit log as the console shows it."""

    at: datetime
    kind: str
    sentence: str
    actor: str
    reason: str


class _Params(dict[str, Any]):
    """Sentence parameters; a fact the row does not have reads as "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def _label(choices: Any, value: Any) -> str:
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)


def clock_text(ms: int) -> str:
    """Remaining time as a clock shows it: ``m:ss`` (``0:ss.t``, tenths, below one minute)."""
    minutes, rest = divmod(max(ms, 0), 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{minutes}:{seconds:02d}" if minutes else f"0:{seconds:02d}.{millis // 100}"


def _seconds(ms: Any) -> str:
    return f"{abs(int(ms)) / 1000:g}" if isinstance(ms, int) else "?"


def _clock_time(ms: Any) -> str:
    if not isinstance(ms, int):
        return "?"
    return timezone.localtime(datetime_from_epoch_ms(ms)).strftime("%H:%M:%S")


def _result(detail: Mapping[str, Any]) -> str:
    if not detail.get("winner"):
        return str(NO_RESULT)
    return f"{_label(Match.Winner, detail['winner'])}, {_label(Match.Method, detail['method'])}"


def audit_sentence(kind: str, seat: str | None, ply: int, detail: Mapping[str, Any]) -> str:
    """One audit row (its kind, seat, ply and stored facts) as a sentence in the active
    language."""
    params = _Params({key: str(value) for key, value in detail.items()})
    params["ply"] = str(ply)
    params["seat"] = _label(Seat, seat) if seat else "?"
    for key in ("winner", "method"):
        if key in detail:
            choices = Match.Winner if key == "winner" else Match.Method
            params[key] = _label(choices, detail[key])
    template: Promise | None = SENTENCES.get(kind)
    if kind == K.STATUS:
        params["previous"] = _label(Match.Status, detail.get("previous"))
        params["status"] = _label(Match.Status, detail.get("status"))
    elif kind == K.TIME_ADJUST:
        applied = detail.get("applied_ms")
        template_change = ADDED if isinstance(applied, int) and applied >= 0 else REMOVED
        params["change"] = str(template_change) % {"seconds": _seconds(applied)}
        requested = detail.get("requested_ms")
        if requested != applied:
            asked = str(ASKED) % {"seconds": _seconds(requested)}
            return f"{str(SENTENCES[kind]) % params} {asked}"
    elif kind == K.RESULT_SET:
        params["previous"] = _result(detail.get("previous") or {})
        if detail.get("source") == "tournament":
            template = RESULT_FROM_TOURNAMENT
    elif kind in (K.RESULT_CONFIRMED, K.DISPUTED) and "flag" in detail:
        params["flag"] = _label(Seat, detail["flag"])
        params["fell_at"] = _clock_time(detail.get("fell_at"))
        template = FLAG_SETTLES if kind == K.RESULT_CONFIRMED else FLAG_DISPUTES
        if kind == K.RESULT_CONFIRMED:
            settled: Mapping[str, Any] = next(iter((detail.get("reports") or {}).values()), {})
            params["winner"] = _label(Match.Winner, settled.get("winner"))
            params["method"] = _label(Match.Method, settled.get("method"))
    elif kind == K.DISPUTED:
        mine = (detail.get("reports") or {}).get(seat or "", {})
        params["winner"] = _label(Match.Winner, mine.get("winner"))
        params["method"] = _label(Match.Method, mine.get("method"))
    elif kind == K.RESULT_REPORTED and detail.get("winner") == Match.Winner.DRAW:
        template = DRAW_REPORTED
    elif kind == K.ACTION and detail.get("action"):
        template = ACTION_TEXT
    if template is None:
        return _label(K, kind)
    return str(template) % params


def _actor(row: Mapping[str, Any]) -> str:
    """Who acted: the account, else the seat's player (a seat link), else the server."""
    if row.get("actor"):
        return str(row["actor"])
    seat = (row.get("detail") or {}).get("by_seat") or row.get("seat")
    if seat:
        return str(_("%(seat)s's seat link")) % {"seat": _label(Seat, seat)}
    return str(_("the server"))


def audit_lines(rows: list[dict[str, Any]]) -> list[AuditLine]:
    """``matches.selectors.match_audit_log`` rows as console lines (time, sentence, actor,
    reason)."""
    lines = []
    for row in rows:
        detail = row.get("detail") or {}
        reason = detail.get("reason") or detail.get("note") or ""
        lines.append(
            AuditLine(
                at=datetime.fromisoformat(row["at"]),
                kind=row["kind"],
                sentence=audit_sentence(row["kind"], row.get("seat"), row["ply"], detail),
                actor=_actor(row),
                reason=str(reason),
            )
        )
    return lines


def clock_lines(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``matches.selectors.match_clock_log`` rows with their time as an aware datetime and
    their kind and seat in words."""
    return [
        {
            **row,
            "when": datetime_from_epoch_ms(row["at"]),
            "kind_label": str(CLOCK_KINDS.get(row["kind"], row["kind"])),
            "seat_label": _label(Seat, row["seat"]) if row.get("seat") else "",
        }
        for row in rows
    ]
