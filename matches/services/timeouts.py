"""Deadlines that decide a game: flag falls, no-shows and the end of a set-up countdown.

Every service checks **the flag first** (``_adjudicate_if_flagged``): if the running seat's
time is up, the loss on time is recorded (dated at the flag instant) before anything else, and
the request is refused (``_adjudicated_error``). The scheduled check and the sweep
(``matches.timeouts``, ``matches.tasks``) call ``match_adjudicate_timeout`` and
``match_adjudicate_overdue``, idempotent under the row lock.

Over the board, a flag that falls while a result report is pending is judged against it
(``matches.otb_rulings``): it settles an agreeing report, and otherwise holds the match as
disputed for the arbiter (``_held``).

**No-show.** Off by default (the official rules time only the timed segments): an event may
give each match a no-show limit. In an untimed segment — before Red's first placement (online)
or first press (over the board), during the expansion-card choice or the draft — the seat asked
to act then loses by no-show once it has not acted for that long. The deadline lives in
``Match.flag_deadline``, so the timeout machinery adjudicates it exactly like a flag; the
arbiter may also apply the rule at once (``matches.services.arbiter.match_apply_no_show``).

**Set-up countdown.** The end of a shared set-up segment (``Match.setup_deadline``, mirrored
into ``flag_deadline``) is enforced the same way; at expiry the game's rules say what happens
(random set-ups or a loss by ``setup_timeout``).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction

from clock import (
    ClockRecord,
    ClockState,
    clock_after_decision,
    clock_flag_deadline,
    clock_flagged,
    clock_record_flag,
    datetime_from_epoch_ms,
    epoch_ms,
    other_seat,
)
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.otb_rulings import report_settled_by_flag
from matches.rows import lock_match
from matches.selectors import (
    SEAT_LABELS,
    match_clock_state,
    match_game_state,
    match_rules,
    match_seat_to_act,
    remember_game_state,
)
from matches.services._common import (
    _after_change,
    _append_move,
    _event,
    _mark_disputed,
    _now,
    _set_clock,
    _simultaneous,
    _winner,
)
from matches.services.lifecycle import _finish
from matches.timeouts import arm_timeout_check

logger = logging.getLogger(__name__)


def _adjudicate_if_flagged(
    match: Match, clock: ClockState, *, now: datetime, now_ms: int, actor: Any = None
) -> bool:
    """If a flag has fallen by ``now`` on the running ``match``, record the loss on time
    (saved, broadcast and announced after commit) and return True. The same for a no-show
    deadline that has passed in an untimed segment (``_adjudicate_if_no_show``).

    Over the board, a flag that falls while a result report is pending is judged against it
    (``matches.otb_rulings``): it settles an agreeing report and holds the match as disputed
    otherwise. A held match also returns True: nothing more happens until the arbiter rules.
    """
    if match.status != Match.Status.RUNNING:
        return False
    if _held(match, clock):
        return True
    if _adjudicate_if_setup_over(match, now=now, actor=actor):
        return True
    seat = clock_flagged(clock, now=now_ms)
    if seat is None:
        return _adjudicate_if_no_show(match, clock, now=now, actor=actor)
    if clock.flagged is None:
        clock, record = clock_record_flag(clock, now=now_ms)
    else:  # pragma: no cover - a recorded flag always finishes the match in the same commit
        record = None
    deadline = clock_flag_deadline(match_clock_state(match))
    # The game ended when the clock ran out, however late the check that noticed it came.
    fell_at = now if deadline is None else min(now, datetime_from_epoch_ms(deadline))
    winner = SEAT_LABELS[other_seat(seat)]
    if match.kind == Match.Kind.OTB and match.otb_reports:
        _flag_over_reports(match, clock, record, seat=seat, fell_at=fell_at, now=now, actor=actor)
        return True
    _finish(match, winner=winner, method=Match.Method.TIMEOUT, now=fell_at)
    _set_clock(match, clock, record, actor=actor)
    _event(
        match,
        MatchEvent.Kind.TIMEOUT,
        seat=SEAT_LABELS[seat],
        deadline=deadline,
        adjudicated_at=now_ms,
    )
    _after_change(match, now=now)
    return True


def _held(match: Match, clock: ClockState) -> bool:
    """An over-the-board match stopped on a flag that disputes a pending report: it waits for
    the arbiter (``otb_rulings.FLAG_DISAGREES_DISPUTES``)."""
    return (
        match.kind == Match.Kind.OTB
        and match.status == Match.Status.RUNNING
        and match.disputed
        and clock.flagged is not None
    )


def _flag_over_reports(
    match: Match,
    clock: ClockState,
    record: ClockRecord | None,
    *,
    seat: int,
    fell_at: datetime,
    now: datetime,
    actor: Any,
) -> None:
    """A flag fell while a report was pending: it settles an agreeing report, or stops the
    clock and holds the match as disputed for the arbiter (``matches.otb_rulings``)."""
    winner = SEAT_LABELS[other_seat(seat)]
    reports = dict(match.otb_reports)
    settled = report_settled_by_flag(reports, winner)
    flag: dict[str, Any] = {
        "flag": SEAT_LABELS[seat],
        "fell_at": epoch_ms(fell_at),
        "reports": reports,
    }
    _set_clock(match, clock, record, actor=actor)
    if settled is not None:
        _event(match, MatchEvent.Kind.RESULT_CONFIRMED, actor=actor, settled_by_flag=True, **flag)
        _finish(match, winner=settled["winner"], method=settled["method"], now=fell_at)
    else:
        _mark_disputed(match)
        _event(match, MatchEvent.Kind.DISPUTED, actor=actor, **flag)
    _after_change(match, now=now)


def _adjudicated_error(match: Match) -> MatchError:
    """The refusal of a request that found the match decided by its deadline first (or held
    for the arbiter by a flag that disputes a report)."""
    if match.status == Match.Status.RUNNING and _held(match, match_clock_state(match)):
        return MatchError("result_disputed", ply=match.ply)
    if match.method == Match.Method.NO_SHOW:
        return MatchError("no_show", ply=match.ply)
    if match.status == Match.Status.RUNNING or match.method == Match.Method.SETUP_TIMEOUT:
        return MatchError("setup_time_up", ply=match.ply)  # the set-up countdown ran out
    return MatchError("flag_fallen", ply=match.ply)


def _adjudicate_if_setup_over(match: Match, *, now: datetime, actor: Any = None) -> bool:
    """If the shared set-up countdown has run out by ``now``, apply the game's verdict: the
    decisions its rules take for the late seats (appended like any decision, masked the same
    way) and the result if a seat loses. Returns True when it did."""
    deadline = match.setup_deadline
    if deadline is None or now < deadline or match.kind != Match.Kind.ONLINE:
        return False
    clock = match_clock_state(match)
    rules = match_rules(match)
    hooks = _simultaneous(rules)
    state = match_game_state(match)
    if clock.paused or hooks is None or hooks.setup_countdown_ms(state) is None:
        return False
    taken, after = hooks.setup_timeout(state)
    first_new = match.ply + 1
    now_ms = epoch_ms(now)
    for seat, text in taken:
        action = rules.parse_action(text)
        before, state = state, rules.apply(state, action)
        clock, record = clock_after_decision(
            clock,
            now=now_ms,
            next_seat=rules.to_act(state),
            timed=rules.clock_side(state) is not None,
        )
        masked = (
            rules.history_text(before, action, None) if rules.is_secret(before, action) else None
        )
        match.ply = rules.ply(state)
        _append_move(
            match,
            seat=seat,
            action=rules.action_text(action),
            masked=masked,
            record=record,
            lag_ms=0,
            actor=None,
        )
    match.state = rules.state_to_dict(after)
    match.ply = rules.ply(after)
    remember_game_state(match, after)
    match.setup_deadline = None
    _event(
        match,
        MatchEvent.Kind.SETUP_TIMEOUT,
        deadline=epoch_ms(deadline),
        adjudicated_at=now_ms,
        placed_for=[SEAT_LABELS[seat] for seat, _text in taken],
    )
    outcome = rules.outcome(after)
    if outcome is not None:
        _finish(match, winner=_winner(outcome), method=outcome.termination, now=deadline)
    _set_clock(match, clock, None)
    _after_change(match, now=now, history_from=first_new)
    return True


def _adjudicate_if_no_show(
    match: Match, clock: ClockState, *, now: datetime, actor: Any = None
) -> bool:
    deadline = match.flag_deadline
    if (
        match.no_show_limit_ms is None
        or deadline is None
        or now < deadline
        or clock.running is not None
        or clock.paused
    ):
        return False
    seat = match_seat_to_act(match)
    if seat is None:  # pragma: no cover - a no-show deadline is set only when a seat must act
        return False
    _record_no_show(match, seat, at=deadline, now=now, actor=actor)
    return True


def _record_no_show(
    match: Match, seat: int, *, at: datetime, now: datetime, actor: Any = None, reason: str = ""
) -> None:
    deadline = match.flag_deadline
    winner = SEAT_LABELS[other_seat(seat)]
    _finish(match, winner=winner, method=Match.Method.NO_SHOW, now=at, actor=actor)
    _event(
        match,
        MatchEvent.Kind.NO_SHOW,
        actor=actor,
        seat=SEAT_LABELS[seat],
        deadline=None if deadline is None else epoch_ms(deadline),
        adjudicated_at=epoch_ms(now),
        limit_ms=match.no_show_limit_ms,
        reason=reason,
    )
    _after_change(match, now=now)


def match_adjudicate_timeout(
    *, match_id: int, expected_ply: int | None = None, now: datetime | None = None
) -> bool:
    """Record a loss on time if the match's flag has fallen by ``now``; True if it did (over
    the board with a report pending: if it recorded the fall, settling or disputing the report).

    Idempotent, for the scheduled check and the sweep: does nothing (False) when the match is
    gone, not running, at another ply than ``expected_ply`` (when given) or not flagged at
    ``now``. A scheduled check (``expected_ply=None``) that finds the deadline moved on re-arms
    the match's one pending check for the new deadline (``matches.timeouts``).
    """
    now_dt = _now(now)
    with transaction.atomic():
        try:
            match = lock_match(match_id)
        except MatchError:
            return False
        if match.status != Match.Status.RUNNING:
            return False
        if expected_ply is not None and match.ply != expected_ply:
            return False
        clock = match_clock_state(match)
        if _held(match, clock):
            return False  # the arbiter decides
        if _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=epoch_ms(now_dt)):
            return True
        if expected_ply is None:
            before = match.timeout_check_at
            arm_timeout_check(match, fired_at=now_dt)
            if match.timeout_check_at != before:
                match.save(update_fields=["timeout_check_at"])
        return False


def match_adjudicate_overdue(*, now: datetime | None = None) -> list[int]:
    """The sweep: adjudicate every running match whose flag deadline has passed.

    Returns the ids of the matches finished on time. Each match is handled in its own
    transaction, so one failure does not hold back the others.
    """
    from matches.selectors import match_overdue_ids

    now_dt = _now(now)
    finished = []
    for match_id, _ply in match_overdue_ids(now=now_dt):
        try:
            if match_adjudicate_timeout(match_id=match_id, now=now_dt):
                finished.append(match_id)
        except Exception:  # a sweep must go on with the other matches
            logger.exception("timeout sweep failed for match %s", match_id)
    return finished
