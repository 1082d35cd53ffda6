"""A real ASGI server (Daphne: HTTP and WebSockets) in its own process, for the browser tests.

The server runs the local settings — the in-process timeout scheduler, static files from the
tree — which is what `make dev` runs, on the same kind of services as the suite itself:

* by default (the suite on its in-memory SQLite), a throw-away SQLite file, the in-memory
  channel layer and cache;
* when the suite runs with ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` set, as CI's second
  stage does, a PostgreSQL database of its own (the suite's database name + ``_live_…``,
  created here and dropped afterwards) and the Redis channel layer and cache, under a key
  prefix of its own (``REDIS_KEY_PREFIX``) so that it shares no key with the suite.

It is started through Daphne's own console script, so the scheduler that adjudicates flag
falls starts in it as in any server process.

The test process never touches the server's database: it prepares data with `manage.py`
commands (``LiveServer.manage``) and drives everything else through the browser. This also
keeps the server independent of the suite's own test database, which a second process could
not share.
"""

from __future__ import annotations

import itertools
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
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
START_SECONDS = 30
MANAGE_SECONDS = 180


@dataclass(frozen=True)
class LiveServer:
    """A running server: its base URL and the environment its `manage.py` commands need."""

    url: str
    env: dict[str, str]

    @property
    def mail_directory(self) -> Path:
        """Where the server writes the mail it sends, one file per message (the local settings'
        file backend: ``DJANGO_EMAIL_FILE_PATH``)."""
        return Path(self.env["DJANGO_EMAIL_FILE_PATH"])

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


def server_environment(database_url: str, **extra: str) -> dict[str, str]:
    """The local settings on ``database_url``, with the suite's Redis (if any) under a key
    prefix of the server's own."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "REDIS_KEY_PREFIX")
    }
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": database_url,
        "DJANGO_READ_DOT_ENV_FILE": "false",
        "DJANGO_DEBUG": "false",
        "DJANGO_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        # No Celery worker runs beside the server: flag falls are adjudicated in the server.
        "MATCH_TIMEOUT_BACKEND": "inprocess",
    }
    redis_url = os.environ.get("REDIS_URL")
    if redis_url:
        env |= {"REDIS_URL": redis_url, "REDIS_KEY_PREFIX": f"live{os.getpid()}-{next(_SERIAL)}:"}
    return env | extra


_SERIAL = itertools.count(1)


def _postgres_config() -> dict[str, Any] | None:
    """The suite's PostgreSQL settings (``DATABASE_URL``), or None on SQLite."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")):
        return None
    import environ

    config: dict[str, Any] = environ.Env.db_url_config(url)
    return config


def _postgres_admin(config: dict[str, Any]) -> Any:
    import psycopg

    return psycopg.connect(
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        dbname="postgres",
        autocommit=True,
    )


@contextmanager
def server_database(directory: Path) -> Iterator[str]:
    """A fresh, empty database for one server: its URL. Dropped on exit (PostgreSQL)."""
    config = _postgres_config()
    if config is None:
        yield f"sqlite:///{directory / 'e2e.sqlite3'}"
        return
    from psycopg import sql

    name = f"{config['NAME']}_live_{os.getpid()}_{next(_SERIAL)}"[:63]
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    with _postgres_admin(config) as admin:
        admin.execute(drop)
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}")
    try:
        yield urlunsplit(url)
    finally:
        with _postgres_admin(config) as admin:
            admin.execute(drop)


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
    """Migrate a fresh database (``server_database``), serve it, and stop the server on exit.

    The server's output goes to ``directory/daphne.log``; it is raised as the error if the
    server exits or does not answer within ``START_SECONDS``. The mail it sends is written to
    ``directory/mail/`` (``LiveServer.mail_directory``).
    """
    with server_database(directory) as database_url:
        mail = {"DJANGO_EMAIL_FILE_PATH": str(directory / "mail")}
        env = server_environment(database_url, **(mail | extra_env))
        LiveServer(url="", env=env).manage("migrate", "--noinput", "-v", "0")
        yield from _serve(directory, env)


def _serve(directory: Path, env: dict[str, str]) -> Iterator[LiveServer]:
    process, port = start_daphne(directory, env)
    try:
        yield LiveServer(url=f"http://127.0.0.1:{port}", env=env)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
