"""Services: every change to a match goes through one of these functions.

Each public service is keyword-only and follows one shape (docs/matches.md, "Services"):

1. ``transaction.atomic`` and the row lock (``matches.rows.lock_match``, ``SELECT … FOR
   UPDATE``): changes to one match are serialised across threads and processes;
2. status checks, then **the flag first**: if the running seat's time is up at ``now``, the
   flag fall is adjudicated (a loss on time) and committed, and the request is refused with
   ``flag_fallen`` — a late decision never rescues a fallen flag;
3. the client's expected ply (``stale_ply`` for an old or duplicated request: nothing is ever
   applied twice), the seat, then the engine (``invalid_action``/``illegal_action``: nothing
   saved);
4. the clock (``clock.clock_after_decision`` driven by the game's ``rules.clock_side``), the
   decision's move row (``MatchMove``: its text, masked text, audit facts and clock-log entry,
   appended once), the cached state, the result when the engine reports an outcome;
5. after commit only: the broadcast to each seat (``matches.broadcast``), the timeout check at
   the new flag deadline (``matches.timeouts``) and ``matches.signals.match_finished``.

Errors are ``MatchError`` with a stable code (``matches.errors``). ``now`` is injectable
everywhere (an aware datetime; default ``timezone.now()``); the clock works in integer epoch
milliseconds. ``actor`` is the user acting, or ``None`` for trusted server code (the tournaments
layer, tasks); arbiter operations check ``matches.permissions.user_can_arbitrate`` only when an
actor is given.
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

from clock import (
    RED,
    ClockRangeError,
    ClockRecord,
    ClockState,
    InvalidTimeControlError,
    LagPolicy,
    TimeControl,
    clock_adjust,
    clock_after_decision,
    clock_flag_deadline,
    clock_flagged,
    clock_new,
    clock_pause,
    clock_press,
    clock_record_flag,
    clock_resume,
    clock_start,
    clock_stop,
    datetime_from_epoch_ms,
    epoch_ms,
    other_seat,
)
from games import get_game
from games.base import GameOutcome, GameRules, RulesError, SimultaneousSetup
from matches import attention
from matches.broadcast import match_broadcast_on_commit
from matches.callup import call_match_players_on_commit
from matches.errors import MatchError, rules_error_code
from matches.models import (
    OFFICIAL_TIME_CONTROL,
    ClockLogEntry,
    Match,
    MatchEvent,
    Seat,
)
from matches.otb_rulings import report_settled_by_flag, reports_agree
from matches.permissions import user_can_arbitrate, user_can_arbitrate_event
from matches.result_methods import game_result_methods
from matches.rows import append_move, lock_match, save_match, strict_commit
from matches.selectors import (
    SEAT_LABELS,
    match_clock_state,
    match_game_state,
    match_rules,
    match_seat_to_act,
    remember_clock_state,
    remember_game_state,
    remember_move,
    seat_index,
    seat_side,
)
from matches.signals import match_disputed, match_finished
from matches.timeouts import arm_timeout_check

logger = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

#: Reported transit times above this are treated as this (the lag quota caps credit anyway).
MAX_LAG_MS: Final = 10_000
#: The largest time adjustment an arbiter may make at once, either way (the arbiter console's
#: form and the API document read it too): a bigger one is a typing error, not a ruling.
MAX_TIME_ADJUSTMENT_MS: Final = 60 * 60 * 1000
#: ``match_set_result``'s ``source`` when the result comes from the table in the tournament.
RESULT_FROM_TOURNAMENT: Final = "tournament"
#: Methods a player may report for an over-the-board game.
OTB_REPORT_METHODS: Final = frozenset(
    {
        Match.Method.GENERAL_CAPTURED,
        Match.Method.INTRUSION,
        Match.Method.RESIGNATION,
        Match.Method.TIMEOUT,
        Match.Method.FORFEIT,
    }
)


# ----------------------------------------------------------------------------- plumbing


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


def match_set_status(
    *, match: Match, status: str, actor: Any = None, detail: dict[str, Any] | None = None
) -> bool:
    """Move ``match`` (locked by the caller, saved by the caller) to ``status``.

    A no-op returning False when the status is unchanged; raises
    ``MatchError("invalid_transition")`` for a change not in ``Match.ALLOWED_TRANSITIONS``;
    otherwise writes a ``status`` audit row and returns True.
    """
    if status == match.status:
        return False
    if status not in Match.ALLOWED_TRANSITIONS[match.status]:
        raise MatchError("invalid_transition", ply=match.ply)
    previous = match.status
    match.status = status
    _event(
        match,
        MatchEvent.Kind.STATUS,
        actor=actor,
        previous=previous,
        status=status,
        **(detail or {}),
    )
    return True


def _finish(match: Match, *, winner: str, method: str, now: datetime, actor: Any = None) -> None:
    """Record the result on the locked ``match`` (saved by the caller) and announce it after
    commit. The clock must already be stopped or flagged."""
    strict_commit(match)
    match_set_status(match=match, status=Match.Status.FINISHED, actor=actor)
    match.winner = winner
    match.method = method
    match.finished_at = now
    match.flag_deadline = None
    match.setup_deadline = None
    match.disputed = False
    _conclude_state(match)
    _announce_result_on_commit(match, corrected=False)
    call_match_players_on_commit(match)  # their "game in play" call is over


def _conclude_state(match: Match) -> None:
    """End the game state of an online match finished outside the game (resignation, time,
    no-show, an arbiter), for a game whose rules can (``SimultaneousSetup.conclude``): its
    views then show what any finished game shows. Other games keep their state as it was."""
    if match.kind != Match.Kind.ONLINE:
        return
    rules = match_rules(match)
    hooks = _simultaneous(rules)
    if hooks is None:
        return
    state = match_game_state(match)
    if rules.outcome(state) is not None:
        return
    seat = SEAT_LABELS.index(match.winner) if match.winner in SEAT_LABELS else None
    ended = hooks.conclude(state, seat, match.method)
    match.state = rules.state_to_dict(ended)
    remember_game_state(match, ended)


def _announce_result_on_commit(match: Match, *, corrected: bool) -> None:
    kwargs = {
        "match_id": match.pk,
        "event_id": match.event_id,
        "pairing_id": match.pairing_id,
        "winner": match.winner,
        "method": match.method,
        "corrected": corrected,
    }
    transaction.on_commit(lambda: match_finished.send(sender=Match, **kwargs))


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


def _mark_disputed(match: Match) -> None:
    """Flag ``match`` (locked, saved by the caller) as disputed; the first time, tell the
    tournaments layer after commit (``matches.signals.match_disputed``)."""
    if match.disputed:
        return
    match.disputed = True
    kwargs = {"match_id": match.pk, "event_id": match.event_id, "pairing_id": match.pairing_id}
    transaction.on_commit(lambda: match_disputed.send(sender=Match, **kwargs))


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


# ----------------------------------------------------------------------------- no-show
#
# Off by default (the official rules time only the timed segments): an event may give each
# match a no-show limit. In an untimed segment — before Red's first placement (online) or
# first press (over the board), during the expansion-card choice or the draft — the seat
# asked to act then loses by no-show once it has not acted for that long. The deadline lives
# in ``Match.flag_deadline``, so the timeout machinery (scheduled checks, every process's
# scheduler) adjudicates it exactly like a flag; the arbiter may also apply the rule at once.


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


# ------------------------------------------------------------------------- life cycle


def match_create(
    *,
    red_name: str = "",
    blue_name: str = "",
    red_player: Any = None,
    blue_player: Any = None,
    kind: str = Match.Kind.ONLINE,
    game: str = "gunshi",
    variant: str = Match.Variant.BASIC,
    game_format: Any = None,
    seed: int | None = None,
    time_control: str | None = None,
    no_show_limit_ms: int | None = None,
    rulings: Any = None,
    start_position: Any = None,
    event_id: int | None = None,
    pairing_id: int | None = None,
    meta: dict[str, Any] | None = None,
    start_by: datetime | None = None,
    start: bool = False,
    actor: Any = None,
    now: datetime | None = None,
) -> Match:
    """Create a match (``pending``, or ``running`` with ``start=True``).

    Names default to the players' full names or usernames. ``game`` is the registry key of the
    game (``games.get_game``); its rules check and complete the set-up (``rules.new_game``):
    for 軍師軍略 ``game_format`` is the engine's format (``games.gunshi_rules.GameFormat``, e.g.
    ``GameFormat.tournament_rule_2()``; default: the default format of ``variant``, the basic
    game); its deal seed is ``seed``, random unless given (it stays on the server until the
    record is published). ``time_control`` is the clock's text form (``"20+0"`` official,
    ``"10+5"`` …; default: the game's recommended clock); ``rulings`` the engine rulings
    (default: recommended). ``start_position``
    (a ``StartPosition`` or its dict form; basic format only) opens the game on a fixed opening
    at set-up instead of the empty board. ``event_id``/``pairing_id`` are the tournaments layer's
    references, passed back in ``match_finished``. ``start_by`` is the start deadline (see
    ``match_join``). ``no_show_limit_ms`` turns the no-show rule on for the untimed segments
    (see "no-show" above; ``None``, the default, is off). Over-the-board matches
    (``kind="otb"``) have no game state: the server runs their clock and records their
    result; a game without rules (an over-the-board game) can only be played so. Raises
    ``MatchError`` with ``invalid_time_control`` or ``bad_message`` on bad input, and
    ``game_not_online`` for an online match of an over-the-board game.
    """
    if kind not in Match.Kind.values or variant not in Match.Variant.values:
        raise MatchError("bad_message", detail=f"kind {kind!r}, variant {variant!r}")
    try:
        definition = get_game(game)
    except KeyError:
        raise MatchError("bad_message", detail=f"game {game!r}") from None
    rules = definition.rules
    if time_control is None:  # the game's recommended clock (軍師軍略: the official 20+0)
        time_control = definition.timing.time_control or OFFICIAL_TIME_CONTROL
    try:
        control = TimeControl.parse(time_control)
    except InvalidTimeControlError:
        raise MatchError("invalid_time_control", detail=repr(time_control)) from None
    online = kind == Match.Kind.ONLINE
    if rules is None and online:
        raise MatchError("game_not_online", detail=game)
    setup: dict[str, Any] = {"variant": variant, "game_format": {}, "rulings": {}}
    first = None
    if rules is not None:
        try:
            setup, first = rules.new_game(
                {
                    "variant": variant,
                    "game_format": game_format,
                    "seed": seed,
                    "rulings": rulings,
                    "start_position": start_position,
                    "time_control": control.to_str(),
                }
            )
        except RulesError as exc:
            raise MatchError("bad_message", detail=exc.detail) from None
    if no_show_limit_ms is not None and (
        isinstance(no_show_limit_ms, bool)
        or not isinstance(no_show_limit_ms, int)
        or no_show_limit_ms <= 0
    ):
        raise MatchError("bad_message", detail=f"no-show limit {no_show_limit_ms!r}")
    red_name = red_name or _display_name(red_player) or str(Seat.RED.label)
    blue_name = blue_name or _display_name(blue_player) or str(Seat.BLUE.label)
    policy = None if online else LagPolicy.none()  # a venue clock: presses come over the LAN
    with transaction.atomic():
        match = Match.objects.create(
            kind=kind,
            game=game,
            red_player=red_player,
            blue_player=blue_player,
            red_name=red_name[:150],
            blue_name=blue_name[:150],
            variant=setup["variant"],
            game_format=setup["game_format"],
            time_control=control.to_str(),
            no_show_limit_ms=no_show_limit_ms,
            rulings=setup["rulings"],
            start_position=setup.get("start_position"),
            state=rules.state_to_dict(first) if rules is not None and online else {},
            clock=clock_new(control, lag_policy=policy).to_dict(),
            event_id=event_id,
            pairing_id=pairing_id,
            meta=meta or {},
            start_by=start_by,
        )
        _event(match, MatchEvent.Kind.CREATED, actor=actor, time_control=match.time_control)
        call_match_players_on_commit(match)  # a game is waiting for them
        if start:
            now_dt = _now(now)
            _start(match, actor=actor, now=now_dt)
            match.flag_deadline = match.setup_deadline or _no_show_deadline(
                match, match_clock_state(match), now_dt
            )
            arm_timeout_check(match)
            match.save()
    return match


def _display_name(user: Any) -> str:
    if user is None:
        return ""
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return str(full or user.get_username())


def _start(match: Match, *, actor: Any, now: datetime) -> None:
    match_set_status(match=match, status=Match.Status.RUNNING, actor=actor)
    match.started_at = now
    _event(match, MatchEvent.Kind.STARTED, actor=actor)
    call_match_players_on_commit(match)
    if match.kind == Match.Kind.ONLINE:
        _sync_setup_deadline(match, match_rules(match), match_game_state(match), now)


# ------------------------------------------------------------- simultaneous set-up
#
# A game with the ``SimultaneousSetup`` hooks (軍棋) opens with a segment in which both seats
# submit a secret set-up at once. No player clock runs; one shared countdown does: its end is
# ``Match.setup_deadline``, mirrored into ``flag_deadline`` so the timeout machinery (scheduled
# checks, every process's scheduler, the sweep) enforces it exactly like a flag. At expiry the
# game's rules say what happens (random set-ups or a loss by ``setup_timeout``).


def _simultaneous(rules: GameRules) -> SimultaneousSetup | None:
    return rules if isinstance(rules, SimultaneousSetup) else None


def _sync_setup_deadline(match: Match, rules: GameRules, state: Any, now: datetime) -> None:
    """Start the shared countdown when the set-up segment begins, end it when it is over."""
    hooks = _simultaneous(rules)
    length = None if hooks is None else hooks.setup_countdown_ms(state)
    if length is None or match.status != Match.Status.RUNNING:
        match.setup_deadline = None
    elif match.setup_deadline is None:
        match.setup_deadline = now + timedelta(milliseconds=length)


def _winner(outcome: GameOutcome) -> str:
    """The ``Match.winner`` of a game outcome: a seat, a draw, or nobody."""
    if outcome.winner is not None:
        return SEAT_LABELS[outcome.winner]
    if outcome.termination in Match.DRAW_METHODS:
        return Match.Winner.DRAW
    return Match.Winner.NONE


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


@_atomic
def match_start(*, match_id: int, actor: Any = None, now: datetime | None = None) -> Match:
    """``pending`` → ``running`` by an arbiter (the "start board" button) or trusted code.

    The clock does not run yet: Red's first placement is untimed (online), and over the board
    the first press starts Blue's clock. Players start a game by joining it (``match_join``).
    A second start of the same match (two arbiters pressing at once) is refused with
    ``invalid_transition`` after the first has committed: the row lock orders them.
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    if match.status != Match.Status.PENDING:
        raise MatchError("invalid_transition", ply=match.ply)
    _start(match, actor=actor, now=now_dt)
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_join(
    *, match_id: int, seat: str | None, actor: Any = None, now: datetime | None = None
) -> Match:
    """The player of ``seat`` says "I am at my board": the game starts once both have.

    ``seat`` is the seat the caller authenticated (``selectors.match_resolve_seat``: the
    player's account or the seat's private link); a spectator (``None``) is refused with
    ``not_a_player``. Joining again, or joining a game that has already started, changes
    nothing (a double click, two tabs). Online matches only: over the board, the first press
    of the clock starts the game (``otb_clock_press``).
    """
    match = lock_match(match_id)
    seat = _require_seat(match, seat)
    _require_kind(match, Match.Kind.ONLINE)
    _require_not_over(match)
    if match.status != Match.Status.PENDING:
        return match
    field = f"{seat}_joined_at"
    if getattr(match, field) is not None:
        return match
    now_dt = _now(now)
    setattr(match, field, now_dt)
    _event(match, MatchEvent.Kind.JOINED, actor=actor, seat=seat)
    call_match_players_on_commit(match)  # the opponent is at the board (or the game starts)
    if match.red_joined_at is not None and match.blue_joined_at is not None:
        _start(match, actor=actor, now=now_dt)
    _after_change(match, now=now_dt)
    return match


#: ``match_forfeit_absent`` seats: one absent seat, or both (a double forfeit).
ABSENT_BOTH: Final = "both"


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


@_atomic
def match_abort(
    *, match_id: int, actor: Any = None, reason: str = "", now: datetime | None = None
) -> Match:
    """Abort a pending or running match (e.g. a round re-paired): no result, no record."""
    match = lock_match(match_id)
    _require_arbiter(match, actor)
    _require_not_over(match)
    now_dt = _now(now)
    clock = match_clock_state(match)
    if clock.running is not None and clock.flagged is None:
        clock, record = clock_stop(clock, now=epoch_ms(now_dt), note="abort")
        match_set_status(
            match=match, status=Match.Status.ABORTED, actor=actor, detail={"reason": reason}
        )
        _set_clock(match, clock, record, actor=actor)
    else:
        match_set_status(
            match=match, status=Match.Status.ABORTED, actor=actor, detail={"reason": reason}
        )
        match.flag_deadline = None
    call_match_players_on_commit(match)  # the game they were called to is gone
    _after_change(match, now=now_dt)
    return match


# ---------------------------------------------------------------------------- playing


@_atomic
def match_submit_action(
    *,
    match_id: int,
    seat: str | None,
    action_text: str,
    expected_ply: int,
    lag_ms: int = 0,
    now: datetime | None = None,
    actor: Any = None,
) -> Match | _CommitThenRaise:
    """Apply one decision of ``seat`` to an online match; see the module docstring.

    ``expected_ply`` is the ply of the view the decision was chosen in; ``lag_ms`` the
    client's transit-time estimate (credited within the lag quota). Returns the updated match.
    """
    now_dt = _now(now)
    now_ms = epoch_ms(now_dt)
    match = lock_match(match_id, relaxed=True)
    _require_kind(match, Match.Kind.ONLINE)
    _require_live(match)
    clock = match_clock_state(match)
    if _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=now_ms, actor=actor):
        return _CommitThenRaise(_adjudicated_error(match))
    if isinstance(expected_ply, bool) or expected_ply != match.ply:
        raise MatchError("stale_ply", ply=match.ply, detail=f"expected {expected_ply!r}")
    side = seat_side(_require_seat(match, seat))
    rules = match_rules(match)
    state = match_game_state(match)
    if side is None or not rules.can_act(state, side):
        raise MatchError("not_your_turn", ply=match.ply)
    if clock.paused:
        raise MatchError("clock_paused", ply=match.ply)
    hooks = _simultaneous(rules)
    try:
        action = rules.parse_action(action_text)
        if hooks is not None and hooks.action_seat(state, action) != side:
            raise MatchError("not_your_turn", ply=match.ply)  # e.g. the other seat's set-up
        new_state = rules.apply(state, action)
    except RulesError as exc:
        code = rules_error_code(exc.kind, exc.code)
        raise MatchError(code, ply=match.ply, detail=exc.code) from None
    new_ply = rules.ply(new_state)
    if new_ply != match.ply + 1:  # pragma: no cover - engine invariant
        raise RuntimeError(f"engine ply {new_ply} after match ply {match.ply}")

    # Who acts next, and whether that segment is timed: 軍師軍略's clock_side is None before
    # Red's first placement, in untimed segments (draft, expansion-card preparation) and at
    # the end; a change of clock side is a press.
    lag = _lag(lag_ms)
    clock, record = clock_after_decision(
        clock,
        now=now_ms,
        next_seat=rules.to_act(new_state),
        timed=rules.clock_side(new_state) is not None,
        lag_ms=lag,
        # E.g. every 軍師軍略 deployment placement is a press, even when the same seat places again.
        turn_ended=True if rules.always_press(state) else None,
    )
    text = rules.action_text(action)
    masked = rules.history_text(state, action, None) if rules.is_secret(state, action) else None
    match.state = rules.state_to_dict(new_state)
    match.ply = new_ply
    remember_game_state(match, new_state)
    outcome = rules.outcome(new_state)
    _sync_setup_deadline(match, rules, new_state, now_dt)
    if outcome is not None:
        _finish(
            match,
            winner=_winner(outcome),
            method=outcome.termination,
            now=now_dt,
            actor=actor,
        )
    # The move row is the decision's action log entry, audit row and clock-log entry at once.
    _set_clock(match, clock, None)
    _append_move(
        match, seat=side, action=text, masked=masked, record=record, lag_ms=lag, actor=actor
    )
    _after_change(match, now=now_dt, history_from=match.ply)
    return match


@_atomic
def match_resign(
    *, match_id: int, seat: str | None, now: datetime | None = None, actor: Any = None
) -> Match | _CommitThenRaise:
    """``seat`` resigns: the opponent wins. Allowed at any time before the end (also while
    paused); a flag that has already fallen decides the game first."""
    now_dt = _now(now)
    now_ms = epoch_ms(now_dt)
    match = lock_match(match_id)
    _require_not_over(match)
    seat = _require_seat(match, seat)
    clock = match_clock_state(match)
    if _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=now_ms, actor=actor):
        return _CommitThenRaise(_adjudicated_error(match))
    record = None
    if clock.running is not None:
        clock, record = clock_stop(clock, now=now_ms, note="resignation")
    _finish(
        match,
        winner=SEAT_LABELS[other_seat(seat_index(seat))],
        method=Match.Method.RESIGNATION,
        now=now_dt,
        actor=actor,
    )
    _set_clock(match, clock, record, actor=actor)
    _event(match, MatchEvent.Kind.RESIGN, actor=actor, seat=seat)
    _after_change(match, now=now_dt)
    return match


@_atomic
def match_claim_flag(
    *, match_id: int, seat: str | None, now: datetime | None = None, actor: Any = None
) -> Match:
    """A player claims the opponent's (or any) flag: the server re-checks its own clock.

    Finishes the match on time if a flag has fallen, else ``MatchError("flag_not_fallen")``.
    """
    now_dt = _now(now)
    match = lock_match(match_id)
    _require_seat(match, seat)
    _require_live(match)
    clock = match_clock_state(match)
    if _held(match, clock):
        raise MatchError("result_disputed", ply=match.ply)
    if not _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=epoch_ms(now_dt), actor=actor):
        raise MatchError("flag_not_fallen", ply=match.ply)
    _event(match, MatchEvent.Kind.FLAG_CLAIM, actor=actor, seat=seat or "")
    return match


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


# ---------------------------------------------------------------------------- arbiter


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


# --------------------------------------------------------------------- over the board


@_atomic
def otb_clock_press(
    *,
    match_id: int,
    seat: str,
    expected_ply: int,
    requester_seat: str | None = None,
    actor: Any = None,
    lag_ms: int = 0,
    now: datetime | None = None,
) -> Match | _CommitThenRaise:
    """A press of ``seat``'s side of the over-the-board clock.

    The first press is Red's, after its untimed first placement: Blue's clock starts. Then only
    the seat whose clock runs may press; its time is charged and the other seat's starts. The
    device names the ply it saw (a double tap is ``stale_ply``). Players (``requester_seat``)
    and arbiters may press, also while a reported result awaits confirmation: a report does not
    stop the clock (``otb_report_result``).
    """
    now_dt = _now(now)
    now_ms = epoch_ms(now_dt)
    match = lock_match(match_id, relaxed=True)
    _require_kind(match, Match.Kind.OTB)
    if requester_seat not in (Seat.RED, Seat.BLUE) and not (
        actor is not None and user_can_arbitrate(actor, match)
    ):
        raise MatchError("not_a_player", ply=match.ply)
    if match.status == Match.Status.PENDING and seat == Seat.RED and expected_ply == 0:
        # The first press starts the game (docs/matches.md, "Starting a game").
        _start(match, actor=actor, now=now_dt)
    _require_live(match)
    clock = match_clock_state(match)
    if _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=now_ms, actor=actor):
        return _CommitThenRaise(_adjudicated_error(match))
    if isinstance(expected_ply, bool) or expected_ply != match.ply:
        raise MatchError("stale_ply", ply=match.ply)
    seat = _require_seat(match, seat)
    if clock.paused:
        raise MatchError("clock_paused", ply=match.ply)
    pressing = seat_index(seat)
    if clock.running is None:
        if pressing != RED:
            raise MatchError("not_running_seat", ply=match.ply)
        clock, record = clock_start(clock, other_seat(RED), now=now_ms)
    elif clock.running != pressing:
        raise MatchError("not_running_seat", ply=match.ply)
    else:
        clock, record = clock_press(clock, now=now_ms, lag_ms=_lag(lag_ms))
    match.ply += 1
    _set_clock(match, clock, record, actor=actor)
    # ``seat`` is the side pressed; the device that pressed it may hold the other seat's link.
    by = {"by_seat": requester_seat} if requester_seat in (Seat.RED, Seat.BLUE) else {}
    _event(match, MatchEvent.Kind.PRESS, actor=actor, seat=seat, **by)
    _after_change(match, now=now_dt)
    return match


@_atomic
def otb_report_result(
    *,
    match_id: int,
    seat: str | None,
    winner: str,
    method: str,
    actor: Any = None,
    now: datetime | None = None,
) -> Match | _CommitThenRaise:
    """A player reports the over-the-board result (winner + method, or ``"draw"`` for a game
    with draws, ``GameDefinition.draws``: its method is always "draw agreed").

    The report is kept with its server time. It stops nothing (``otb_rulings.REPORT_KEEPS_CLOCK``):
    the clock keeps running until the other seat reports the same result
    (``otb_confirm_result``), which stops it and finishes the match, or the arbiter rules
    (``match_set_result``). A different report marks the match disputed for the arbiter. A flag
    that falls while a report is pending settles it if it names the same winner, and
    otherwise holds the match as disputed: it never decides against a pending report
    (``matches.otb_rulings``).
    """
    match = lock_match(match_id)
    _require_kind(match, Match.Kind.OTB)
    seat = _require_seat(match, seat)
    return _otb_report(match, seat=seat, winner=winner, method=method, actor=actor, now=now)


@_atomic
def otb_confirm_result(
    *, match_id: int, seat: str | None, actor: Any = None, now: datetime | None = None
) -> Match | _CommitThenRaise:
    """``seat`` confirms the result its opponent reported (the match is then finished), also
    on a match held by a flag that disputed that report (``otb_rulings.AGREEMENT_AFTER_FLAG``)."""
    match = lock_match(match_id)
    _require_kind(match, Match.Kind.OTB)
    seat = _require_seat(match, seat)
    _require_live(match)
    other = match.otb_reports.get(SEAT_LABELS[other_seat(seat_index(seat))])
    if other is None:
        raise MatchError("nothing_to_confirm", ply=match.ply)
    return _otb_report(
        match, seat=seat, winner=other["winner"], method=other["method"], actor=actor, now=now
    )


def _otb_report(
    match: Match, *, seat: str, winner: str, method: str, actor: Any, now: datetime | None
) -> Match | _CommitThenRaise:
    now_dt = _now(now)
    now_ms = epoch_ms(now_dt)
    _require_live(match)
    if winner == Match.Winner.DRAW and get_game(match.game).draws:
        # Whatever drew it (the game's rules, equal scores at time), both players reporting a
        # draw agree on it: the match records "draw agreed" (a finished match has a method).
        method = Match.Method.DRAW_AGREED
    elif winner not in (Seat.RED, Seat.BLUE) or method not in OTB_REPORT_METHODS:
        raise MatchError("invalid_result", ply=match.ply)
    clock = match_clock_state(match)
    # A held match (a flag disputed a report) still takes the players' reports: if they now
    # agree, their result stands (otb_rulings.AGREEMENT_AFTER_FLAG).
    held = _held(match, clock)
    if not held and _adjudicate_if_flagged(match, clock, now=now_dt, now_ms=now_ms, actor=actor):
        return _CommitThenRaise(_adjudicated_error(match))
    claim = {"winner": str(winner), "method": str(method)}
    reports = dict(match.otb_reports)
    reports[seat] = {**claim, "at": now_ms}
    match.otb_reports = reports
    call_match_players_on_commit(match)  # the opponent has a result to confirm
    other = reports.get(SEAT_LABELS[other_seat(seat_index(seat))])
    if other is None:
        _event(match, MatchEvent.Kind.RESULT_REPORTED, actor=actor, seat=seat, **claim)
    elif reports_agree(other, claim):
        _event(match, MatchEvent.Kind.RESULT_CONFIRMED, actor=actor, seat=seat, **claim)
        if clock.running is not None:
            clock, record = clock_stop(clock, now=now_ms, note="result confirmed")
            _set_clock(match, clock, record, actor=actor)
        _finish(match, winner=claim["winner"], method=claim["method"], now=now_dt, actor=actor)
    else:
        _mark_disputed(match)
        _event(match, MatchEvent.Kind.DISPUTED, actor=actor, seat=seat, reports=reports)
    _after_change(match, now=now_dt)
    return match
