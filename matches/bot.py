"""The reference bot: plays random legal actions over the real WebSocket protocol.

It is a client like any other (docs/protocol.md §3): it connects with a seat token, joins a
published game that waits for its players, keeps the last view it received, and whenever that
view offers it legal actions it sends one, chosen with its own seeded ``random.Random``, naming
the view's ply. A stale or lost frame is repaired the
way the protocol says: on a ``stale_ply`` error it asks for a snapshot. It stops when the match
is over (or after ``max_decisions``) and reports what it saw, with timings for benchmarks.

Used by ``manage.py match_bot``, the load benchmark (benchmarks/matches.py) and tests.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

FrameHook = Callable[[dict[str, Any], float], None]
SendHook = Callable[[int, str, float], None]


@dataclass
class BotResult:
    """What one bot saw of its match."""

    seat: str | None = None
    decisions: int = 0
    frames: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    #: Seconds from sending a decision to receiving the update for it (own seat).
    round_trips: list[float] = field(default_factory=list)
    result: dict[str, Any] | None = None
    status: str = ""
    ply: int = 0


def socket_url(base_url: str, match_id: int, seat_token: str) -> str:
    """``http://host:port`` → ``ws://host:port/ws/matches/<id>/?token=…``."""
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/ws/matches/{match_id}/?token={seat_token}"


def origin_of(base_url: str) -> str:
    parts = urlsplit(base_url)
    return f"{parts.scheme}://{parts.netloc}"


class BotSocket(Protocol):
    """What the bot needs of a WebSocket: send a text frame, receive the next one."""

    async def send(self, message: str) -> None: ...

    async def recv(self) -> str | bytes: ...


class CommunicatorSocket:
    """Channels' in-process ``WebsocketCommunicator`` as a ``BotSocket``: the bot plays against
    the real consumer without a server (tests, benchmarks/matches_profile.py).

    ``recv`` waits at most ``timeout`` seconds for the next frame and raises
    ``ConnectionError`` when the consumer closes the socket instead of sending one.
    """

    def __init__(self, communicator: Any, *, timeout: float = 20.0) -> None:
        self.communicator = communicator
        self.timeout = timeout

    async def send(self, message: str) -> None:
        await self.communicator.send_to(text_data=message)

    async def recv(self) -> str:
        output = await self.communicator.receive_output(timeout=self.timeout)
        if output["type"] != "websocket.send":
            raise ConnectionError(output)
        return str(output["text"])


async def play_bot(
    *,
    base_url: str,
    match_id: int,
    seat_token: str,
    open_timeout: float = 30.0,
    connect_attempts: int = 5,
    **options: Any,
) -> BotResult:
    """Connect to ``base_url`` and play one seat of ``match_id`` (see ``run_bot``).

    A refused or failed opening handshake is retried (``connect_attempts`` in all, with a
    growing pause): a busy server may drop connections from a full accept queue.
    """
    for attempt in range(1, connect_attempts + 1):
        try:
            async with connect(
                socket_url(base_url, match_id, seat_token),
                origin=origin_of(base_url),  # type: ignore[arg-type]
                proxy=None,
                compression=None,
                open_timeout=open_timeout,
                max_size=None,
            ) as socket:
                return await run_bot(socket, **options)
        except (OSError, InvalidHandshake):
            if attempt == connect_attempts:
                raise
            await asyncio.sleep(0.2 * attempt)
    raise AssertionError("unreachable")  # pragma: no cover


async def run_bot(
    socket: BotSocket,
    *,
    seed: int = 0,
    think_seconds: float = 0.0,
    think_jitter: float = 0.0,
    max_decisions: int | None = None,
    resign_after: int | None = None,
    on_frame: FrameHook | None = None,
    on_send: SendHook | None = None,
) -> BotResult:
    """Play on an open socket until the match is over; returns what happened.

    Before each decision the bot waits ``think_seconds`` × a uniform factor in
    ``1 ± think_jitter``.
    """
    rng = random.Random(seed)  # noqa: S311 - random play, not security
    result = BotResult()
    sent_at: dict[int, float] = {}
    last_sent_ply = -1
    joined = False
    while True:
        message = await socket.recv()
        received = time.perf_counter()
        frame = json.loads(message)
        result.frames += 1
        if on_frame is not None:
            on_frame(frame, received)
        kind = frame.get("type")
        if kind == "error":
            result.errors.append(frame)
            last_sent_ply = -1  # the decision was refused: the next view may be answered again
            if frame.get("code") in ("stale_ply", "not_your_turn"):
                await socket.send(json.dumps({"type": "snapshot"}))
            continue
        if kind not in ("snapshot", "update"):
            continue
        view = frame["view"]
        result.seat = view["seat"]
        result.ply = ply = frame["ply"]
        result.status = view["status"]
        result.result = view["result"]
        if ply - 1 in sent_at:
            result.round_trips.append(received - sent_at.pop(ply - 1))
        if view["status"] in ("finished", "aborted"):
            return result
        if view["status"] == "pending" and view["seat"] is not None and not joined:
            joined = True  # a published game starts once both seats have joined
            await socket.send(json.dumps({"type": "join"}))
            continue
        if view["status"] != "running":
            continue  # a pending game lists its first decisions, but takes none before it starts
        legal = (view.get("game") or {}).get("legal_actions") or []
        if not legal or ply == last_sent_ply or view["clock"]["paused"]:
            continue
        if max_decisions is not None and result.decisions >= max_decisions:
            return result
        if think_seconds:
            await asyncio.sleep(think_seconds * rng.uniform(1 - think_jitter, 1 + think_jitter))
        last_sent_ply = ply
        if resign_after is not None and result.decisions >= resign_after:
            await socket.send(json.dumps({"type": "resign"}))
            continue
        action = rng.choice(legal)
        sent = time.perf_counter()
        sent_at[ply] = sent
        if on_send is not None:
            on_send(ply, action, sent)
        await socket.send(json.dumps({"type": "action", "action": action, "ply": ply}))
        result.decisions += 1
