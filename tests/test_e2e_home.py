"""In a real browser: the home page and the language switcher (no JavaScript involved)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_language_switcher_changes_the_page_language(live_server: Any, page: Any) -> None:
    page.goto(live_server.url + "/")
    assert page.title() == "Gunshi Tournament"
    assert page.locator("html").get_attribute("lang") == "en"

    page.get_by_role("button", name="日本語").click()
    page.wait_for_load_state()
    assert page.title() == "軍師トーナメント"
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.get_by_role("button", name="日本語").get_attribute("aria-pressed") == "true"

    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()
    assert page.title() == "Gunshi Tournament"


def test_home_page_stylesheet_is_served(live_server: Any, page: Any) -> None:
    page.goto(live_server.url + "/")
    header_colour = page.evaluate(
        "getComputedStyle(document.querySelector('.site-header')).backgroundColor"
    )
    assert header_colour == "rgb(23, 50, 77)"  # --blue-dark: the stylesheet was loaded


def test_home_page_names_every_game_screenshots(live_server: Any, page: Any) -> None:
    """Screenshots of the home page (desktop and phone, English and Japanese)."""
    from games import registered_games
    from tests.screenshots import shoot_sizes

    page.goto(live_server.url + "/")
    for language in ("en", "ja"):
        if language == "ja":
            page.get_by_role("button", name="日本語").click()
            page.wait_for_load_state()
        assert page.locator(".games__item").count() == len(registered_games())
        shoot_sizes(page, f"home-{language}")
    assert "軍棋" in page.locator(".games").inner_text()
