"""In a real browser: a two-place event fills up, a third player sees "2 / 2" and joins the
waitlist at position 1, a registered player withdraws and the waiting player gets the place,
which their own page says. Every step is a click on the site's own pages. Screenshots of the
event page with capacity and waitlist (desktop and phone, English and Japanese) go to
``artifacts/screenshots/``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-waitlist-pass"


def player(browser: Any, base: str, username: str) -> Any:
    page = browser.new_context(locale="en-US").new_page()
    log_in(page, base, username, PASSWORD)
    return page


def test_a_full_event_offers_the_waitlist_and_promotes_on_withdrawal(
    live_asgi: Any, browser: Any
) -> None:
    base = live_asgi.url
    create_accounts(live_asgi, PASSWORD, "host", "aiko", "botan", "chika")

    # The organiser creates a two-place event and opens registration.
    organiser = player(browser, base, "host")
    organiser.goto(f"{base}/events/manage/new/")
    organiser.fill("#id_name", "Tea Cup")
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.fill("#id_registration_cap", "2")
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(r"/events/tea-cup/manage/$"))
    organiser.get_by_role("button", name="Set status: Registration open").click()
    organiser.wait_for_load_state()

    # Two players take the two places.
    event_url = f"{base}/events/tea-cup/"
    for index, name in enumerate(("aiko", "botan"), start=1):
        page = player(browser, base, name)
        page.goto(event_url)
        page.get_by_role("button", name="Register for this event").click()
        page.wait_for_load_state()
        assert page.get_by_text("You are registered.").first.is_visible()
        assert f"{index} / 2" in page.locator("#capacity").inner_text()
        if name == "aiko":
            aiko = page

    # The third sees the event full, and joins the waitlist instead.
    chika = player(browser, base, "chika")
    chika.goto(event_url)
    assert "2 / 2" in chika.locator("#capacity").inner_text()
    assert "Full" in chika.locator("#capacity").inner_text()
    assert chika.get_by_role("button", name="Register for this event").count() == 0
    chika.get_by_role("button", name="Join the waitlist").click()
    chika.wait_for_load_state()
    assert "on the waitlist, position 1" in chika.locator("ul.messages").inner_text()
    assert "position 1" in chika.locator("#own-waitlist").inner_text()
    assert "chika" in chika.locator("#waitlist").inner_text()
    assert "chika" not in chika.locator(".entry-list").first.inner_text()
    shoot_sizes(chika, "event-waitlist-en")
    chika.context.add_cookies([{"name": "django_language", "value": "ja", "url": base}])
    chika.reload()
    assert "キャンセル待ち" in chika.locator("#own-waitlist").inner_text()
    shoot_sizes(chika, "event-waitlist-ja")
    chika.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])

    # The organiser sees the waitlist on the dashboard.
    organiser.goto(f"{base}/events/tea-cup/manage/")
    waitlist_panel = organiser.locator("#manage-waitlist")
    assert "2 / 2" in waitlist_panel.inner_text()
    assert "chika" in waitlist_panel.locator("tbody").inner_text()

    # Chika's own page shows the place in the queue.
    chika.goto(f"{event_url}me/")
    assert "position 1" in chika.locator("#waitlist-position").inner_text()

    # Aiko withdraws from her own page (and confirms the prompt)...
    aiko.goto(f"{event_url}me/")
    aiko.once("dialog", lambda dialog: dialog.accept())
    aiko.get_by_role("button", name="Withdraw").click()
    aiko.wait_for_load_state()
    assert "Withdrawn" in aiko.locator("body").inner_text()

    # ...and the place goes to Chika, whose page says so.
    chika.goto(f"{event_url}me/")
    assert chika.locator("#waitlist-position").count() == 0
    assert "You got a place from the waitlist" in chika.locator("#promoted").inner_text()
    assert "Active" in chika.locator(".badge--active").inner_text()
    chika.goto(event_url)
    assert "2 / 2" in chika.locator("#capacity").inner_text()
    assert chika.locator("#waitlist").count() == 0
    assert "You are registered." in chika.locator("#own-entry").inner_text()
    shoot_sizes(chika, "event-promoted-en")

    # The organiser's audit log tells the story.
    organiser.goto(f"{base}/events/tea-cup/manage/")
    audit = organiser.locator("ol.audit").inner_text()
    assert "chika joined the waitlist (position 1)." in audit
    assert "chika got a place from the waitlist." in audit
