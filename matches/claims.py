"""The claims of a disputed over-the-board game, for the people who decide it.

A **claim** is one account of how the game ended: a player's report (``Match.otb_reports``,
with the server time it arrived) or the clock's flag (the ``flag`` entry of the clock log:
the seat whose time ran out loses). A dispute is two claims that name different results
(``matches.otb_rulings``). The arbiter console and the organiser's round page show them with
:func:`match_claims` through ``templates/matches/_claims.html`` (the ``match_claims`` tag
of ``match_tags``), so whoever decides sees every claim and when the server received it.

Nothing here is secret: over the board the server holds no game state, and both players see
each other's reports on the clock page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from clock import datetime_from_epoch_ms
from matches.models import ClockLogEntry, Match, MatchEvent

REPORT: Final = "report"
FLAG: Final = "flag"


@dataclass(frozen=True, slots=True)
class Claim:
    """One account of the result: ``seat`` reported it (a report) or flagged (a flag);
    ``winner``/``method`` are ``Match.Winner``/``Match.Method`` values; ``at`` is when the
    server received the report or recorded the fall (``None`` for a report stored before
    reports carried their time and without an audit row)."""

    kind: str
    seat: str
    winner: str
    method: str
    at: datetime | None

    @property
    def seat_label(self) -> str:
        return str(Match.Winner(self.seat).label)

    @property
    def winner_label(self) -> str:
        return str(Match.Winner(self.winner).label) if self.winner in Match.Winner else self.winner

    @property
    def method_label(self) -> str:
        return str(Match.Method(self.method).label) if self.method in Match.Method else self.method


def match_claims(match: Match) -> list[Claim]:
    """Every claim of ``match``'s result, oldest first: the pending reports of a running
    match, and for a disputed one also the flag if it fell (over a pending report, or the
    recorded loss on time of a match disputed before flags stopped deciding over reports).
    Empty once the result is settled."""
    if not match.disputed and match.status != Match.Status.RUNNING:
        return []
    claims = [
        Claim(
            REPORT,
            seat,
            str(report.get("winner", "")),
            str(report.get("method", "")),
            _report_time(match, seat, report.get("at")),
        )
        for seat, report in match.otb_reports.items()
        if seat in ("red", "blue") and isinstance(report, dict)
    ]
    if not match.disputed:
        return sorted(
            claims, key=lambda claim: (claim.at is None, claim.at and claim.at.timestamp())
        )
    flag = ClockLogEntry.objects.filter(match=match, kind="flag").order_by("-seq").first()
    if flag is not None and flag.seat is not None:
        seat, other = ("red", "blue") if flag.seat == 0 else ("blue", "red")
        claims.append(
            Claim(FLAG, seat, other, Match.Method.TIMEOUT, datetime_from_epoch_ms(flag.at))
        )
    return sorted(claims, key=lambda claim: (claim.at is None, claim.at and claim.at.timestamp()))


def _report_time(match: Match, seat: str, at: object) -> datetime | None:
    """When a report arrived: its own time, else its audit row's."""
    if isinstance(at, int) and not isinstance(at, bool):
        return datetime_from_epoch_ms(at)
    row = (
        MatchEvent.objects.filter(
            match=match,
            seat=seat,
            kind__in=[MatchEvent.Kind.RESULT_REPORTED, MatchEvent.Kind.DISPUTED],
        )
        .order_by("-id")
        .values_list("created_at", flat=True)
        .first()
    )
    return row
