"""In a real browser, by clicks alone: a rated challenge by user name, played to a flag, moves
both players' site ratings, which their profiles show with a chart (issue 19's "Done when").

Aoi challenges Ren by user name to a rated 軍師軍略 game. Ren, on another page with its socket
open, sees the bell ring, opens the notification and accepts. Each makes a decision on the board,
then Ren lets the clock run out. Both open "My profile" from the header: Aoi's rating rose and
Ren's fell, each drawn as a chart of one point, and the rating list shows both.

The only step that is not a click is making the two accounts.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import decide_first_offered, wait_dataset
from tests.live_server import LiveServer
from tests.play.browser_players import BOARD, player
from tests.screenshots import photograph

pytestmark = pytest.mark.e2e


def profile_rating(page: Any) -> int:
    """Open "My profile" from the header and read the 軍師軍略 basic rating (``1662?``)."""
    page.locator(".site-account__profile").click()
    page.wait_for_url(re.compile(r"/players/\w+/$"))
    rating = page.locator('[data-rating-pool="gunshi-basic"]')
    assert rating.locator("svg.rating-chart circle").count() == 1  # one rated game, one point
    text = rating.locator(".profile-rating__value strong").inner_text()
    assert text.endswith("?"), text  # provisional after one game
    return int(text.rstrip("?"))


def test_a_rated_challenge_by_user_name_moves_both_ratings(live: LiveServer, browser: Any) -> None:
    aoi_context, aoi = player(browser, live, "aoi")
    ren_context, ren = player(browser, live, "ren")
    ren.goto(f"{live.url}/events/")
    ren.wait_for_function("() => document.getElementById('callup').dataset.socketState === 'open'")

    aoi.locator(".site-nav").get_by_role("link", name="Play", exact=True).click()
    aoi.wait_for_url(re.compile(r"/play/$"))
    aoi.get_by_label("A player by user name").check()
    aoi.get_by_label("User name of the player").fill("ren")
    aoi.get_by_label("Rated", exact=True).check()
    aoi.get_by_label("Custom", exact=True).check()
    aoi.get_by_label("Custom time control").fill("20s+0")
    aoi.get_by_label("Red (moves first)").check()
    aoi.get_by_role("button", name="Create the game").click()
    aoi.wait_for_url(re.compile(r"/play/c/[\w-]+/$"))

    # Ren's bell rings without a reload; the notification leads to the challenge.
    ren.wait_for_function("() => document.getElementById('bell').dataset.unread === '1'")
    ren.locator("#bell summary").click()
    ren.locator("#bell .bell__link").first.click()
    ren.wait_for_url(re.compile(r"/play/c/[\w-]+/$"))
    assert "Rated" in ren.locator(".challenge__facts").inner_text()
    ren.get_by_role("button", name="Accept and play").click()
    ren.wait_for_url(BOARD)
    aoi.wait_for_url(BOARD)
    for page, seat in ((aoi, "red"), (ren, "blue")):
        wait_dataset(page, "live", f"d.seat === '{seat}' && d.ply === '0'")
        assert page.locator("[data-rated]").get_attribute("data-rated") == "rated"

    # One decision each (a rated game needs a move from both sides), then Ren's flag falls.
    decide_first_offered(aoi)
    wait_dataset(ren, "live", "d.ply === '1'")
    decide_first_offered(ren)
    for page in (aoi, ren):
        page.set_default_timeout(60_000)
        wait_dataset(page, "live", "d.status === 'finished'")
        assert page.locator("#game-over").get_attribute("data-method") == "timeout"
    loser = (
        "ren" if ren.locator("#game-over .game-over__you").inner_text() == "You lost." else "aoi"
    )

    aoi_rating, ren_rating = profile_rating(aoi), profile_rating(ren)
    winner_rating, loser_rating = (
        (aoi_rating, ren_rating) if loser == "ren" else (ren_rating, aoi_rating)
    )
    assert winner_rating > 1500 > loser_rating
    photograph(aoi_context, aoi.url, "player-profile-rated", fits_width=True)

    # The rating list of the pool, from the profile's link.
    ren.locator('[data-rating-pool="gunshi-basic"] h3 a').click()
    ren.wait_for_url(re.compile(r"/ratings/gunshi-basic/$"))
    rows = ren.locator("table tbody tr")
    assert rows.count() == 2
    assert rows.first.locator("a").inner_text() == ("aoi" if loser == "ren" else "ren")
    aoi_context.close()
    ren_context.close()
