"""In a real browser, by clicks alone: a newcomer plays the computer (docs/opponent.md).

Aoi opens Play from the site navigation, follows "Play the computer", chooses 軍師軍略, level 1,
Blue and a short clock, and starts. The computer (the ``bot`` worker beside the live server, on
the filesystem broker, as ``make dev`` runs it) opens as Red; Aoi answers with decisions the
board offers, the computer answers each, and Aoi resigns through the dialog. The board and the
records show the result, "vs computer (level 1)" and "Unrated". A second game (軍棋, level 4)
shows the computer making its set-up by itself. The "Play the computer" page and the board are
photographed at 1280×900 and 390×844, in English and Japanese.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, wait_dataset
from tests.live_server import LiveServer, running_bot_worker, running_server
from tests.screenshots import photograph

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Computer-pass-42"
BOARD = re.compile(r"/matches/\d+/$")


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    broker = tmp_path / "broker"
    with (
        running_server(tmp_path, CELERY_BROKER_DIR=str(broker)) as server,
        running_bot_worker(server, tmp_path),
    ):
        create_accounts(server, PASSWORD, "aoi")
        yield server


def decide_first_offered(page: Any) -> None:
    """Click the first decision of the board's list of every legal decision (opening the
    list when it is closed)."""
    if page.locator(".all-decisions").get_attribute("open") is None:
        page.locator(".all-decisions summary").click()
    page.locator(".all-decisions [data-action]").first.click()


def open_computer_page(page: Any) -> None:
    page.locator(".site-nav").get_by_role("link", name="Play", exact=True).click()
    page.wait_for_url(re.compile(r"/play/$"))
    page.locator("#play-computer-link").click()
    page.wait_for_url(re.compile(r"/play/computer/$"))


def test_a_newcomer_plays_the_computer_to_a_result(live: LiveServer, browser: Any) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live.url, "aoi", PASSWORD)
    open_computer_page(page)
    photograph(context, page.url, "play-computer", fits_width=True)

    page.get_by_label("Game", exact=True).select_option("gunshi")
    page.get_by_label("1 · beginner").check()
    page.get_by_label("Blue", exact=True).check()
    page.get_by_label("5+3").check()
    page.get_by_role("button", name="Play the computer").click()
    page.wait_for_url(BOARD)
    board = page.url
    mark = page.locator("[data-computer-level]")
    assert mark.get_attribute("data-computer-level") == "1"
    assert mark.inner_text() == "vs computer (level 1)"
    assert page.locator(".rated-mark--unrated").inner_text() == "Unrated"
    assert page.locator("#live").get_attribute("data-computer-seat") == "red"

    # The computer opens as Red by itself; Aoi answers, and the computer answers each time.
    for _ in range(4):
        wait_dataset(page, "live", "d.status === 'running' && d.toAct === 'blue'")
        ply = int(page.locator("#live").get_attribute("data-ply"))
        decide_first_offered(page)
        wait_dataset(page, "live", f"Number(d.ply) > {ply} && d.toAct === 'blue'")
    assert int(page.locator("#live").get_attribute("data-ply")) >= 8
    # The computer keeps no socket open: the board does not call it disconnected.
    assert "disconnected" not in page.locator("#live").inner_text()
    photograph(
        context,
        board,
        "play-computer-board",
        lambda shot: wait_dataset(shot, "live", "d.status === 'running' && d.toAct === 'blue'"),
    )

    page.locator("#resign-button").click()
    page.locator("#resign-dialog button[value=resign]").click()
    wait_dataset(page, "live", "d.status === 'finished'")
    assert page.locator("#game-over").get_attribute("data-method") == "resignation"
    assert page.locator("#game-over .game-over__you").inner_text() == "You lost."

    page.goto(f"{live.url}/matches/records/")
    row = page.locator("table.records tbody tr").first
    assert "Computer level 1" in row.inner_text()
    assert "vs computer (level 1)" in row.inner_text()
    assert "Unrated" in row.inner_text()
    row.get_by_role("link", name=re.compile(r"Game \d+")).click()
    assert page.locator("[data-computer-level]").inner_text() == "vs computer (level 1)"
    context.close()


def test_the_computer_makes_its_junqi_set_up(live: LiveServer, browser: Any) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live.url, "aoi", PASSWORD)
    open_computer_page(page)
    page.get_by_label("Game", exact=True).select_option("junqi")
    page.get_by_label("4 · strongest").check()
    page.get_by_label("Red (moves first)").check()
    page.get_by_role("button", name="Play the computer").click()
    page.wait_for_url(BOARD)
    assert page.locator("#live").get_attribute("data-game") == "junqi"
    assert page.locator("[data-computer-level]").inner_text() == "vs computer (level 4)"
    # Blue's set-up arrives from the computer while Aoi has not made hers: the game moved on.
    wait_dataset(page, "live", "d.status === 'running' && Number(d.ply) >= 1")
    context.close()
