"""An organiser's clicks that several browser tests share: create an online event, import
players, check everyone in, pair and publish a round. Each is a real click on the organiser's
own pages."""

from __future__ import annotations

import re
from typing import Any

from tests.browser import check_in_everyone


def organiser_browser(browser: Any, server: Any, password: str) -> tuple[Any, Any]:
    """A new account ``host`` (the shell step every event test takes) logged in in a fresh
    English browser context: returns the context and its page."""
    from tests.browser import create_accounts, log_in

    create_accounts(server, password, "host")
    context = browser.new_context(locale="en-US")
    organiser = context.new_page()
    organiser.set_default_timeout(20_000)
    log_in(organiser, server.url, "host", password)
    return context, organiser


def assign_and_publish_tables(organiser: Any) -> None:
    """From the event's dashboard: assign the ranked tables of round 1 and publish them."""
    organiser.get_by_role("link", name="Ranked tables: sizes, assignment and results").click()
    organiser.get_by_role("button", name="Assign the tables of round 1").click()
    organiser.wait_for_url(re.compile(r"/manage/ranked/rounds/1/$"))
    organiser.get_by_role("button", name="Publish").click()


def create_event(
    organiser: Any,
    base: str,
    name: str,
    *,
    rounds: int,
    game: str = "",
    online: bool = False,
    time_control: str = "",
) -> None:
    """Create an event by the event form (``game``: its key, default 軍師軍略), and open its
    registration."""
    slug = name.lower().replace(" ", "-")
    organiser.goto(f"{base}/events/manage/new/")
    organiser.fill("#id_name", name)
    organiser.fill("#id_starts_on", "2026-05-01")
    if game:
        organiser.select_option("#id_game", game)
    if online:
        organiser.check("#id_online")
    if time_control:
        organiser.fill("#id_time_control", time_control)
    organiser.fill("#id_rounds", str(rounds))
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(rf"/events/{slug}/manage/$"))
    organiser.get_by_role("button", name="Set status: Registration open").click()


def create_online_event(organiser: Any, base: str, name: str, *, rounds: int) -> None:
    """Create an online event with a 3+2 clock, and open its registration."""
    create_event(organiser, base, name, rounds=rounds, online=True, time_control="3+2")


def import_walk_ins(organiser: Any, names: list[str]) -> dict[str, str]:
    """Import players without accounts, check them all in with one click, and return each
    player's private link (as the dashboard lists it)."""
    organiser.fill("#id_text", "name\n" + "\n".join(names) + "\n")
    organiser.get_by_role("button", name="Import").click()
    organiser.get_by_role("button", name="Check in all present (everyone not checked in)").click()
    organiser.wait_for_load_state()
    return {
        name: organiser.locator("tr", has_text=name)
        .get_by_role("link", name="link")
        .get_attribute("href")
        for name in names
    }


def import_and_check_in(organiser: Any, csv: str, count: int) -> None:
    """On the event's dashboard: import ``count`` players from ``csv``, then check each in."""
    organiser.fill("#id_text", csv)
    organiser.get_by_role("button", name="Import").click()
    assert organiser.get_by_text(f"{count} players imported.").is_visible()
    check_in_everyone(organiser)


def pair_and_publish_round_one(organiser: Any) -> None:
    """On the event's dashboard: pair round 1 and publish it."""
    organiser.get_by_role("button", name="Pair round 1").click()
    organiser.get_by_role("button", name="Publish").click()
    assert organiser.locator("#round-status").inner_text() == "Published"


def names_at(page: Any, table: int) -> list[str]:
    """The players seated at ranked table ``table``, as its result form on the organiser's
    round page lists them."""
    rows = page.locator(f"#table-{table} form.table-result tbody tr")
    return [rows.nth(i).locator("td").nth(1).inner_text().strip() for i in range(rows.count())]
