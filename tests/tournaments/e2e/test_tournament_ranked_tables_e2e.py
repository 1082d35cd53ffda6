"""In a real browser, by clicks alone: a 三国盛衰記 event at multi-player ranked tables.

The organiser creates the event (game 三国盛衰記), imports nine walk-in players, checks everyone
in, assigns round 1 (tables of 5 and 4), publishes it and starts the session clock. At table 2
one player reports every seat's victory points through their private link and every other
player of the table confirms; the organiser enters table 1's result with an elimination. The
standings show rank points, and round 2 is assigned. Screenshots of the public tables page and
the standings (desktop and 390x844 phone, English and Japanese) go to
``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in
from tests.screenshots import shoot_sizes as shoot
from tests.tournaments.e2e.ranked_steps import create_ranked_event

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-ranked-pass-3"
PLAYERS = [
    "Aki Mori",
    "Bo Chen",
    "Chika Ito",
    "Dan Sato",
    "Emi Kato",
    "Fumi Abe",
    "Gen Oda",
    "Hana Ueda",
    "Iku Sano",
]


def names_at(page: Any, table: int) -> list[str]:
    rows = page.locator(f"#table-{table} form.table-result tbody tr")
    return [rows.nth(i).locator("td").nth(1).inner_text().strip() for i in range(rows.count())]


def test_a_ranked_table_event_runs_from_assignment_to_rank_points(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host")
    base = live_asgi.url
    context = browser.new_context(locale="en-US")
    organiser = context.new_page()
    organiser.set_default_timeout(20_000)

    log_in(organiser, base, "host", PASSWORD)
    links = create_ranked_event(
        organiser, base, name="Sangoku Cup", slug="sangoku-cup", players=PLAYERS, rounds=2
    )

    organiser.get_by_role("link", name="Ranked tables: sizes, assignment and results").click()
    organiser.get_by_role("button", name="Assign the tables of round 1").click()
    organiser.wait_for_url(re.compile(r"/manage/ranked/rounds/1/$"))
    organiser.get_by_role("button", name="Publish").click()
    organiser.get_by_role("button", name="Start the session (240 minutes)").click()
    assert organiser.get_by_text("Session started.").is_visible()
    first, second = names_at(organiser, 1), names_at(organiser, 2)
    assert (len(first), len(second)) == (5, 4)
    assert sorted(first + second) == sorted(PLAYERS)

    # Table 2: one player reports every seat's VP, another player of the table confirms.
    player = context.new_page()
    player.set_default_timeout(20_000)
    player.goto(f"{base}{links[second[0]]}")
    form = player.locator("#report-form")
    for i, name in enumerate(second):
        form.get_by_label(f"Victory points of {name}").fill(str(20 - 3 * i))
    form.get_by_role("button", name="Report result").click()
    assert player.get_by_text("Your result was recorded.").is_visible()
    for name in second[1:]:  # every other player of the table confirms
        player.goto(f"{base}{links[name]}")
        assert player.locator(".session-clock time").count() == 1
        player.get_by_role("button", name="Confirm this result").click()
        assert player.get_by_text("Result confirmed.").first.is_visible()
    assert player.locator("#report-form").count() == 0  # final: nothing left to report

    # Table 1: the organiser enters the result; the last seat was eliminated in turn 4.
    organiser.reload()
    result = organiser.locator("#table-1 form.table-result")
    for i, name in enumerate(first):
        vp = "0" if i == len(first) - 1 else str(30 - 5 * i)
        result.get_by_label(f"Victory points of {name}").fill(vp)
    result.get_by_label(f"Elimination turn of {first[-1]}").fill("4")
    result.get_by_role("button", name="Enter the result").click()
    assert organiser.locator("#round-status").inner_text() == "Complete"

    organiser.goto(f"{base}/events/sangoku-cup/standings/")
    standings = organiser.locator("#standings")
    assert "Rank points" in standings.inner_text()
    top = standings.locator("tbody tr").first.locator("td")
    assert top.nth(2).inner_text() == "5"
    assert top.nth(1).inner_text() == first[0]
    assert standings.locator("tbody tr").count() == 9

    visitor = browser.new_context(locale="en-US").new_page()
    for language in ("en", "ja"):
        visitor.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        visitor.goto(f"{base}/events/sangoku-cup/rounds/1/")
        assert visitor.locator("#ranked-tables .ranked-table").count() == 2
        shoot(visitor, f"ranked-tables-{language}")
        visitor.goto(f"{base}/events/sangoku-cup/standings/")
        shoot(visitor, f"ranked-standings-{language}")

    # Round 2 is assigned from the standings: the two leaders sit at table 1.
    organiser.goto(f"{base}/events/sangoku-cup/manage/ranked/")
    organiser.get_by_role("button", name="Assign the tables of round 2").click()
    organiser.wait_for_url(re.compile(r"/manage/ranked/rounds/2/$"))
    table_one = organiser.locator("#table-1").inner_text()
    assert first[0] in table_one
    assert second[0] in table_one
    context.close()
