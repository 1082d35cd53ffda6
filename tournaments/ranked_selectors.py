"""Reads for ranked-table events (三国盛衰記): tables of a round, standings, a player's table.

Standings are computed by the pure ``tournaments.standings.rank_points`` from the confirmed
tables; nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.utils import timezone

from tournaments.models import Entry, Event, GameTable, Round, TableSeat
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


def format_points(value: object) -> str:
    """Rank points as text: whole numbers plain, halves with one decimal (3.5)."""
    number = float(value)  # type: ignore[arg-type]
    return str(int(number)) if number == int(number) else f"{number:.1f}"


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
    return rank_standings(players, _confirmed_tables(event), seed=event.lot_seed)


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
    seat: TableSeat
    rank_points: str


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
    views = []
    for table in tables:
        seats = list(table.seats.all())
        lines = []
        if table.is_final:
            seats.sort(key=lambda s: (s.place or 99, s.entry.name))
            for seat in seats:
                sharing = sum(1 for s in seats if s.place == seat.place)
                points = rank_points_for(seat.place or 1, sharing, len(seats))
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
