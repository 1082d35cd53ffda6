"""In a real browser: the event form speaks of the game chosen. 軍棋 shows its own recommended
time control (no 軍師軍略 presets or "20+0 is official"), a ranked-table card game
(三国盛衰記) hides the Swiss rounds, pairing, points and tie-breaks its tables ignore, and an
over-the-board game hides the online join window. The organiser then creates a 軍棋 event
and a 三国盛衰記 event by clicks. Screenshots of the form per game (desktop and phone, English
and Japanese) go to ``artifacts/screenshots/``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-forms-pass"


def shown(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).is_visible())


def test_event_form_follows_the_game(live_asgi: Any, page: Any) -> None:
    base = live_asgi.url
    create_accounts(live_asgi, PASSWORD, "host")
    log_in(page, base, "host", PASSWORD)
    page.goto(f"{base}/events/manage/new/")
    game = page.locator("#id_game")

    # 軍師軍略 (the default): its presets, the official control first.
    assert shown(page, "#time-control-presets")
    assert not shown(page, "#time-control-junqi")
    assert not shown(page, "#ranked-table-note")

    # 軍棋: its own advice and button, never 軍師軍略's.
    game.select_option("junqi")
    assert not shown(page, "#time-control-presets")
    assert shown(page, "#time-control-junqi")
    advice = page.locator("#time-control-junqi").inner_text()
    assert "10+5" in advice
    assert "Junqi" in advice
    assert "20+0" not in page.locator("#group-time-control").inner_text()
    assert "official" not in page.locator("#group-time-control").inner_text()
    assert page.input_value("#id_time_control") == "10+5"
    assert shown(page, "#group-pairing")
    assert shown(page, "#group-tiebreaks")
    assert shown(page, "#group-junqi")
    shoot_sizes(page, "event-form-junqi-en")

    # 三国盛衰記 (ranked tables): its number of rounds, but no pairing system, points,
    # tie-breaks or clocks.
    game.select_option("sangoku_seisuiki")
    for group in ("elimination", "points", "tiebreaks", "time-control", "junqi"):
        assert not shown(page, f"#group-{group}"), group
    assert shown(page, "#field-rounds")
    assert "Swiss" not in page.locator("#field-rounds label").inner_text()
    assert not shown(page, "#field-pairing_system")
    assert not shown(page, "#field-forfeit_counts_as_game")
    assert shown(page, "#ranked-table-note")
    shoot_sizes(page, "event-form-sangoku-en")

    # An over-the-board head-to-head game: clocks and pairing, no online join window.
    game.select_option("strategem")
    assert shown(page, "#group-pairing")
    assert shown(page, "#group-time-control")
    assert not shown(page, "#field-start_window_minutes")
    assert not shown(page, "#field-no_show_minutes")
    assert shown(page, "#time-control-strategem")

    # Back to 軍棋, and create the event.
    game.select_option("junqi")
    page.fill("#id_name", "Junqi Night")
    page.fill("#id_starts_on", "2026-06-01")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/events/junqi-night/manage/$"))
    assert page.get_by_text("Event created.").is_visible()

    # A ranked-table event is created without the fields its tables ignore.
    page.goto(f"{base}/events/manage/new/")
    page.locator("#id_game").select_option("sangoku_seisuiki")
    page.fill("#id_name", "Sangoku Day")
    page.fill("#id_starts_on", "2026-06-02")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/events/sangoku-day/manage/$"))

    # The same advice in Japanese.
    page.context.add_cookies([{"name": "django_language", "value": "ja", "url": base}])
    page.goto(f"{base}/events/manage/new/")
    page.locator("#id_game").select_option("junqi")
    assert "推奨" in page.locator("#time-control-junqi").inner_text()
    assert "公式" not in page.locator("#group-time-control").inner_text()
    shoot_sizes(page, "event-form-junqi-ja")
    page.locator("#id_game").select_option("sangoku_seisuiki")
    assert "順位制の卓" in page.locator("#ranked-table-note").inner_text()
    shoot_sizes(page, "event-form-sangoku-ja")
