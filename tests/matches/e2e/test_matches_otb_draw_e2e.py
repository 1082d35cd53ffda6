"""In a real browser: the over-the-board clock of a game with draws (Strategem) offers a draw
report without a method; the other player confirms and the match ends drawn. A 軍師軍略
clock offers no draw."""

from __future__ import annotations

from typing import Any

import pytest

from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e


def wait_otb(page: Any, condition: str) -> None:
    page.wait_for_function(
        f"() => {{ const d = document.getElementById('otb').dataset; return {condition}; }}"
    )


def open_clock(
    match_server: Any, new_page: Any, locale: str = "en-US", **options: Any
) -> tuple[Any, dict[str, Any]]:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", kind="otb", **options)
    page = new_page(locale, viewport={"width": 800, "height": 1100})
    page.goto(
        f"{match_server.url}/matches/{match['id']}/clock/?red={match['red']}&blue={match['blue']}"
    )
    wait_otb(page, "d.status === 'running' && d.ply === '0'")
    return page, match


def _winner_options(page: Any, seat: str) -> list[str]:
    options = page.locator(f".report-form[data-seat={seat}] select[name=winner] option")
    return [options.nth(i).get_attribute("value") for i in range(options.count())]


@pytest.mark.parametrize("language", ["en-US", "ja"])
def test_a_draw_is_reported_and_confirmed_on_a_strategem_clock(
    match_server: Any, new_page: Any, language: str
) -> None:
    page, match = open_clock(match_server, new_page, game="strategem", locale=language)
    page.locator("[data-press=red]").click()
    wait_otb(page, "d.ply === '1' && d.running === 'blue'")
    assert _winner_options(page, "red") == ["", "red", "blue", "draw"]  # nothing chosen yet
    form = page.locator(".report-form[data-seat=red]")
    form.locator("select[name=winner]").select_option("draw")
    assert form.locator("select[name=method]").is_disabled()  # a draw has no method
    form.locator("button[type=submit]").click()
    page.wait_for_selector(".otb__report[data-seat=red]")
    page.locator("[data-confirm=blue]").click()
    wait_otb(page, "d.status === 'finished'")
    final = page.locator(".otb__final")
    assert final.get_attribute("data-winner") == "draw"
    expected = "The game is drawn." if language == "en-US" else "引き分けです。"
    assert expected in final.inner_text()
    assert match_server.match_result(match["id"])["winner"] == "draw"
    lang = "en" if language == "en-US" else "ja"
    shoot_sizes(page, f"otb-draw-{lang}", full_page=False, settle_ms=150)


def test_a_gunshi_clock_offers_no_draw(match_server: Any, new_page: Any) -> None:
    page, _match = open_clock(match_server, new_page)
    page.wait_for_selector(".report-form[data-seat=red]")
    assert _winner_options(page, "red") == ["", "red", "blue"]
