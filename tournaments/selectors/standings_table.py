"""The standings table a page shows: the pure standings over the event's history, with
labelled tie-break columns and points written for display."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import get_game
from tournaments.models import Entry, Event, Round
from tournaments.standings import (
    StandingRow,
    standings,
)

from .history import event_history, event_tiebreak_codes, event_tiebreaks, points_scheme

# Labels of the tie-break codes (docs/tiebreaks.md has the definitions).
TIEBREAK_LABELS: dict[str, Any] = {
    "BH": _("Buchholz"),
    "BH-C1": _("Buchholz cut 1"),
    "BH-M1": _("Median Buchholz"),
    "SB": _("Sonneborn-Berger"),
    "DE": _("Direct encounter"),
    "DE-F": _("Direct encounter (forfeits count)"),
    "WIN": _("Wins"),
    "WON": _("Games won"),
    "BWG": _("Wins as Blue"),
    "PS": _("Progressive score"),
    "OMW": _("Opponents' match-win %"),
    "RND": _("Drawing of lots"),
    "GS": _("Game score (games whose results carry a score)"),
}

# Column headings of the standings: the codes, except the drawing of lots, which has a word.
TIEBREAK_SHORT: dict[str, Any] = {
    "BH": "BH",
    "BH-C1": "BH-C1",
    "BH-M1": "MBH",
    "SB": "SB",
    "DE": "DE",
    "DE-F": "DE",
    "WIN": "WIN",
    "WON": "WON",
    "BWG": "BWG",
    "PS": "PS",
    "OMW": "OMW%",
    "RND": pgettext_lazy("standings column: drawing of lots", "Lot"),
    "GS": "GS",
}


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    entry: Entry
    tiebreaks: tuple[tuple[str, Any], ...]  # (code, display value)
    points: str  # the score for display ("2.5", not "5/2")


@dataclass(frozen=True)
class StandingsTable:
    event: Event
    after_round: int
    complete_rounds: int
    columns: tuple[tuple[str, str, Any], ...]  # (code, short label, long label)
    lines: tuple[StandingLine, ...] = field(default=())
    #: Whether round ``after_round`` has every result in (else it is still being played).
    last_round_complete: bool = False
    #: The event is finished: the table is its final ranking.
    final: bool = False

    @property
    def draws(self) -> bool:
        """Whether the event's game has draws: the table then counts them (wins–draws–losses)."""
        return get_game(self.event.game).draws


def _display(value: Any) -> Any:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "" if value is None else value


def event_standings(*, event: Event, after_round: int | None = None) -> StandingsTable:
    """The standings after ``after_round`` (default: the last published round).

    Only published rounds count; pending tables count as nothing until their result is in.
    Runs three queries whatever the size of the event.
    """
    data = event_history(event=event, up_to_round=after_round)
    complete = sum(1 for r in data.rounds if r.status == Round.Status.COMPLETE)
    codes = event_tiebreak_codes(event)
    rows = standings(
        data.history,
        points=points_scheme(event),
        tiebreaks=event_tiebreaks(event, data),
        after_round=data.last_round,
        seed=event.lot_seed,
    )
    lines = tuple(
        StandingLine(
            row=row,
            entry=data.entries[row.player],
            tiebreaks=tuple(
                (code, _display(value)) for code, value in zip(codes, row.tiebreaks, strict=True)
            ),
            points=str(_display(row.points)),
        )
        for row in rows
    )
    columns = tuple(
        (code, TIEBREAK_SHORT.get(code, code), TIEBREAK_LABELS.get(code, code)) for code in codes
    )
    last = data.rounds[-1] if data.rounds else None
    return StandingsTable(
        event=event,
        after_round=data.last_round,
        complete_rounds=complete,
        columns=columns,
        lines=lines,
        last_round_complete=last is not None and last.status == Round.Status.COMPLETE,
        final=event.status == Event.Status.FINISHED and after_round is None,
    )


def display_points(value: Fraction | Decimal) -> str:
    return str(_display(Fraction(value)))
