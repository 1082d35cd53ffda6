"""In a real browser, by clicks alone: a visitor opens the rating lists from the site's
navigation, opens the 軍師軍略 basic-game list, reads the ranks (a provisional rating marked
``?``) and searches it by name.

The rated games themselves are set up on the server (``manage.py shell`` through the
over-the-board result service, as an arbiter's entries would record them): playing them is the
matches' tests' business. The index and the list are photographed at 1280×900 and 390×844, in
English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import LiveServer, running_server
from tests.screenshots import photograph

pytestmark = pytest.mark.e2e

#: Eight accounts and a season of rated over-the-board games between them: the lower the
#: number, the stronger the player; "Hana" plays only twice (provisional).
SEASON = """
import datetime as dt, random
from django.contrib.auth.models import User
from core.models import PlayerProfile
from matches.services.arbiter import match_set_result
from matches.services.lifecycle import match_create
names = ["aoi", "ben", "chihiro", "daichi", "emma", "fumika", "goro", "hana"]
users = [User.objects.create_user(n, password="e2e-pass-rating-1") for n in names]
PlayerProfile.objects.filter(user=users[0]).update(display_name="Aoi Tanaka")
rng = random.Random(5)
start = dt.datetime.now(dt.UTC) - dt.timedelta(days=30)
for i in range(80):
    a, b = rng.sample(range(7), 2) if i > 1 else (7, i + 3)
    m = match_create(kind="otb", red_player=users[a], blue_player=users[b], rated=True)
    won = "red" if (a < b) == (rng.random() < 0.8) else "blue"
    match_set_result(match_id=m.pk, winner=won, now=start + dt.timedelta(hours=8 * i))
"""


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with running_server(tmp_path) as server:
        server.manage("shell", "-c", SEASON)
        yield server


def test_a_visitor_opens_the_ratings_and_searches_a_list_by_clicks(
    live: LiveServer, browser: Any
) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live.url}/")
    page.locator(".site-nav").get_by_role("link", name="Ratings").click()
    page.wait_for_url("**/ratings/")
    basic = page.get_by_role("row", name="Gunshi Gunryaku: Basic game")
    assert basic.locator("td.num").inner_text() == "8"
    basic.get_by_role("link").click()
    page.wait_for_url("**/ratings/gunshi-basic/")

    rows = page.locator(".rating-list tbody tr")
    assert rows.count() == 8
    ranks = [rows.nth(i).locator("td").first.inner_text() for i in range(8)]
    assert ranks == [str(n) for n in range(1, 9)]
    values = [rows.nth(i).locator(".rating-value").inner_text() for i in range(8)]
    numbers = [int(v.split("?")[0].split()[0]) for v in values]
    assert numbers == sorted(numbers, reverse=True)
    hana = page.get_by_role("row").filter(has_text="hana")
    assert "?" in hana.locator(".rating-value").inner_text()  # two games: provisional
    assert hana.get_by_role("link").get_attribute("href") == "/players/hana/"

    page.get_by_label("Find a player").fill("tanaka")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/ratings/gunshi-basic/?q=tanaka")
    assert rows.count() == 1
    assert "Aoi Tanaka" in rows.first.inner_text()
    page.get_by_role("link", name="Show everyone").click()
    page.wait_for_url("**/ratings/gunshi-basic/")
    assert rows.count() == 8

    photograph(context, f"{live.url}/ratings/", "ratings-index", fits_width=True)
    photograph(context, f"{live.url}/ratings/gunshi-basic/", "ratings-pool", fits_width=True)
    context.close()
