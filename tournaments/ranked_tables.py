"""Every write for ranked-table events (三国盛衰記): settings, table assignment, session clock,
results reported and confirmed at the table, and the arbiter's entries.

The conventions are those of ``tournaments.services``: keyword-only calls, the event row
locked first, permissions checked here (organiser / co-organiser / arbiter of the event, or a
player seated at that very table), a refusal raises ``TournamentError`` and saves nothing,
every act is audited and bumps the event's version.

A table's result is a list of seat claims ``{"entry": id, "victory_points": n,
"eliminated_turn": n or None}`` (one per seated player); places and rank points follow from it
(``tournaments.standings.rank_points``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games import TableKind, get_game
from tournaments import callup, ranked_selectors
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, GameTable, RankPointsScale, Round, TableSeat
from tournaments.pairing import tables as table_pairing
from tournaments.pairing.errors import PairingError
from tournaments.services import (
    _audit,
    _changed,
    _give_start_numbers,
    _latest_round,
    _lock_event,
    _require_arbiter,
    _require_manager,
)
from tournaments.standings.rank_points import SeatResult, places

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


def _lock_round(round_: Round | int) -> tuple[Event, Round]:
    pk = round_ if isinstance(round_, int) else round_.pk
    event_id = Round.objects.values_list("event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    return event, Round.objects.select_for_update().get(pk=pk)


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


# ----------------------------------------------------------------------------------- results


def _lock_table(table: GameTable | int) -> tuple[Event, GameTable]:
    pk = table if isinstance(table, int) else table.pk
    event_id = GameTable.objects.values_list("round__event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    locked = GameTable.objects.select_for_update().select_related("round").get(pk=pk)
    return event, locked


def _int_or_none(value: Any, *, code: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise TournamentError(code)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TournamentError(code) from None


def clean_claim(table: GameTable, seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Check a result claim against the table: every seated player exactly once, VP a whole
    number 0–9999, an elimination turn 1–99 or none, and an eliminated player at 0 VP.
    Returns the claim in canonical form (sorted by entry id), so equal claims compare equal."""
    seated = set(table.seats.values_list("entry_id", flat=True))
    claim: list[dict[str, Any]] = []
    for seat in seats:
        entry = _int_or_none(seat.get("entry"), code="seats_mismatch")
        vp = _int_or_none(seat.get("victory_points"), code="invalid_victory_points")
        turn = _int_or_none(seat.get("eliminated_turn"), code="invalid_turn")
        if vp is None or not 0 <= vp <= MAX_VICTORY_POINTS:
            raise TournamentError("invalid_victory_points", {"limit": MAX_VICTORY_POINTS})
        if turn is not None and not 1 <= turn <= MAX_TURN:
            raise TournamentError("invalid_turn", {"limit": MAX_TURN})
        if turn is not None and vp != 0:
            raise TournamentError("eliminated_scores_zero")
        claim.append({"entry": entry, "victory_points": vp, "eliminated_turn": turn})
    entries = [c["entry"] for c in claim]
    if len(entries) != len(set(entries)) or set(entries) != seated:
        raise TournamentError("seats_mismatch")
    return sorted(claim, key=lambda c: c["entry"])


def _apply(table: GameTable, claim: Sequence[Mapping[str, Any]]) -> None:
    """Write a confirmed claim onto the seats (places from the ranking rule)."""
    placed = places(
        [SeatResult(c["entry"], c["victory_points"], c["eliminated_turn"]) for c in claim]
    )
    by_entry = {c["entry"]: c for c in claim}
    seats = list(table.seats.all())
    for seat in seats:
        seat.victory_points = by_entry[seat.entry_id]["victory_points"]
        seat.eliminated_turn = by_entry[seat.entry_id]["eliminated_turn"]
        seat.place = placed[seat.entry_id]
    TableSeat.objects.bulk_update(seats, ["victory_points", "eliminated_turn", "place"])
    table.confirmation = GameTable.Confirmation.CONFIRMED
    table.disputed = False
    table.save(update_fields=["confirmation", "disputed", "agreed", "updated_at"])
    _refresh_round(table.round)


def _refresh_round(round_: Round) -> None:
    """published → in progress (first confirmed table) → complete (every table confirmed)."""
    states = list(GameTable.objects.filter(round=round_).values_list("confirmation", flat=True))
    confirmed = [s == GameTable.Confirmation.CONFIRMED for s in states]
    if states and all(confirmed):
        status = Round.Status.COMPLETE
    elif any(confirmed):
        status = Round.Status.IN_PROGRESS
    else:
        status = Round.Status.PUBLISHED
    if status != round_.status:
        round_.status = status
        round_.completed_at = timezone.now() if status == Round.Status.COMPLETE else None
        round_.save(update_fields=["status", "completed_at"])


def _require_running(round_: Round) -> None:
    public = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS, Round.Status.COMPLETE)
    if round_.status not in public:
        raise TournamentError("round_not_running")


def _summary(claim: Sequence[Mapping[str, Any]]) -> str:
    """A claim as audit text, e.g. ``"#12: 14 VP, #15: 0 VP (out in turn 4)"``."""
    names = dict(Entry.objects.filter(pk__in=[c["entry"] for c in claim]).values_list("pk", "name"))
    parts = []
    for c in claim:
        text = f"{names.get(c['entry'], c['entry'])}: {c['victory_points']} VP"
        if c["eliminated_turn"] is not None:
            text += f" (†{c['eliminated_turn']})"
        parts.append(text)
    return ", ".join(parts)


@transaction.atomic
def table_result_set(
    *,
    actor: User,
    table: GameTable,
    seats: Iterable[Mapping[str, Any]],
    reason: str = "",
) -> GameTable:
    """An organiser or arbiter enters (or rules on, or corrects) a table's result.

    Correcting a confirmed result needs a reason, kept in the audit log."""
    event, table = _lock_table(table)
    _require_arbiter(actor, event)
    _require_running(table.round)
    claim = clean_claim(table, seats)
    was_final, was_disputed = table.is_final, table.disputed
    if was_final and not reason.strip():
        raise TournamentError("reason_required", field="reason")
    _apply(table, claim)
    if was_final:  # a later draft was assigned from the old result: offer a new assignment
        Round.objects.filter(
            event=event, number__gt=table.round.number, status=Round.Status.DRAFT
        ).update(stale=True)
    action = (
        "table_result_correct"
        if was_final
        else ("table_result_ruling" if was_disputed else "table_result_set")
    )
    _audit(
        event,
        action,
        actor=actor,
        round_number=table.round.number,
        table=table.number,
        result=_summary(claim),
        reason=reason.strip(),
    )
    _changed(event, "pairings", "standings", "rounds")
    callup.call_table_on_commit(table)  # no result waits for them any more
    return table


def _require_seated(entry: Entry, table: GameTable) -> None:
    if not table.seats.filter(entry=entry).exists():
        raise TournamentError("not_your_table")


def _seated_ids(table: GameTable) -> set[int]:
    return set(table.seats.values_list("entry_id", flat=True))


def _audit_player(event: Event, table: GameTable, action: str, entry: Entry, **texts: str) -> None:
    """Audit a seated player's act on ``table`` (report, confirmation, dispute)."""
    _audit(event, action, entry=entry, round_number=table.round.number, table=table.number, **texts)


def _record_report(
    event: Event, table: GameTable, entry: Entry, claim: list[dict[str, Any]]
) -> None:
    """``entry`` (re)states the table's report: earlier confirmations no longer hold."""
    table.reported_by = entry
    table.reported = claim
    table.agreed = []
    table.confirmation = GameTable.Confirmation.AWAITING
    table.save(update_fields=["reported_by", "reported", "agreed", "confirmation", "updated_at"])
    _audit_player(event, table, "table_result_report", entry, result=_summary(claim))
    _changed(event, "pairings")


def _record_agreement(event: Event, table: GameTable, entry: Entry) -> None:
    """``entry`` confirms the report; with every seated player in, the result is final."""
    table.agreed = sorted({*table.agreed, entry.pk})
    everyone = {table.reported_by_id, *table.agreed} >= _seated_ids(table)
    if everyone:
        _apply(table, table.reported)
    else:
        table.save(update_fields=["agreed", "updated_at"])
    _audit_player(event, table, "table_result_confirm", entry, result=_summary(table.reported))
    _changed(event, *(("pairings", "standings", "rounds") if everyone else ("pairings",)))


def _record_dispute(
    event: Event, table: GameTable, entry: Entry, claim: list[dict[str, Any]]
) -> None:
    """``entry`` claims something else than the report (or than the report they confirmed, or
    made and others confirmed): only the arbiter settles the table now."""
    table.counter = claim
    table.disputed_by = entry
    table.disputed = True
    table.save(update_fields=["counter", "disputed_by", "disputed", "updated_at"])
    _audit_player(
        event,
        table,
        "table_result_dispute",
        entry,
        reported=_summary(table.reported),
        counter=_summary(claim),
    )
    _changed(event, "pairings")


@transaction.atomic
def table_result_report(
    *, entry: Entry, table: GameTable, seats: Iterable[Mapping[str, Any]]
) -> GameTable:
    """A seated player reports the table's result (ruling "Every other player confirms").

    The first report waits for **every other** seated player: each one reporting the same
    result confirms it, and the result is final once all have. Anyone reporting a different
    result opens a dispute that only an organiser or arbiter settles (``table_result_set``),
    so two players can never fix a result against a third. The reporter may change their
    report while nobody has confirmed it; a player who already confirmed and now claims
    something else opens a dispute too. The table row is locked (with its event) first, so
    simultaneous reports are applied one after the other."""
    event, table = _lock_table(table)
    _require_seated(entry, table)
    _require_running(table.round)
    if table.is_final:
        raise TournamentError("result_final")
    if table.disputed:
        raise TournamentError("result_disputed")
    claim = clean_claim(table, seats)
    callup.call_table_on_commit(table)  # a result to confirm, a dispute or a final one
    reporter, agreed = table.reported_by_id, set(table.agreed)
    if reporter is None or (reporter == entry.pk and not agreed):
        _record_report(event, table, entry, claim)
    elif claim != table.reported:
        _record_dispute(event, table, entry, claim)
    elif reporter == entry.pk or entry.pk in agreed:
        raise TournamentError("already_confirmed")
    else:
        _record_agreement(event, table, entry)
    return table


@transaction.atomic
def table_result_confirm(*, entry: Entry, table: GameTable) -> GameTable:
    """Another player at the table confirms the reported result (as reporting the same)."""
    _event, locked = _lock_table(table)
    _require_seated(entry, locked)
    if locked.confirmation != GameTable.Confirmation.AWAITING or locked.disputed:
        raise TournamentError("nothing_to_confirm")
    if locked.reported_by_id == entry.pk:
        raise TournamentError("own_report_table")
    return table_result_report(entry=entry, table=locked, seats=locked.reported)
