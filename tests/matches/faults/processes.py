"""The production process set, started by a fault test: Redis, Celery worker, ASGI server.

Each process is the test's own (a private ``redis-server`` on a free port, a ``celery worker``,
a ``daphne``), so killing or restarting one never touches a service other people use. The
worker and the server run ``config.settings.production`` against the suite's own PostgreSQL
test database (the test must commit its rows: ``django_db(transaction=True)``) and the
private Redis, exactly as docs/production.md starts them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from deploy.local_stack import asgi_command, production_env
from tests.live_server import ROOT, daphne_command, free_port

START_SECONDS = 45


def require_postgresql_and_redis_server() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("fault tests need PostgreSQL (set DATABASE_URL=postgres://…)")
    if shutil.which("redis-server") is None:
        pytest.skip("fault tests start their own redis-server (apt-get install redis-server)")


def _database_url() -> str:
    db = connection.settings_dict
    credentials = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{credentials}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def _wait_until(ready: Any, process: subprocess.Popen[bytes], log: Path, what: str) -> None:
    give_up = time.monotonic() + START_SECONDS
    while not ready():
        if process.poll() is not None or time.monotonic() > give_up:
            raise RuntimeError(f"{what} did not start:\n{log.read_text()}")
        time.sleep(0.1)


def _port_open(port: int) -> bool:
    import socket

    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
    except OSError:
        return False
    return True


@dataclass
class Process:
    """One started program; ``kill()`` is SIGKILL by PID, ``stop()`` a polite end."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Cluster:
    """The processes of one fault test, each started on demand and stopped at the end."""

    directory: Path
    redis_port: int = field(default_factory=free_port)
    processes: list[Process] = field(default_factory=list)
    # The test run's own Redis (``REDIS_URL``) instead of a private redis-server, for tests
    # that kill nothing; with ``extra_env`` (a channel-layer prefix of the test's own).
    shared_redis_url: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)

    @property
    def redis_url(self) -> str:
        return self.shared_redis_url or f"redis://127.0.0.1:{self.redis_port}/0"

    def env(self) -> dict[str, str]:
        """The production settings of deploy/local_stack.py on the suite's database."""
        settings = production_env(
            _database_url(),
            self.redis_url,
            DJANGO_SECRET_KEY="fault-test-key-not-secret",
            DJANGO_LOG_LEVEL="INFO",
        )
        return settings | self.extra_env

    def _start(self, name: str, command: list[str]) -> Process:
        log = self.directory / f"{name}-{len(self.processes)}.log"
        with log.open("w") as out:
            popen = subprocess.Popen(
                command, cwd=ROOT, env=self.env(), stdout=out, stderr=subprocess.STDOUT
            )
        started = Process(name, popen, log)
        self.processes.append(started)
        return started

    def redis(self) -> Process:
        """A private redis-server (no persistence: a restart loses every queued task)."""
        command = [
            str(shutil.which("redis-server")),
            "--port", str(self.redis_port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
        ]  # fmt: skip
        started = self._start("redis", command)
        _wait_until(lambda: _port_open(self.redis_port), started.process, started.log, "redis")
        return started

    def worker(self) -> Process:
        """``celery -A config worker`` as docs/production.md runs it (one pool process here)."""
        celery = str(Path(sys.executable).with_name("celery"))
        command = [celery, "-A", "config", "worker", "-l", "info", "--concurrency", "1"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        started = self._start("worker", command)
        _wait_until(
            lambda: "ready." in started.log.read_text(), started.process, started.log, "worker"
        )
        return started

    def asgi(self, server: str = "daphne") -> tuple[Process, str]:
        """``daphne config.asgi:application``, or with ``server="uvicorn"`` the production
        command of deploy/local_stack.py; returns it and its base URL."""
        port = free_port()
        command = daphne_command(port) if server == "daphne" else asgi_command(server, port)
        started = self._start(server, command)
        _wait_until(lambda: _port_open(port), started.process, started.log, server)
        return started, f"http://127.0.0.1:{port}"

    def stop_all(self) -> None:
        for process in reversed(self.processes):
            process.stop()


@contextmanager
def cluster(directory: Path, **options: Any) -> Iterator[Cluster]:
    processes = Cluster(directory, **options)
    with ExitStack() as stack:
        stack.callback(processes.stop_all)
        yield processes


def wait_until(condition: Any, seconds: float) -> bool:
    """Poll ``condition`` every 50 ms until it holds (True) or ``seconds`` pass (its last
    answer)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def api_post(url: str, token: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST JSON to the match API with a seat token; ``(status, body)``, or ``(0, {})`` when
    the server is gone."""
    request = urllib.request.Request(  # noqa: S310 - the test's own http://127.0.0.1 server
        url,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, {}
