"""In a real browser, by clicks alone: games outside events (docs/play.md).

(a) Aoi creates a challenge link on the Play page and sends it to Ren; Ren opens it, accepts,
and both boards open (Aoi's page follows by itself); Aoi makes Red's untimed first placement
and Ren lets the 5-second clock run out: both boards show the loss on time.
(b) Aoi offers a casual 軍棋 game in the lobby while Ren's Play page is open: it appears there
live, Ren accepts it with one click and both reach the 軍棋 board.

The only step that is not a click is making the two accounts (as the event tests do). The Play
page and the challenge page are photographed at 1280×900 and 390×844, in English and Japanese.
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


def open_play_page(page: Any) -> None:
    """From the site navigation, as a newcomer finds it."""
    page.locator(".site-nav").get_by_role("link", name="Play", exact=True).click()
    page.wait_for_url(re.compile(r"/play/$"))
    page.wait_for_function("() => document.documentElement.dataset.live === 'connected'")


def test_a_challenge_link_is_accepted_and_played_to_a_flag(live: LiveServer, browser: Any) -> None:
    aoi_context, aoi = player(browser, live, "aoi")
    ren_context, ren = player(browser, live, "ren")

    open_play_page(aoi)
    aoi.get_by_label("A friend: make a challenge link").check()
    aoi.get_by_label("Custom", exact=True).check()
    aoi.get_by_label("Custom time control").fill("5s+0")
    aoi.get_by_label("Red (moves first)").check()
    aoi.get_by_role("button", name="Create the game").click()
    aoi.wait_for_url(re.compile(r"/play/c/[\w-]+/$"))
    link = aoi.locator("#challenge-link").input_value()
    assert link == aoi.url
    aoi.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    photograph(aoi_context, link, "play-challenge-creator", fits_width=True)

    # Ren opens the link Aoi sent and accepts: both are at the board.
    ren.goto(link)
    assert ren.locator("h1").inner_text() == "aoi challenges you"
    assert "5s+0" in ren.locator(".challenge__facts").inner_text()
    photograph(ren_context, link, "play-challenge", fits_width=True)
    ren.get_by_role("button", name="Accept and play").click()
    ren.wait_for_url(BOARD)
    aoi.wait_for_url(BOARD)  # followed by itself, over the lobby socket
    assert aoi.url == ren.url
    for page, seat in ((aoi, "red"), (ren, "blue")):
        wait_dataset(page, "live", f"d.seat === '{seat}' && d.ply === '0'")
        assert page.locator("[data-rated]").get_attribute("data-rated") == "casual"

    # Red's first placement is untimed; then Blue's five seconds run out.
    decide_first_offered(aoi)
    for page in (aoi, ren):
        wait_dataset(page, "live", "d.status === 'finished'")
        banner = page.locator("#game-over")
        assert banner.get_attribute("data-method") == "timeout"
        assert banner.locator(".game-over__method").inner_text() == "Method: Loss on time"
    assert aoi.locator("#game-over .game-over__you").inner_text() == "You won."
    assert ren.locator("#game-over .game-over__you").inner_text() == "You lost."

    # The game is in the records, marked casual.
    ren.goto(f"{live.url}/matches/records/")
    row = ren.locator("table.records tbody tr").first
    assert "Loss on time" in row.inner_text()
    assert row.locator("[data-rated]").get_attribute("data-rated") == "casual"
    aoi_context.close()
    ren_context.close()


def test_a_lobby_seek_appears_live_and_is_accepted_with_one_click(
    live: LiveServer, browser: Any
) -> None:
    aoi_context, aoi = player(browser, live, "aoi")
    ren_context, ren = player(browser, live, "ren")
    open_play_page(ren)
    assert ren.locator("#lobby .seek").count() == 0
    open_play_page(aoi)

    aoi.get_by_label("Game", exact=True).select_option("junqi")
    assert aoi.get_by_label("10+5").is_checked()  # 軍棋's recommended clock comes with it
    aoi.get_by_label("Casual").check()
    aoi.get_by_role("button", name="Create the game").click()
    aoi.wait_for_url(re.compile(r"/play/$"))
    assert aoi.locator("#my-seeks .seek").count() == 1
    aoi.wait_for_function("() => document.documentElement.dataset.live === 'connected'")

    # On Ren's open page, without a reload.
    seek = ren.locator("#lobby .seek")
    seek.wait_for()
    assert "Junqi" in seek.inner_text()
    assert "Casual" in seek.inner_text()
    assert "10+5" in seek.inner_text()
    photograph(ren_context, f"{live.url}/play/", "play-lobby", fits_width=True)
    seek.get_by_role("button", name="Accept").click()
    ren.wait_for_url(BOARD)
    aoi.wait_for_url(BOARD)
    assert aoi.url == ren.url
    for page in (aoi, ren):
        assert page.locator("#live").get_attribute("data-game") == "junqi"
        wait_dataset(page, "live", "d.status === 'running'")
        assert page.locator("[data-rated]").get_attribute("data-rated") == "casual"

    # The offer has left the lobby.
    open_play_page(ren)
    assert ren.locator("#lobby .seek").count() == 0
    aoi_context.close()
    ren_context.close()
