"""In a real browser: the game-record list and stepping through a demo record."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def ply(page: Any) -> int:
    return int(page.locator("#record-viewer").get_attribute("data-ply"))


def wait_ply(page: Any, expected: int) -> None:
    page.wait_for_function(
        f"() => document.getElementById('record-viewer').dataset.ply === '{expected}'"
    )


def test_stepping_through_a_demo_record(match_server: Any, new_page: Any) -> None:
    match_server.manage("load_demo")
    page = new_page()
    page.goto(match_server.url + "/matches/records/")
    rows = page.locator("table.records tbody tr")
    assert rows.count() >= 3

    # A demo game (other tests of the session add finished games of their own).
    page.locator("table.records tr", has_text="Mei Kobayashi").locator("a").first.click()
    page.wait_for_selector("#record-viewer[data-loaded='all']")
    total = int(page.locator("[data-step=slider]").get_attribute("max"))
    assert total > 20
    assert ply(page) == 0
    assert page.locator("svg.board [data-piece]").count() == 0  # the empty board
    assert "0" in page.locator("[data-step=position]").inner_text()

    # Buttons.
    for _ in range(3):
        page.get_by_role("button", name="Next decision").click()
    wait_ply(page, 3)
    assert (
        page.locator("svg.board [data-piece]").count()
        + page.locator("svg.board [data-fence]").count()
        == 3
    )  # three placements so far
    page.get_by_role("button", name="Previous decision").click()
    wait_ply(page, 2)

    # Keyboard.
    page.locator("body").press("ArrowRight")
    wait_ply(page, 3)
    page.locator("body").press("End")
    wait_ply(page, total)
    assert page.locator(".game-status__outcome").is_visible()
    page.locator("body").press("Home")
    wait_ply(page, 0)

    # Slider.
    page.locator("[data-step=slider]").evaluate(
        "(slider, value) => { slider.value = value; slider.dispatchEvent(new Event('input')); }",
        str(total // 2),
    )
    wait_ply(page, total // 2)
    page.get_by_role("button", name="Last position").click()
    wait_ply(page, total)
    page.get_by_role("button", name="First position").click()
    wait_ply(page, 0)

    # The decision list: its entries are the record's decisions, and clicking one goes there.
    page.locator("#move-list li[data-ply='15'] button").click()
    wait_ply(page, 15)
    assert page.locator("#move-list li.is-current").get_attribute("data-ply") == "15"

    # The spectator sees card backs for both hands once cards are dealt.
    page.locator("body").press("End")
    wait_ply(page, total)
    page.locator("body").press("ArrowLeft")
    wait_ply(page, total - 1)
    assert page.locator(".side-panel--red .card-chip--back").count() > 0
    assert page.locator(".side-panel--blue .card-chip--back").count() > 0

    # Red's seat: Red's own hand by name, Blue's as backs, Red at the bottom.
    page.get_by_role("link", name="Red's seat").click()
    page.wait_for_selector("#record-viewer[data-loaded='red']")
    wait_ply(page, total - 1)
    assert page.locator("svg.board").get_attribute("data-bottom") == "red"
    red_hand = page.locator(".side-panel--red .panel-row").first
    assert red_hand.locator(".card-chip:not(.card-chip--back)").count() > 0
    assert "as=red" in page.url

    # Blue's seat: the board turns round.
    page.get_by_role("link", name="Blue's seat").click()
    page.wait_for_selector("#record-viewer[data-loaded='blue']")
    assert page.locator("svg.board").get_attribute("data-bottom") == "blue"
    assert page.locator(".side-panel--red .card-chip--back").count() > 0

    # The record download is the complete game record.
    href = page.get_by_role("link", name="Download the game record (JSON)").get_attribute("href")
    response = page.request.get(match_server.url + href)
    assert response.ok
    record = json.loads(response.text())
    assert record["format"] == "gunshi-record"
    assert len(record["actions"]) == total


def test_record_viewer_in_japanese(match_server: Any, new_page: Any) -> None:
    match_server.manage("load_demo")
    page = new_page(locale="ja-JP")
    page.goto(match_server.url + "/matches/records/")
    page.locator("table.records tr", has_text="Yui Nakamura").locator("a").first.click()
    page.wait_for_selector("#record-viewer[data-loaded='all']")
    page.locator("body").press("End")
    assert page.locator(".game-status__phase").inner_text().startswith("終局")
    assert page.get_by_role("link", name="赤の視点").is_visible()


def test_the_record_viewer_says_when_a_card_was_skipped(match_server: Any, new_page: Any) -> None:
    """RULES.md §6.7, ruling P11: in the demo game of seed 300 Red's face-down Fence card
    cannot be executed after decision 40. Red's seat reads which card it was; Blue's seat and
    spectators read that a face-down card was skipped."""
    match_server.manage("load_demo")
    page = new_page()
    page.goto(match_server.url + "/matches/records/")
    page.locator("table.records tr", has_text="Aoi Tanaka").locator("a").first.click()
    page.wait_for_selector("#record-viewer[data-loaded='all']")
    skipped = page.locator("#move-list li[data-ply='40'] [data-skipped]")
    assert skipped.inner_text() == "Skipped: Red's face-down card (1st) could not be executed"
    assert page.locator("#move-list [data-skipped]").count() == 1

    page.get_by_role("link", name="Red's seat").click()
    page.wait_for_selector("#record-viewer[data-loaded='red']")
    skipped = page.locator("#move-list li[data-ply='40'] [data-skipped='red']")
    assert skipped.inner_text() == "Skipped: Red's Fence (1st) could not be executed"

    page.get_by_role("link", name="Blue's seat").click()
    page.wait_for_selector("#record-viewer[data-loaded='blue']")
    skipped = page.locator("#move-list li[data-ply='40'] [data-skipped='red']")
    assert "face-down card" in skipped.inner_text()
