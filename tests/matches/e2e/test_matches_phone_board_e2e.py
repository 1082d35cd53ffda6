"""In a real browser, on a 390×844 phone and a laptop: the 軍師軍略 board's choices in view.

A tapped deployment square opens its kind × facing choices where the player sees them, for
every decision, wherever the square is on the board (the bottom row included) and however the
page is scrolled; once no piece can be placed the board says "now place fences" and keeps the
fence button; after a resignation the panels name both generals and nobody is to act; a game
that ended before its first decision offers no replay. Each step is a click (a tap on the
phone) on the page's own controls; the matches are created started, as the other board tests
do (joining by clicks is ``test_the_waiting_flash_goes_once_the_game_starts`` here and
tests/tournaments/e2e). Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import legal_actions, replay
from engine.playout import random_playout
from tests.browser import create_accounts, wait_dataset
from tests.screenshots import shoot as screenshot

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
LOCALES = {"ja": "ja-JP", "en": "en-US"}
PASSWORD = "phone-board-pw"


def open_seat(new_page: Any, url: str, *, language: str, phone: bool = True) -> Any:
    page = new_page(
        locale=LOCALES[language],
        viewport=PHONE if phone else LAPTOP,
        is_mobile=phone,
        has_touch=phone,
    )
    page.goto(url)
    return page


def new_match_seat(
    match_server: Any, new_page: Any, seat: str, *, language: str, phone: bool = True
) -> tuple[dict[str, Any], Any]:
    """A new started match (Aoi vs Ren) and ``seat``'s board open on it."""
    created = match_server.create_match(red_name="Aoi", blue_name="Ren")
    url = f"{match_server.url}/matches/{created['id']}/?token={created[seat]}"
    return created, open_seat(new_page, url, language=language, phone=phone)


def inside_viewport(page: Any, selector: str) -> dict[str, float]:
    """The element's box, asserted to lie wholly inside the visible window."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0, (selector, box)
    assert box["y"] >= 0, (selector, box)
    # (Half a pixel of slack: a box scrolled flush with the bottom edge ends at a fraction.)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, box, size)
    return box


def tap_square(page: Any, square: str, *, phone: bool) -> None:
    target = page.locator(f'svg.board rect[data-square="{square}"]')
    if phone:
        target.tap()
    else:
        target.click()


def open_choice(page: Any, square: str, *, phone: bool) -> Any:
    """Tap a deployment square; its kind × facing choice opens in view."""
    tap_square(page, square, phone=phone)
    choice = page.locator(".action-panel .choice:has(.facing-grid)")
    choice.wait_for()
    assert square in choice.locator("h3").inner_text()
    inside_viewport(page, ".action-panel .choice:has(.facing-grid)")
    return choice


def choose(page: Any, choice: Any, text: str, ply: int) -> None:
    button = choice.locator(f'[data-action="{text}"]')
    inside_viewport(page, f'.action-panel .choice [data-action="{text}"]')
    button.click()
    wait_dataset(page, "live", f"d.ply === '{ply}'")


def board_bottom_in_view(page: Any) -> None:
    """Scroll so that the board's bottom edge sits at the bottom of the screen (the player
    reached for the lowest row)."""
    page.evaluate(
        "() => { const b = document.querySelector('svg.board').getBoundingClientRect();"
        " window.scrollBy(0, b.bottom - window.innerHeight); }"
    )


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_tapped_squares_choices_open_in_view_on_a_phone(
    match_server: Any, new_page: Any, language: str
) -> None:
    created, red = new_match_seat(match_server, new_page, "red", language=language)
    url = f"{match_server.url}/matches/{created['id']}/?token={created['blue']}"
    blue = open_seat(new_page, url, language=language)
    wait_dataset(red, "live", "d.seat === 'red' && d.toAct === 'red'")
    wait_dataset(blue, "live", "d.seat === 'blue' && d.ply === '0'")

    # Red: the top row of its camp, then the bottom-left corner (the board's lowest row).
    choice = open_choice(red, "d3", phone=True)
    choice = open_choice(red, "a1", phone=True)
    screenshot(red, f"phone-board-choice-{language}-phone")
    choose(red, choice, "deploy I a1 E", 1)
    # Blue (its camp drawn at the bottom): the lowest row, with the page scrolled right down.
    wait_dataset(blue, "live", "d.toAct === 'blue'")
    board_bottom_in_view(blue)
    choose(blue, open_choice(blue, "g7", phone=True), "deploy C g7 S", 2)
    # Red again, scrolled to the bottom of the board, then scrolled back to the top.
    wait_dataset(red, "live", "d.toAct === 'red'")
    board_bottom_in_view(red)
    choose(red, open_choice(red, "g1", phone=True), "deploy A g1 N", 3)
    wait_dataset(blue, "live", "d.toAct === 'blue'")
    blue.evaluate("() => window.scrollTo(0, 0)")
    choose(blue, open_choice(blue, "d5", phone=True), "deploy I d5 S", 4)
    # The board itself stays usable with the choice open: cancel closes it.
    wait_dataset(red, "live", "d.toAct === 'red'")
    choice = open_choice(red, "c2", phone=True)
    choice.locator("[data-command=cancel]").tap()
    assert red.locator(".action-panel .choice:has(.facing-grid)").count() == 0
    assert match_server.match_actions(created["id"]) == [
        "deploy I a1 E",
        "deploy C g7 S",
        "deploy A g1 N",
        "deploy I d5 S",
    ]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_choice_panel_on_a_laptop_stays_beside_the_board(
    match_server: Any, new_page: Any, language: str
) -> None:
    _, page = new_match_seat(match_server, new_page, "red", language=language, phone=False)
    wait_dataset(page, "live", "d.seat === 'red' && d.toAct === 'red'")
    open_choice(page, "b1", phone=False)
    board = page.locator("svg.board").bounding_box()
    choice = page.locator(".action-panel .choice:has(.facing-grid)").bounding_box()
    assert choice["x"] >= board["x"] + board["width"]  # in the column on the right
    screenshot(page, f"phone-board-choice-{language}-laptop")


def fences_only_prefix() -> tuple[list[str], str]:
    """The decisions up to the first deployment position whose player can place only fences
    (no LP, stock or camp square left for a piece), and that player."""
    record, _ = random_playout(seed=1, turn_limit=30)
    states = replay(replace(record, result=None))
    for ply, state in enumerate(states):
        texts = [a.to_str() for a in legal_actions(state)]
        if state.phase.value == "deployment" and all(t.startswith("deploy fence") for t in texts):
            return list(record.actions[:ply]), state.to_act.label
    raise AssertionError("no fences-only position in this game")


@pytest.mark.parametrize("language", ["ja", "en"])
def test_once_no_piece_can_be_placed_the_board_says_place_fences(
    match_server: Any, new_page: Any, language: str
) -> None:
    prefix, seat = fences_only_prefix()
    created = match_server.create_played_match(prefix, red_name="Aoi", blue_name="Ren")
    url = f"{match_server.url}/matches/{created['id']}/?token={created[seat]}"
    page = open_seat(new_page, url, language=language)
    wait_dataset(page, "live", f"d.seat === '{seat}' && d.toAct === '{seat}'")
    help_text = page.locator(".action-panel__help").inner_text()
    expected = {
        "en": "No piece can be placed any more: now place fences",
        "ja": "もう駒を置けません。自陣の強調された辺をクリックして柵を置いてください",
    }[language]
    assert expected in help_text
    button = page.locator("#fence-mode-fixed")
    assert button.is_visible()
    assert button.is_disabled()
    assert button.get_attribute("aria-pressed") == "true"
    button.scroll_into_view_if_needed()
    screenshot(page, f"phone-board-fences-only-{language}-phone")
    # The edges are on the board: tapping one places the fence.
    edge = page.locator("svg.board [data-edge]").first
    edge_name = edge.get_attribute("data-edge")
    edge.dispatch_event("click")
    wait_dataset(page, "live", f"d.ply === '{len(prefix) + 1}'")
    assert match_server.match_actions(created["id"])[-1] == f"deploy fence {edge_name}"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_after_resignation_the_panels_name_both_generals_and_nobody_is_to_act(
    match_server: Any, new_page: Any, language: str
) -> None:
    record, _ = random_playout(seed=1, turn_limit=30)
    states = replay(replace(record, result=None))
    ply = next(i for i, s in enumerate(states) if s.phase.value == "war") + 3
    created = match_server.create_played_match(
        list(record.actions[:ply]), red_name="Aoi", blue_name="Ren"
    )
    url = f"{match_server.url}/matches/{created['id']}/?token={created['red']}"
    page = open_seat(new_page, url, language=language)
    wait_dataset(page, "live", "d.seat === 'red' && d.status === 'running'")
    blue_panel = page.locator('.side-panel[data-side="blue"]')
    general_row = {"en": "hidden", "ja": "非公開"}[language]
    assert general_row in blue_panel.inner_text()  # Blue's general is secret while it runs
    assert page.locator(".side-panel .badge--act").count() == 1

    page.locator("#resign-button").tap()
    page.locator('#resign-dialog button[value="resign"]').tap()
    wait_dataset(page, "live", "d.status === 'finished'")
    page.locator("#game-over").wait_for()
    blue = states[ply].sides[1]
    page.wait_for_function(
        "(letter) => document.querySelector('.side-panel[data-side=blue]')"
        ".textContent.includes(letter) && !document.querySelector('.badge--act')",
        arg=blue.general,
    )
    assert general_row not in blue_panel.inner_text()
    assert page.locator(".piece--blue.piece--general").count() == 1
    assert page.locator(".side-panel.is-to-act, .clock-card.is-to-act").count() == 0
    screenshot(page, f"phone-board-resigned-{language}-phone")


def test_a_game_over_before_its_first_decision_offers_no_replay(
    match_server: Any, new_page: Any
) -> None:
    created, page = new_match_seat(match_server, new_page, "blue", language="en")
    wait_dataset(page, "live", "d.seat === 'blue' && d.status === 'running'")
    page.locator("#resign-button").tap()
    page.locator('#resign-dialog button[value="resign"]').tap()
    page.locator("#game-over").wait_for()
    assert page.locator("#game-over").get_attribute("data-method") == "resignation"
    assert page.locator("#view-record").count() == 0
    assert page.get_by_role("link", name="Step through the game").count() == 0
    assert page.get_by_role("link", name="Download the game record").count() == 1
    # The record page of such a game has no stepper either, only the result.
    page.goto(f"{match_server.url}/matches/records/{created['id']}/")
    assert page.locator(".stepper").count() == 0
    assert "0 decisions" in page.locator(".page-head__lead").inner_text()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_waiting_flash_goes_once_the_game_starts(
    match_server: Any, new_page: Any, language: str
) -> None:
    red_name, blue_name = f"flash_red_{language}", f"flash_blue_{language}"
    create_accounts(match_server, PASSWORD, red_name, blue_name)
    created = match_server.python(
        "import json\n"
        "from django.contrib.auth.models import User\n"
        "from matches.services.lifecycle import match_create\n"
        f"m = match_create(red_player=User.objects.get(username={red_name!r}),"
        f" blue_player=User.objects.get(username={blue_name!r}))\n"
        "print(json.dumps({'id': m.pk}))\n"
    )
    url = f"{match_server.url}/matches/{created['id']}/"
    red = new_page(locale=LOCALES[language], viewport=PHONE, is_mobile=True, has_touch=True)
    blue = new_page(locale=LOCALES[language], viewport=PHONE, is_mobile=True, has_touch=True)
    for page, name in ((red, red_name), (blue, blue_name)):
        page.goto(f"{match_server.url}/accounts/login/")
        page.fill("#id_username", name)
        page.fill("#id_password", PASSWORD)
        page.locator("#id_password").press("Enter")
        page.wait_for_load_state()
        page.goto(url)
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
    red.locator("#join-button").tap()
    flash = red.locator('.message[data-tags~="start-pending"]')
    flash.wait_for()
    waiting = {"en": "You have joined", "ja": "参加しました"}[language]
    assert waiting in flash.inner_text()
    blue.locator("#join-button").tap()
    # Red's page follows the start without a reload: the panel and the flash are gone.
    wait_dataset(red, "live", "d.status === 'running'")
    red.locator('.message[data-tags~="start-pending"]').wait_for(state="detached")
    assert waiting not in red.locator("main").inner_text()
    assert red.locator("#start-panel").is_hidden()
    screenshot(red, f"phone-board-started-{language}-phone")
