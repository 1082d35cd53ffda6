"""In a real browser: the over-the-board clock of one table — presses, pause, the result report
and its confirmation by the other player, and a flag fall recorded as a loss."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def otb(page: Any, name: str) -> str | None:
    return page.locator("#otb").get_attribute(f"data-{name}")


def wait_otb(page: Any, condition: str) -> None:
    page.wait_for_function(
        f"() => {{ const d = document.getElementById('otb').dataset; return {condition}; }}"
    )


def open_clock(match_server: Any, new_page: Any, **options: Any) -> tuple[Any, dict[str, Any]]:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", kind="otb", **options)
    page = new_page(viewport={"width": 800, "height": 1100})
    page.goto(
        f"{match_server.url}/matches/{match['id']}/clock/?red={match['red']}&blue={match['blue']}"
    )
    wait_otb(page, "d.status === 'running' && d.ply === '0'")
    return page, match


def test_presses_pause_and_a_confirmed_result(match_server: Any, new_page: Any) -> None:
    page, match = open_clock(match_server, new_page)
    red, blue = page.locator("[data-press=red]"), page.locator("[data-press=blue]")
    assert blue.is_disabled()  # only Red's first press can start the clock

    red.click()  # after Red's untimed first placement: Blue's clock starts
    wait_otb(page, "d.ply === '1' && d.running === 'blue'")
    assert red.is_disabled()
    blue.click()
    wait_otb(page, "d.ply === '2' && d.running === 'red'")

    page.get_by_role("button", name="Pause").click()
    page.wait_for_selector("[data-press=red]:disabled")
    page.get_by_role("button", name="Resume").click()
    page.wait_for_selector("[data-press=red]:not(:disabled)")

    # Red reports that Blue captured Red's general; Blue confirms from the other half.
    form = page.locator(".report-form[data-seat=red]")
    form.locator("select[name=winner]").select_option("blue")
    form.locator("select[name=method]").select_option("general_captured")
    form.get_by_role("button", name="Report").click()
    page.wait_for_selector(".otb__report[data-seat=red]")
    # A reported result stops nothing: Red's clock runs on until Blue confirms.
    assert red.is_enabled()
    assert blue.is_disabled()
    page.locator("[data-confirm=blue]").click()
    wait_otb(page, "d.status === 'finished'")
    final = page.locator(".otb__final")
    assert final.get_attribute("data-winner") == "blue"
    assert final.get_attribute("data-method") == "general_captured"
    assert match_server.match_result(match["id"]) == {
        "status": "finished",
        "winner": "blue",
        "method": "general_captured",
        "ply": 2,
    }


def test_a_flag_fall_is_recorded_as_a_loss(match_server: Any, new_page: Any) -> None:
    page, match = open_clock(match_server, new_page, time_control="3s+0")
    page.locator("[data-press=red]").click()
    wait_otb(page, "d.running === 'blue'")
    wait_otb(page, "d.status === 'finished'")
    assert "is-flagged" in page.locator("[data-press=blue]").get_attribute("class")
    assert "Ren" in page.locator("#otb-status").inner_text()
    assert page.locator(".otb__final").get_attribute("data-method") == "timeout"
    assert match_server.match_result(match["id"])["winner"] == "red"
