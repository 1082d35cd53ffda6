"""A real ASGI server (Daphne: HTTP and WebSockets) in its own process, for the browser tests.

The server runs on a throw-away SQLite file with the local settings — the in-memory channel
layer and cache, the in-process timeout scheduler, static files from the tree — which is what
`make dev` runs. It is started through Daphne's own console script, so the scheduler that
adjudicates flag falls starts in it as in any server process.

The test process never touches the server's database: it prepares data with `manage.py`
commands (``LiveServer.manage``) and drives everything else through the browser. This also
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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
START_SECONDS = 30
MANAGE_SECONDS = 180


@dataclass(frozen=True)
class LiveServer:
    """A running server: its base URL and the environment its `manage.py` commands need."""

    url: str
    env: dict[str, str]

    def manage(self, *args: str) -> str:
        """Run a `manage.py` command against the server's database; return its output."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=MANAGE_SECONDS,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout


def server_environment(database: Path, **extra: str) -> dict[str, str]:
    """The local settings on the SQLite file ``database``, whatever the suite itself runs on."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_READ_DOT_ENV_FILE": "false",
        "DJANGO_DEBUG": "false",
        "DJANGO_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        **extra,
    }
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def daphne_command(port: int) -> list[str]:
    # The console script keeps "daphne" in argv[0], which is how matches.timeouts recognises a
    # server process and starts the flag-fall scheduler.
    script = Path(sys.executable).with_name("daphne")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "daphne"]
    return [*program, "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]


def wait_until_listening(port: int, process: subprocess.Popen[Any], log_path: Path) -> None:
    """Wait until ``process`` accepts connections on ``port``; raise its log if it exits or
    does not answer within ``START_SECONDS``."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log_path.read_text()) from None
            time.sleep(0.2)


def start_daphne(directory: Path, env: dict[str, str]) -> tuple[subprocess.Popen[Any], int]:
    """Start Daphne on a free port with ``env`` (output to ``directory/daphne.log``) and wait
    until it answers: ``(process, port)``. The caller stops the process."""
    port = free_port()
    log_path = directory / "daphne.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            daphne_command(port), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    wait_until_listening(port, process, log_path)
    return process, port


@contextmanager
def running_server(directory: Path, **extra_env: str) -> Iterator[LiveServer]:
    """Migrate a fresh database in ``directory``, serve it, and stop the server on exit.

    The server's output goes to ``directory/daphne.log``; it is raised as the error if the
    server exits or does not answer within ``START_SECONDS``.
    """
    env = server_environment(directory / "e2e.sqlite3", **extra_env)
    LiveServer(url="", env=env).manage("migrate", "--noinput", "-v", "0")
    process, port = start_daphne(directory, env)
    try:
        yield LiveServer(url=f"http://127.0.0.1:{port}", env=env)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
