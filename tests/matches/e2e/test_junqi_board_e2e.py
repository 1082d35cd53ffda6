"""In a real browser: a whole 軍棋 game on the live board, set up and played by clicks.

Two players log in, each in their own browser context (Red in English on a laptop, Blue in
Japanese on a phone). The match is created for them waiting (as a published round creates
it); from there everything is clicks: both press "join" on the board, Red takes the random
set-up button; Blue places its 25 pieces from the tray one by one, is told off by the live
check for a bomb on its front row, swaps it away by clicking two stations and swaps two more
by dragging. Then Red attacks a6xa7 along the left railway, Blue answers e7xe6, Red offers a
draw that Blue declines, and Red resigns through the confirm dialog. Until the end neither
page holds an enemy rank (the enemy pieces are blank backs with no text); at the end both
pages show every rank. Screenshots of set-up, mid-game and the end (laptop and phone, ja and
en) go to artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import create_accounts, wait_dataset
from tests.screenshots import shoot_sizes

pytestmark = pytest.mark.e2e

PASSWORD = "junqi-pass-42"
#: Blue's set-up (§10.3: rows 12→7, columns a→e), placed piece by piece from the tray.
BLUE_SETUP = "MM1FB/28M37/9+1+4/34+52/1+B+5/27636"
#: Where the two pieces stand first: the bomb on the front row (a7), the platoon leader behind.
WRONG_FIRST = {"a7": "B", "e12": "2"}


def blue_placement() -> dict[str, str]:
    placement = {}
    for row, group in zip(range(12, 6, -1), BLUE_SETUP.split("/"), strict=True):
        for column, code in zip("abcde", group, strict=True):
            if code != "+":
                placement[f"{column}{row}"] = code
    return placement


def log_in(page: Any, base: str, username: str) -> None:
    """Log in through the login page (in either language: the form is sent with Enter)."""
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_url(lambda address: "/accounts/login/" not in address)


def screenshot(page: Any, name: str, language: str) -> None:
    """The page at both sizes; at neither may it scroll sideways."""
    shoot_sizes(page, f"junqi-{name}-{language}", full_page=False, settle_ms=150, fits_width=True)


def enemy_ranks(page: Any, enemy: str) -> list[dict[str, Any]]:
    """Every enemy piece's rank code and text on the page (a back has "?" and no text)."""
    return page.evaluate(
        "(enemy) => [...document.querySelectorAll(`.jq-piece[data-owner=${enemy}]`)]"
        ".map((p) => ({ piece: p.dataset.piece, text: p.textContent }))",
        enemy,
    )


def assert_hidden(page: Any, enemy: str) -> None:
    pieces = enemy_ranks(page, enemy)
    assert pieces, "the enemy pieces are drawn"
    for piece in pieces:
        if piece["piece"] == "F":  # a revealed flag is public (§6.5)
            continue
        assert piece == {"piece": "?", "text": ""}, piece


def click_station(page: Any, station: str) -> None:
    page.locator(f"#jq-board [data-station={station}]").click()


def choose_tray(page: Any, code: str) -> None:
    chip = page.locator(f"#jq-tray [data-code='{code}']")
    if chip.get_attribute("aria-pressed") != "true":
        chip.click()


def drag(page: Any, source: str, target: str) -> None:
    start = page.locator(f"#jq-board [data-station={source}]").bounding_box()
    end = page.locator(f"#jq-board [data-station={target}]").bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=5)
    page.mouse.up()


def piece_at(page: Any, station: str) -> str | None:
    return page.evaluate(
        "(s) => document.querySelector(`#jq-board [data-station=${s}] .jq-piece`)"
        "?.dataset.piece ?? null",
        station,
    )


def checks(page: Any) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#jq-setup-checks li')].map((l) => l.dataset.check)"
    )


def test_a_whole_junqi_game_by_clicks(match_server: Any, new_page: Any) -> None:
    create_accounts(match_server, PASSWORD, "jq_red", "jq_blue")
    created = match_server.python(
        "import json\n"
        "from django.contrib.auth.models import User\n"
        "from matches.services.lifecycle import match_create\n"
        "m = match_create(game='junqi',"
        " red_player=User.objects.get(username='jq_red'),"
        " blue_player=User.objects.get(username='jq_blue'))\n"
        "print(json.dumps({'id': m.pk}))\n"
    )
    url = f"{match_server.url}/matches/{created['id']}/"
    red = new_page(locale="en-US", viewport={"width": 1280, "height": 900})
    blue = new_page(
        locale="ja-JP", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    log_in(red, match_server.url, "jq_red")
    log_in(blue, match_server.url, "jq_blue")
    # The game waits for its players: each presses "join" on the board; the second starts it.
    for page in (red, blue):
        page.goto(url)
        wait_dataset(page, "live", "d.status === 'pending' && d.seat !== ''")
    red.locator("#join-button").click()
    red.wait_for_url(url)
    blue.reload()
    blue.locator("#join-button").click()
    blue.wait_for_url(url)
    for page in (red, blue):
        wait_dataset(page, "live", "d.status === 'running' && d.phase === 'setup'")

    # The shared set-up countdown runs (RULES.md §11.1: five minutes, counting down from the
    # second join).
    red.wait_for_function(
        "() => document.getElementById('jq-countdown').textContent.includes('left: 4:')"
    )
    assert red.locator("#jq-countdown").inner_text().startswith("Set-up time left: 4:")

    # Red: the random set-up button, then submit.
    red.locator("#jq-random").click()
    red.wait_for_function("() => !document.getElementById('jq-submit').disabled")
    assert checks(red) == ["ok"]
    assert red.locator("#jq-board .jq-piece[data-owner=red]").count() == 25

    # Blue: every piece from the tray, the bomb first on the front row (the check says so).
    placement = blue_placement()
    placement.update(WRONG_FIRST)
    assert checks(blue) == ["jq_setup_missing"]
    for station, code in placement.items():
        choose_tray(blue, code)
        click_station(blue, station)
    assert piece_at(blue, "a7") == "B"
    assert checks(blue) == ["jq_setup_bomb"]
    assert blue.locator("#jq-submit").is_disabled()
    screenshot(blue, "setup", "ja")
    click_station(blue, "a7")  # select the bomb …
    click_station(blue, "e12")  # … and swap it with the platoon leader
    assert piece_at(blue, "a7") == "2"
    assert piece_at(blue, "e12") == "B"
    assert checks(blue) == ["ok"]
    # Two more swaps by dragging (there and back: the set-up stays as planned).
    drag(blue, "b11", "c11")
    assert piece_at(blue, "b11") == "M"
    assert piece_at(blue, "c11") == "8"
    drag(blue, "b11", "c11")
    assert piece_at(blue, "b11") == "8"
    assert piece_at(blue, "c11") == "M"

    red.locator("#jq-submit").click()
    red.locator("#jq-waiting").wait_for()
    # The submitted set-up stays in sight while the opponent sets up.
    assert red.locator("#jq-board .jq-piece[data-owner=red]").count() == 25
    screenshot(red, "setup-waiting", "en")
    blue.locator("#jq-submit").click()
    for page in (red, blue):
        wait_dataset(page, "live", "d.phase === 'play'")
    # Blue's set-up is exactly what was planned (the server's view of Blue's own pieces).
    for station, code in blue_placement().items():
        assert piece_at(blue, station) == code, station
    assert_hidden(red, "blue")
    assert_hidden(blue, "red")

    # Red attacks along the left railway: a6 → a7 (both front rows hold ranked pieces).
    wait_dataset(red, "live", "d.toAct === 'red'")
    click_station(red, "a6")
    assert red.locator("#jq-board .jq-station.is-target[data-station=a7]").count() == 1
    click_station(red, "a7")
    for page in (red, blue):
        wait_dataset(page, "live", "d.ply === '3'")
        page.locator("#jq-last [data-outcome]").wait_for()
    assert red.locator("#move-list li[data-text^='a6xa7']").count() == 1
    assert_hidden(red, "blue")
    assert_hidden(blue, "red")
    screenshot(red, "midgame", "en")
    screenshot(blue, "midgame", "ja")

    # Blue answers down the right railway: e7 → e6.
    wait_dataset(blue, "live", "d.toAct === 'blue'")
    click_station(blue, "e7")
    click_station(blue, "e6")
    for page in (red, blue):
        wait_dataset(page, "live", "d.ply === '4'")
    assert_hidden(red, "blue")
    assert_hidden(blue, "red")

    # Red looks back at the position after its attack (the server's view of it for Red: still
    # no Blue rank), then returns to the game.
    red.locator("#move-list li[data-ply='3']").click()
    wait_dataset(red, "live", "d.review === '3'")
    assert red.locator("#jq-board [data-station=e6] .jq-piece").get_attribute("data-owner") == "red"
    assert_hidden(red, "blue")
    red.locator("#back-to-live").click()
    wait_dataset(red, "live", "d.review === ''")

    # Red offers a draw; Blue sees the offer and declines it.
    wait_dataset(red, "live", "d.toAct === 'red'")
    red.locator("#draw-offer-button").click()
    blue.locator("#draw-decline-button").wait_for()
    assert blue.locator("#draw-accept-button").is_visible()
    blue.locator("#draw-decline-button").click()
    for page in (red, blue):
        page.wait_for_function("() => document.getElementById('draw-offer').hidden")
    assert red.locator("#move-list li[data-text='decline draw']").count() == 1

    # Red resigns, confirming in the dialog.
    red.locator("#resign-button").click()
    red.locator("#resign-dialog button[value=resign]").click()
    for page in (red, blue):
        wait_dataset(page, "live", "d.status === 'finished'")
        page.locator("#game-over").wait_for()
        # The finished game's snapshot shows every rank to everybody (§8.5).
        page.wait_for_function(
            "() => { const p = [...document.querySelectorAll('.jq-piece')];"
            " return p.length > 0 && p.every((e) => e.dataset.piece !== '?'"
            " && e.textContent.length > 0); }"
        )
    assert blue.locator(".game-over__you--won").count() == 1
    assert red.locator(".game-over__you--lost").count() == 1
    assert red.locator(".game-over__method").get_attribute("data-termination") == "RESIGN"
    assert "投了" in blue.locator("#game-over").inner_text()
    assert blue.locator("#jq-board .jq-piece[data-owner=red] .jq-piece__glyph").count() >= 20
    screenshot(red, "end", "en")
    screenshot(blue, "end", "ja")
