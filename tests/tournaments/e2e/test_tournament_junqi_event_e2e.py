"""In a real browser, by clicks alone: an online 軍棋 event from the event form to the standings.

The only shell step creates the organiser's account. The two players sign up on the sign-up
page; the organiser creates an online event choosing the game 軍棋 on the form (the time
control follows the game's 10+5; the §9 variant 大本営自由 is ticked), opens registration,
imports the two players by CSV (linking their accounts), checks them in, pairs and publishes
round 1. Each player follows the banner to the board, presses "join", takes the random set-up
and submits it; Red attacks a6xa7 and Blue e7xe6 down the two side railways (the front rows
are always full of movable pieces, whatever the random set-ups), Red offers a draw and Blue
accepts it. Until then neither page holds an enemy rank. The draw reaches the pairing by
itself and the public standings show half a point each.

The event form with 軍棋 chosen, the round's pairings and the standings are photographed at
1280×900 and 390×844, in English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, sign_up, wait_dataset
from tests.screenshots import photograph as photograph_page
from tests.tournaments.e2e.organiser_steps import import_and_check_in, pair_and_publish_round_one

pytestmark = pytest.mark.e2e

ORGANISER_PASSWORD = "e2e-organiser-pass"
PLAYER_PASSWORD = "e2e-Player-pass-42"
ACCOUNTS = {"kenji": "Kenji Aoki", "lina": "Lina Park"}


def photograph(context: Any, url: str, name: str, prepare: Any = None) -> None:
    """The page at ``url`` as ``context``'s user sees it, in both sizes and languages."""
    photograph_page(context, url, f"junqi-event-{name}", prepare, fits_width=True)


def choose_junqi(page: Any) -> None:
    page.locator("#id_game").select_option("junqi")


def show_junqi_settings(page: Any) -> None:
    """The form with 軍棋 chosen, scrolled to the game choice and the variants below it."""
    choose_junqi(page)
    page.locator("#id_game").scroll_into_view_if_needed()
    page.evaluate("() => document.getElementById('id_game').scrollIntoView()")


def assert_enemy_hidden(page: Any, enemy: str) -> None:
    """No enemy rank on the page: every enemy piece is a blank back (a flag is public once
    revealed, §6.5)."""
    pieces = page.evaluate(
        "(enemy) => [...document.querySelectorAll(`.jq-piece[data-owner=${enemy}]`)]"
        ".map((p) => ({ piece: p.dataset.piece, text: p.textContent }))",
        enemy,
    )
    assert pieces, "the enemy pieces are drawn"
    for piece in pieces:
        if piece["piece"] != "F":
            assert piece == {"piece": "?", "text": ""}, piece


def move(page: Any, source: str, target: str) -> None:
    page.locator(f"#jq-board [data-station={source}]").click()
    page.locator(f"#jq-board .jq-station.is-target[data-station={target}]").click()


def test_a_junqi_event_runs_by_clicks_to_a_drawn_standings(live_asgi: Any, browser: Any) -> None:
    create_accounts(live_asgi, ORGANISER_PASSWORD, "host")
    base = live_asgi.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", *ACCOUNTS, "visitor")}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(20_000)
    organiser = pages["host"]

    for username in ACCOUNTS:
        sign_up(pages[username], live_asgi, username, PLAYER_PASSWORD)
    log_in(organiser, base, "host", ORGANISER_PASSWORD)

    # The event form: choosing 軍棋 hides 軍師軍略's format and sets the game's time control.
    organiser.goto(f"{base}/events/manage/new/")
    assert organiser.locator("#group-format").is_visible()
    assert not organiser.locator("#group-junqi").is_visible()
    choose_junqi(organiser)
    assert not organiser.locator("#group-format").is_visible()
    assert organiser.locator("#group-junqi").is_visible()  # 軍棋's §9 variants
    assert organiser.input_value("#id_time_control") == "10+5"
    photograph(contexts["host"], f"{base}/events/manage/new/", "form", show_junqi_settings)
    organiser.fill("#id_name", "Junqi Cup")
    organiser.fill("#id_starts_on", "2026-05-01")
    organiser.check("#id_online")
    organiser.fill("#id_rounds", "1")
    organiser.locator("#group-junqi input[value=free_hq]").check()
    organiser.get_by_role("button", name="Create").click()
    organiser.wait_for_url(re.compile(r"/events/junqi-cup/manage/$"))
    assert organiser.locator("#dashboard-game").inner_text() == "Junqi (軍棋)"
    organiser.get_by_role("button", name="Set status: Registration open").click()

    import_and_check_in(
        organiser, "name,rating,username\nKenji Aoki,2000,kenji\nLina Park,1800,lina\n", 2
    )
    pair_and_publish_round_one(organiser)
    round_page = organiser.url

    # The public event page and round page of a 軍棋 event.
    visitor = pages["visitor"]
    visitor.goto(f"{base}/events/junqi-cup/")
    assert "Junqi" in visitor.locator("#event-game").inner_text()
    assert "free headquarters" in visitor.locator("#event-variants").inner_text()
    photograph(contexts["visitor"], f"{base}/events/junqi-cup/rounds/1/", "pairings")
    visitor.goto(f"{base}/events/junqi-cup/standings/")
    visitor.wait_for_function("() => document.documentElement.dataset.live === 'connected'")

    # Each player follows the banner to the board and joins.
    boards = {}
    for username in ACCOUNTS:
        page = pages[username]
        page.goto(f"{base}/events/junqi-cup/")
        banner = page.locator("#live-game-banner")
        assert "is waiting for you" in banner.inner_text()
        banner.get_by_role("link", name="Go to your board").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        boards[username] = page.url
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
    assert boards["kenji"] == boards["lina"]
    board = boards["kenji"]
    seats = {u: pages[u].locator("#live").get_attribute("data-seat") for u in ACCOUNTS}
    red = pages[next(u for u, s in seats.items() if s == "red")]
    blue = pages[next(u for u, s in seats.items() if s == "blue")]
    red.get_by_role("button", name="I am at the board: join the game").click()
    red.wait_for_url(board)
    blue.reload()
    blue.get_by_role("button", name="I am at the board: join the game").click()
    blue.wait_for_url(board)
    for page in (red, blue):
        wait_dataset(page, "live", "d.status === 'running' && d.phase === 'setup'")

    # The simultaneous set-up: each takes the random set-up and submits it.
    for page in (red, blue):
        page.locator("#jq-random").click()
        page.wait_for_function("() => !document.getElementById('jq-submit').disabled")
        page.locator("#jq-submit").click()
    for page in (red, blue):
        wait_dataset(page, "live", "d.phase === 'play'")
    assert_enemy_hidden(red, "blue")
    assert_enemy_hidden(blue, "red")

    # Red attacks down the left railway, Blue down the right one.
    wait_dataset(red, "live", "d.toAct === 'red'")
    move(red, "a6", "a7")
    for page in (red, blue):
        wait_dataset(page, "live", "d.ply === '3'")
    assert red.locator("#move-list li[data-text^='a6xa7']").count() == 1
    assert_enemy_hidden(red, "blue")
    assert_enemy_hidden(blue, "red")
    wait_dataset(blue, "live", "d.toAct === 'blue'")
    move(blue, "e7", "e6")
    for page in (red, blue):
        wait_dataset(page, "live", "d.ply === '4'")
    assert_enemy_hidden(red, "blue")
    assert_enemy_hidden(blue, "red")

    # Red offers a draw and Blue accepts it: the game ends drawn.
    wait_dataset(red, "live", "d.toAct === 'red'")
    red.locator("#draw-offer-button").click()
    blue.locator("#draw-accept-button").click()
    for page in (red, blue):
        wait_dataset(page, "live", "d.status === 'finished'")
        page.locator("#game-over").wait_for()

    # The draw reaches the pairing and the standings by itself: half a point each.
    for name in ACCOUNTS.values():
        visitor.wait_for_function(
            "() => [...document.querySelectorAll('#standings tbody tr')].some(row => "
            f"row.textContent.includes('{name}') && "
            "['½', '0.5'].includes(row.querySelector('td.points')?.textContent.trim()))"
        )
    organiser.goto(round_page)
    assert organiser.locator("#round-status").inner_text() == "Complete"
    photograph(contexts["visitor"], f"{base}/events/junqi-cup/standings/", "standings")

    # The finished game's record page shows for everybody.
    visitor.goto(board)
    assert visitor.locator("#live").count() == 1
    for context in contexts.values():
        context.close()
