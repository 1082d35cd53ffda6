"""Sending match updates to the WebSocket groups (only ``matches.services`` call this).

Each match has three channel-layer groups: ``match.<id>.red`` and ``match.<id>.blue`` (every
connection of that seat) and ``match.<id>.watch`` (spectators). After a change commits, each
group receives its own view, computed once per group by ``selectors.match_get_view``: a seat's
view never reaches another group. Every frame carries the match's ``ply``.

Nothing is sent before commit (``transaction.on_commit``): a rolled-back change is never seen.
Consumers relay a group message ``{"type": "match.frame", "text": "..."}`` to their socket as
is: each frame is encoded to JSON once, here, not once per socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from typing import Any, Final

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from matches.channel_layer import PipelinedPubSubChannelLayer
from matches.models import Match
from matches.selectors import match_get_view

logger = logging.getLogger(__name__)

AUDIENCES: Final = ("red", "blue", "watch")
GROUP_MESSAGE_TYPE: Final = "match.frame"
#: What ``json.dumps(frame, separators=(",", ":"))`` encodes with, made once (a frame is a
#: tree of fresh dicts and lists, never circular).
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def group_message(frame: dict[str, Any]) -> dict[str, Any]:
    """The channel-layer message carrying ``frame``, already encoded as the socket's text."""
    return {"type": GROUP_MESSAGE_TYPE, "text": _ENCODER.encode(frame)}


def group_name(match_id: int, audience: str) -> str:
    """The channel-layer group of one audience (``red``, ``blue`` or ``watch``) of a match."""
    if audience not in AUDIENCES:
        raise ValueError(f"unknown audience {audience!r}")
    return f"match.{match_id}.{audience}"


def audience_of(seat: str | None) -> str:
    return "watch" if seat is None else seat


async def _send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - CHANNEL_LAYERS is always configured
        return
    if isinstance(layer, PipelinedPubSubChannelLayer):
        await layer.group_send_many(messages)  # one Redis round trip for all of them
        return
    for group, message in messages:
        await layer.group_send(group, message)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop when this thread runs sync code for it (a consumer's service
    call), else ``None`` (a Celery worker, the timeout scheduler, a management command)."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop: asyncio.AbstractEventLoop | None = getattr(local, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


_sending: set[asyncio.Task[None]] = set()  # strong references until each send is done
# The newest send of each match, so that the next one waits for it: the frames of a match
# reach the channel layer in commit order even when two changes commit back to back (a
# decision and a pause, a flag and a resignation), never an older update after a newer one.
_last_send: dict[str, asyncio.Task[None]] = {}


def _spawn(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Start sending on the running loop (called in the loop's thread), after the match's
    previous send."""
    loop = asyncio.get_running_loop()
    key = messages[0][0].rsplit(".", 1)[0] if messages else ""
    previous = _last_send.get(key)
    if previous is not None and (previous.done() or previous.get_loop() is not loop):
        previous = None
    task = loop.create_task(_send_after(previous, messages))
    _last_send[key] = task
    _sending.add(task)

    def finished(done: asyncio.Task[None]) -> None:
        _sending.discard(done)
        if _last_send.get(key) is done:
            del _last_send[key]

    task.add_done_callback(finished)


async def _send_after(
    previous: asyncio.Task[None] | None, messages: list[tuple[str, dict[str, Any]]]
) -> None:
    if previous is not None:
        await asyncio.wait([previous])  # its own failure is logged there, never raised here
    await _send_logged(messages)


async def _send_logged(messages: list[tuple[str, dict[str, Any]]]) -> None:
    try:
        await _send_all(messages)
    except Exception:
        logger.exception("match broadcast failed")


#: The event loop (and its daemon thread) that sends the frames of a process with no server
#: loop: made on the first such send, again after a fork (a Celery worker's child).
_sender: tuple[int, asyncio.AbstractEventLoop, threading.Thread] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """The process's own sending loop: one thread and one loop for every send from outside a
    server, so the channel layer keeps its connections instead of opening them anew on a
    fresh loop (and thread) for every change."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid() or not _sender[2].is_alive():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="match-broadcast", daemon=True)
            thread.start()
            _sender = (os.getpid(), loop, thread)
        return _sender[1]


def _send(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Hand the frames to the channel layer.

    In a server process the sends are queued on the server's event loop and this thread goes
    back to work at once; the frames of one match keep their commit order (each send waits for
    the match's previous one). Elsewhere they are sent on the process's sending loop
    (``_sender_loop``) before returning.
    """
    loop = _server_loop()
    if loop is not None:
        loop.call_soon_threadsafe(_spawn, messages)
        return
    try:
        asyncio.run_coroutine_threadsafe(_send_all(messages), _sender_loop()).result()
    except Exception:  # a broadcast failure must not undo a committed change
        logger.exception("match broadcast failed")


def match_frames(match: Match, *, history_from: int) -> list[tuple[str, dict[str, Any]]]:
    """The ``update`` frame of each audience, as ``(group, frame)`` pairs."""
    now = timezone.now()
    frames = []
    for audience in AUDIENCES:
        seat = None if audience == "watch" else audience
        view = match_get_view(
            match=match, viewer_seat=seat, history_from=history_from, with_presence=False, now=now
        )
        frames.append(
            (group_name(match.pk, audience), {"type": "update", "ply": match.ply, "view": view})
        )
    return frames


def event_boards_group(event_id: int) -> str:
    """The channel-layer group of an event's arbiter consoles (``tournaments.consumers``
    adds an arbiter's event socket to it). Any change of one of the event's matches nudges it
    with a message that carries no data: the console refetches its server-rendered boards."""
    return f"matches.event.{event_id}.boards"


#: The nudge of an event's arbiter consoles: the frame the socket sends on is its ``text``.
BOARDS_MESSAGE: Final = {"type": "boards.changed", "text": '{"type":"boards"}'}


def match_broadcast_on_commit(match: Match, *, history_from: int) -> None:
    """After commit, send each audience of ``match`` its view (history from ``history_from``),
    and nudge the arbiter consoles of its event."""

    def send() -> None:
        frames = match_frames(match, history_from=history_from)
        messages = [(group, group_message(frame)) for group, frame in frames]
        if match.event_id is not None:
            messages.append((event_boards_group(match.event_id), dict(BOARDS_MESSAGE)))
        _send(messages)

    transaction.on_commit(send)


def presence_messages(
    *, match_id: int, ply: int, seat: str, connected: bool
) -> list[tuple[str, dict[str, Any]]]:
    """The group messages telling every audience that ``seat`` connected (its first socket)
    or disconnected (its last one)."""
    frame = {"type": "presence", "ply": ply, "seat": seat, "connected": connected}
    return [(group_name(match_id, audience), group_message(frame)) for audience in AUDIENCES]


async def presence_broadcast(*, match_id: int, ply: int, seat: str, connected: bool) -> None:
    """Send ``presence_messages`` and wait until the channel layer has them (the consumer
    announces an arrival before joining its own group, so it never hears itself)."""
    await _send_logged(
        presence_messages(match_id=match_id, ply=ply, seat=seat, connected=connected)
    )
