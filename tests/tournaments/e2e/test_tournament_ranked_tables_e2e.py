"""In a real browser, by clicks alone: a 三国盛衰記 event at multi-player ranked tables.

The organiser creates the event (game 三国盛衰記), imports nine walk-in players, checks everyone
in, assigns round 1 (tables of 5 and 4), publishes it and starts the session clock. At table 2
one player reports every seat's victory points through their private link and another player
of the table confirms; the organiser enters table 1's result with an elimination. The
standings show rank points, and round 2 is assigned. Screenshots of the public tables page and
the standings (desktop and 390x844 phone, English and Japanese) go to
``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.tournaments.e2e.organiser_steps import (
    assign_and_publish_tables,
    create_event,
    import_walk_ins,
    names_at,
    organiser_browser,
)

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-ranked-pass-3"
ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
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


def shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(
            path=str(SCREENSHOTS / f"{name}-{size}-{width}x{height}.png"), full_page=True
        )
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_ranked_table_event_runs_from_assignment_to_rank_points(
    live_asgi: Any, browser: Any
) -> None:
    base = live_asgi.url
    context, organiser = organiser_browser(browser, live_asgi, PASSWORD)
    create_event(organiser, base, "Sangoku Cup", rounds=2, game="sangoku_seisuiki")
    links = import_walk_ins(organiser, PLAYERS)

    assign_and_publish_tables(organiser)
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
    player.goto(f"{base}{links[second[1]]}")
    assert player.locator(".session-clock time").count() == 1
    player.get_by_role("button", name="Confirm this result").click()
    assert player.get_by_text("Result confirmed.").first.is_visible()

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
