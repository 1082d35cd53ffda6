"""A real ASGI server (Daphne: HTTP and the match WebSocket) for the match browser tests.

The server runs in its own process on a throw-away SQLite file with the local settings — the
in-memory channel layer, the in-process timeout scheduler, static files from the tree — which
is what `make dev` runs. It is started through Daphne's own command, so the scheduler that
adjudicates flag falls starts in it as in any server process. The test process never touches
the server's database: it prepares data with `manage.py` (``server.python`` runs a snippet
there and returns what it prints as JSON) and drives everything else through the browser.
One server serves the whole session; each test makes its own matches.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class MatchServer:
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
            timeout=180,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def python(self, code: str) -> Any:
        """Run ``code`` in `manage.py shell`; it must print one JSON value as its last line."""
        output = self.manage("shell", "-c", code)
        return json.loads(output.strip().splitlines()[-1])

    def create_match(self, **options: Any) -> dict[str, Any]:
        """A started online match (``options`` go to ``match_create``): id and seat tokens."""
        return self.python(
            "import json\n"
            "from matches.services import match_create\n"
            f"m = match_create(start=True, **json.loads({json.dumps(json.dumps(options))}))\n"
            "print(json.dumps({'id': m.pk, 'red': m.red_token, 'blue': m.blue_token}))\n"
        )

    def match_result(self, match_id: int) -> dict[str, Any]:
        return self.python(
            "import json\n"
            "from matches.models import Match\n"
            f"m = Match.objects.get(pk={match_id})\n"
            "print(json.dumps({'status': m.status, 'winner': m.winner, 'method': m.method,"
            " 'ply': m.ply}))\n"
        )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _daphne_command(port: int) -> list[str]:
    # The console script keeps "daphne" in argv[0], which is how matches.timeouts recognises a
    # server process and starts the flag-fall scheduler.
    script = Path(sys.executable).with_name("daphne")
    program = [str(script)] if script.exists() else [sys.executable, "-m", "daphne"]
    return [*program, "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]


@pytest.fixture(scope="session")
def match_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MatchServer]:
    if shutil.which("/usr/bin/chromium") is None and os.environ.get("GUNSHI_REQUIRE_E2E") != "1":
        pytest.skip("/usr/bin/chromium is not installed (apt-get install chromium)")
    tmp_path = tmp_path_factory.mktemp("match-server")
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
        "MATCH_TIMEOUT_BACKEND": "inprocess",
        "MATCH_TIMEOUT_SWEEP_SECONDS": "0.5",
        "PYTHONPATH": str(ROOT),
    }
    server = MatchServer(url="", env=env)
    server.manage("migrate", "--noinput", "-v", "0")
    port = _free_port()
    log_path = tmp_path / "daphne.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            _daphne_command(port), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(log_path.read_text()) from None
                    time.sleep(0.2)
            yield MatchServer(url=f"http://127.0.0.1:{port}", env=env)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """``new_page(locale="en-US")``: a page in its own browser context (own cookies)."""
    contexts = []

    def make(locale: str = "en-US", **options: Any) -> Any:
        context = browser.new_context(locale=locale, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    try:
        yield make
    finally:
        for context in contexts:
            context.close()
