"""Reads for ranked-table events (三国盛衰記): tables of a round, standings, a player's table.

Standings are computed by the pure ``tournaments.standings.rank_points`` from the confirmed
tables; nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from tournaments.models import Entry, Event, GameTable, RankPointsScale, Round, TableSeat
from tournaments.standings.rank_points import (
    RankStandingRow,
    SeatResult,
    rank_points_for,
    rank_standings,
)


@dataclass(frozen=True)
class RankedStandingLine:
    """A standings row with its entry (for names and status)."""

    row: RankStandingRow
    entry: Entry

    @property
    def rank_points(self) -> str:
        return format_points(self.row.rank_points)


def format_points(value: Fraction | int) -> str:
    """Rank points as text: whole numbers plain, others with up to two decimals (3.5, 2.67).

    Standings compare the exact values; normalised points such as 2/3 are only shown
    rounded (docs/tournaments.md, "Normalised rank points")."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{float(exact):.2f}".rstrip("0").rstrip(".")


def is_normalised(event: Event) -> bool:
    """Whether ``event`` scores normalised rank points (mixed table sizes)."""
    return event.rank_points_scale == RankPointsScale.NORMALISED


def _confirmed_tables(event: Event, up_to: int | None = None) -> list[list[SeatResult]]:
    tables = GameTable.objects.filter(
        round__event=event, confirmation=GameTable.Confirmation.CONFIRMED
    )
    if up_to is not None:
        tables = tables.filter(round__number__lte=up_to)
    grouped: dict[int, list[SeatResult]] = {}
    seats = TableSeat.objects.filter(table__in=tables).values_list(
        "table_id", "entry_id", "victory_points", "eliminated_turn"
    )
    for table_id, entry_id, vp, turn in seats:
        grouped.setdefault(table_id, []).append(SeatResult(entry_id, vp or 0, turn))
    return list(grouped.values())


def standings(event: Event) -> list[RankStandingRow]:
    """The standings of every entry of ``event`` from its confirmed tables."""
    players = (
        Entry.objects.filter(event=event)
        .exclude(status=Entry.Status.WAITLISTED)
        .values_list("pk", flat=True)
    )
    return rank_standings(
        players, _confirmed_tables(event), seed=event.lot_seed, normalised=is_normalised(event)
    )


def standing_lines(*, event: Event) -> list[RankedStandingLine]:
    entries = {
        e.pk: e for e in Entry.objects.filter(event=event).exclude(status=Entry.Status.WAITLISTED)
    }
    return [RankedStandingLine(row, entries[row.player]) for row in standings(event)]


def previous_tables(*, event: Event) -> list[list[int]]:
    """The players of every table of every round so far (to avoid repeated meetings)."""
    grouped: dict[int, list[int]] = {}
    for table_id, entry_id in TableSeat.objects.filter(table__round__event=event).values_list(
        "table_id", "entry_id"
    ):
        grouped.setdefault(table_id, []).append(entry_id)
    return list(grouped.values())


@dataclass(frozen=True)
class SeatLine:
    """A seat with its rank points as text, and what the arbiter's result form shows in its
    inputs: the confirmed result, or a player's claim the arbiter chose to start from."""

    seat: TableSeat
    rank_points: str
    victory_points_input: int | None = None
    eliminated_turn_input: int | None = None

    @property
    def vp_value(self) -> int | None:
        if self.victory_points_input is not None:
            return self.victory_points_input
        return self.seat.victory_points

    @property
    def turn_value(self) -> int | None:
        if self.victory_points_input is not None:
            return self.eliminated_turn_input
        return self.seat.eliminated_turn


@dataclass(frozen=True)
class TableView:
    """A table as pages show it: seats in place order once confirmed, with rank points."""

    table: GameTable
    seats: list[SeatLine]

    @property
    def seconds_left(self) -> int | None:
        return seconds_left(self.table.ends_at)

    @property
    def minutes_left(self) -> int | None:
        """Whole minutes left, rounded up (what the page shows before its script runs)."""
        left = self.seconds_left
        return None if left is None else -(-left // 60)

    def _names(self) -> dict[int, str]:
        return {line.seat.entry_id: line.seat.entry.name for line in self.seats}

    @property
    def confirmed_names(self) -> list[str]:
        """Who stands behind the open report: the reporter, then those who confirmed it."""
        names = self._names()
        ids = [self.table.reported_by_id, *self.table.agreed]
        return [names[i] for i in ids if i in names]

    @property
    def waiting_names(self) -> list[str]:
        """Seated players who have not confirmed the open report yet (none: no report)."""
        if self.table.reported_by_id is None or self.table.is_final:
            return []
        done = {self.table.reported_by_id, *self.table.agreed}
        return [line.seat.entry.name for line in self.seats if line.seat.entry_id not in done]

    @property
    def reported_lines(self) -> list[ClaimLine]:
        return claim_lines(self.table.reported, self._names())

    @property
    def counter_lines(self) -> list[ClaimLine]:
        return claim_lines(self.table.counter, self._names())

    @property
    def disputed_by_name(self) -> str:
        return self._names().get(self.table.disputed_by_id or 0, "")


@dataclass(frozen=True)
class ClaimLine:
    """One seat of a reported claim, as the players and the arbiter read it."""

    name: str
    victory_points: int
    eliminated_turn: int | None


def with_claim_inputs(view: TableView, which: str) -> TableView:
    """``view`` with its result inputs filled from a player's claim: ``"reported"`` (the open
    report) or ``"counter"`` (a dispute's other claim); unchanged when there is no such claim."""
    claim = {"reported": view.table.reported, "counter": view.table.counter}.get(which) or []
    by_entry = {c["entry"]: c for c in claim}
    if view.table.is_final or set(by_entry) != {line.seat.entry_id for line in view.seats}:
        return view
    seats = [
        replace(
            line,
            victory_points_input=by_entry[line.seat.entry_id]["victory_points"],
            eliminated_turn_input=by_entry[line.seat.entry_id]["eliminated_turn"],
        )
        for line in view.seats
    ]
    return replace(view, seats=seats)


def claim_lines(claim: list[dict[str, Any]], names: dict[int, str]) -> list[ClaimLine]:
    """A stored claim (``GameTable.reported`` / ``counter``) with the players' names."""
    return [
        ClaimLine(names.get(c["entry"], "?"), c["victory_points"], c["eliminated_turn"])
        for c in claim
    ]


def seconds_left(ends_at: datetime | None, now: datetime | None = None) -> int | None:
    """Whole seconds until ``ends_at`` (0 once over), or None when the session has not begun."""
    if ends_at is None:
        return None
    remaining = (ends_at - (now or timezone.now())).total_seconds()
    return max(0, int(remaining))


def round_tables(*, round_: Round) -> list[TableView]:
    """The tables of a round with their seats (entry and power; results once confirmed)."""
    tables = GameTable.objects.filter(round=round_).prefetch_related(
        Prefetch("seats", queryset=TableSeat.objects.select_related("entry").order_by("id"))
    )
    normalised = is_normalised(round_.event)
    views = []
    for table in tables:
        seats = list(table.seats.all())
        lines = []
        if table.is_final:
            seats.sort(key=lambda s: (s.place or 99, s.entry.name))
            for seat in seats:
                sharing = sum(1 for s in seats if s.place == seat.place)
                points = rank_points_for(
                    seat.place or 1, sharing, len(seats), normalised=normalised
                )
                lines.append(SeatLine(seat, format_points(points)))
        else:
            lines = [SeatLine(seat, "") for seat in seats]
        views.append(TableView(table, lines))
    return views


def entry_current_table(*, entry: Entry) -> GameTable | None:
    """The player's table in the latest published round, if they sit at one."""
    return (
        GameTable.objects.filter(seats__entry=entry)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "reported_by")
        .order_by("-round__number")
        .first()
    )
