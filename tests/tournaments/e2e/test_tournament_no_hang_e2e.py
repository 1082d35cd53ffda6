"""In a real browser, by clicks alone: no table can hang, and the event console is live.

Only the accounts are made in the shell. The organiser creates an online event whose players
have one minute to join (the shortest start deadline the event form takes), imports four
players with accounts, checks them in, pairs and publishes round 1. At one table both players
join and Red places, so Blue's clock runs; at the other only Blue comes. The organiser presses
"Start all waiting games": the table whose Red never came is marked on the round page. On the
event console, without any reload, the running clock counts down, a decision at the other table
moves the clock to the other seat, and when the start deadline passes the no-show forfeit
appears by itself; the organiser forfeits Red with it, and the round page shows the result.

The test's server counts each "minute to join" as ``MINUTE_SECONDS`` seconds (the setting
``EVENT_START_WINDOW_MINUTE_SECONDS``), so the deadline passes without waiting out a real minute.

The console and the round page with the flagged table are photographed at 1280×900 and
390×844, in English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    check_in_everyone,
    create_accounts,
    decide_first_offered,
    log_in,
    wait_dataset,
)
from tests.live_server import LiveServer, running_server
from tests.screenshots import photograph as photograph_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-no-hang-pass-3"
PLAYERS = {"kenji": "Kenji Aoki", "lina": "Lina Park", "mika": "Mika Ono", "noa": "Noa Ide"}


#: One "minute to join" on this test's server: long enough for both tables to be joined, the
#: round page photographed and the console checked before the deadline on a loaded machine
#: (30 seconds were not, beside other suites), a quarter of a real minute's wait less.
MINUTE_SECONDS = "45"


@pytest.fixture
def live_asgi(tmp_path: Path) -> Iterator[LiveServer]:
    """The tournament tests' server (tests/tournaments/e2e/conftest.py), with short minutes."""
    with running_server(tmp_path, EVENT_START_WINDOW_MINUTE_SECONDS=MINUTE_SECONDS) as server:
        yield server


def photograph(context: Any, url: str, name: str, ready: str) -> None:
    """``url`` in both languages and sizes, once ``ready`` shows and the clocks have ticked."""

    def prepare(page: Any) -> None:
        page.locator(ready).first.wait_for()
        page.wait_for_timeout(400)  # a few clock ticks

    photograph_sizes(context, url, name, prepare, full_page=True)


def clock_text(page: Any, match_id: str, seat: str) -> str:
    return str(page.locator(f"#board-{match_id} [data-clock-seat={seat}]").inner_text())


def test_an_absent_red_is_flagged_and_forfeited_from_the_live_console(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host", *PLAYERS)
    base = live_asgi.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", *PLAYERS)}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(20_000)
    organiser = pages["host"]

    # The organiser creates the event (one minute to join) and publishes round 1.
    log_in(organiser, base, "host", PASSWORD)
    organiser.goto(f"{base}/events/manage/new/")
    organiser.fill("#id_name", "Late Cup")
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.check("#id_online")
    organiser.fill("#id_time_control", "5+0")
    organiser.fill("#id_start_window_minutes", "1")
    organiser.fill("#id_rounds", "1")
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(r"/events/late-cup/manage/$"))
    organiser.get_by_role("button", name="Set status: Registration open").click()
    rows = "".join(
        f"{name},{2000 - 100 * i},{user}\n" for i, (user, name) in enumerate(PLAYERS.items())
    )
    organiser.fill("#id_text", "name,rating,username\n" + rows)
    organiser.get_by_role("button", name="Import").click()
    check_in_everyone(organiser)
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    round_url = organiser.url
    tables = []
    for row in organiser.locator("#pairings tbody tr").all():
        red = row.locator("td.seat-red").inner_text().strip()
        blue = row.locator("td.seat-blue").inner_text().strip()
        by_name = {name: user for user, name in PLAYERS.items()}
        tables.append((by_name[red], by_name[blue]))
    (played_red, played_blue), (absent_red, present_blue) = tables

    # Both players of the first table join and Red places: Blue's clock runs.
    boards = {}
    for user in (played_red, played_blue, present_blue):
        page = pages[user]
        log_in(page, base, user, PASSWORD)
        page.goto(f"{base}/events/late-cup/")
        page.locator("#live-game-banner").get_by_role("link", name="Go to your board").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        boards[user] = page.url.rstrip("/").rsplit("/", 1)[1]
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
        page.get_by_role("button", name="I am at the board: join the game").click()
        page.wait_for_load_state()
    for user in (played_red, played_blue):
        wait_dataset(pages[user], "live", "d.status === 'running'")
    decide_first_offered(pages[played_red])
    wait_dataset(pages[played_blue], "live", "d.ply === '1' && d.toAct === 'blue'")
    played, waiting = boards[played_red], boards[present_blue]

    # The organiser starts the waiting table: its absent Red is marked at once.
    organiser.goto(round_url)
    organiser.get_by_role("button", name="Start all waiting games").click()
    assert organiser.get_by_text("1 game started.").is_visible()
    marked = organiser.locator("#pairings tbody tr", has_text=PLAYERS[absent_red])
    assert f"Red ({PLAYERS[absent_red]}): not at the board" in marked.inner_text()
    assert "1 table needs the arbiter" in organiser.locator("#tables-watch").inner_text()
    photograph(contexts["host"], round_url, "round-flagged", "tr.is-flagged")

    # The live console: the running clock counts down without a reload.
    organiser.get_by_role("link", name="Arbiter console: every board, live").click()
    organiser.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    organiser.evaluate("window.__notReloaded = true")
    console_url = organiser.url
    before = clock_text(organiser, played, "blue")
    organiser.wait_for_timeout(1500)
    after = clock_text(organiser, played, "blue")
    assert before != after, (before, after)
    assert clock_text(organiser, played, "red") == "5:00"
    flagged = organiser.locator(f"#board-{waiting}")
    assert "not at the board" in flagged.inner_text()
    assert flagged.get_by_role("button", name="Forfeit").count() == 0  # not before the deadline

    # A decision at the other table moves its clock to Red, still without a reload.
    decide_first_offered(pages[played_blue])
    organiser.locator(f"#board-{played} [data-clock-seat=red][data-ticking]").wait_for()

    # The start deadline passes: the forfeit appears by itself; the organiser forfeits Red.
    forfeit = flagged.get_by_role("button", name="Forfeit")
    forfeit.wait_for(timeout=90_000)
    assert "no first decision after the start deadline" in flagged.inner_text()
    assert organiser.evaluate("window.__notReloaded") is True
    photograph(contexts["host"], console_url, "event-console", f"#board-{waiting} .board-forfeit")
    flagged.locator("select[name=seat]").select_option("red")
    flagged.locator("input[name=note]").fill("not at the board")
    organiser.once("dialog", lambda dialog: dialog.accept())
    forfeit.click()
    organiser.wait_for_load_state()
    assert organiser.get_by_text("forfeited as a no-show").is_visible()
    assert "No-show" in organiser.locator(f"#board-{waiting}").inner_text()

    organiser.goto(round_url)
    result = organiser.locator("#pairings tbody tr", has_text=PLAYERS[absent_red]).inner_text()
    assert "Blue won by forfeit" in result
    for context in contexts.values():
        context.close()
