"""Any ASGI process serves any match (docs/production.md, *Behind the proxy*).

The tests start production ASGI processes themselves (``config.settings.production`` on the
suite's PostgreSQL test database and the test run's Redis, with a channel-layer prefix of
their own), seat Red on one process and Blue on another, watch with a spectator on a third
connection, and play real decisions over the WebSockets: every decision must reach the other
seat and the spectator, each on its own process, within ``DELIVERY_SECONDS``. The second test
does the same behind a private nginx running deploy/nginx/'s locations, which also serves
the static files collectstatic wrote.

They skip on SQLite and without ``REDIS_URL`` (one process only) and print the measured
delivery times; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from websockets.asyncio.client import ClientConnection, connect

from deploy.local_stack import local_stack
from matches.models import Match
from matches.services.lifecycle import match_create
from tests.live_server import ROOT
from tests.matches.faults.processes import Cluster, cluster

pytestmark = [pytest.mark.faults, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

DECISIONS = 8
DELIVERY_SECONDS = 5.0
CONNECT_SECONDS = 15.0


def _require_postgresql_and_redis() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("several processes share one match only on PostgreSQL (DATABASE_URL)")
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("several processes share one match only through Redis (REDIS_URL)")
    return redis_url


@pytest.fixture
def processes(tmp_path: Path) -> Cluster:
    redis_url = _require_postgresql_and_redis()
    prefix = {"CHANNEL_LAYER_PREFIX": f"scale-out-{uuid.uuid4().hex[:12]}"}
    with cluster(tmp_path, shared_redis_url=redis_url, extra_env=prefix) as started:
        yield started


def _socket_url(base_url: str, match_id: int, token: str | None = None) -> str:
    query = f"?token={token}" if token else ""
    return base_url.replace("http://", "ws://") + f"/ws/matches/{match_id}/{query}"


async def _open(base_url: str, match_id: int, token: str | None = None) -> ClientConnection:
    origin = base_url.rstrip("/")
    return await connect(
        _socket_url(base_url, match_id, token),
        origin=origin,  # type: ignore[arg-type]
        proxy=None,
        open_timeout=CONNECT_SECONDS,
    )


async def _frame(socket: ClientConnection, kind: str, ply: int | None = None) -> dict[str, Any]:
    """The next frame of type ``kind`` (for ``ply``), skipping others; an error frame fails."""
    while True:
        frame = json.loads(await asyncio.wait_for(socket.recv(), DELIVERY_SECONDS))
        assert frame.get("type") != "error", frame
        if frame.get("type") == kind and (ply is None or frame.get("ply") == ply):
            return frame


async def _play_across(
    red_url: str, blue_url: str, spectator_url: str, match: Match
) -> list[float]:
    """Play ``DECISIONS`` decisions, each seat on its own server; return the delivery times
    (decision sent → update received by the other seat and by the spectator)."""
    red = await _open(red_url, match.pk, match.red_token)
    blue = await _open(blue_url, match.pk, match.blue_token)
    spectator = await _open(spectator_url, match.pk)
    seats = {"red": red, "blue": blue}
    try:
        views = {seat: (await _frame(socket, "snapshot"))["view"] for seat, socket in seats.items()}
        snapshot = await _frame(spectator, "snapshot")
        assert not (snapshot["view"].get("game") or {}).get("legal_actions")  # only watches
        ply = snapshot["ply"]
        delivered = []
        for _ in range(DECISIONS):
            actor = next(s for s, v in views.items() if (v.get("game") or {}).get("legal_actions"))
            other = "blue" if actor == "red" else "red"
            action = views[actor]["game"]["legal_actions"][0]
            sent = time.perf_counter()
            await seats[actor].send(json.dumps({"type": "action", "action": action, "ply": ply}))
            seen = await asyncio.gather(
                _frame(seats[other], "update", ply + 1),
                _frame(spectator, "update", ply + 1),
                _frame(seats[actor], "update", ply + 1),
            )
            delivered.append(time.perf_counter() - sent)
            views[other], _spectator, views[actor] = (frame["view"] for frame in seen)
            ply += 1
        return delivered
    finally:
        for socket in (red, blue, spectator):
            await socket.close()


def _report(what: str, delivered: list[float]) -> None:
    ms = sorted(round(d * 1000, 1) for d in delivered)
    print(f"\n{what}: {len(ms)} decisions delivered across processes, ms: {ms}")


def test_two_processes_serve_the_two_seats_of_one_match(processes: Cluster) -> None:
    """Red on a uvicorn process, Blue and a spectator on a daphne process: the production
    server and the development one share matches through the channel layer."""
    _first, red_url = processes.asgi("uvicorn")
    _second, blue_url = processes.asgi("daphne")
    match = match_create(red_name="east", blue_name="west", time_control="10+0", start=True)

    delivered = asyncio.run(_play_across(red_url, blue_url, blue_url, match))

    _report("two processes", delivered)
    assert len(delivered) == DECISIONS
    match.refresh_from_db()
    assert match.ply == DECISIONS
    assert match.status == Match.Status.RUNNING


def _collectstatic(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )


def test_nginx_in_front_of_two_processes_carries_pages_static_files_and_sockets(
    processes: Cluster, tmp_path: Path
) -> None:
    """deploy/nginx/gunshi-locations.conf in a private nginx: the seats on the two processes
    directly, the spectator through nginx; a page and a hashed static file through nginx."""
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("nginx is not installed (apt-get install -y nginx)")
    static_root = tmp_path / "static"
    env = processes.env() | {"DJANGO_STATIC_ROOT": str(static_root)}
    _collectstatic(env)
    match = match_create(red_name="north", blue_name="south", time_control="10+0", start=True)

    with local_stack(env, asgi=2, worker=False, directory=tmp_path / "stack") as stack:
        first, second = stack.asgi_urls
        delivered = asyncio.run(_play_across(first, second, stack.url, match))
        with urllib.request.urlopen(f"{stack.url}/", timeout=10) as page:  # noqa: S310
            assert page.status == 200
        manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
        name, hashed = next(iter(sorted(manifest.items())))
        with urllib.request.urlopen(f"{stack.url}/static/{hashed}", timeout=10) as static:  # noqa: S310
            assert static.status == 200
            assert static.read() == (static_root / hashed).read_bytes(), name

    _report("two processes behind nginx", delivered)
    assert len(delivered) == DECISIONS
    match.refresh_from_db()
    assert match.ply == DECISIONS
