"""In a real browser, by clicks alone: players are called to their round-2 games live.

The organiser runs a small online Swiss through its pages (create, import four accounts, check
in, pair and publish round 1, start the games, enter their results). Lina waits on her
「自分の対局」 page ("My games", sound switched on by her click); Kenji stays on his finished
round-1 board. The organiser, in another browser, pairs and publishes round 2. Without any
reload, Lina's page shows the banner to her new game, the tab's title is marked, the call
sound plays and, her tab being in the background, a browser notification appears (she allowed
them by a click); Kenji's finished board offers "Next game", which leads to his new board.

The called-to-game banner and the finished board with "Next game" are photographed at
1280×900 and 390×844, in English and Japanese, into ``artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import create_accounts, log_in, wait_dataset
from tests.screenshots import photograph
from tests.tournaments.e2e.organiser_steps import (
    create_online_event,
    import_and_check_in,
    pair_and_publish_round_one,
)

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Called-pass-42"
PLAYERS = ("kenji", "lina", "mio", "sora")


def run_round_one(organiser: Any, base: str) -> None:
    """The organiser's clicks from a new event to a published round 1 whose games run."""
    create_online_event(organiser, base, "Call Swiss", rounds=2)
    import_and_check_in(
        organiser,
        "name,rating,username\nKenji Aoki,2000,kenji\nMio Sato,1900,mio\nLina Park,1800,lina\n"
        "Sora Ito,1700,sora\n",
        4,
    )
    pair_and_publish_round_one(organiser)
    organiser.get_by_role("button", name="Start all waiting games").click()
    assert organiser.get_by_text("2 games started.").is_visible()


def enter_results(organiser: Any) -> None:
    for name in ("Kenji Aoki", "Mio Sato"):
        row = organiser.locator("#pairings tbody tr", has_text=name)
        row.locator("select[name=result]").select_option("red_won")
        row.get_by_role("button", name="Save").click()
        organiser.wait_for_load_state()
    assert organiser.locator("#round-status").inner_text() == "Complete"


def test_players_are_called_to_their_next_game_without_a_reload(
    live_asgi: Any, browser: Any
) -> None:
    create_accounts(live_asgi, PASSWORD, "host", *PLAYERS)
    base = live_asgi.url
    contexts = {who: browser.new_context(locale="en-US") for who in ("host", "kenji", "lina")}
    # Lina's tab is in the background: the page reads document.hidden as a hidden tab's would.
    contexts["lina"].add_init_script(
        "Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });"
    )
    pages = {who: context.new_page() for who, context in contexts.items()}
    for who, page in pages.items():
        page.set_default_timeout(20_000)
        log_in(page, base, who, PASSWORD)
    organiser, kenji, lina = pages["host"], pages["kenji"], pages["lina"]
    run_round_one(organiser, base)
    round_one_page = organiser.url

    # Kenji follows "My games" to his running board; the organiser enters both results.
    kenji.goto(f"{base}/events/call-swiss/me/")
    kenji.locator("#board-link").click()
    kenji.wait_for_url(re.compile(r"/matches/\d+/$"))
    first_board = kenji.url
    wait_dataset(kenji, "live", "d.status === 'running'")
    enter_results(organiser)
    wait_dataset(kenji, "live", "d.status === 'finished'")
    assert kenji.locator("#next-game").is_hidden()

    # Lina waits on her "My games" page with the call sound on (her own click).
    lina.goto(f"{base}/events/call-swiss/me/")
    lina.get_by_role("button", name="Sound when I am called").click()
    assert lina.locator("[data-callup-sound]").get_attribute("aria-pressed") == "true"
    # She asks for notifications by a click; her browser's prompt answers "allow".
    contexts["lina"].grant_permissions(["notifications"], origin=base)
    lina.get_by_role("button", name="Notify me when I am called").click()
    lina.get_by_text("Notifications are on.").wait_for(state="visible")
    assert lina.get_by_role("button", name="Notify me when I am called").is_hidden()
    assert lina.locator("#live-game-banner").count() == 0
    lina.wait_for_function("() => document.getElementById('callup').dataset.socketState === 'open'")
    kenji.wait_for_function(
        "() => document.getElementById('callup').dataset.socketState === 'open'"
    )
    for page in (lina, kenji):
        page.evaluate("window.__notReloaded = true")
    title_before = lina.title()

    # The organiser pairs and publishes round 2 by clicks.
    organiser.goto(f"{base}/events/call-swiss/manage/")
    organiser.get_by_role("button", name="Pair round 2").click()
    organiser.wait_for_url(re.compile(r"/manage/rounds/2/$"))
    organiser.get_by_role("button", name="Publish").click()
    assert organiser.locator("#round-status").inner_text() == "Published"
    assert organiser.url != round_one_page

    # Lina's page: the banner, the marked title and the sound, without a reload.
    banner = lina.locator("#live-game-banner")
    banner.wait_for(state="visible")
    assert "is waiting for you" in banner.inner_text()
    lina.wait_for_function("() => document.title.startsWith('● Your game is ready')")
    assert lina.title() == f"● Your game is ready · {title_before}"
    assert lina.evaluate("document.documentElement.dataset.lastSound") == "call"
    notified = lina.evaluate("document.documentElement.dataset.lastNotification")
    assert notified is not None
    assert notified.startswith("match:")
    assert kenji.evaluate("document.documentElement.dataset.lastNotification") is None  # visible
    assert lina.evaluate("window.__notReloaded") is True

    # Kenji's finished board offers the next game, live; it leads to his new board.
    next_game = kenji.locator("#next-game")
    next_game.wait_for(state="visible")
    assert kenji.evaluate("window.__notReloaded") is True
    assert kenji.title().startswith("● Your game is ready")
    link = next_game.get_by_role("link", name="Next game")
    target = link.get_attribute("href")
    assert target is not None
    assert re.fullmatch(r"/matches/\d+/", target)
    assert target not in first_board

    photograph(
        contexts["lina"],
        f"{base}/events/call-swiss/me/",
        "callup-my-games",
        lambda page: page.locator("#live-game-banner").wait_for(),
        fits_width=True,
    )
    photograph(
        contexts["kenji"],
        first_board,
        "callup-finished-board",
        lambda page: page.locator("#next-game").wait_for(),
        fits_width=True,
    )

    link.click()
    kenji.wait_for_url(re.compile(re.escape(target) + "$"))
    wait_dataset(kenji, "live", "d.status === 'pending'")
    for context in contexts.values():
        context.close()
