"""Ranked-table events (三国盛衰記): settings, table assignment, the session clock and the
details of a table. Their results are ``ranked_results``'s.

The conventions are those of every ``tournaments.services`` module: keyword-only calls, the
event row locked first, permissions checked here (organiser / co-organiser / arbiter of the
event), a refusal raises ``TournamentError`` and saves nothing, every act is audited and bumps
the event's version.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games import TableKind, get_game
from tournaments import callup, ranked_selectors
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, GameTable, RankPointsScale, Round, TableSeat
from tournaments.pairing import tables as table_pairing
from tournaments.pairing.errors import PairingError
from tournaments.services._common import (
    _audit,
    _changed,
    _latest_round,
    _lock_event,
    _lock_round,
    _require_arbiter,
    _require_manager,
)
from tournaments.services.field import _give_start_numbers

MAX_VICTORY_POINTS = 9999
MAX_TURN = 99
MAX_SESSION_MINUTES = 24 * 60
TEXT_LIMIT = 60


def is_ranked(event: Event) -> bool:
    """Whether ``event`` plays a multi-player ranked-table game."""
    try:
        return get_game(event.game).table is TableKind.RANKED_TABLE
    except KeyError:
        return False


def _require_ranked(event: Event) -> None:
    if not is_ranked(event):
        raise TournamentError("not_ranked_event")


# ---------------------------------------------------------------------------------- settings


@transaction.atomic
def ranked_settings_update(
    *,
    actor: User,
    event: Event,
    table_size_min: int,
    table_size_max: int,
    session_minutes: int,
    rank_points_scale: str | None = None,
) -> Event:
    """Set the table sizes (within the game's range of players), the session limit and how
    places score (``Event.rank_points_scale``; None keeps it).

    Sizes and minutes may change between rounds: the next assignment uses the values of its
    moment. The scale is a scoring rule players plan on, fixed once round 1 is assigned
    (``event_locked``), like the points of a Swiss event."""
    event = _lock_event(event)
    _require_manager(actor, event)
    _require_ranked(event)
    scale = event.rank_points_scale if rank_points_scale is None else rank_points_scale
    if scale not in RankPointsScale.values:
        raise TournamentError("invalid_choice", {"value": scale}, field="rank_points_scale")
    if scale != event.rank_points_scale and Round.objects.filter(event=event).exists():
        raise TournamentError(
            "event_locked", {"fields": "rank_points_scale"}, field="rank_points_scale"
        )
    low, high = get_game(event.game).players
    if not (low <= table_size_min <= table_size_max <= high):
        raise TournamentError(
            "invalid_table_size", {"low": low, "high": high}, field="table_size_min"
        )
    if not 1 <= session_minutes <= MAX_SESSION_MINUTES:
        raise TournamentError(
            "invalid_minutes", {"limit": MAX_SESSION_MINUTES}, field="session_minutes"
        )
    changed = {
        key: value
        for key, value in (
            ("table_size_min", table_size_min),
            ("table_size_max", table_size_max),
            ("session_minutes", session_minutes),
            ("rank_points_scale", scale),
        )
        if getattr(event, key) != value
    }
    if changed:
        for key, value in changed.items():
            setattr(event, key, value)
        event.save(update_fields=[*changed, "updated_at"])
        _audit(event, "event_update", actor=actor, fields={k: str(v) for k, v in changed.items()})
        _changed(event, "event")
    return event


# -------------------------------------------------------------------------------- assignment


def _playing(event: Event, number: int) -> list[Entry]:
    """Active entries who play round ``number``: late entries from their first round; before
    round 1, once anyone has checked in, only those who have."""
    active = list(Entry.objects.filter(event=event, status=Entry.Status.ACTIVE))
    playing = [e for e in active if e.first_round <= number]
    if number == 1 and any(e.checked_in for e in active):
        playing = [e for e in playing if e.checked_in]
    return playing


@transaction.atomic
def tables_assign(*, actor: User, event: Event) -> Round:
    """Assign the next round's tables as a draft (``tournaments.pairing.tables``).

    Refused while the latest round is not complete, once every round is assigned, and when
    the players cannot be split into tables of the event's sizes (``no_table_split``)."""
    event = _lock_event(event)
    _require_manager(actor, event)
    _require_ranked(event)
    latest = _latest_round(event)
    if latest is not None and latest.status != Round.Status.COMPLETE:
        raise TournamentError("previous_round_incomplete", {"round": latest.number})
    number = 1 if latest is None else latest.number + 1
    if number > event.rounds:
        raise TournamentError("all_rounds_paired", {"rounds": event.rounds})
    playing = {e.pk for e in _playing(event, number)}
    order = [row.player for row in ranked_selectors.standings(event=event) if row.player in playing]
    try:
        seated = table_pairing.assign_tables(
            order,
            minimum=event.table_size_min,
            maximum=event.table_size_max,
            seed=event.lot_seed,
            round_number=number,
            previous_tables=ranked_selectors.previous_tables(event=event),
        )
    except PairingError as error:
        if error.code == "no_table_split":
            raise TournamentError(
                "no_table_split",
                {
                    "players": len(order),
                    "low": event.table_size_min,
                    "high": event.table_size_max,
                },
            ) from error
        raise
    round_ = Round.objects.create(event=event, number=number, stage=Round.Stage.RANKED_TABLES)
    for table_number, players in enumerate(seated, start=1):
        table = GameTable.objects.create(round=round_, number=table_number)
        TableSeat.objects.bulk_create(TableSeat(table=table, entry_id=p) for p in players)
    _give_start_numbers(event)
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status", "updated_at"])
    _audit(event, "tables_assign", actor=actor, round_number=number, tables=len(seated))
    _changed(event, "rounds", "standings")
    return round_


@transaction.atomic
def tables_delete_draft(*, actor: User, round: Round) -> None:
    """Delete a draft assignment (e.g. after a late drop), so it can be assigned again."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    if round_.status != Round.Status.DRAFT:
        raise TournamentError("round_not_draft", {"round": round_.number})
    number = round_.number
    round_.delete()
    _audit(event, "round_delete_draft", actor=actor, round_number=number)
    _changed(event, "rounds")


@transaction.atomic
def tables_publish(*, actor: User, round: Round) -> Round:
    """Publish a draft assignment: players and the public see who sits where."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    if round_.status != Round.Status.DRAFT:
        raise TournamentError("round_not_draft", {"round": round_.number})
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    _audit(event, "round_publish", actor=actor, round_number=round_.number)
    _changed(event, "rounds", "pairings")
    callup.call_round_on_commit(round_)
    return round_


@transaction.atomic
def tables_start_session(*, actor: User, round: Round) -> Round:
    """Start the session clock of every table of a published round that has not started:
    each ends ``event.session_minutes`` later (the server's end time is authoritative)."""
    event, round_ = _lock_round(round)
    _require_arbiter(actor, event)
    if round_.status not in (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS):
        raise TournamentError("round_not_published", {"round": round_.number})
    now = timezone.now()
    started = GameTable.objects.filter(round=round_, started_at__isnull=True).update(
        started_at=now, ends_at=now + timedelta(minutes=event.session_minutes)
    )
    if not started:
        raise TournamentError("session_started", {"round": round_.number})
    _audit(
        event,
        "tables_start",
        actor=actor,
        round_number=round_.number,
        minutes=event.session_minutes,
    )
    _changed(event, "pairings")
    callup.call_round_on_commit(round_)  # the session clock runs: to the tables
    return round_


def _lock_table(table: GameTable | int) -> tuple[Event, GameTable]:
    pk = table if isinstance(table, int) else table.pk
    event_id = GameTable.objects.values_list("round__event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    locked = GameTable.objects.select_for_update().select_related("round").get(pk=pk)
    return event, locked


@transaction.atomic
def table_details_set(
    *, actor: User, table: GameTable, scenario: str, powers: Mapping[int, str]
) -> GameTable:
    """Record the table's scenario/notes and the power each seated player takes."""
    event, table = _lock_table(table)
    _require_arbiter(actor, event)
    scenario = scenario.strip()
    if len(scenario) > 200:
        raise TournamentError("name_too_long", {"limit": 200}, field="scenario")
    seats = {seat.entry_id: seat for seat in table.seats.all()}
    if set(powers) - set(seats):
        raise TournamentError("seats_mismatch")
    for entry_id, power in powers.items():
        power = power.strip()
        if len(power) > TEXT_LIMIT:
            raise TournamentError("name_too_long", {"limit": TEXT_LIMIT}, field="powers")
        seats[entry_id].power = power
    TableSeat.objects.bulk_update(seats.values(), ["power"])
    table.scenario = scenario
    table.save(update_fields=["scenario", "updated_at"])
    _audit(event, "table_details", actor=actor, round_number=table.round.number, table=table.number)
    _changed(event, "pairings")
    return table
