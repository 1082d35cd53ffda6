"""The arbiter's acts on one match, and on every match of an event at once.

On one match: pause and resume the clock (over the board a player may too, to call the
arbiter), adjust a seat's time with a reason, set or correct the result, apply the no-show
rule now, and forfeit a seat absent at the start deadline. On an event: start every waiting
match ("start the round"), pause or resume every clock. Each act checks
``matches.permissions`` only when an actor is given (``actor=None`` is trusted server code).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

from clock import (
    ClockRangeError,
    ClockState,
    clock_adjust,
    clock_flagged,
    clock_pause,
    clock_record_flag,
    clock_resume,
    clock_stop,
    epoch_ms,
    other_seat,
)
from games import get_game
from matches import attention
from matches.errors import MatchError
from matches.models import Match, MatchEvent, Seat
from matches.permissions import user_can_arbitrate_event
from matches.result_methods import game_result_methods
from matches.rows import lock_match
from matches.selectors import SEAT_LABELS, match_clock_state, match_seat_to_act, seat_index
from matches.services._common import (
    _after_change,
    _atomic,
    _CommitThenRaise,
    _event,
    _now,
    _require_arbiter,
    _require_live,
    _require_not_over,
    _require_seat,
    _set_clock,
)
from matches.services.lifecycle import _announce_result_on_commit, _finish, match_start
from matches.services.timeouts import _adjudicate_if_flagged, _adjudicated_error, _record_no_show
from matches.signals import match_result_recorded

logger = logging.getLogger(__name__)


#: The largest time adjustment an arbiter may make at once, either way (the arbiter console's
#: form and the API document read it too): a bigger one is a typing error, not a ruling.
MAX_TIME_ADJUSTMENT_MS: Final = 60 * 60 * 1000


#: ``match_set_result``'s ``source`` when the result comes from the table in the tournament.
RESULT_FROM_TOURNAMENT: Final = "tournament"


#: ``match_forfeit_absent`` seats: one absent seat, or both (a double forfeit).
ABSENT_BOTH: Final = "both"


def _flag_first(match: Match, clock: ClockState, now_dt: datetime, actor: Any) -> bool:
    return _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=epoch_ms(now_dt), actor=actor)


@_atomic
def match_pause(
    *,
    match_id: int,
    actor: Any = None,
    requester_seat: str | None = None,
    note: str = "",
    now: datetime | None = None,
) -> Match | _CommitThenRaise:
    """Pause the clock. Arbiters may pause any match; over the board, a player may too (to
    call the arbiter), identified by ``requester_seat``."""
    now_dt = _now(now)
    match = lock_match(match_id)
    if not (match.kind == Match.Kind.OTB and requester_seat in (Seat.RED, Seat.BLUE)):
        _require_arbiter(match, actor)
    _require_live(match)
    clock = match_clock_state(match)
    if _flag_first(match, clock, now_dt, actor):
        return _CommitThenRaise(_adjudicated_error(match))
    if clock.paused:
        raise MatchError("already_paused", ply=match.ply)
    clock, record = clock_pause(clock, now=epoch_ms(now_dt), note=note[:500])
    _set_clock(match, clock, record, actor=actor)
    _event(match, MatchEvent.Kind.PAUSE, actor=actor, seat=requester_seat or "", note=note)
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_resume(
    *,
    match_id: int,
    actor: Any = None,
    requester_seat: str | None = None,
    note: str = "",
    now: datetime | None = None,
) -> Match:
    """Resume a paused clock (arbiters; over the board, also a player)."""
    now_dt = _now(now)
    match = lock_match(match_id)
    if not (match.kind == Match.Kind.OTB and requester_seat in (Seat.RED, Seat.BLUE)):
        _require_arbiter(match, actor)
    _require_live(match)
    clock = match_clock_state(match)
    if not clock.paused:
        raise MatchError("not_paused", ply=match.ply)
    clock, record = clock_resume(clock, now=epoch_ms(now_dt), note=note[:500])
    _set_clock(match, clock, record, actor=actor)
    _event(match, MatchEvent.Kind.RESUME, actor=actor, seat=requester_seat or "", note=note)
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_adjust_time(
    *,
    match_id: int,
    seat: str,
    delta_ms: int,
    reason: str,
    actor: Any = None,
    now: datetime | None = None,
) -> Match | _CommitThenRaise:
    """Add (``delta_ms`` > 0) or remove time from ``seat``'s clock, with a reason.

    ``delta_ms`` is non-zero and at most ``MAX_TIME_ADJUSTMENT_MS`` either way, and the seat
    never ends with more than the clock's range (``clock.MAX_DURATION_MS``); anything else is
    refused (``invalid_time_adjustment``). Removing more than is left leaves 0: for the running
    seat its flag then falls at once and the scheduled check adjudicates it.
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    _require_live(match)
    seat = _require_seat(match, seat)
    if not reason.strip():
        raise MatchError("reason_required", ply=match.ply)
    if isinstance(delta_ms, bool) or not isinstance(delta_ms, int):
        raise MatchError("bad_message", ply=match.ply)
    if delta_ms == 0 or abs(delta_ms) > MAX_TIME_ADJUSTMENT_MS:
        raise MatchError("invalid_time_adjustment", ply=match.ply, detail=f"{delta_ms} ms")
    clock = match_clock_state(match)
    if _flag_first(match, clock, now_dt, actor):
        return _CommitThenRaise(_adjudicated_error(match))
    try:
        clock, record = clock_adjust(
            clock, seat_index(seat), delta_ms, now=epoch_ms(now_dt), note=reason[:500]
        )
    except ClockRangeError as exc:
        raise MatchError("invalid_time_adjustment", ply=match.ply, detail=str(exc)) from None
    _set_clock(match, clock, record, actor=actor)
    _event(
        match,
        MatchEvent.Kind.TIME_ADJUST,
        actor=actor,
        seat=seat,
        requested_ms=delta_ms,
        applied_ms=record.delta_ms,
        reason=reason,
    )
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_set_result(
    *,
    match_id: int,
    winner: str,
    method: str = Match.Method.ARBITER,
    reason: str = "",
    actor: Any = None,
    source: str = "",
    now: datetime | None = None,
) -> Match:
    """The arbiter (or the tournaments layer, ``actor=None``) sets the result.

    ``source`` says where the decision was taken when it was not on the match itself
    (``RESULT_FROM_TOURNAMENT``: the table's result, entered or confirmed in the event); the
    audit row keeps it beside the actor and the reason.

    On a pending or running match this finishes it (forfeit, no-show, a dispute decided …);
    on a finished match it corrects the result (``match_finished`` is sent again with
    ``corrected=True``); giving a disputed finished match (recorded before flags stopped
    deciding over pending reports) its recorded result upholds it. A held over-the-board match
    (a flag disputed a report, ``matches.otb_rulings``) is decided here. An aborted match
    cannot get a result.
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    if winner not in Match.Winner.values or method not in Match.Method.values:
        raise MatchError("invalid_result", ply=match.ply)
    if winner == Match.Winner.DRAW and not get_game(match.game).draws:
        raise MatchError("invalid_result", ply=match.ply)  # e.g. 軍師軍略 has no draw
    if method not in game_result_methods(match.game):
        # Another game's ending (軍棋's "flag captured" on a 軍師軍略 board) is refused from a
        # person; a table's result from the tournament is recorded as the arbiter's decision.
        if source != RESULT_FROM_TOURNAMENT:
            raise MatchError("invalid_result", ply=match.ply)
        method = Match.Method.ARBITER
    if match.status == Match.Status.ABORTED:
        raise MatchError("match_over", ply=match.ply)
    previous = {"winner": match.winner, "method": match.method}
    if match.status == Match.Status.FINISHED:
        if previous == {"winner": winner, "method": method}:
            if not match.disputed:
                return match
            match.disputed = False  # the arbiter upholds the recorded result
        else:
            match.winner, match.method, match.disputed = winner, method, False
            match_result_recorded.send(sender=Match, match=match, previous=previous)
            _announce_result_on_commit(match, corrected=True)
    else:
        now_ms = epoch_ms(now_dt)
        clock = match_clock_state(match)
        record = None
        if clock_flagged(clock, now=now_ms) is not None and clock.flagged is None:
            clock, record = clock_record_flag(clock, now=now_ms, note=reason[:500])
        elif clock.running is not None:
            clock, record = clock_stop(clock, now=now_ms, note=reason[:500])
        _finish(match, winner=winner, method=method, now=now_dt, actor=actor)
        _set_clock(match, clock, record, actor=actor)
    _event(
        match,
        MatchEvent.Kind.RESULT_SET,
        actor=actor,
        winner=winner,
        method=method,
        reason=reason,
        previous=previous,
        **({"source": source} if source else {}),
    )
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_apply_no_show(
    *, match_id: int, reason: str, actor: Any = None, now: datetime | None = None
) -> Match:
    """The arbiter applies the event's no-show rule now: the seat asked to act in the current
    untimed segment loses by no-show (a reason is required, and logged).

    Raises ``no_show_off`` when the match has no no-show limit and ``not_untimed`` unless the
    match waits for a seat in an untimed segment. If the deadline has already passed, the rule
    itself records the result (dated at the deadline).
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    _require_live(match)
    if not reason.strip():
        raise MatchError("reason_required", ply=match.ply)
    if match.no_show_limit_ms is None:
        raise MatchError("no_show_off", ply=match.ply)
    clock = match_clock_state(match)
    if _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=epoch_ms(now_dt), actor=actor):
        return match
    seat = match_seat_to_act(match)
    if clock.running is not None or clock.paused or seat is None:
        raise MatchError("not_untimed", ply=match.ply)
    _record_no_show(match, seat, at=now_dt, now=now_dt, actor=actor, reason=reason[:500])
    return match


@_atomic
def match_forfeit_absent(
    *,
    match_id: int,
    seat: str,
    actor: Any = None,
    reason: str = "",
    now: datetime | None = None,
) -> Match:
    """An arbiter forfeits a seat absent at the start deadline (a no-show).

    ``seat`` is ``red``, ``blue`` or ``both`` (nobody came: no winner). A pending match: only
    after ``start_by``, and only a seat that has not joined. A started match (started by its
    players or by an arbiter): only after its start deadline, while the game waits in an
    untimed segment for a seat that has not made its first decision; that seat, or both when
    neither has decided (``attention.no_show_seats``, rule ``NO_FIRST_DECISION``). The result
    (method ``no_show``) reaches the tournament through ``match_finished`` like any other.
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    if match.status == Match.Status.RUNNING:
        if _flag_first(match, match_clock_state(match), now_dt, actor):
            return match  # the no-show rule or the clock decided it first
        absent = _require_no_first_decision(match, seat, now_dt)
    elif match.status != Match.Status.PENDING:
        _require_not_over(match)
        raise MatchError("already_started", ply=match.ply)
    else:
        absent = [Seat.RED, Seat.BLUE] if seat == ABSENT_BOTH else [_require_seat(match, seat)]
        if match.start_by is None or now_dt < match.start_by:
            raise MatchError("before_start_deadline", ply=match.ply)
        if any(getattr(match, f"{s}_joined_at") is not None for s in absent):
            raise MatchError("seat_joined", ply=match.ply)
    winner = (
        Match.Winner.NONE if len(absent) == 2 else SEAT_LABELS[other_seat(seat_index(absent[0]))]
    )
    previous = {"winner": match.winner, "method": match.method}
    _finish(match, winner=winner, method=Match.Method.NO_SHOW, now=now_dt, actor=actor)
    _event(
        match,
        MatchEvent.Kind.RESULT_SET,
        actor=actor,
        winner=winner,
        method=Match.Method.NO_SHOW,
        reason=reason or "absent at the start deadline",
        absent=[str(s) for s in absent],
        previous=previous,
    )
    _after_change(match, now=now_dt)
    return match


def _require_no_first_decision(match: Match, seat: str, now: datetime) -> list[Seat]:
    """The seats of the running ``match`` forfeited for ``seat`` (``red``, ``blue``, ``both``)
    under the rule ``NO_FIRST_DECISION``, or the refusal."""
    deadline = attention.first_decision_deadline(match)
    if deadline is None or now < deadline:
        raise MatchError("before_start_deadline", ply=match.ply)
    decided = attention.decided_seats([match])[match.pk]
    allowed = attention.no_show_seats(match, decided, now)
    if not allowed:
        raise MatchError("first_decision_made", ply=match.ply)
    if seat != ABSENT_BOTH:
        seat = _require_seat(match, seat)
    if seat not in allowed:
        raise MatchError("seat_decided", ply=match.ply)
    return [Seat.RED, Seat.BLUE] if seat == ABSENT_BOTH else [Seat(seat)]


def event_start_waiting(
    *,
    event_id: int,
    actor: Any = None,
    match_ids: list[int] | None = None,
    now: datetime | None = None,
) -> list[int]:
    """Start every pending match of an event (or those of ``match_ids`` in it): "start the
    round". Each match is started in its own transaction under its row lock, so a match that
    started meanwhile (both players joined, another arbiter) is skipped, not started twice.
    Returns the ids started."""
    if actor is not None and not user_can_arbitrate_event(actor, event_id):
        raise MatchError("not_allowed")
    now_dt = _now(now)
    pending = Match.objects.filter(event_id=event_id, status=Match.Status.PENDING)
    if match_ids is not None:
        pending = pending.filter(pk__in=match_ids)
    started = []
    for match_id in pending.order_by("pk").values_list("pk", flat=True):
        try:
            match_start(match_id=match_id, actor=actor, now=now_dt)
        except MatchError as exc:  # started or finished meanwhile
            logger.info("event %s: match %s not started (%s)", event_id, match_id, exc.code)
            continue
        started.append(match_id)
    return started


def event_pause_all(
    *, event_id: int, actor: Any = None, note: str = "", now: datetime | None = None
) -> list[int]:
    """Pause every running, unpaused match of an event; returns the ids paused."""
    return _for_event(event_id, match_pause, actor=actor, note=note, now=now, paused=False)


def event_resume_all(
    *, event_id: int, actor: Any = None, note: str = "", now: datetime | None = None
) -> list[int]:
    """Resume every paused match of an event; returns the ids resumed."""
    return _for_event(event_id, match_resume, actor=actor, note=note, now=now, paused=True)


def _for_event(
    event_id: int,
    service: Callable[..., Match],
    *,
    actor: Any,
    note: str,
    now: datetime | None,
    paused: bool,
) -> list[int]:
    now_dt = _now(now)
    done = []
    for match in Match.objects.filter(event_id=event_id, status=Match.Status.RUNNING):
        if match_clock_state(match).paused != paused:
            continue
        try:
            service(match_id=match.pk, actor=actor, note=note, now=now_dt)
        except MatchError as exc:  # finished meanwhile, flag fell, not an arbiter here …
            logger.info("event %s: match %s skipped (%s)", event_id, match.pk, exc.code)
            continue
        done.append(match.pk)
    return done
