"""What every match service shares: the transaction, the requirement checks, the rows.

``_atomic`` runs a service in one transaction (and commits a flag fall before refusing the
request that found it, ``_CommitThenRaise``); the ``_require_*`` checks refuse with a stable
``MatchError`` code; ``_event``, ``_set_clock`` and ``_append_move`` write the audit, clock-log
and move rows; ``_after_change`` saves the locked match and, after commit, broadcasts every
seat's view and arms the timeout check at the new deadline (``matches.timeouts``). Nothing here
is called from outside ``matches.services``.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final, ParamSpec, TypeVar

from django.db import transaction
from django.utils import timezone

from clock import ClockRecord, ClockState, clock_flag_deadline, datetime_from_epoch_ms
from games.base import GameOutcome, GameRules, SimultaneousSetup
from matches.broadcast import match_broadcast_on_commit
from matches.errors import MatchError
from matches.models import ClockLogEntry, Match, MatchEvent, Seat
from matches.permissions import user_can_arbitrate
from matches.rows import append_move, save_match
from matches.selectors import (
    SEAT_LABELS,
    match_clock_state,
    match_seat_to_act,
    remember_clock_state,
    remember_move,
)
from matches.signals import match_changed, match_disputed
from matches.timeouts import arm_timeout_check

logger = logging.getLogger(__name__)


P = ParamSpec("P")


R = TypeVar("R")


#: Reported transit times above this are treated as this (the lag quota caps credit anyway).
MAX_LAG_MS: Final = 10_000


@dataclass(frozen=True, slots=True)
class _CommitThenRaise:
    """Returned by a locked body whose changes must be committed before refusing the request
    (a flag fall adjudicated while handling a decision)."""

    error: MatchError


def _atomic(func: Callable[P, R | _CommitThenRaise]) -> Callable[P, R]:
    """Run ``func`` in ``transaction.atomic``; a ``_CommitThenRaise`` result is committed, then
    its error raised. A ``MatchError`` raised inside rolls everything back."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with transaction.atomic():
            result = func(*args, **kwargs)
        if isinstance(result, _CommitThenRaise):
            raise result.error
        return result

    return wrapper


def _now(now: datetime | None) -> datetime:
    return timezone.now() if now is None else now


def _require_live(match: Match) -> None:
    """Decisions, presses and clock operations need a running match."""
    if match.status == Match.Status.PENDING:
        raise MatchError("not_started", ply=match.ply)
    if match.status != Match.Status.RUNNING:
        raise MatchError("match_over", ply=match.ply)


def _require_not_over(match: Match) -> None:
    if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
        raise MatchError("match_over", ply=match.ply)


def _require_kind(match: Match, kind: str) -> None:
    if match.kind != kind:
        raise MatchError("wrong_kind", ply=match.ply)


def _require_seat(match: Match, seat: str | None) -> str:
    if seat not in (Seat.RED, Seat.BLUE):
        raise MatchError("not_a_player", ply=match.ply)
    return seat


def _require_arbiter(match: Match, actor: Any) -> None:
    if actor is not None and not user_can_arbitrate(actor, match):
        raise MatchError("not_allowed", ply=match.ply)


def _lag(lag_ms: Any) -> int:
    if isinstance(lag_ms, bool) or not isinstance(lag_ms, int):
        return 0
    return max(0, min(lag_ms, MAX_LAG_MS))


def _user(actor: Any) -> Any:
    """The user to store as actor (anonymous users are stored as nobody)."""
    return actor if getattr(actor, "is_authenticated", False) else None


def _event(
    match: Match, kind: str, *, actor: Any = None, seat: str = "", **detail: Any
) -> MatchEvent:
    return MatchEvent.objects.create(
        match=match, kind=kind, actor=_user(actor), seat=seat or "", ply=match.ply, detail=detail
    )


def _set_clock(
    match: Match, clock: ClockState, record: ClockRecord | None, *, actor: Any = None
) -> None:
    """Store ``clock``, its flag deadline and (if any) its log entry at the match's ply."""
    match.clock = clock.to_dict()
    remember_clock_state(match, clock)
    deadline = clock_flag_deadline(clock)
    match.flag_deadline = (
        datetime_from_epoch_ms(deadline)
        if deadline is not None and match.status == Match.Status.RUNNING
        else None
    )
    if record is None:
        return
    ClockLogEntry.objects.create(
        match=match,
        seq=match.clock_seq,
        ply=match.ply,
        kind=record.kind.value,
        at=record.at,
        seat=record.seat,
        running=record.running,
        elapsed_ms=record.elapsed_ms,
        lag_ms=record.lag_ms,
        credit_ms=record.credit_ms,
        charged_ms=record.charged_ms,
        increment_ms=record.increment_ms,
        delta_ms=record.delta_ms,
        remaining_red_ms=record.remaining_ms[0],
        remaining_blue_ms=record.remaining_ms[1],
        quota_red_ms=record.lag_quota_ms[0],
        quota_blue_ms=record.lag_quota_ms[1],
        note=record.note[:500],
        actor=_user(actor),
    )
    match.clock_seq += 1


def _append_move(
    match: Match,
    *,
    seat: int,
    action: str,
    masked: str | None,
    record: ClockRecord | None,
    lag_ms: int,
    actor: Any,
) -> None:
    """Append the decision that brought ``match`` to its ply: its text, its masked text, its
    audit facts and the clock switch it caused (numbered ``clock_seq``), in one row."""
    clock: dict[str, Any] = {}
    if record is not None:
        clock = {
            "clock_seq": match.clock_seq,
            "clock_kind": record.kind.value,
            "clock_at": record.at,
            "clock_seat": record.seat,
            "clock_running": record.running,
            "elapsed_ms": record.elapsed_ms,
            "clock_lag_ms": record.lag_ms,
            "credit_ms": record.credit_ms,
            "charged_ms": record.charged_ms,
            "increment_ms": record.increment_ms,
            "delta_ms": record.delta_ms,
            "remaining_red_ms": record.remaining_ms[0],
            "remaining_blue_ms": record.remaining_ms[1],
            "quota_red_ms": record.lag_quota_ms[0],
            "quota_blue_ms": record.lag_quota_ms[1],
            "clock_note": record.note[:500],
        }
        match.clock_seq += 1
    user = _user(actor)
    append_move(
        {
            "match_id": match.pk,
            "ply": match.ply,
            "seat": seat,
            "action": action,
            "masked": masked,
            "actor_id": None if user is None else user.pk,
            "lag_ms": lag_ms,
            "created_at": timezone.now(),
            **clock,
        }
    )
    remember_move(match, (match.ply, seat, action, masked))


def _after_change(match: Match, *, now: datetime, history_from: int | None = None) -> None:
    """Save, then after commit broadcast every seat's view and schedule the timeout check.

    In an untimed segment under the no-show rule, the seat asked to act gets its no-show
    deadline here, counted from ``now`` (each change asks again). During a shared set-up
    countdown, its end is the deadline the timeout machinery watches."""
    if match.setup_deadline is not None and match.status == Match.Status.RUNNING:
        match.flag_deadline = match.setup_deadline
    elif match.flag_deadline is None and match.no_show_limit_ms is not None:
        match.flag_deadline = _no_show_deadline(match, match_clock_state(match), now)
    arm_timeout_check(match)
    save_match(match)
    match_broadcast_on_commit(
        match, history_from=match.ply + 1 if history_from is None else history_from
    )
    changed = {"match_id": match.pk, "ply": match.ply, "status": match.status, "meta": match.meta}
    transaction.on_commit(lambda: match_changed.send(sender=Match, **changed))


def _no_show_deadline(match: Match, clock: ClockState, now: datetime) -> datetime | None:
    """When the seat asked to act in an untimed segment loses by no-show, if the rule is on."""
    limit = match.no_show_limit_ms
    if (
        limit is None
        or match.status != Match.Status.RUNNING
        or clock.running is not None
        or clock.paused
        or clock.flagged is not None
        or match_seat_to_act(match) is None
    ):
        return None
    return now + timedelta(milliseconds=limit)


def _mark_disputed(match: Match) -> None:
    """Flag ``match`` (locked, saved by the caller) as disputed; the first time, tell the
    tournaments layer after commit (``matches.signals.match_disputed``)."""
    if match.disputed:
        return
    match.disputed = True
    kwargs = {"match_id": match.pk, "event_id": match.event_id, "pairing_id": match.pairing_id}
    transaction.on_commit(lambda: match_disputed.send(sender=Match, **kwargs))


def _simultaneous(rules: GameRules) -> SimultaneousSetup | None:
    return rules if isinstance(rules, SimultaneousSetup) else None


def _winner(outcome: GameOutcome) -> str:
    """The ``Match.winner`` of a game outcome: a seat, a draw, or nobody."""
    if outcome.winner is not None:
        return SEAT_LABELS[outcome.winner]
    if outcome.termination in Match.DRAW_METHODS:
        return Match.Winner.DRAW
    return Match.Winner.NONE
