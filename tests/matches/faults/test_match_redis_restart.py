"""No update is lost when Redis restarts (docs/production.md, *Redis restarts*).

The tests start the production process set themselves — a private Redis, two ASGI processes,
a Celery worker — on the suite's PostgreSQL test database, and restart that Redis (SIGKILL,
then a fresh ``redis-server`` on the same port, which remembers nothing) in the middle of a
game:

* with Red on one process, Blue and a spectator on the other, a decision made while Redis is
  down reaches every open board within ``DELIVERY_SECONDS`` of Redis being back, and every
  decision made after the restart within ``DELIVERY_SECONDS`` of being sent — as an
  ``update``, as a fresh ``snapshot``, or through the snapshot of a socket that had to
  reconnect;
* the worker, holding the reserved timeout task of a running clock when Redis goes, is still
  alive afterwards, reconnects to the broker and, with every ASGI process gone, records a flag
  by itself.

They skip on SQLite and without ``redis-server``, print the measured delivery times, and bound
every wait.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from matches.models import Match, MatchEvent
from matches.services.lifecycle import match_create
from tests.matches.faults.processes import (
    Cluster,
    api_post,
    cluster,
    require_postgresql_and_redis_server,
    wait_until,
)
from tests.matches.helpers import random_action

pytestmark = [pytest.mark.faults, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

DELIVERY_SECONDS = 2.0
DECISIONS_AFTER_RESTART = 8
OUTAGE_SECONDS = 3.0  # longer than the channel layer's publish retries (about 2.2 s)
CONNECT_SECONDS = 15.0
WAIT_SECONDS = 30.0


@pytest.fixture
def processes(tmp_path: Path) -> Cluster:
    require_postgresql_and_redis_server()
    with cluster(tmp_path) as started:
        yield started


class Board:
    """One open board: a socket that keeps the newest view it was sent, reconnecting (and so
    getting a fresh snapshot) whenever the server closes it."""

    def __init__(self, name: str, url: str) -> None:
        self.name = name
        self.url = url
        self.view: dict[str, Any] = {}
        self.ply = -1
        self.socket: ClientConnection | None = None
        self.reconnects = 0
        self.snapshots = 0
        self.errors: list[dict[str, Any]] = []
        self.reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        origin = self.url.split("/ws/")[0].replace("ws://", "http://")
        self.socket = await connect(
            self.url,
            origin=origin,  # type: ignore[arg-type]
            proxy=None,
            open_timeout=CONNECT_SECONDS,
        )

    async def run(self) -> None:
        while True:
            try:
                assert self.socket is not None
                frame = json.loads(await self.socket.recv())
            except ConnectionClosed:
                self.reconnects += 1
                await self._reopen()
                continue
            kind = frame.get("type")
            if kind in ("snapshot", "update"):
                self.snapshots += kind == "snapshot"
                if frame["ply"] >= self.ply:
                    self.ply = frame["ply"]
                    self.view = frame["view"]
            elif kind == "error":
                self.errors.append(frame)

    async def _reopen(self) -> None:
        give_up = time.monotonic() + CONNECT_SECONDS
        while True:
            try:
                await self.open()
                return
            except (OSError, TimeoutError, ConnectionClosed):
                if time.monotonic() > give_up:
                    raise
                await asyncio.sleep(0.1)

    def to_act(self) -> bool:
        game = self.view.get("game") or {}
        return bool(game.get("legal_actions")) and self.view.get("status") == "running"

    async def decide(self) -> int:
        """Send this seat's first legal decision; the ply it was chosen in."""
        assert self.socket is not None
        action = self.view["game"]["legal_actions"][0]
        await self.socket.send(json.dumps({"type": "action", "action": action, "ply": self.ply}))
        return self.ply


async def _until(condition: Callable[[], bool], seconds: float) -> bool:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if condition():
            return True
        await asyncio.sleep(0.01)
    return condition()


def _socket_url(base_url: str, match: Match, seat: str | None) -> str:
    token = {"red": f"?token={match.red_token}", "blue": f"?token={match.blue_token}"}
    return base_url.replace("http://", "ws://") + f"/ws/matches/{match.pk}/" + token.get(seat, "")


async def _play_through_a_restart(
    processes: Cluster, first_url: str, second_url: str, match: Match
) -> tuple[list[float], list[Board]]:
    boards = [
        Board("red", _socket_url(first_url, match, "red")),
        Board("blue", _socket_url(second_url, match, "blue")),
        Board("spectator", _socket_url(second_url, match, None)),
    ]
    for board in boards:
        await board.open()
        board.reader = asyncio.create_task(board.run())
    seats = boards[:2]
    try:
        assert await _until(lambda: all(board.ply == 0 for board in boards), 10)

        async def one_decision() -> float:
            actor = next(board for board in seats if board.to_act())
            ply = await actor.decide()
            sent = time.monotonic()
            reached = await _until(
                lambda: all(board.ply > ply for board in boards), DELIVERY_SECONDS + 3
            )
            took = time.monotonic() - sent
            assert reached, {board.name: (board.ply, board.errors) for board in boards}
            # The actor's own next turn needs its view: wait until a seat may act again.
            await _until(lambda: any(board.to_act() for board in seats), 5)
            return took

        for _ in range(2):  # before the restart: the sockets work
            await one_decision()

        # A decision while Redis is down, longer than the publish retries last: committed, its
        # frames lost. It must reach every board within the limit of Redis being up again.
        await asyncio.to_thread(_kill_redis, processes)
        actor = next(board for board in seats if board.to_act())
        ply = await actor.decide()
        await asyncio.sleep(OUTAGE_SECONDS)
        await asyncio.to_thread(processes.redis)
        back = time.monotonic()
        reached = await _until(lambda: all(board.ply > ply for board in boards), 5)
        during = time.monotonic() - back
        assert reached, {board.name: (board.ply, board.errors) for board in boards}
        await _until(lambda: any(board.to_act() for board in seats), 5)

        delivered = [during] + [await one_decision() for _ in range(DECISIONS_AFTER_RESTART)]
        return delivered, boards
    finally:
        for board in boards:
            if board.reader is not None:
                board.reader.cancel()
            if board.socket is not None:
                await board.socket.close()


def _kill_redis(processes: Cluster) -> None:
    """SIGKILL the private Redis (it persists nothing: a new one on the port starts empty)."""
    redis_process = next(p for p in processes.processes if p.name == "redis")
    redis_process.kill()
    processes.processes.remove(redis_process)


def _restart_redis(processes: Cluster) -> None:
    _kill_redis(processes)
    time.sleep(0.5)
    processes.redis()


def test_every_decision_after_a_redis_restart_reaches_every_open_board(
    processes: Cluster,
) -> None:
    processes.redis()
    processes.worker()
    _first, first_url = processes.asgi("uvicorn")
    _second, second_url = processes.asgi("uvicorn")
    match = match_create(red_name="east", blue_name="west", time_control="10+0", start=True)

    delivered, boards = asyncio.run(
        _play_through_a_restart(processes, first_url, second_url, match)
    )

    ms = [round(seconds * 1000) for seconds in delivered]
    print(
        f"\nRedis restarted: the decision made while it was down, then {len(ms) - 1} after the "
        f"restart, reached all three boards (ms after Redis was back / after sending): {ms}; "
        f"snapshots per board: {[b.snapshots for b in boards]}, "
        f"reconnects: {[b.reconnects for b in boards]}"
    )
    assert len(delivered) == 1 + DECISIONS_AFTER_RESTART  # the one during the outage first
    assert all(seconds <= DELIVERY_SECONDS for seconds in delivered), ms
    match.refresh_from_db()
    assert match.ply == 2 + 1 + DECISIONS_AFTER_RESTART
    assert match.status == Match.Status.RUNNING


def test_the_worker_outlives_a_redis_restart_and_still_records_a_flag(
    processes: Cluster,
) -> None:
    processes.redis()
    server, url = processes.asgi("uvicorn")
    worker = processes.worker()
    running = match_create(red_name="held", blue_name="task", time_control="10+0", start=True)
    seat, text = random_action(running, random.Random(9))
    status, _ = api_post(
        f"{url}/api/matches/{running.pk}/actions/",
        running.red_token if seat == "red" else running.blue_token,
        {"action": text, "ply": 0},
    )
    assert status == 200
    broker = redis.Redis.from_url(processes.redis_url)
    # The worker holds the timeout task of the running clock, unacknowledged, as it always does
    # during a tournament: the state in which Celery's own consumer exits on a broker loss.
    assert wait_until(lambda: broker.hlen("unacked") == 1, 10)

    _restart_redis(processes)
    connected = "Connected to redis"
    assert wait_until(lambda: worker.log.read_text().count(connected) >= 2, WAIT_SECONDS)
    log = worker.log.read_text()
    assert worker.process.poll() is None, log[-3000:]
    assert "Unrecoverable error" not in log

    flagging = match_create(red_name="quick", blue_name="slow", time_control="3s+0", start=True)
    seat, text = random_action(flagging, random.Random(10))
    status, _ = api_post(
        f"{url}/api/matches/{flagging.pk}/actions/", flagging.red_token, {"action": text, "ply": 0}
    )
    assert (seat, status) == ("red", 200)  # Red's placement: Blue's 3 s run from now
    server.kill()  # from now on only the worker can record the flag
    assert wait_until(
        lambda: Match.objects.get(pk=flagging.pk).status == Match.Status.FINISHED, WAIT_SECONDS
    )
    flagging.refresh_from_db()
    assert (flagging.winner, flagging.method) == ("red", "timeout")
    event = flagging.events.get(kind=MatchEvent.Kind.TIMEOUT)
    fell_at = dt.datetime.fromtimestamp(event.detail["deadline"] / 1000, tz=dt.UTC)
    assert event.created_at - fell_at <= dt.timedelta(seconds=2)
    assert worker.process.poll() is None
