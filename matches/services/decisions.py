"""A player's own acts in an online game: a decision, a resignation, a flag claim.

``match_submit_action`` follows the shape every service shares (see ``matches.services``): the
row lock, the flag first, the client's expected ply, the seat, the game's rules, then the
clock, the move row, the cached state and the result when the game reports an outcome.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from clock import clock_after_decision, clock_stop, epoch_ms, other_seat
from games.base import RulesError
from matches.errors import MatchError, rules_error_code
from matches.models import Match, MatchEvent
from matches.rows import lock_match
from matches.selectors import (
    SEAT_LABELS,
    match_clock_state,
    match_game_state,
    match_rules,
    remember_game_state,
    seat_index,
    seat_side,
)
from matches.services._common import (
    _after_change,
    _append_move,
    _atomic,
    _CommitThenRaise,
    _event,
    _lag,
    _now,
    _require_kind,
    _require_live,
    _require_not_over,
    _require_seat,
    _set_clock,
    _simultaneous,
    _winner,
)
from matches.services.lifecycle import _finish, _sync_setup_deadline
from matches.services.timeouts import _adjudicate_if_flagged, _adjudicated_error, _held


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
