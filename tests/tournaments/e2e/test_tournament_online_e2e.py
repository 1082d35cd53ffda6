"""In a real browser, by clicks alone: a small online Swiss from sign-up to round 2.

Nothing here calls a service or a management command that does a service's work: the only
shell step creates the organiser's account (an account, like any other, is not part of running
an event). The two players sign up on the sign-up page; the organiser creates the event, imports
the players by CSV (linking the two accounts), checks them in, pairs and publishes round 1. Each
player follows the banner to their board and presses "join"; the game starts with the second
join, they play through the board's own controls until one resigns, a logged-out visitor's
standings update live, and the organiser pairs round 2.

The board is photographed waiting to start and in play, at 1280×900 and 390×844, in English and
Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, decide_first_offered, log_in, sign_up, wait_dataset
from tests.screenshots import photograph as photograph_page
from tests.tournaments.e2e.organiser_steps import (
    create_online_event,
    import_and_check_in,
    pair_and_publish_round_one,
)

pytestmark = pytest.mark.e2e

ORGANISER_PASSWORD = "e2e-organiser-pass"
PLAYER_PASSWORD = "e2e-Player-pass-42"
ACCOUNTS = {"kenji": "Kenji Aoki", "lina": "Lina Park"}  # the two players with accounts


def wait_live(page: Any, condition: str) -> None:
    wait_dataset(page, "live", condition)


def photograph(context: Any, url: str, name: str, condition: str) -> None:
    """The board at ``url`` as the player of ``context`` sees it, in both sizes and languages."""

    def ready(page: Any) -> None:
        wait_live(page, condition)
        page.wait_for_timeout(300)  # the clocks' first tick

    photograph_page(context, url, f"board-{name}", ready, full_page=True)


def assert_same_services_as_the_suite(server: Any) -> None:
    """The server runs on the suite's kind of database and channel layer (PostgreSQL and Redis
    in CI's second stage), never on a database the suite itself uses."""
    from django.conf import settings
    from django.db import connection

    served = (
        server.manage(
            "shell",
            "-c",
            "from django.conf import settings; from django.db import connection; "
            "print(connection.vendor, connection.settings_dict['NAME'], "
            "settings.CHANNEL_LAYERS['default']['BACKEND'])",
        )
        .splitlines()[-1]
        .split()
    )
    assert served[0] == connection.vendor
    assert served[1] != connection.settings_dict["NAME"]
    # Redis behind the server whenever the suite has it (the server takes the production
    # default, matches.channel_layer's pipelined pub/sub layer; the suite's in-process
    # consumers pin channels_redis's core one).
    in_memory = "channels.layers.InMemoryChannelLayer"
    suite_layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert (served[2] == in_memory) == (suite_layer == in_memory)


def test_an_online_swiss_runs_by_clicks_from_sign_up_to_round_2(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, ORGANISER_PASSWORD, "host")
    assert_same_services_as_the_suite(live_asgi)
    base = live_asgi.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", *ACCOUNTS, "visitor")}
    pages = {who: context.new_page() for who, context in contexts.items()}
    for page in pages.values():
        page.set_default_timeout(20_000)
    organiser = pages["host"]

    # The players sign up; the organiser creates an online event (short clock).
    for username in ACCOUNTS:
        sign_up(pages[username], live_asgi, username, PLAYER_PASSWORD)
    log_in(organiser, base, "host", ORGANISER_PASSWORD)
    create_online_event(organiser, base, "Net Swiss", rounds=2)

    # Four players by CSV: the two accounts (by user name) meet at table 1, two walk-ins.
    import_and_check_in(
        organiser,
        "name,rating,username\nKenji Aoki,2000,kenji\nMika Ono,1900,\nLina Park,1800,lina\n"
        "Noa Ide,1700,\n",
        4,
    )
    pair_and_publish_round_one(organiser)
    assert "2 games wait for their players" in organiser.locator("#start-round").inner_text()

    # A logged-out visitor watches the standings.
    visitor = pages["visitor"]
    visitor.goto(f"{base}/events/net-swiss/standings/")
    visitor.wait_for_function("() => document.documentElement.dataset.live === 'connected'")
    visitor.evaluate("window.__notReloaded = true")

    # Each player finds their board from the banner on any page and joins it.
    boards = {}
    for username in ACCOUNTS:
        page = pages[username]
        page.goto(f"{base}/events/net-swiss/")
        banner = page.locator("#live-game-banner")
        assert "is waiting for you" in banner.inner_text()
        banner.get_by_role("link", name="Go to your board").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        boards[username] = page.url
        wait_live(page, "d.status === 'pending' && d.seat !== ''")
    assert boards["kenji"] == boards["lina"], "the two account holders play each other"
    board = boards["kenji"]
    seats = {u: pages[u].locator("#live").get_attribute("data-seat") for u in ACCOUNTS}
    red = next(u for u, s in seats.items() if s == "red")
    blue = next(u for u, s in seats.items() if s == "blue")
    photograph(contexts[red], board, "waiting", "d.status === 'pending' && d.ply === '0'")

    pages[red].get_by_role("button", name="I am at the board: join the game").click()
    pages[red].wait_for_url(board)
    assert pages[red].get_by_text("You have joined. The game starts as soon as your").count()
    wait_live(pages[red], "d.status === 'pending'")
    pages[blue].reload()
    pages[blue].get_by_role("button", name="I am at the board: join the game").click()
    for username in ACCOUNTS:
        wait_live(pages[username], "d.status === 'running'")
    assert pages[red].locator("#start-panel").is_hidden()  # went away without a reload

    # They play: Red's first placement, then Blue's, through the board's own controls.
    decide_first_offered(pages[red])
    wait_live(pages[blue], "d.ply === '1' && d.toAct === 'blue'")
    decide_first_offered(pages[blue])
    wait_live(pages[red], "d.ply === '2'")
    photograph(contexts[red], board, "in-play", "d.status === 'running' && d.ply === '2'")

    # Blue resigns; the table gets the result and the visitor's standings follow live.
    pages[blue].locator("#resign-button").click()
    pages[blue].locator("#resign-dialog").get_by_role("button", name="Resign").click()
    for username in ACCOUNTS:
        wait_live(pages[username], "d.status === 'finished'")
    winner = ACCOUNTS[red]
    visitor.wait_for_function(
        "() => [...document.querySelectorAll('#standings tbody tr')].some(row => "
        f"row.textContent.includes('{winner}') && "
        "row.querySelector('td.points')?.textContent.trim() === '1')"
    )
    assert visitor.evaluate("window.__notReloaded") is True

    # The other table's players never came: the organiser starts it, then enters its result.
    organiser.reload()
    organiser.get_by_role("button", name="Start all waiting games").click()
    assert organiser.get_by_text("1 game started.").is_visible()
    row = organiser.locator("#pairings tbody tr", has_text="Mika Ono")
    assert "In play" in row.inner_text()
    row.locator("select[name=result]").select_option("red_won")  # the form starts empty
    row.get_by_role("button", name="Save").click()
    organiser.wait_for_load_state()
    assert organiser.locator("#round-status").inner_text() == "Complete"

    organiser.goto(f"{base}/events/net-swiss/manage/")
    organiser.get_by_role("button", name="Pair round 2").click()
    organiser.wait_for_url(re.compile(r"/manage/rounds/2/$"))
    assert organiser.locator("#pairings tbody tr").count() == 2
    for context in contexts.values():
        context.close()
