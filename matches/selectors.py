"""Selectors: everything that reads a match for someone.

``match_get_view`` is the only function that serialises a match's game for a client: it goes
through the game's ``rules.view`` (for 軍師軍略 ``engine.observe``, the engine's one chokepoint
for hidden information) and masks the history with the ``rules.history_text`` results stored
at decision time. The view's shape is documented in docs/protocol.md §2. A match reaches its
game's rules only through ``match_rules`` (the registry, docs/games.md).
"""

from __future__ import annotations

import heapq
from datetime import datetime
from typing import Any, Final

from django.utils import timezone

from clock import ClockState, clock_snapshot, epoch_ms
from games import get_game
from games.base import EndedView, GameRules
from matches.errors import MatchError
from matches.models import ClockLogEntry, Match, MatchEvent, MatchMove, Seat
from matches.permissions import user_can_arbitrate
from matches.presence import presence_get, presence_scope

SEAT_LABELS: Final = ("red", "blue")  # index = clock seat = engine Side value
_STATE_CACHE_ATTR: Final = "_game_state_cache"
_MOVES_CACHE_ATTR: Final = "_moves_cache"
_CLOCK_CACHE_ATTR: Final = "_clock_state_cache"

#: One decision as the views need it: ``(ply, seat, action, masked)`` (``MatchMove``).
MoveEntry = tuple[int, int, str, str | None]


def seat_side(seat: str | None) -> int | None:
    """The game's seat (0 Red, 1 Blue) of a seat label (``None`` for a spectator)."""
    if seat is None:
        return None
    return 0 if seat == Seat.RED else 1


def match_rules(match: Match) -> GameRules:
    """The rules of the match's game (``games.get_game(match.game).rules``).

    Raises ``MatchError("game_not_online")`` for a game without an engine (an over-the-board
    game): such a match has no game state.
    """
    rules = get_game(match.game).rules
    if rules is None:
        raise MatchError("game_not_online", ply=match.ply, detail=match.game)
    return rules


def match_setup(match: Match) -> dict[str, Any]:
    """The match's set-up as the game's rules read it (``GameRules.new_game``)."""
    return {
        "variant": match.variant,
        "game_format": match.game_format,
        "rulings": match.rulings,
        "start_position": match.start_position,
    }


def seat_index(seat: str) -> int:
    """The clock seat (0 Red, 1 Blue) of a seat label."""
    return SEAT_LABELS.index(seat)


#: The engine state last parsed or computed in this process for each match: ``match id ->
#: (state dict, game state)``. A match row read again (the next decision locks it anew) whose
#: ``state`` equals the remembered dict gets the remembered state instead of a new parse
#: (a game's ``state_from_dict`` is a pure function of the dict). Bounded: emptied when full.
_PARSED_STATES: dict[int, tuple[dict[str, Any], Any]] = {}
_PARSED_STATES_MAX: Final = 2048


def _remember_parsed(match: Match, state: Any) -> None:
    if len(_PARSED_STATES) >= _PARSED_STATES_MAX:
        _PARSED_STATES.clear()
    _PARSED_STATES[match.pk] = (match.state, state)


def match_game_state(match: Match) -> Any:
    """The match's current game state (secrets included: server-side use only).

    Parsed from the cached ``Match.state`` once per instance and ply, and reused by the services
    and the broadcast that follow a change (and by the next read of the same state in this
    process).
    """
    cached: tuple[int, Any] | None = getattr(match, _STATE_CACHE_ATTR, None)
    if cached is not None and cached[0] == match.ply:
        return cached[1]
    known = _PARSED_STATES.get(match.pk) if match.pk is not None else None
    if known is not None and known[0] == match.state:
        state = known[1]
    else:
        state = match_rules(match).state_from_dict(match.state)
        if match.pk is not None:
            _remember_parsed(match, state)
    setattr(match, _STATE_CACHE_ATTR, (match.ply, state))
    return state


def remember_game_state(match: Match, state: Any) -> None:
    """Attach an already computed state to ``match`` (services call it after a decision,
    once ``match.state`` holds the rules' ``state_to_dict(state)``)."""
    setattr(match, _STATE_CACHE_ATTR, (match.ply, state))
    if match.pk is not None:
        _remember_parsed(match, state)


def remember_move(match: Match, move: MoveEntry) -> None:
    """Attach a decision just appended to ``match`` (the broadcast that follows reads it from
    here instead of the database)."""
    cached: dict[int, MoveEntry] = match.__dict__.setdefault(_MOVES_CACHE_ATTR, {})
    cached[move[0]] = move


def match_moves(match: Match, *, from_ply: int = 1) -> list[MoveEntry]:
    """The decisions of ``match`` from ply ``from_ply`` up to its ply, in order (one query, or
    none when they were all appended through this instance).

    Never past ``match.ply``: a decision committed after the row was read belongs to the next
    frame, so a view never carries a history longer than its own ply (a snapshot read while
    the game goes on stays one consistent position)."""
    first = max(1, from_ply)
    if first > match.ply:
        return []
    cached: dict[int, MoveEntry] = getattr(match, _MOVES_CACHE_ATTR, {})
    if all(ply in cached for ply in range(first, match.ply + 1)):
        return [cached[ply] for ply in range(first, match.ply + 1)]
    return list(
        MatchMove.objects.filter(match_id=match.pk, ply__gte=first, ply__lte=match.ply)
        .order_by("ply")
        .values_list("ply", "seat", "action", "masked")
    )


def match_action_texts(match: Match) -> list[str]:
    """The action log: every decision's text (secrets included), in order."""
    return [action for _ply, _seat, action, _masked in match_moves(match)]


#: The clock last parsed or stored in this process for each match, as ``_PARSED_STATES``.
_PARSED_CLOCKS: dict[int, tuple[dict[str, Any], ClockState]] = {}


def match_clock_state(match: Match) -> ClockState:
    """The match's clock, parsed from ``Match.clock`` once per assigned dict (services assign
    a new dict on every change, never edit one in place), or taken from the last one this
    process parsed or stored for the match when the dicts are equal."""
    cached: tuple[Any, ClockState] | None = match.__dict__.get(_CLOCK_CACHE_ATTR)
    if cached is not None and cached[0] is match.clock:
        return cached[1]
    known = _PARSED_CLOCKS.get(match.pk) if match.pk is not None else None
    if known is not None and known[0] == match.clock:
        clock = known[1]
    else:
        clock = ClockState.from_dict(match.clock)
    remember_clock_state(match, clock)
    return clock


def remember_clock_state(match: Match, clock: ClockState) -> None:
    """Attach the clock to ``match`` once ``match.clock`` holds ``clock.to_dict()`` (services
    call it when they store a new clock)."""
    match.__dict__[_CLOCK_CACHE_ATTR] = (match.clock, clock)
    if match.pk is not None:
        if len(_PARSED_CLOCKS) >= _PARSED_STATES_MAX:
            _PARSED_CLOCKS.clear()
        _PARSED_CLOCKS[match.pk] = (match.clock, clock)


def match_resolve_seat(*, match: Match, user: Any, token: str | None) -> str | None:
    """The seat of whoever presents ``user`` (maybe anonymous) and ``token`` (maybe empty).

    A seat token wins over the session; a token that matches neither seat raises
    ``MatchError("bad_token")``. Anyone else is a spectator (``None``).
    """
    if token:
        if token == match.red_token:
            return Seat.RED
        if token == match.blue_token:
            return Seat.BLUE
        raise MatchError("bad_token", ply=match.ply)
    user_id = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    if user_id is not None:
        if user_id == match.red_player_id:
            return Seat.RED
        if user_id == match.blue_player_id:
            return Seat.BLUE
    return None


def _clock_view(match: Match, now_ms: int) -> dict[str, Any]:
    snap = clock_snapshot(match_clock_state(match), now=now_ms)
    running, flagged = snap["running"], snap["flagged"]
    return {
        "now": snap["now"],
        "time_control": snap["time_control"],
        "remaining_ms": dict(zip(SEAT_LABELS, snap["remaining_ms"], strict=True)),
        "running": None if running is None else SEAT_LABELS[running],
        "ticking": snap["ticking"],
        "paused": snap["paused"],
        "flagged": None if flagged is None else SEAT_LABELS[flagged],
        "deadline": snap["deadline"],
    }


def match_seat_to_act(match: Match) -> int | None:
    """The seat whose decision the game waits for (0 Red, 1 Blue), ``None`` when none does.

    Over the board there is no game state: the match waits for a seat only before Red's first
    press, which starts Blue's clock.
    """
    if match.kind == Match.Kind.OTB:
        return 0 if match.ply == 0 and match.status == Match.Status.RUNNING else None
    return match_rules(match).to_act(match_game_state(match))


def match_no_show_pending(match: Match) -> dict[str, Any] | None:
    """The no-show deadline the running match is waiting on, for the arbiter console:
    ``{"seat": "red" | "blue", "deadline": datetime, "limit_ms": int}``, or ``None`` (the rule
    is off, a clock runs, the clock is paused, or the match is not running)."""
    if (
        match.no_show_limit_ms is None
        or match.status != Match.Status.RUNNING
        or match.flag_deadline is None
    ):
        return None
    clock = match_clock_state(match)
    seat = match_seat_to_act(match)
    if clock.running is not None or clock.paused or seat is None:
        return None
    return {
        "seat": SEAT_LABELS[seat],
        "deadline": match.flag_deadline,
        "limit_ms": match.no_show_limit_ms,
    }


def match_clock_snapshot(*, match: Match, now_ms: int) -> dict[str, Any]:
    """Both clocks as seen at ``now_ms``: remaining times, who runs, paused, flagged."""
    return _clock_view(match, now_ms)


def _history(match: Match, viewer: int | None, history_from: int) -> list[dict[str, Any]]:
    reveal = match.status == Match.Status.FINISHED  # the record is public once finished
    entries = []
    for ply, seat, action, masked in match_moves(match, from_ply=history_from):
        text = masked if masked is not None and not reveal and seat != viewer else action
        entries.append({"ply": ply, "seat": SEAT_LABELS[seat], "text": text})
    return entries


def match_result(match: Match) -> dict[str, Any] | None:
    """The result part of the view (``None`` until finished)."""
    if match.status != Match.Status.FINISHED:
        return None
    return {
        "winner": match.winner,
        "method": match.method,
        "method_label": str(Match.Method(match.method).label),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
    }


def match_game_view(match: Match, viewer: int | None) -> dict[str, Any]:
    """The game part of the view of an online match for ``viewer`` (0, 1 or ``None``).

    A match that ended outside the game (resignation, time, no-show, an arbiter) while its
    state was still under way is shown as finished when its game can say how
    (``games.base.EndedView``: 軍師軍略 shows both generals and nobody to act) — the move list
    names the general by then, so the panels must too (docs/matches.md, "Views").
    """
    rules = match_rules(match)
    state = match_game_state(match)
    ended = match.status == Match.Status.FINISHED and rules.outcome(state) is None
    if ended and isinstance(rules, EndedView):
        return rules.ended_view(state, viewer)
    return rules.view(state, viewer)


def match_get_view(
    *,
    match: Match,
    viewer_seat: str | None,
    history_from: int = 1,
    with_presence: bool = True,
    now: datetime | None = None,
) -> dict[str, Any]:
    """What ``viewer_seat`` (``"red"``, ``"blue"`` or ``None`` for a spectator) may see.

    ``history_from`` is the first ply whose history entry is included (1: all of them).
    ``with_presence=False`` leaves ``presence`` out (``None``): updates do not repeat it,
    presence frames announce its changes.
    """
    now_ms = epoch_ms(now or timezone.now())
    viewer = seat_side(viewer_seat)
    online = match.kind == Match.Kind.ONLINE
    return {
        "id": match.pk,
        "ply": match.ply,
        "kind": match.kind,
        "status": match.status,
        "seat": viewer_seat,
        "variant": match.variant,
        # The format's deal seed would reveal dealt cards: it stays on the server.
        "format": {k: v for k, v in match.game_format.items() if k != "seed"},
        "time_control": match.time_control,
        "players": {"red": {"name": match.red_name}, "blue": {"name": match.blue_name}},
        "event_id": match.event_id,
        "pairing_id": match.pairing_id,
        "game": match_game_view(match, viewer) if online else None,
        "clock": _clock_view(match, now_ms),
        # The end of a shared set-up countdown (epoch ms; e.g. 軍棋's simultaneous set-up).
        "setup_deadline": (
            None if match.setup_deadline is None else epoch_ms(match.setup_deadline)
        ),
        "history_from": history_from,
        "history": _history(match, viewer, history_from) if online else [],
        "result": match_result(match),
        "presence": presence_get(scope=presence_scope(match)) if with_presence else None,
        "otb": (
            None
            if online
            else {
                "reports": {seat: match.otb_reports.get(seat) for seat in SEAT_LABELS},
                "disputed": match.disputed,
            }
        ),
    }


def match_legal_actions(*, match: Match, viewer_seat: str | None) -> dict[str, Any]:
    """The legal decisions of ``viewer_seat`` (empty unless it is to act in a live match)."""
    view = match_game_view(match, seat_side(viewer_seat))
    live = match.status == Match.Status.RUNNING
    return {
        "ply": match.ply,
        "seat": viewer_seat,
        "to_act": view["to_act"],
        "actions": view["legal_actions"] if live else [],
    }


def match_record_visible(*, match: Match, user: Any) -> bool:
    """Whether ``user`` (possibly anonymous or ``None``) may see ``match``'s game record and
    what is derived from it (its analysis). Records are published once a game is over: every
    finished online game's record is public; a running game's, or an over-the-board game's
    (which has none), is nobody's."""
    return match.status == Match.Status.FINISHED and match.kind == Match.Kind.ONLINE


def match_record(*, match: Match) -> Any:
    """The game record of a finished online match (it holds every secret; ``rules.record``).

    Raises ``MatchError("match_not_finished")`` before the end: records are published only
    once a game is over.
    """
    if match.status != Match.Status.FINISHED or match.kind != Match.Kind.ONLINE:
        raise MatchError("match_not_finished", ply=match.ply)
    meta: dict[str, Any] = {
        "match_id": match.pk,
        "time_control": match.time_control,
        "started_at": match.started_at.isoformat() if match.started_at else None,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
    }
    if match.event_id is not None:
        meta["event_id"] = match.event_id
    if match.pairing_id is not None:
        meta["pairing_id"] = match.pairing_id
    return match_rules(match).record(
        setup=match_setup(match),
        actions=match_action_texts(match),
        players={"red": match.red_name, "blue": match.blue_name},
        result={"winner": None if match.winner == "none" else match.winner, "method": match.method},
        meta=meta,
    )


def match_record_text(*, match: Match) -> str:
    """The download form of ``match_record`` (the game's record file, e.g. JSON)."""
    return match_rules(match).record_text(match_record(match=match))


def _clock_entry(
    *, seq: int, ply: int, kind: str, at: int, seat: int | None, running: int | None, row: Any
) -> dict[str, Any]:
    return {
        "seq": seq,
        "ply": ply,
        "kind": kind,
        "at": at,
        "seat": None if seat is None else SEAT_LABELS[seat],
        "running": None if running is None else SEAT_LABELS[running],
        "elapsed_ms": row.elapsed_ms,
        "lag_ms": row.lag_ms if isinstance(row, ClockLogEntry) else row.clock_lag_ms,
        "credit_ms": row.credit_ms,
        "charged_ms": row.charged_ms,
        "increment_ms": row.increment_ms,
        "delta_ms": row.delta_ms,
        "remaining_ms": {"red": row.remaining_red_ms, "blue": row.remaining_blue_ms},
        "note": row.note if isinstance(row, ClockLogEntry) else row.clock_note,
    }


def match_clock_log(*, match: Match) -> list[dict[str, Any]]:
    """The clock log (evidence for disputes), oldest first, for the arbiter: the switches caused
    by decisions (their ``MatchMove`` rows) and every other one (``ClockLogEntry``), by
    ``seq``."""
    others = (
        _clock_entry(
            seq=entry.seq,
            ply=entry.ply,
            kind=entry.kind,
            at=entry.at,
            seat=entry.seat,
            running=entry.running,
            row=entry,
        )
        for entry in ClockLogEntry.objects.filter(match=match).order_by("seq")
    )
    decisions = (
        _clock_entry(
            seq=move.clock_seq,
            ply=move.ply,
            kind=move.clock_kind,
            at=move.clock_at,
            seat=move.clock_seat,
            running=move.clock_running,
            row=move,
        )
        for move in MatchMove.objects.filter(match=match, clock_seq__isnull=False)
        .defer("action", "masked")
        .order_by("clock_seq")
    )
    return list(heapq.merge(others, decisions, key=lambda entry: entry["seq"]))


def match_audit_log(*, match: Match) -> list[dict[str, Any]]:
    """The audit history for the arbiter: ``MatchEvent`` rows and the decisions (``MatchMove``
    rows), in the order they were written. Action texts of an unfinished match are omitted
    (``detail`` keeps only the ply and seat): an arbiter does not see players' secrets."""
    finished = match.status == Match.Status.FINISHED
    events = (
        (event.created_at, event.kind, event.seat or None, event.ply, event.actor, event.detail)
        for event in MatchEvent.objects.filter(match=match).select_related("actor").order_by("id")
    )
    decisions = (
        (
            move.created_at,
            MatchEvent.Kind.ACTION.value,
            SEAT_LABELS[move.seat],
            move.ply,
            move.actor,
            {"action": move.action, "lag_ms": move.lag_ms},
        )
        for move in MatchMove.objects.filter(match=match, created_at__isnull=False)
        .select_related("actor")
        .order_by("ply")
    )
    rows = []
    for at, kind, seat, ply, actor, stored in heapq.merge(events, decisions, key=lambda r: r[0]):
        detail = dict(stored)
        if kind == MatchEvent.Kind.ACTION and not finished:
            detail.pop("action", None)
        rows.append(
            {
                "at": at.isoformat(),
                "kind": kind,
                "seat": seat,
                "ply": ply,
                "actor": actor.get_username() if actor else None,
                "detail": detail,
            }
        )
    return rows


def match_user_can_arbitrate(*, match: Match, user: Any) -> bool:
    return user_can_arbitrate(user, match)


def match_overdue_ids(*, now: datetime) -> list[tuple[int, int]]:
    """``(match id, ply)`` of every running match whose flag has fallen by ``now``."""
    return list(
        Match.objects.filter(status=Match.Status.RUNNING, flag_deadline__lte=now)
        .order_by("flag_deadline")
        .values_list("id", "ply")
    )


def match_upcoming_deadlines(*, until: datetime) -> list[tuple[int, int, datetime]]:
    """``(match id, ply, deadline)`` of every running match whose flag falls by ``until``."""
    return [
        (match_id, ply, deadline)
        for match_id, ply, deadline in Match.objects.filter(
            status=Match.Status.RUNNING, flag_deadline__lte=until
        )
        .order_by("flag_deadline")
        .values_list("id", "ply", "flag_deadline")
        if deadline is not None
    ]
