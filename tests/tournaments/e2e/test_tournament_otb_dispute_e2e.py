"""In a real browser, by clicks alone: the usual over-the-board ending, and a flag that must not
overturn it.

An over-the-board event at 30s+0. Red presses its own side and then Blue's by mistake, so
Red's clock runs; Red reports "Red wins by general captured" from their own device. Blue's
device asks Blue to confirm this result (not "waiting for the opponent"); Blue does not. Red's
flag falls: the game is not lost on time but held as disputed, the table stays open, and the
organiser (the event's arbiter) sees both claims with their server times on the round page and
on the match console, then decides there with a reason and an explicit confirmation.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, organise_event, private_links, wait_dataset
from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-dispute-pass-3"


def wait_otb(page: Any, condition: str) -> None:
    wait_dataset(page, "otb", condition)


def shoot(page: Any, name: str, language: str) -> None:
    """Screenshots of ``page`` at both sizes, into ``artifacts/screenshots/``."""
    shoot_sizes(page, f"{name}-{language}", settle_ms=200)


def switch_language(page: Any, code: str) -> None:
    page.locator(f"button[name=language][value={code}]").click()
    page.wait_for_load_state()


def test_a_flag_after_a_pending_report_is_disputed_and_decided_by_the_arbiter(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host")
    base = live_asgi.url
    contexts = {
        # The arbiter's browser runs in London, the server in Tokyo: logs show London times.
        who: browser.new_context(locale=locale, timezone_id="Europe/London")
        for who, locale in (("host", "en-US"), ("a", "en-US"), ("b", "en-US"), ("b_ja", "ja"))
    }
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(30_000)
    organiser = pages["host"]

    log_in(organiser, base, "host", PASSWORD)
    organise_event(
        organiser,
        base,
        name="Flag Cup",
        players_csv="Aki Mori,1900\nBo Chen,1800\n",
        time_control="30s+0",
    )
    links = private_links(organiser, {"a": "Aki Mori", "b": "Bo Chen"})
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()

    # Each player follows their private link to the table's clock (Blue also in Japanese).
    seats = {}
    for who in ("a", "b"):
        page = pages[who]
        page.goto(f"{base}{links[who]}")
        page.locator("#board-link").click()  # "Open your table's clock"
        page.wait_for_url(re.compile(r"/matches/\d+/clock/\?token="))
        wait_otb(page, "d.status === 'pending' && d.ply === '0'")
        seats[who] = page
    red_page, blue_page = seats["a"], seats["b"]
    blue_ja = pages["b_ja"]
    blue_ja.goto(blue_page.url)
    wait_otb(blue_ja, "d.status === 'pending'")

    # Red starts the clock, then taps Blue's side by mistake: Red's own clock runs.
    red_page.locator("[data-press=red]").click()
    wait_otb(red_page, "d.ply === '1' && d.running === 'blue'")
    red_page.locator("[data-press=blue]").click()
    wait_otb(red_page, "d.ply === '2' && d.running === 'red'")

    # Red reports the win; the form is open on the page, nothing to unfold.
    form = red_page.locator(".report-form[data-seat=red]")
    assert form.is_visible()
    form.locator("select[name=winner]").select_option("red")
    form.locator("select[name=method]").select_option("general_captured")
    form.get_by_role("button", name="Report").click()
    red_page.wait_for_selector(".otb__report[data-seat=red]")
    assert "Waiting for Bo Chen (Blue) to confirm." in red_page.locator("#otb-status").inner_text()

    # Blue's own device asks Blue to confirm, between the clocks.
    blue_page.wait_for_selector("[data-confirm=blue]")
    assert "confirm it if it is right" in blue_page.locator("#otb-status").inner_text()
    prompt = blue_page.locator("[data-confirm-for=blue]").inner_text()
    assert "Aki Mori (Red) reported: Aki Mori (Red) wins (General captured)." in prompt
    assert blue_page.get_by_role("button", name="Confirm this result").is_visible()
    blue_ja.wait_for_selector("[data-confirm=blue]")
    assert "この結果を確認する" in blue_ja.locator("[data-confirm=blue]").inner_text()
    shoot(blue_page, "otb-confirm-prompt", "en")
    shoot(blue_ja, "otb-confirm-prompt", "ja")

    # Blue does not confirm. Red's flag falls: the flag does not decide against the report.
    for page in (red_page, blue_page):
        wait_otb(page, "d.flagged === 'red'")
    status = blue_page.locator("#otb-status").inner_text()
    assert "the arbiter decides" in status
    assert blue_page.locator(".otb__final").count() == 0  # no result: nobody lost on time

    # The organiser's round page: the table is disputed, with both claims.
    organiser.goto(f"{base}/events/flag-cup/manage/rounds/1/")
    row = organiser.locator("#table-1")
    assert "disputed" in row.inner_text()
    claims = row.locator("[data-claims]")
    assert (
        claims.locator("[data-claim=report][data-seat=red]")
        .inner_text()
        .endswith("Red (Aki Mori) reported: Red wins by General captured.")
    )
    assert "Red (Aki Mori): the flag fell. By the clock, Blue wins on time." in (
        claims.locator("[data-claim=flag]").inner_text()
    )
    assert re.match(r"\d\d:\d\d:\d\d", claims.locator("time").first.inner_text())
    assert organiser.locator("#round-status").inner_text() != "Complete"
    shoot(organiser, "round-disputed-table", "en")
    switch_language(organiser, "ja")
    assert "異議あり" in organiser.locator("#table-1").inner_text()
    shoot(organiser, "round-disputed-table", "ja")
    switch_language(organiser, "en")

    # The console shows the same claims beside the clock log, and decides.
    row.get_by_role("link", name="Console").click()
    organiser.wait_for_url(re.compile(r"/matches/\d+/arbiter/$"))
    assert organiser.locator("#claims [data-claim=flag]").is_visible()
    assert organiser.locator("#claims [data-claim=report]").is_visible()
    assert "Flag fell" in organiser.locator("#clock-log").inner_text()
    zone_notes = organiser.locator("[data-time-zone-note]")
    assert zone_notes.count() == 2
    assert all("Europe/London" in note for note in zone_notes.all_inner_texts())
    first_time = organiser.locator("#audit-log time").first
    london = first_time.evaluate(
        "t => new Intl.DateTimeFormat('en-GB', {hour: '2-digit', minute: '2-digit',"
        " second: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London'})"
        ".format(new Date(t.getAttribute('datetime')))"
    )
    assert first_time.inner_text() == london
    assert "against the pending report" in organiser.locator("#audit-log").inner_text()
    methods = organiser.locator("#id_result-method option")
    offered = {methods.nth(i).get_attribute("value") for i in range(methods.count())}
    assert "general_captured" in offered
    assert "flag" not in offered  # 軍棋's method, not this game's
    shoot(organiser, "arbiter-console-disputed", "en")
    switch_language(organiser, "ja")
    assert "異議あり" in organiser.locator("#claims").inner_text()
    shoot(organiser, "arbiter-console-disputed", "ja")
    switch_language(organiser, "en")

    organiser.select_option("#id_result-winner", "red")
    organiser.select_option("#id_result-method", "general_captured")
    organiser.fill("#id_result-reason", "Red captured the general before the flag fell.")
    # Without the confirmation box the server refuses, and keeps what was typed.
    organiser.locator("#id_result-confirm").evaluate("box => box.removeAttribute('required')")
    organiser.get_by_role("button", name="Set the result").click()
    assert organiser.get_by_text("Tick the box to confirm the result.").is_visible()
    assert organiser.input_value("#id_result-reason").startswith("Red captured")
    organiser.check("#id_result-confirm")
    organiser.get_by_role("button", name="Set the result").click()
    assert organiser.get_by_text("Result set.").is_visible()
    audit = organiser.locator("#audit-log").inner_text()
    assert "The result was set: Red, General captured" in audit
    assert "Red captured the general before the flag fell." in audit
    assert "host" in audit

    for page in (red_page, blue_page):
        wait_otb(page, "d.status === 'finished'")
    organiser.goto(f"{base}/events/flag-cup/manage/rounds/1/")
    assert organiser.locator("#round-status").inner_text() == "Complete"
    assert "Red won" in organiser.locator("#pairings").inner_text()
    for context in contexts.values():
        context.close()
