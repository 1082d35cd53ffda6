"""In a real browser, by clicks alone: a player's bell rings live when the organiser publishes
a round.

The organiser creates an online event, imports four players with accounts and checks them in,
then pairs and publishes round 1 on the event's pages. Lina waits on the event list with her
page's socket open: without a reload, her bell's count goes from nothing to 1. She opens the
bell, reads "Bell Cup: round 1 is published. You play at table 1.", and follows it to her
"My games" page; the notification is then read, and the bell shows no count.

The open bell, the notifications page and the settings' e-mail choices are photographed at
1280×900 and 390×844, in English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.live_server import LiveServer, running_server
from tests.screenshots import photograph
from tests.tournaments.e2e.organiser_steps import (
    create_online_event,
    import_and_check_in,
    pair_and_publish_round_one,
)

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Bell-pass-42"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with running_server(tmp_path) as server:
        yield server


def _open_bell(page: Any) -> None:
    page.locator("#bell summary").click()
    page.locator("#bell .bell__panel").wait_for(state="visible")


def test_the_bell_rings_live_when_a_round_is_published(live: LiveServer, browser: Any) -> None:
    create_accounts(live, PASSWORD, "host", "kenji", "lina", "mio", "sora")
    base = live.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", "lina")}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for who, page in pages.items():
        page.set_default_timeout(20_000)
        log_in(page, base, who, PASSWORD)
    organiser, lina = pages["host"], pages["lina"]

    create_online_event(organiser, base, "Bell Cup", rounds=2)
    import_and_check_in(
        organiser,
        "name,rating,username\nKenji Aoki,2000,kenji\nMio Sato,1900,mio\nLina Park,1800,lina\n"
        "Sora Ito,1700,sora\n",
        4,
    )

    # Lina waits on the event list; her page's socket is open and her bell has no count.
    lina.goto(f"{base}/events/")
    lina.wait_for_function("() => document.getElementById('callup').dataset.socketState === 'open'")
    assert lina.locator("#bell").get_attribute("data-unread") == "0"
    assert lina.locator("#bell .bell__count").count() == 0
    lina.evaluate("window.__notReloaded = true")

    # The organiser pairs and publishes round 1 by clicks.
    pair_and_publish_round_one(organiser)

    # Lina's bell counts the new notification, without a reload.
    lina.wait_for_function("() => document.getElementById('bell').dataset.unread === '1'")
    assert lina.locator("#bell .bell__count").inner_text() == "1"
    assert lina.evaluate("window.__notReloaded") is True

    # She opens the bell and follows the notification to her "My games" page.
    _open_bell(lina)
    item = lina.locator("#bell .bell__item").first
    assert "Round published" in item.inner_text()
    assert re.search(r"Bell Cup: round 1 is published\. You play at table \d\.", item.inner_text())
    assert "is-unread" in (item.get_attribute("class") or "")
    photograph(
        contexts["lina"], f"{base}/events/", "notifications-bell", _open_bell, fits_width=True
    )
    photograph(contexts["lina"], f"{base}/notifications/", "notifications-page", fits_width=True)
    photograph(
        contexts["lina"],
        f"{base}/accounts/settings/#notifications",
        "notifications-email-settings",
        lambda page: page.locator("#notifications").scroll_into_view_if_needed(),
        fits_width=True,
    )
    item.get_by_role("button").click()
    lina.wait_for_url(re.compile(r"/events/bell-cup/me/$"))
    assert lina.locator("#bell").get_attribute("data-unread") == "0"
    assert lina.locator("#bell .bell__count").count() == 0

    # The notifications page lists it, read.
    _open_bell(lina)
    lina.get_by_role("link", name="See all notifications").click()
    lina.wait_for_url(re.compile(r"/notifications/$"))
    assert lina.locator("#unread-summary").inner_text().startswith("0 unread notifications.")
    rows = lina.locator(".notification-list__item")
    assert rows.count() == 1
    assert "is-unread" not in (rows.first.get_attribute("class") or "")
    for context in contexts.values():
        context.close()
