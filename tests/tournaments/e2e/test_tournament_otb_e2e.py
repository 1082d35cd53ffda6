"""In a real browser, by clicks alone: an over-the-board table from publication to its result,
with an event arbiter running the clocks from the event's console.

The organiser (account made in the shell, as any account may be) creates the event, adds two
walk-in players by CSV, checks them in, pairs and publishes round 1, names an arbiter on the
dashboard and hands each player their private link. Each player opens it on their own device
and follows it to the table's clock: Red's first press starts the game, Blue presses, the
arbiter pauses and resumes every board from the event console, Red reports the result and Blue
confirms it; the round is complete on the organiser's page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, organise_event, private_links, wait_dataset

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-otb-pass-7"


def wait_otb(page: Any, condition: str) -> None:
    wait_dataset(page, "otb", condition)


def test_an_otb_table_starts_by_press_and_its_result_is_confirmed(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host", "judge")
    base = live_asgi.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", "judge", "a", "b")}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(20_000)
    organiser, judge = pages["host"], pages["judge"]

    log_in(organiser, base, "host", PASSWORD)
    organise_event(organiser, base, name="Hall Cup", players_csv="Aki Mori,1900\nBo Chen,1800\n")
    roles = organiser.locator("form[action$='/manage/roles/']")
    roles.locator("[name=member]").fill("judge")
    roles.locator("[name=role]").select_option("arbiter")
    roles.get_by_role("button", name="Add").click()
    assert organiser.get_by_text("Role added.").is_visible()
    links = private_links(organiser, {"a": "Aki Mori", "b": "Bo Chen"})
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    assert "waiting for the first press" in organiser.locator("#pairings").inner_text()

    # Each player follows their private link to the clock of their table.
    seats = {}
    for who in ("a", "b"):
        page = pages[who]
        page.goto(f"{base}{links[who]}")
        page.locator("#board-link").click()  # "Open your table's clock"
        page.wait_for_url(re.compile(r"/matches/\d+/clock/\?token="))
        wait_otb(page, "d.status === 'pending' && d.ply === '0'")
        seats[who] = page
    red_page, blue_page = seats["a"], seats["b"]  # the higher rating has Red at table 1
    assert "Aki Mori · Red" in red_page.locator("[data-press=red]").inner_text()
    assert red_page.locator("[data-press=blue]").is_disabled()

    red_page.locator("[data-press=red]").click()  # the first press starts the game
    for page in (red_page, blue_page):
        wait_otb(page, "d.status === 'running' && d.ply === '1' && d.running === 'blue'")
    blue_page.locator("[data-press=blue]").click()
    wait_otb(red_page, "d.ply === '2' && d.running === 'red'")

    # The event's arbiter runs every clock from the event console.
    log_in(judge, base, "judge", PASSWORD)
    judge.goto(f"{base}/events/hall-cup/manage/")
    judge.get_by_role("link", name="Arbiter console: clocks of every board").click()
    judge.get_by_role("button", name="Pause every running board").click()
    assert judge.get_by_text("Paused 1 boards.").is_visible()
    red_page.wait_for_selector("[data-press=red]:disabled")
    judge.get_by_role("button", name="Resume every paused board").click()
    red_page.wait_for_selector("[data-press=red]:not(:disabled)")

    # Red reports a win by capture; Blue confirms on their own device.
    form = red_page.locator(".report-form[data-seat=red]")
    form.locator("select[name=winner]").select_option("red")
    form.locator("select[name=method]").select_option("general_captured")
    form.get_by_role("button", name="Report").click()
    blue_page.wait_for_selector("[data-confirm=blue]")
    blue_page.locator("[data-confirm=blue]").click()
    for page in (red_page, blue_page):
        wait_otb(page, "d.status === 'finished'")

    organiser.goto(f"{base}/events/hall-cup/manage/rounds/1/")
    assert organiser.locator("#round-status").inner_text() == "Complete"
    assert "Red won" in organiser.locator("#pairings").inner_text()
    for context in contexts.values():
        context.close()
