"""The two players of the play browser tests (tests/play/test_*_e2e.py): the accounts ``aoi`` and
``ren`` of the ``live`` server (tests/play/conftest.py), and a signed-in browser context for
each."""

from __future__ import annotations

import re
from typing import Any

from tests.browser import log_in
from tests.live_server import LiveServer

PASSWORD = "e2e-Play-pass-42"
BOARD = re.compile(r"/matches/\d+/$")


def player(browser: Any, live: LiveServer, username: str) -> tuple[Any, Any]:
    """A browser context and page signed in as ``username`` (English, desktop size)."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, live.url, username, PASSWORD)
    return context, page
