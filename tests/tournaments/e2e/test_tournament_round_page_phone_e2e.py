"""In a real browser: the organiser's round page fits a 390×844 phone, in Japanese and English.

Below about 600 px the pairings table becomes one card per table (static/css/pairings_phone.css):
the page never scrolls sideways (``scrollWidth <= 390``), each result reads on a line or two
instead of one character per line, and the result form of an open table is usable. On a laptop
the table stays a table. The demo (``manage.py load_demo``) gives both events: "Demo Swiss"
over the board (round 2 complete, round 3 open) and "Demo Online" (round 1, its game waiting).
Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.demo import ORGANISER_PASSWORD
from tests.screenshots import assert_fits_width, shoot

pytestmark = pytest.mark.e2e

LOCALES = {"ja": "ja-JP", "en": "en-US"}
ROUNDS = {
    "swiss-done": "/events/demo-swiss/manage/rounds/2/",
    "swiss-open": "/events/demo-swiss/manage/rounds/3/",
    "online": "/events/demo-online/manage/rounds/1/",
}


def organiser_page(browser: Any, base: str, language: str, *, phone: bool) -> Any:
    options: dict[str, Any] = (
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
        if phone
        else {"viewport": {"width": 1280, "height": 900}}
    )
    context = browser.new_context(locale=LOCALES[language], **options)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "organiser")
    page.fill("#id_password", ORGANISER_PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()
    return page


def screenshot(page: Any, name: str) -> None:
    shoot(page, name, full_page=True)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_round_page_fits_a_phone(live_asgi: Any, browser: Any, language: str) -> None:
    live_asgi.manage("load_demo")
    page = organiser_page(browser, live_asgi.url, language, phone=True)
    for name, path in ROUNDS.items():
        page.goto(live_asgi.url + path)
        page.locator("#pairings").wait_for()
        assert_fits_width(page, 390, name)
        # Every table's cells fit the screen, and a result reads on a line or two.
        for cell in page.locator("#pairings tbody tr td").all():
            box = cell.bounding_box()
            assert box is None or box["x"] + box["width"] <= 390, (name, box)
        results = page.locator("#pairings tbody td.pairing-result")
        assert results.count() > 0, name
        for index in range(results.count()):
            result = results.nth(index)
            box = result.bounding_box()
            assert box["width"] >= 150, (name, box)  # not a column one character wide
            line = float(result.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
            assert box["height"] <= 3 * line + 16, (name, result.inner_text(), box)
        screenshot(page, f"round-page-{name}-{language}-phone")

    # The open round's result form is usable on the phone: enter table 1's result.
    page.goto(live_asgi.url + ROUNDS["swiss-open"])
    row = page.locator("#pairings tbody tr").first
    form = row.locator("form")
    assert form.count() == 1
    box = form.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    page.context.close()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_round_page_stays_a_table_on_a_laptop(
    live_asgi: Any, browser: Any, language: str
) -> None:
    live_asgi.manage("load_demo")
    page = organiser_page(browser, live_asgi.url, language, phone=False)
    page.goto(live_asgi.url + ROUNDS["swiss-done"])
    head = page.locator("#pairings thead")
    assert head.is_visible()
    cells = page.locator("#pairings tbody tr").first.locator("td")
    tops = {round(cells.nth(i).bounding_box()["y"]) for i in range(cells.count())}
    assert len(tops) == 1  # one row, side by side
    screenshot(page, f"round-page-swiss-done-{language}-laptop")
    page.context.close()
