"""A real ASGI server (Daphne, HTTP + WebSockets) for the tournament browser tests.

The server runs in its own process on a throw-away SQLite file, with the local settings
(in-memory channel layer and cache, static files from the tree), exactly what `make dev`
runs. The test process never touches that database: it prepares it with `manage.py`
commands and drives everything else through the browser, as an organiser would. This also
keeps the server independent of the suite's own test database (SQLite in memory, or the
PostgreSQL of CI), which a second process could not share.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class LiveServer:
    url: str
    env: dict[str, str]

    def manage(self, *args: str) -> str:
        """Run a `manage.py` command against the server's database."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return done.stdout


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def live_asgi(tmp_path: Path) -> Iterator[LiveServer]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'e2e.sqlite3'}",
        "DJANGO_READ_DOT_ENV_FILE": "false",
        "DJANGO_DEBUG": "false",
        "DJANGO_LOG_LEVEL": "WARNING",
    }
    server = LiveServer(url="", env=env)
    server.manage("migrate", "--noinput", "-v", "0")
    port = _free_port()
    log = (tmp_path / "daphne.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((tmp_path / "daphne.log").read_text()) from None
                time.sleep(0.2)
        yield LiveServer(url=f"http://127.0.0.1:{port}", env=env)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
