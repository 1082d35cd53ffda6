"""Results of ranked-table events (三国盛衰記): claims reported and confirmed at the table, and
the arbiter's entries.

A table's result is a list of seat claims ``{"entry": id, "victory_points": n,
"eliminated_turn": n or None}`` (one per seated player); places and rank points follow from it
(``tournaments.standings.rank_points``). The first report waits for every other seated player;
the result is final once all have reported the same, and a differing claim opens a dispute
that only an organiser or arbiter settles (they also enter and correct tables' results).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from tournaments import callup
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, GameTable, Round, TableSeat
from tournaments.services._common import (
    _audit,
    _changed,
    _require_arbiter,
    _set_round_progress,
)
from tournaments.services.ranked_tables import MAX_TURN, MAX_VICTORY_POINTS, _lock_table
from tournaments.signals import table_result_confirmed
from tournaments.standings.rank_points import SeatResult, places


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
    """Write a confirmed claim onto the seats (places from the ranking rule) and announce it
    inside the transaction (``tournaments.signals.table_result_confirmed``)."""
    placed = places(
        [SeatResult(c["entry"], c["victory_points"], c["eliminated_turn"]) for c in claim]
    )
    by_entry = {c["entry"]: c for c in claim}
    corrected = table.is_final
    seats = list(table.seats.all())
    for seat in seats:
        seat.victory_points = by_entry[seat.entry_id]["victory_points"]
        seat.eliminated_turn = by_entry[seat.entry_id]["eliminated_turn"]
        seat.place = placed[seat.entry_id]
    TableSeat.objects.bulk_update(seats, ["victory_points", "eliminated_turn", "place"])
    table.confirmation = GameTable.Confirmation.CONFIRMED
    table.disputed = False
    table.save(update_fields=["confirmation", "disputed", "agreed", "updated_at"])
    table_result_confirmed.send(sender=GameTable, table=table, corrected=corrected)
    _refresh_round(table.round)


def _refresh_round(round_: Round) -> None:
    """published → in progress (first confirmed table) → complete (every table confirmed)."""
    states = list(GameTable.objects.filter(round=round_).values_list("confirmation", flat=True))
    confirmed = [s == GameTable.Confirmation.CONFIRMED for s in states]
    _set_round_progress(
        round_, all_final=bool(states) and all(confirmed), any_played=any(confirmed)
    )


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
