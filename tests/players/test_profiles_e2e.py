"""In a real browser, by clicks alone: display names on public pairings, a player's profile
opened from the header after an online game, and a walk-in claiming their entry.

The only shell step creates accounts (as in every event test: an account is not part of running
an event). The profile and the player search are photographed at 1280×900 and 390×844, in
English and Japanese, into ``artifacts/screenshots/``; so is the claim page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import check_in_everyone, create_accounts, log_in, sign_up, wait_dataset
from tests.live_server import LiveServer, running_server
from tests.screenshots import photograph
from tests.tournaments.e2e.organiser_steps import (
    create_event,
    create_online_event,
    import_walk_ins,
    pair_and_publish_round_one,
)

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-Profile-pass-42"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with running_server(tmp_path) as server:
        yield server


def _browser_of(browser: Any, base: str, username: str) -> tuple[Any, Any]:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, base, username, PASSWORD)
    return context, page


def _set_display_name(page: Any, name: str) -> None:
    """From the header's name: the account settings, a new display name, Save."""
    page.locator(".site-account__name").click()
    page.wait_for_url(re.compile(r"/accounts/settings/$"))
    page.fill("#id_display_name", name)
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state()


def _register(page: Any, base: str, slug: str) -> None:
    page.goto(f"{base}/events/{slug}/")
    page.locator("#register").click()
    assert page.get_by_text("You are registered.").first.is_visible()


def test_a_display_name_shows_on_the_public_pairings(live: LiveServer, browser: Any) -> None:
    create_accounts(live, PASSWORD, "host", "taro", "jiro")
    base = live.url
    _host_context, organiser = _browser_of(browser, base, "host")
    _taro_context, taro = _browser_of(browser, base, "taro")
    _jiro_context, jiro = _browser_of(browser, base, "jiro")

    _set_display_name(taro, "山田 太郎")
    create_event(organiser, base, "Name Cup", rounds=1)
    _register(taro, base, "name-cup")
    _register(jiro, base, "name-cup")
    organiser.reload()
    check_in_everyone(organiser)
    pair_and_publish_round_one(organiser)

    visitor = browser.new_context(locale="en-US").new_page()
    visitor.goto(f"{base}/events/name-cup/standings/")
    visitor.get_by_role("link", name="Pairings").click()
    pairings = visitor.locator("#pairings")
    assert "山田 太郎" in pairings.inner_text()
    assert "taro" not in pairings.inner_text()  # the user name is not shown
    pairings.get_by_role("link", name="Profile of 山田 太郎").click()
    visitor.wait_for_url(re.compile(r"/players/taro/$"))
    assert visitor.locator("h1").inner_text() == "山田 太郎"
    assert "Name Cup" in visitor.locator("#events").inner_text()


def test_a_player_opens_their_profile_from_the_header_and_a_record(
    live: LiveServer, browser: Any
) -> None:
    create_accounts(live, PASSWORD, "host", "kenji", "lina")
    base = live.url
    _host_context, organiser = _browser_of(browser, base, "host")
    contexts, pages = {}, {}
    for username in ("kenji", "lina"):
        contexts[username], pages[username] = _browser_of(browser, base, username)
    _set_display_name(pages["lina"], "Lina Park")

    create_online_event(organiser, base, "Net Cup", rounds=1)
    for username in ("kenji", "lina"):
        _register(pages[username], base, "net-cup")
    organiser.reload()
    check_in_everyone(organiser)
    pair_and_publish_round_one(organiser)

    # Both join their board from the banner; Blue resigns once the game runs.
    for username in ("kenji", "lina"):
        page = pages[username]
        page.goto(f"{base}/events/net-cup/")
        page.locator("#live-game-banner").get_by_role("link", name="Go to your board").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
        page.get_by_role("button", name="I am at the board: join the game").click()
    for page in pages.values():
        wait_dataset(page, "live", "d.status === 'running'")
    seats = {u: pages[u].locator("#live").get_attribute("data-seat") for u in pages}
    blue = next(u for u, seat in seats.items() if seat == "blue")
    red = next(u for u, seat in seats.items() if seat == "red")
    pages[blue].locator("#resign-button").click()
    pages[blue].locator("#resign-dialog").get_by_role("button", name="Resign").click()
    for page in pages.values():
        wait_dataset(page, "live", "d.status === 'finished'")

    # The winner opens their profile from the header: the game, won, with its record.
    page = pages[red]
    page.get_by_role("link", name="My profile").click()
    page.wait_for_url(re.compile(rf"/players/{red}/$"))
    game = page.locator(".profile-game").first
    assert "Won" in game.inner_text()
    assert "Resignation" in game.inner_text()
    assert "3+2" in game.inner_text()
    assert "Net Cup" in page.locator("#events").inner_text()
    opponent_name = "Lina Park" if blue == "lina" else "kenji"
    assert opponent_name in game.inner_text()

    # Head-to-head against the opponent: one game, won.
    page.fill("#h2h-vs", blue)
    page.get_by_role("button", name="Compare").click()
    score = page.locator("#h2h-score").inner_text()
    assert re.search(r"1\s+won\s+0\s+drawn\s+0\s+lost", score), score
    photograph(contexts[red], page.url, "player-profile", fits_width=True, full_page=True)

    page.locator(".profile-game").first.get_by_role("link", name=re.compile(r"^Game \d+$")).click()
    page.wait_for_url(re.compile(r"/matches/records/\d+/$"))
    assert opponent_name in page.locator("h1").inner_text()

    # The player search finds the opponent by display name or user name.
    page.get_by_role("link", name="Players").first.click()
    page.fill("#player-q", "lina")
    page.get_by_role("button", name="Search").click()
    assert "Lina Park" in page.locator(".players-found").inner_text()
    photograph(contexts[red], page.url, "player-search", fits_width=True, full_page=True)


def test_a_walk_in_signs_up_and_claims_their_entry(live: LiveServer, browser: Any) -> None:
    create_accounts(live, PASSWORD, "host")
    base = live.url
    host_context, organiser = _browser_of(browser, base, "host")
    create_event(organiser, base, "Walk Cup", rounds=1)
    links = import_walk_ins(organiser, ["Aki Mori", "Bo Chen"])

    context = browser.new_context(locale="en-US")
    aki = context.new_page()
    aki.set_default_timeout(20_000)
    aki.goto(f"{base}{links['Aki Mori']}")
    aki.get_by_role("link", name="Claim this entry").click()
    aki.wait_for_url(re.compile(r"/accounts/login/\?next="))  # an account first

    sign_up(aki, live, "aki", PASSWORD, display_name="Aki M.")
    aki.goto(f"{base}{links['Aki Mori']}")  # the player opens their link again
    aki.get_by_role("link", name="Claim this entry").click()
    aki.wait_for_url(re.compile(r"/claim/$"))
    photograph(context, aki.url, "claim-entry", fits_width=True)
    aki.get_by_role("button", name="Claim this entry for my account").click()
    aki.wait_for_url(re.compile(r"/players/aki/$"))
    assert "is now yours" in aki.locator(".messages, [role=status], body").first.inner_text()
    assert "Walk Cup" in aki.locator("#events").inner_text()
    assert "Aki Mori" in aki.locator("#events").inner_text()

    # The link shows no claim any more; the organiser's log names the claim.
    aki.goto(f"{base}{links['Aki Mori']}")
    assert aki.get_by_role("link", name="Claim this entry").count() == 0
    organiser.reload()
    assert "Aki Mori claimed the entry for the account aki." in organiser.content()
    host_context.close()
    context.close()
