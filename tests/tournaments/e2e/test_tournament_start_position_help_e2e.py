"""In a real browser: the event form's start position field links to a help page users can
open (the developer document it used to cite is not served). Screenshots of the help page
(desktop and 390x844 phone, English and Japanese) go to ``artifacts/screenshots/``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-help-pass-5"


def test_the_start_position_help_opens_from_the_event_form(live_asgi: Any, browser: Any) -> None:
    create_accounts(live_asgi, PASSWORD, "host")
    base = live_asgi.url
    page = browser.new_context(locale="en-US").new_page()
    page.set_default_timeout(20_000)
    log_in(page, base, "host", PASSWORD)
    page.goto(f"{base}/events/manage/new/")
    assert "docs/start-positions.md" not in page.content()
    page.get_by_role("link", name="How to write a start position").click()
    page.wait_for_url(f"{base}/help/start-positions/")
    assert page.get_by_role("heading", name="Start positions", exact=True).is_visible()
    assert page.get_by_text("red: lp 0; pieces Ib2N Ic2N").is_visible()
    for language, heading in (("ja", "初期配置"), ("en", "Start positions")):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page.reload()
        assert page.locator("h1").inner_text() == heading
        shoot_sizes(page, f"help-start-positions-{language}")
