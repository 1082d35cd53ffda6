"""In a real browser, by clicks: a signed-in visitor opens a finished game's record, presses
"Analyse", watches the progress bar fill while a Celery worker on the ``analysis`` queue runs
the job, and sees the win-chance graph; a point of the graph shows that decision in the replay.

The server and the worker are separate processes, as on ``make dev``: without Redis they share
a filesystem broker (``CELERY_BROKER_DIR``) and the progress reaches the page through the
socket's own reading of the job's row. The record page with its graph is photographed at
1280×900 and 390×844, in English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.live_server import LiveServer, running_server, running_worker
from tests.screenshots import photograph

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Analyst-pass-42"

#: A finished game made in the server's database: 30 random legal decisions, then Blue
#: resigns (the record pages begin where a game ends; playing it is what the match tests do).
FINISHED_GAME = """
import json, random
from matches.selectors import match_game_state, match_rules
from matches.services.decisions import match_resign, match_submit_action
from matches.services.lifecycle import match_create
m = match_create(red_name="Aoi", blue_name="Ren", start=True)
rules = match_rules(m)
rng = random.Random(7)
for _ in range(30):
    state = match_game_state(m)
    seat = rules.to_act(state)
    text = rng.choice(rules.legal_actions(state, seat))
    m = match_submit_action(match_id=m.pk, seat=("red", "blue")[seat], action_text=text,
                            expected_ply=m.ply)
match_resign(match_id=m.pk, seat="blue")
print(json.dumps({"id": m.pk}))
"""


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """The server and, beside it, an analysis worker on the same broker and database."""
    with (
        running_server(
            tmp_path,
            CELERY_BROKER_DIR=str(tmp_path / "broker"),
            ANALYSIS_POLL_SECONDS="0.3",
        ) as server,
        running_worker(server, tmp_path, "analysis"),
    ):
        yield server


def test_analyse_a_finished_game_and_see_its_graph(live: LiveServer, browser: Any) -> None:
    create_accounts(live, PASSWORD, "analyst")
    match_id = json.loads(live.manage("shell", "-c", FINISHED_GAME).strip().splitlines()[-1])["id"]
    record = f"{live.url}/matches/records/{match_id}/"

    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(60_000)
    log_in(page, live.url, "analyst", PASSWORD)
    page.goto(record)
    page.wait_for_selector("#record-viewer[data-loaded='all']")
    assert page.locator("#analysis-graph").count() == 0

    page.get_by_role("button", name="Analyse").click()
    page.wait_for_load_state()
    # The job is queued or already running: the progress bar shows, and fills live.
    progress = page.locator("#analysis-progress")
    progress.wait_for()
    assert int(progress.get_attribute("max") or 0) == 30
    page.wait_for_function(
        "() => { const bar = document.getElementById('analysis-progress');"
        " return !bar || Number(bar.value) > 0; }"
    )
    # Done: the page reloads with the server-drawn graph.
    page.wait_for_selector("#analysis-graph")
    assert page.locator("#analysis-progress").count() == 0
    points = page.locator("#analysis-graph [data-ply-link]")
    assert points.count() == 30
    assert page.locator("#analysis-graph .analysis-graph__even").count() == 1

    # A point of the graph shows its decision in the replay.
    page.wait_for_selector("#record-viewer[data-loaded='all']")
    points.nth(11).click()
    page.wait_for_function("() => document.getElementById('record-viewer').dataset.ply === '12'")

    photograph(
        context,
        record,
        "analysis-record",
        lambda shot: shot.locator("#analysis-graph").wait_for(),
        full_page=True,
        fits_width=True,
    )
    context.close()
