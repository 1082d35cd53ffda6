"""In a real browser: an organiser runs an 8-player, 3-round Swiss over the board, with a drop
and a late entry, to final standings, while a visitor's standings page updates live."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-organiser-pass"
PLAYERS = ["Aki", "Bo", "Chie", "Dan", "Eri", "Fuu", "Gen", "Hiro"]


def enter_all_results(page: Any) -> None:
    """Choose "Red won" and save at every table still without a result (the form starts
    empty: nothing is entered by pressing "Save" alone)."""
    while True:
        pending = page.locator(
            "#pairings tbody tr", has=page.locator("td:nth-child(4)", has_text="—")
        )
        if pending.count() == 0:
            return
        row = pending.first
        row.locator("select[name=result]").select_option("red_won")
        row.get_by_role("button", name="Save").click()
        page.wait_for_load_state()


def test_organiser_runs_a_swiss_and_a_visitor_watches_live(live_asgi: Any, browser: Any) -> None:
    live_asgi.manage(
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        f"User.objects.create_user('host', password='{PASSWORD}', is_staff=True)",
    )
    base = live_asgi.url
    organiser = browser.new_context(locale="en-US").new_page()
    visitor = browser.new_context(locale="en-US").new_page()

    # Log in and create the event.
    organiser.goto(f"{base}/admin/login/?next=/events/manage/new/")
    organiser.fill("#id_username", "host")
    organiser.fill("#id_password", PASSWORD)
    organiser.click("input[type=submit]")
    organiser.fill("#id_name", "Cafe Swiss")
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.fill("#id_rounds", "3")
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(r"/events/cafe-swiss/manage/$"))
    organiser.get_by_role("button", name="Set status: Registration open").click()

    # Players by CSV, then round 1.
    csv_text = "name,rating\n" + "\n".join(
        f"{name},{2000 - 50 * i}" for i, name in enumerate(PLAYERS)
    )
    organiser.fill("#id_text", csv_text)
    organiser.get_by_role("button", name="Import").click()
    assert organiser.get_by_text("8 players imported.").is_visible()
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    assert organiser.locator("#round-status").inner_text() == "Published"

    # The visitor opens the public standings; the page connects to the event socket.
    visitor.goto(f"{base}/events/cafe-swiss/standings/")
    visitor.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    visitor.evaluate("window.__notReloaded = true")
    assert "No round has been played yet." not in visitor.locator("#standings").inner_text()

    enter_all_results(organiser)
    assert organiser.locator("#round-status").inner_text() == "Complete"
    # Live: four players have a point now, without the visitor reloading the page.
    visitor.wait_for_function(
        "() => [...document.querySelectorAll('#standings td.points')]"
        ".filter(td => td.textContent.trim() === '1').length === 4"
    )
    assert visitor.evaluate("window.__notReloaded") is True

    # A drop (Hiro) and a late entry (Ivo, half a point for the missed round).
    organiser.goto(f"{base}/events/cafe-swiss/manage/")
    organiser.locator("tr", has_text="Hiro").get_by_role("button", name="Withdraw").click()
    organiser.fill("#add-player #id_name", "Ivo")
    organiser.fill("#add-player #id_missed_round_points", "0.5")
    organiser.locator("#add-player").get_by_role("button", name="Add").click()
    assert organiser.get_by_text("late: from round 2").is_visible()

    for number in (2, 3):
        organiser.goto(f"{base}/events/cafe-swiss/manage/")
        organiser.get_by_role("button", name=f"Pair round {number}").click()
        table_text = organiser.locator("#pairings").inner_text()
        assert "Hiro" not in table_text
        assert "Ivo" in table_text
        organiser.get_by_role("button", name="Publish").click()
        enter_all_results(organiser)
        assert organiser.locator("#round-status").inner_text() == "Complete"

    # Final standings, live on the visitor's page: 9 entries, 12 points handed out in games,
    # plus Ivo's half point, and Hiro marked as withdrawn.
    caption = "document.querySelector('.table-caption').textContent"
    visitor.wait_for_function(f"() => {caption}.includes('After round 3 (3 complete)')")
    assert visitor.evaluate("window.__notReloaded") is True
    rows = visitor.locator("#standings tbody tr")
    assert rows.count() == 9
    points = [float(p) for p in visitor.locator("#standings td.points").all_inner_texts()]
    assert sum(points) == 12.5
    assert "Withdrawn" in visitor.locator("#standings tr", has_text="Hiro").inner_text()
    assert points == sorted(points, reverse=True)
