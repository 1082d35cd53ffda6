"""The live server for the match browser tests, shared by the whole session.

See `tests/live_server.py` for what runs (Daphne on the local settings, with the in-process
flag-fall scheduler) and why the test process never touches its data. ``MatchServer`` adds
what match tests need: running a snippet in the server's `manage.py shell` and returning what
it prints as JSON. Each test makes its own matches.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.live_server import LiveServer, running_server


@dataclass(frozen=True)
class MatchServer(LiveServer):
    def python(self, code: str) -> Any:
        """Run ``code`` in `manage.py shell`; it must print one JSON value as its last line."""
        output = self.manage("shell", "-c", code)
        return json.loads(output.strip().splitlines()[-1])

    def create_match(self, **options: Any) -> dict[str, Any]:
        """A started online match (``options`` go to ``match_create``): id and seat tokens.

        These board tests begin where starting a game ends: joining by clicks (both seats press
        "join") is what tests/tournaments/e2e proves, so here the match is created started.
        """
        return self.python(
            "import json\n"
            "from matches.services.lifecycle import match_create\n"
            f"m = match_create(start=True, **json.loads({json.dumps(json.dumps(options))}))\n"
            "print(json.dumps({'id': m.pk, 'red': m.red_token, 'blue': m.blue_token}))\n"
        )

    def create_played_match(
        self, actions: list[str], *, seconds_each: int = 7, **options: Any
    ) -> dict[str, Any]:
        """A started online match after ``actions`` (legal decisions from the start), as
        ``create_match`` returns it; each decision is taken by the seat to act,
        ``seconds_each`` after the previous one, the last one now (the clocks show it)."""
        return self.python(
            "import json\n"
            "from datetime import timedelta\n"
            "from django.utils import timezone\n"
            "from engine import apply_action, new_game, parse_action\n"
            "from matches.services.decisions import match_submit_action\n"
            "from matches.services.lifecycle import match_create\n"
            f"actions = json.loads({json.dumps(json.dumps(actions))})\n"
            f"step = timedelta(seconds={seconds_each})\n"
            "now = timezone.now() - step * len(actions)\n"
            f"options = json.loads({json.dumps(json.dumps(options))})\n"
            "m = match_create(start=True, now=now, **options)\n"
            "state = new_game()\n"
            "for ply, text in enumerate(actions):\n"
            "    now += step\n"
            "    match_submit_action(match_id=m.pk, seat=state.to_act.label,"
            " action_text=text, expected_ply=ply, now=now)\n"
            "    state = apply_action(state, parse_action(text))\n"
            "print(json.dumps({'id': m.pk, 'red': m.red_token, 'blue': m.blue_token}))\n"
        )

    def match_actions(self, match_id: int) -> list[str]:
        return self.python(
            "import json\n"
            "from matches.models import Match\n"
            "from matches.selectors import match_action_texts\n"
            f"print(json.dumps(match_action_texts(Match.objects.get(pk={match_id}))))\n"
        )

    def match_result(self, match_id: int) -> dict[str, Any]:
        return self.python(
            "import json\n"
            "from matches.models import Match\n"
            f"m = Match.objects.get(pk={match_id})\n"
            "print(json.dumps({'status': m.status, 'winner': m.winner, 'method': m.method,"
            " 'ply': m.ply}))\n"
        )


@pytest.fixture(scope="session")
def match_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MatchServer]:
    if shutil.which("/usr/bin/chromium") is None and os.environ.get("GUNSHI_REQUIRE_E2E") != "1":
        pytest.skip("/usr/bin/chromium is not installed (apt-get install chromium)")
    directory = tmp_path_factory.mktemp("match-server")
    with running_server(
        directory, MATCH_TIMEOUT_BACKEND="inprocess", MATCH_TIMEOUT_SWEEP_SECONDS="0.5"
    ) as server:
        yield MatchServer(url=server.url, env=server.env, shell=server.shell)


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
