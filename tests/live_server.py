"""A real ASGI server (Daphne: HTTP and WebSockets) in its own process, for the browser tests.

The server runs the local settings — the in-process timeout scheduler, static files from the
tree — which is what `make dev` runs, on the same kind of services as the suite itself:

* by default (the suite on its in-memory SQLite), a throw-away SQLite file, the in-memory
  channel layer and cache;
* when the suite runs with ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` set, as CI's second
  stage does, a PostgreSQL database of its own (the suite's database name + ``_live_…``,
  created here and dropped afterwards) and the Redis channel layer and cache, under a key
  prefix of its own (``REDIS_KEY_PREFIX``) so that it shares no key with the suite.

Each server's database is a copy of one migrated template per test process (``server_database``),
so a browser test pays for copying a database, not for running every migration.

It is started through Daphne's own console script, so the scheduler that adjudicates flag
falls starts in it as in any server process.

The test process never touches the server's database: it prepares data with `manage.py`
commands (``LiveServer.manage``) and drives everything else through the browser. This also
keeps the server independent of the suite's own test database, which a second process could
not share. A server started here runs those commands in one helper process of its own
(`tests/live_shell.py`) rather than a new `manage.py` process each time.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tests.live_shell import LiveShell

ROOT = Path(__file__).resolve().parents[1]
#: Generous: on a loaded machine, with another xdist worker beside it, Daphne may take long
#: to import the project; the wait ends as soon as the server answers.
START_SECONDS = 120
MANAGE_SECONDS = 180


@dataclass(frozen=True)
class LiveServer:
    """A running server: its base URL and the environment its `manage.py` commands need.

    ``shell``, the helper that runs those commands, is given by ``running_server``; without
    one (a server a test starts itself), each command is a `manage.py` process of its own.
    """

    url: str
    env: dict[str, str]
    shell: LiveShell | None = field(default=None, compare=False, repr=False)

    @property
    def mail_directory(self) -> Path:
        """Where the server writes the mail it sends, one file per message (the local settings'
        file backend: ``DJANGO_EMAIL_FILE_PATH``)."""
        return Path(self.env["DJANGO_EMAIL_FILE_PATH"])

    def manage(self, *args: str) -> str:
        """Run a `manage.py` command against the server's database; return its output."""
        if self.shell is not None:
            ok, output, error = self.shell.run(list(args), timeout=MANAGE_SECONDS)
            if not ok:
                raise RuntimeError(f"manage.py {args[0]} failed:\n{output}\n{error}")
            return output
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
        # The test settings' fast password hasher (config/settings/local.py).
        "DJANGO_FAST_PASSWORD_HASHER": "true",
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
    """A fresh database for one server, already migrated: its URL. Dropped on exit (PostgreSQL).

    It is a copy of this process's migrated template (``migrated_template``): a copied file on
    SQLite, ``CREATE DATABASE … TEMPLATE`` on PostgreSQL, either far quicker than migrating.
    """
    config = _postgres_config()
    if config is None:
        path = directory / "e2e.sqlite3"
        shutil.copyfile(migrated_template(), path)
        yield f"sqlite:///{path}"
        return
    from psycopg import sql

    template = migrated_template()
    name = f"{config['NAME']}_live_{os.getpid()}_{next(_SERIAL)}"[:63]
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    create = sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
        sql.Identifier(name), sql.Identifier(template)
    )
    with _postgres_admin(config) as admin:
        admin.execute(drop)
        admin.execute(create)
    try:
        yield _postgres_url(name)
    finally:
        with _postgres_admin(config) as admin:
            admin.execute(drop)


def _postgres_url(name: str) -> str:
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))


#: How to remove the migrated template, once one is made (`remove_migrated_template`).
_template_removers: list[Callable[[], None]] = []


@functools.cache
def migrated_template() -> str:
    """This process's migrated, empty database, made on first use: a SQLite file's path, or a
    PostgreSQL database's name. Every server's database copies it; tests/conftest.py removes
    it when the session (or xdist worker) finishes."""
    config = _postgres_config()
    if config is None:
        directory = Path(tempfile.mkdtemp(prefix="gunshi-live-template-"))
        _template_removers.append(lambda: shutil.rmtree(directory, ignore_errors=True))
        path = directory / "template.sqlite3"
        _migrate(f"sqlite:///{path}")
        return str(path)
    from psycopg import sql

    name = f"{config['NAME']}_live_{os.getpid()}_template"[:63]
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))

    def drop_template() -> None:
        with _postgres_admin(config) as admin:
            admin.execute(drop)

    drop_template()
    with _postgres_admin(config) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    _template_removers.append(drop_template)
    _migrate(_postgres_url(name))
    return name


def remove_migrated_template() -> None:
    """Remove this process's template, if it made one."""
    while _template_removers:
        _template_removers.pop()()
    migrated_template.cache_clear()


def _migrate(database_url: str) -> None:
    LiveServer(url="", env=server_environment(database_url)).manage(
        "migrate", "--noinput", "-v", "0"
    )


#: Each process of the suite takes its servers' ports from a block of its own, below Linux's
#: ephemeral range (32768–60999): an outgoing connection never borrows one of them between the
#: check here and the server's own bind, and two xdist workers never pick the same port.
PORT_BLOCK_START = 20_000
PORT_BLOCK_SIZE = 500
PORT_BLOCKS = 25


def _port_block() -> range:
    """This process's ports: block 0 on a serial run, block n + 1 on xdist worker ``gw<n>``."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    index = int(worker.removeprefix("gw")) + 1 if worker.startswith("gw") else 0
    start = PORT_BLOCK_START + (index % PORT_BLOCKS) * PORT_BLOCK_SIZE
    return range(start, start + PORT_BLOCK_SIZE)


# A random start within the block, so that two suites run side by side rarely meet either.
_PORT_CANDIDATES = itertools.islice(
    itertools.cycle(_port_block()), random.randrange(PORT_BLOCK_SIZE), None
)


#: Whether the running test may start servers: tests/conftest.py sets it before each test
#: from the test's marks (e2e, multiprocess, faults), which `make test-fast` deselects.
servers_allowed = True


def free_port() -> int:
    """A port of this process's block that nothing listens on (it is never handed out twice
    until the whole block has been used).

    Every server the suite starts (Daphne, redis-server, nginx) takes its port here, so a test
    that starts one without the mark that keeps it out of `make test-fast` fails here.
    """
    if not servers_allowed:
        raise RuntimeError(
            "this test starts a server: mark it multiprocess (or e2e, faults) so that "
            "`make test-fast` leaves it out"
        )
    for _ in range(PORT_BLOCK_SIZE):
        port = next(_PORT_CANDIDATES)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {_port_block()}")


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
    """Serve a fresh, migrated database (``server_database``); stop the server on exit.

    The server's output goes to ``directory/daphne.log``; it is raised as the error if the
    server exits or does not answer within ``START_SECONDS``. The mail it sends is written to
    ``directory/mail/`` (``LiveServer.mail_directory``).
    """
    with server_database(directory) as database_url:
        mail = {"DJANGO_EMAIL_FILE_PATH": str(directory / "mail")}
        yield from _serve(directory, server_environment(database_url, **(mail | extra_env)))


def _serve(directory: Path, env: dict[str, str]) -> Iterator[LiveServer]:
    process, port = start_daphne(directory, env)
    # Its log beside Daphne's; stopped first, so that it holds nothing when the database goes.
    shell = LiveShell(env, directory / "manage.log", cwd=ROOT)
    try:
        yield LiveServer(url=f"http://127.0.0.1:{port}", env=env, shell=shell)
    finally:
        shell.stop()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@contextmanager
def running_worker(
    server: LiveServer, directory: Path, queue: str, **extra_env: str
) -> Iterator[subprocess.Popen[Any]]:
    """A Celery worker on ``queue`` beside ``server``, as ``make dev`` runs it (solo pool, no
    gossip, mingle or heartbeat): the server must have been started with ``CELERY_BROKER_DIR``
    (the filesystem broker folder both share). Output to ``directory/<queue>-worker.log``.

    Killed on exit (SIGKILL): even Celery's cold shutdown takes about three seconds, the test is
    over, and its database and broker folder are thrown away with the server."""
    if not server.env.get("CELERY_BROKER_DIR"):
        raise ValueError("start the server with CELERY_BROKER_DIR to give the worker a broker")
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue]
    command += ["--pool", "solo", "--concurrency", "1", "--loglevel", "WARNING"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    with (directory / f"{queue}-worker.log").open("w") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=server.env | extra_env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        yield process
    finally:
        process.kill()
        process.wait()


def running_bot_worker(
    server: LiveServer, directory: Path
) -> AbstractContextManager[subprocess.Popen[Any]]:
    """The computer opponent's worker (queue ``bot``), which sends its decisions over the
    server's socket (``COMPUTER_SERVER_URL``), as ``make dev`` runs it."""
    return running_worker(server, directory, "bot", COMPUTER_SERVER_URL=server.url)
