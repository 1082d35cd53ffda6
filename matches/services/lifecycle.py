"""A match's life cycle: create, start, join, abort, its status and how it finishes.

``match_create`` makes a match (``pending``, or ``running`` at once); players start an online
game by joining it (``match_join``: both seats at their boards), an arbiter or trusted code by
``match_start``; ``match_abort`` ends it with no result. Every status change goes through
``match_set_status`` along ``Match.ALLOWED_TRANSITIONS``, and every result through ``_finish``,
which announces it after commit (``matches.signals.match_finished``).

A game with the ``SimultaneousSetup`` hooks (軍棋) opens with a segment in which both seats
submit a secret set-up at once. No player clock runs; one shared countdown does: its end is
``Match.setup_deadline`` (started and ended by ``_sync_setup_deadline``), enforced by the
timeout machinery like a flag (``matches.services.timeouts``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from clock import InvalidTimeControlError, LagPolicy, TimeControl, clock_new, clock_stop, epoch_ms
from core.accounts.display import public_name
from games import get_game
from games.base import GameRules, RulesError
from matches.callup import call_match_players_on_commit
from matches.errors import MatchError
from matches.models import OFFICIAL_TIME_CONTROL, Match, MatchEvent, Seat
from matches.notices import notify_game_started
from matches.player_games import player_games_changed
from matches.rows import lock_match, strict_commit
from matches.selectors import (
    SEAT_LABELS,
    match_clock_state,
    match_game_state,
    match_rules,
    remember_game_state,
)
from matches.services._common import (
    _after_change,
    _atomic,
    _event,
    _no_show_deadline,
    _now,
    _require_arbiter,
    _require_kind,
    _require_not_over,
    _require_seat,
    _set_clock,
    _simultaneous,
)
from matches.signals import match_changed, match_finished, match_result_recorded
from matches.timeouts import arm_timeout_check


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
    match_result_recorded.send(sender=Match, match=match, previous=None)
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
    players = (match.red_player_id, match.blue_player_id)
    transaction.on_commit(lambda: player_games_changed(players))  # the profiles' caches
    transaction.on_commit(lambda: match_finished.send(sender=Match, **kwargs))


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
    rated: bool = False,
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
    ``match_join``). ``rated``: the result moves the players' site ratings (an event's option,
    or the choice of a game outside events, docs/play.md). ``no_show_limit_ms`` turns the
    no-show rule on for the untimed segments (see "no-show" above; ``None``, the default, is
    off). Over-the-board matches
    (``kind="otb"``) have no game state: the server runs their clock and records their
    result; a game without rules (an over-the-board game) can only be played so. Raises
    ``MatchError`` with ``invalid_time_control`` or ``bad_message`` on bad input, and
    ``game_not_online`` for an online match of an over-the-board game. ``rated``: the result
    moves both players' site ratings (docs/ratings.md, "On the site"); only a match between two
    different accounts can be rated.
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
            rated=bool(rated) and red_player is not None and blue_player is not None,
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
            changed = {"match_id": match.pk, "ply": match.ply, "status": match.status}
            transaction.on_commit(
                lambda: match_changed.send(sender=Match, meta=match.meta, **changed)
            )
    return match


def _display_name(user: Any) -> str:
    """A seat's name taken from its account: the player's display name (docs/accounts.md)."""
    return public_name(user)


def _start(match: Match, *, actor: Any, now: datetime) -> None:
    match_set_status(match=match, status=Match.Status.RUNNING, actor=actor)
    match.started_at = now
    _event(match, MatchEvent.Kind.STARTED, actor=actor)
    call_match_players_on_commit(match)
    notify_game_started(match)  # the players' bells (online matches)
    if match.kind == Match.Kind.ONLINE:
        _sync_setup_deadline(match, match_rules(match), match_game_state(match), now)


def _sync_setup_deadline(match: Match, rules: GameRules, state: Any, now: datetime) -> None:
    """Start the shared countdown when the set-up segment begins, end it when it is over."""
    hooks = _simultaneous(rules)
    length = None if hooks is None else hooks.setup_countdown_ms(state)
    if length is None or match.status != Match.Status.RUNNING:
        match.setup_deadline = None
    elif match.setup_deadline is None:
        match.setup_deadline = now + timedelta(milliseconds=length)


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
