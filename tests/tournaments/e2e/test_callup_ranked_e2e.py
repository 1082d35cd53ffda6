"""In a real browser, by clicks alone: a ranked-table player (三国盛衰記, private link, no
account) is called live to their table, to its session and to a result to confirm.

The organiser creates the event, imports six walk-ins and checks everyone in. Aki waits on the
page of her private link. The organiser assigns and publishes round 1: without a reload, Aki's
page shows "you play at table N" and the tab's title is marked. The organiser starts the
session: the banner says so. Another player of her table reports the result through their own
link: Aki's banner asks her to confirm it, and its link leads to her page, where she confirms.
Aki's page is photographed with the call at 1280×900 and 390×844, in English and Japanese.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.screenshots import photograph
from tests.tournaments.e2e.organiser_steps import (
    assign_and_publish_tables,
    create_event,
    import_walk_ins,
    names_at,
    organiser_browser,
)

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-ranked-call-7"
PLAYERS = ["Aki Mori", "Bo Chen", "Chika Ito", "Dan Sato", "Emi Kato", "Fumi Abe"]


def seated_with(organiser: Any, name: str) -> tuple[int, list[str]]:
    """The number of the table ``name`` sits at, and everyone seated there (organiser's page)."""
    for number in (1, 2):
        names = names_at(organiser, number)
        if name in names:
            return number, names
    raise AssertionError(f"{name} sits at no table")


def wait_title(page: Any, start: str) -> None:
    page.wait_for_function(f"() => document.title.startsWith({start!r})")


def test_a_ranked_table_player_is_called_by_their_private_link(
    live_asgi: Any, browser: Any
) -> None:
    base = live_asgi.url
    context, organiser = organiser_browser(browser, live_asgi, PASSWORD)
    create_event(organiser, base, "Call Sangoku", rounds=2, game="sangoku_seisuiki")
    links = import_walk_ins(organiser, PLAYERS)

    # Aki waits on her private link's page (another browser: no session at all).
    aki_context = browser.new_context(locale="en-US")
    aki = aki_context.new_page()
    aki.set_default_timeout(20_000)
    aki.goto(f"{base}{links['Aki Mori']}")
    aki.wait_for_function("() => document.getElementById('callup').dataset.socketState === 'open'")
    aki.evaluate("window.__notReloaded = true")
    assert aki.locator("[data-call]").count() == 0
    title_before = aki.title()

    assign_and_publish_tables(organiser)
    table, seated = seated_with(organiser, "Aki Mori")

    banner = aki.locator(".call-banner")
    banner.wait_for()
    assert f"you play at table {table}." in banner.inner_text()
    wait_title(aki, "● Your table is ready")
    assert aki.title() == f"● Your table is ready · {title_before}"

    organiser.get_by_role("button", name="Start the session (240 minutes)").click()
    assert organiser.get_by_text("Session started.").is_visible()
    aki.get_by_text(f"the session at table {table} has started.").wait_for()
    wait_title(aki, "● Your session has started")

    # Another player of her table reports the result through their own link.
    other = next(name for name in seated if name != "Aki Mori")
    reporter = context.new_page()
    reporter.goto(f"{base}{links[other]}")
    form = reporter.locator("#report-form")
    for i, name in enumerate(seated):
        form.get_by_label(f"Victory points of {name}").fill(str(20 - 3 * i))
    form.get_by_role("button", name="Report result").click()
    assert reporter.get_by_text("Your result was recorded.").is_visible()

    aki.get_by_text(f"the result of table {table} was reported. Please confirm it.").wait_for()
    wait_title(aki, "● A result to confirm")
    assert aki.evaluate("window.__notReloaded") is True
    photograph(
        aki_context,
        f"{base}{links['Aki Mori']}",
        "callup-ranked-confirm",
        lambda page: page.locator(".call-banner").wait_for(),
        fits_width=True,
    )
    aki.get_by_role("link", name="Confirm the result").click()
    aki.get_by_role("button", name="Confirm this result").click()
    assert aki.get_by_text("Result confirmed.").first.is_visible()
    context.close()
    aki_context.close()
