"""In a real browser: the demo as `make dev` loads it, followed the way the README tells a
newcomer — the two online demo players start and play their game by clicks, and the
over-the-board demo player's table starts with the first press of its clock."""

from __future__ import annotations

import re
from typing import Any

import pytest

from core.demo import ORGANISER_PASSWORD
from tests.browser import decide_first_offered, log_in, wait_dataset
from tournaments.demo import ONLINE_PASSWORD, ONLINE_PLAYERS, PLAYER_USERNAME

pytestmark = pytest.mark.e2e


def test_the_demo_games_start_and_play_by_clicks(live_asgi: Any, browser: Any) -> None:
    live_asgi.manage("load_demo")  # what `make dev` does before serving
    base = live_asgi.url
    contexts = [browser.new_context(locale="en-US") for _ in range(3)]
    players = [context.new_page() for context in contexts]
    for page in players:
        page.set_default_timeout(20_000)

    # The online demo: each player logs in, follows the banner and joins.
    for page, (_name, username, _rating) in zip(players, ONLINE_PLAYERS, strict=False):
        log_in(page, base, username, ONLINE_PASSWORD)
        page.get_by_role("link", name="Go to your board").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
        page.get_by_role("button", name="I am at the board: join the game").click()
        page.wait_for_load_state()
    for page in players[:2]:
        wait_dataset(page, "live", "d.status === 'running'")
    red = next(p for p in players[:2] if p.locator("#live").get_attribute("data-seat") == "red")
    decide_first_offered(red)
    for page in players[:2]:
        wait_dataset(page, "live", "d.ply === '1'")

    # The over-the-board demo: the demo player opens their table's clock from "My games".
    otb = players[2]
    log_in(otb, base, PLAYER_USERNAME, ORGANISER_PASSWORD)
    otb.goto(f"{base}/events/demo-swiss/me/")
    otb.locator("#board-link").click()  # "Open your table's clock"
    otb.wait_for_url(re.compile(r"/matches/\d+/clock/$"))
    wait_dataset(otb, "otb", "d.status === 'pending' && d.ply === '0'")
    otb.locator("[data-press=red]").click()  # either seat's player may press at the table
    wait_dataset(otb, "otb", "d.status === 'running' && d.running === 'blue'")
    for context in contexts:
        context.close()
