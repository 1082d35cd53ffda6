"""The computer's seat: it decides from that seat's view only, as a client would.

A game against the computer (``play.computer_services``) has the computer's account in one seat.
Its decisions are made in the ``bot`` Celery worker (``play.tasks.computer_move_task``), never
in a web process. The worker reads what a client of that seat is sent and nothing else:

* the seat's frame (``matches.selectors.match_get_view`` for that seat: the history lines as
  that seat may read them, the clock, the current game view with its legal decisions), and
* the game views its earlier frames carried (``matches.positions.match_seat_frame_view``):
  a socket client keeps them as they arrive; a worker that starts fresh for each turn reads
  them again, once per worker process (``_MEMORY`` keeps them between turns).

From those it builds the ``opponent.SeatView`` (``seat_view_of``), asks the level's
``SearchPlayer`` with the seat's remaining clock (``opponent.clock`` budgets by it), and
submits with the ply it saw: over the server's socket with its seat token where the worker
shares no channel layer with the server (``make dev``, ``play.computer_socket``), else through
``matches.services.decisions.match_submit_action``, the service the socket consumer calls.
A stale ply (the other player acted meanwhile) or a turn that moved on is read again;
anything else (the game ended, a flag fell) stops the turn. The seat's secrets-free frames
are all the player ever gets: nothing here reads the match's stored game state, the action
log or the deal seed.

**One task per turn.** A task is queued after every change of the match (``play.receivers``);
it plays every decision its seat is asked for in a row (軍師軍略 often asks one side several
times), then ends. If the worker dies or stalls, nothing special happens: the seat's clock
runs, and the server's timeout check adjudicates the loss on time as for any player.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from django.conf import settings

from matches.errors import MatchError
from matches.models import Match
from matches.positions import match_seat_frame_view
from matches.selectors import match_get_view, match_setup
from matches.services.decisions import match_submit_action
from opponent.player import SearchPlayer
from opponent.view import SeatView
from play.computer_accounts import COMPUTER_META
from play.computer_socket import SocketRefusalError, socket_submit

logger = logging.getLogger(__name__)

#: The most decisions one task plays before it leaves the rest to the next task.
MAX_DECISIONS_PER_TASK: Final = 400
#: How often a refused decision (stale ply, turn moved on) is read again and retried.
MAX_RETRIES: Final = 3
#: Seat views and players kept per worker process (a game's belief continues between turns).
_MEMORY_MAX: Final = 256


@dataclass
class _Seat:
    view: SeatView
    player: SearchPlayer


_MEMORY: dict[tuple[int, str], _Seat] = {}
_acting = threading.local()


def computer_acting() -> bool:
    """Whether this thread is playing the computer's turn now (its own changes need no new
    task: the turn's loop goes on by itself)."""
    return bool(getattr(_acting, "active", False))


@contextlib.contextmanager
def _acting_turn() -> Iterator[None]:
    _acting.active = True
    try:
        yield
    finally:
        _acting.active = False


def computer_seat(match: Match) -> tuple[str, int] | None:
    """``(seat, level)`` of the computer in ``match``, or ``None`` for a game between people."""
    data = (match.meta or {}).get(COMPUTER_META)
    if not isinstance(data, dict) or data.get("seat") not in ("red", "blue"):
        return None
    return str(data["seat"]), int(data["level"])


def _setup(match: Match, frame: dict[str, Any]) -> dict[str, Any]:
    """The public set-up: the format as the frame shows it (no deal seed)."""
    return {**match_setup(match), "game_format": frame["format"]}


def seat_view_of(
    match: Match, seat: str, frame: dict[str, Any], known: SeatView | None = None
) -> SeatView:
    """The ``SeatView`` of ``seat`` after the frame ``frame`` (that seat's ``match_get_view``
    from ply 1, or from ``known.ply + 1`` when ``known`` holds the earlier part)."""
    base = known if known is not None and known.ply <= frame["ply"] else None
    start = 0 if base is None else base.ply
    lines = [entry["text"] for entry in frame["history"] if entry["ply"] > start]
    observations: list[Any] = []
    if base is None:
        observations.append(match_seat_frame_view(match=match, seat=seat, ply=0))
    observations.extend(
        match_seat_frame_view(match=match, seat=seat, ply=ply)
        for ply in range(start + 1, frame["ply"])
    )
    if frame["ply"] > start:
        observations.append(frame["game"])
    if base is None:
        return SeatView(
            match.game,
            0 if seat == "red" else 1,
            _setup(match, frame),
            tuple(lines),
            tuple(observations),
        )
    return SeatView(
        base.game,
        base.seat,
        base.setup,
        base.history + tuple(lines),
        base.observations + tuple(observations),
    )


def _remember(key: tuple[int, str], seat: _Seat) -> None:
    if key not in _MEMORY and len(_MEMORY) >= _MEMORY_MAX:
        _MEMORY.clear()
    _MEMORY[key] = seat


def _read(match_id: int, seat: str) -> tuple[Match, dict[str, Any]]:
    match = Match.objects.get(pk=match_id)
    known = _MEMORY.get((match_id, seat))
    history_from = 1 if known is None else known.view.ply + 1
    frame = match_get_view(
        match=match, viewer_seat=seat, history_from=history_from, with_presence=False
    )
    return match, frame


def _asked(frame: dict[str, Any]) -> bool:
    game = frame.get("game") or {}
    return (
        frame["status"] == Match.Status.RUNNING
        and not frame["clock"]["paused"]
        and bool(game.get("legal_actions"))
    )


def _submit(match: Match, seat: str, action: str, ply: int) -> None:
    """Submit as the seat: over the server's socket when ``COMPUTER_SERVER_URL`` is set (no
    shared channel layer: see ``play.computer_socket``), else through the decision service the
    socket consumer calls."""
    server = getattr(settings, "COMPUTER_SERVER_URL", "")
    if server:
        token = match.red_token if seat == "red" else match.blue_token
        socket_submit(base_url=server, match_id=match.pk, token=token, action=action, ply=ply)
        return
    match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=action,
        expected_ply=ply,
        actor=match.red_player if seat == "red" else match.blue_player,
    )


def computer_play_turn(*, match_id: int) -> int:
    """Play the computer's decisions in ``match_id`` while its seat is asked for one; returns
    how many it made (0 when it is not the computer's turn, or not a computer game)."""
    match = Match.objects.filter(pk=match_id).first()
    found = None if match is None else computer_seat(match)
    if found is None:
        return 0
    seat, level = found
    made = 0
    retries = 0
    with _acting_turn():
        while made < MAX_DECISIONS_PER_TASK:
            match, frame = _read(match_id, seat)
            if not _asked(frame):
                return made
            key = (match_id, seat)
            memory = _MEMORY.get(key)
            view = seat_view_of(match, seat, frame, None if memory is None else memory.view)
            player = (
                memory.player if memory is not None else SearchPlayer(str(level), seed=match_id)
            )
            _remember(key, _Seat(view, player))
            remaining = frame["clock"]["remaining_ms"][seat]
            decision = player.decide(view, remaining_ms=remaining)
            try:
                _submit(match, seat, decision.action, view.ply)
            except (MatchError, SocketRefusalError) as exc:
                if exc.code in ("stale_ply", "not_your_turn") and retries < MAX_RETRIES:
                    retries += 1
                    continue
                logger.info("computer move refused in match %s: %s", match_id, exc.code)
                return made
            made += 1
            retries = 0
    return made
