"""The over-the-board clock: presses of the venue clock, and the result the players report.

The server runs the clock of a game played on a real board and records its result: the first
press (Red's, after its untimed first placement) starts the game and Blue's clock; a player
reports the result and the other confirms it (or the match is disputed for the arbiter). A
report stops nothing, and a flag never decides against a pending report
(``matches.otb_rulings``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from clock import RED, clock_press, clock_start, clock_stop, epoch_ms, other_seat
from games import get_game
from matches.callup import call_match_players_on_commit
from matches.errors import MatchError
from matches.models import Match, MatchEvent, Seat
from matches.otb_rulings import reports_agree
from matches.permissions import user_can_arbitrate
from matches.rows import lock_match
from matches.selectors import SEAT_LABELS, match_clock_state, seat_index
from matches.services._common import (
    _after_change,
    _atomic,
    _CommitThenRaise,
    _event,
    _lag,
    _mark_disputed,
    _now,
    _require_kind,
    _require_live,
    _require_seat,
    _set_clock,
)
from matches.services.lifecycle import _finish, _start
from matches.services.timeouts import _adjudicate_if_flagged, _adjudicated_error, _held

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
