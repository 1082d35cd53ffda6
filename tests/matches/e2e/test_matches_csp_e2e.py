"""In a real browser: the board, the over-the-board clock and the records work under the site's
Content-Security-Policy (script-src 'self', no inline code), with no violation reported."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def _watch_violations(page: Any) -> list[str]:
    """Console messages and page errors that report a blocked resource or a script failure."""
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if "Content Security Policy" in message.text or message.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


def test_match_pages_run_under_the_policy(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren")
    page = new_page(viewport={"width": 1280, "height": 1000})
    problems = _watch_violations(page)
    response = page.goto(f"{match_server.url}/matches/{match['id']}/?token={match['red']}")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    # The board's module script ran and its WebSocket connected: the snapshot arrived.
    page.wait_for_function("() => document.getElementById('live').dataset.seat === 'red'")
    page.wait_for_selector("svg.board")

    otb = match_server.create_match(red_name="Aoi", blue_name="Ren", kind="otb")
    page.goto(f"{match_server.url}/matches/{otb['id']}/clock/?red={otb['red']}&blue={otb['blue']}")
    page.wait_for_function("() => document.getElementById('otb').dataset.status === 'running'")

    page.goto(f"{match_server.url}/matches/records/")
    page.goto(f"{match_server.url}/")
    assert problems == []
