"""A server killed with ``kill -9`` (no disconnect handler runs) leaves no seat "connected".

A real Daphne process, on its own Redis (a private ``redis-server``) and SQLite file, serves
a seat's socket; the server is killed with SIGKILL, and once the presence lease time has passed
the shared cache no longer reports the seat as connected.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import (
    LiveServer,
    free_port,
    server_environment,
    start_daphne,
    wait_until_listening,
)

pytestmark = [pytest.mark.slow, pytest.mark.multiprocess]

LEASE_SECONDS = 2


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[str]:
    program = shutil.which("redis-server")
    if program is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    log = tmp_path / "redis.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [program, "--port", str(port), "--save", "", "--appendonly", "no"],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_listening(port, process, log)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _presence(server: LiveServer, match_id: int) -> dict[str, bool]:
    output = server.manage(
        "shell",
        "-c",
        "import json\n"
        "from matches.models import Match\n"
        "from matches.presence import presence_get, presence_scope\n"
        f"print(json.dumps(presence_get(scope=presence_scope(Match.objects.get(pk={match_id})))))",
    )
    return dict(json.loads(output.strip().splitlines()[-1]))


def test_a_killed_server_leaves_no_seat_connected(tmp_path: Path, private_redis: str) -> None:
    from websockets.sync.client import connect

    env = server_environment(
        f"sqlite:///{tmp_path / 'server.sqlite3'}",
        REDIS_URL=private_redis,
        MATCH_TIMEOUT_BACKEND="inprocess",
        MATCH_PRESENCE_TTL_SECONDS=str(LEASE_SECONDS),
        MATCH_PRESENCE_HEARTBEAT_SECONDS="0.5",
    )
    server = LiveServer(url="", env=env)
    server.manage("migrate", "--noinput", "-v", "0")
    created = server.manage(
        "shell",
        "-c",
        "import json\n"
        "from matches.services.lifecycle import match_create\n"
        "m = match_create(red_name='Aoi', blue_name='Ren', start=True)\n"
        "print(json.dumps({'id': m.pk, 'red': m.red_token}))",
    )
    match = json.loads(created.strip().splitlines()[-1])
    process, port = start_daphne(tmp_path, env)
    try:
        url = f"ws://127.0.0.1:{port}/ws/matches/{match['id']}/?token={match['red']}"
        origin = f"http://127.0.0.1:{port}"
        with connect(url, origin=origin, open_timeout=20, close_timeout=1) as seat:
            assert json.loads(seat.recv(timeout=20))["type"] == "snapshot"
            assert _presence(server, match["id"])["red"] is True
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        time.sleep(LEASE_SECONDS + 1)
        assert _presence(server, match["id"]) == {"red": False, "blue": False}
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
