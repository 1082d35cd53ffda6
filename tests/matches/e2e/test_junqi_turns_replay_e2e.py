"""In a real browser: the 軍棋 board on a par with 軍師軍略's, each seat in its own context.

* The set-up draft survives a reload (kept in the browser, keyed by match and seat), and
  「ランダム配置」 asks in an in-page dialog before it throws away pieces placed by hand (not
  when nothing was placed by hand, nor over an earlier random set-up).
* The turn prompt follows the side to move: after each move only the seat to move reads "Your
  move" and has the ● title, the turn favicon and the turn signal; the other seat waits.
* A finished game steps through position by position in the record viewer, reached from the
  game-over panel's link, with the board of 軍棋 and each perspective's masking.

Everything after the match's creation is clicks. Screenshots of each seat's board (laptop and
phone, ja and en), the random set-up dialog and the record viewer go to artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import wait_dataset
from tests.matches.e2e.test_junqi_board_e2e import (
    assert_hidden,
    choose_tray,
    click_station,
    screenshot,
)

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TURN_TITLE = {"en": "● Your turn", "ja": "● あなたの手番"}
YOUR_MOVE = {"en": "Your move", "ja": "あなたの番です"}


def open_seats(match_server: Any, new_page: Any, red_locale: str, blue_locale: str) -> Any:
    """A started 軍棋 match and each seat's board in its own browser context (seat links)."""
    match = match_server.create_match(game="junqi", red_name="Aoi", blue_name="Ren")
    pages = {}
    for seat, locale in (("red", red_locale), ("blue", blue_locale)):
        options = {"viewport": LAPTOP} if locale.startswith("en") else PHONE
        page = new_page(locale=locale, **options)
        page.goto(f"{match_server.url}/matches/{match['id']}/?token={match[seat]}")
        wait_dataset(page, "live", "d.status === 'running' && d.phase === 'setup'")
        pages[seat] = page
    return match, pages


def own_pieces(page: Any, seat: str) -> dict[str, str]:
    return page.evaluate(
        "(seat) => Object.fromEntries([...document.querySelectorAll("
        "`#jq-board .jq-piece[data-owner=${seat}]`)].map((p) => "
        "[p.closest('[data-station]').dataset.station, p.dataset.piece]))",
        seat,
    )


def random_and_submit(page: Any) -> None:
    page.locator("#jq-random").click()
    page.wait_for_function("() => !document.getElementById('jq-submit').disabled")
    page.locator("#jq-submit").click()
    wait_dataset(page, "live", "d.phase === 'play' || document.getElementById('jq-waiting')")


def test_the_setup_draft_survives_a_reload_and_random_asks_first(
    match_server: Any, new_page: Any
) -> None:
    match, pages = open_seats(match_server, new_page, "ja-JP", "en-US")
    red, blue = pages["red"], pages["blue"]

    # Red places three pieces by hand, then reloads: they are where Red left them.
    by_hand = {"b1": "F", "a1": "M", "c6": "9"}
    for station, code in by_hand.items():
        choose_tray(red, code)
        click_station(red, station)
    assert own_pieces(red, "red") == by_hand
    red.reload()
    wait_dataset(red, "live", "d.status === 'running' && d.phase === 'setup'")
    assert own_pieces(red, "red") == by_hand
    assert red.locator("#jq-tray [data-code='F']").is_disabled()  # the flag is on the board

    # 「ランダム配置」 over pieces placed by hand asks first; "keep" keeps them.
    red.locator("#jq-random").click()
    dialog = red.locator("#jq-random-dialog")
    dialog.wait_for(state="visible")
    assert "ランダム配置にしますか" in dialog.inner_text()
    screenshot(red, "random-confirm", "ja")
    dialog.locator("button[value=cancel]").click()
    dialog.wait_for(state="hidden")
    assert own_pieces(red, "red") == by_hand
    # Asked again and confirmed: a whole legal random set-up replaces them.
    red.locator("#jq-random").click()
    dialog.locator("button[value=random]").click()
    red.wait_for_function("() => !document.getElementById('jq-submit').disabled")
    drawn = own_pieces(red, "red")
    assert len(drawn) == 25
    # A random set-up is not work by hand: drawing another one does not ask.
    pieces_js = (
        "JSON.stringify([...document.querySelectorAll('#jq-board .jq-piece[data-owner=red]')]"
        ".map((p) => p.dataset.piece))"
    )
    before = red.evaluate(f"() => {pieces_js}")
    red.locator("#jq-random").click()
    red.wait_for_function(f"(before) => {pieces_js} !== before", arg=before)
    assert red.locator("#jq-random-dialog[open]").count() == 0
    redrawn = own_pieces(red, "red")
    assert len(redrawn) == 25
    assert redrawn != drawn
    # The random draft survives a reload too, piece for piece.
    red.reload()
    wait_dataset(red, "live", "d.status === 'running' && d.phase === 'setup'")
    red.wait_for_function("() => !document.getElementById('jq-submit').disabled")
    assert own_pieces(red, "red") == redrawn

    # Blue has placed nothing by hand: the random set-up comes without a question.
    blue.locator("#jq-random").click()
    blue.wait_for_function("() => !document.getElementById('jq-submit').disabled")
    assert not blue.locator("#jq-random-dialog").is_visible()
    screenshot(blue, "setup-random", "en")

    # Submitted, the draft is forgotten: what stays on the board is the server's set-up.
    red.locator("#jq-submit").click()
    red.locator("#jq-waiting").wait_for()
    stored = red.evaluate(
        "(id) => Object.keys(localStorage).filter((k) => k.includes(`junqi-setup:${id}:`))",
        match["id"],
    )
    assert stored == []
    red.reload()
    red.locator("#jq-waiting").wait_for()
    assert own_pieces(red, "red") == redrawn
    blue.locator("#jq-submit").click()
    for page in (red, blue):
        wait_dataset(page, "live", "d.phase === 'play'")
    assert own_pieces(red, "red") == redrawn
    screenshot(red, "red-seat-setup-done", "ja")
    screenshot(blue, "blue-seat-setup-done", "en")


def turn_state(page: Any) -> dict[str, Any]:
    return page.evaluate(
        "() => ({ title: document.title, prompt: document.getElementById('jq-turn')?.textContent,"
        " yours: document.getElementById('jq-turn')?.dataset.yours,"
        " signal: document.documentElement.dataset.turn ?? '',"
        " icon: document.querySelector('link[rel~=icon]')?.getAttribute('href') ?? '' })"
    )


def assert_turn(pages: dict[str, Any], languages: dict[str, str], to_move: str) -> None:
    """Only ``to_move`` is told it is its move: prompt, ● title, favicon, turn signal."""
    for seat, page in pages.items():
        wait_dataset(page, "live", f"d.toAct === '{to_move}'")
        language = languages[seat]
        page.wait_for_function(
            "(yours) => document.getElementById('jq-turn')?.dataset.yours === yours",
            arg=str(seat == to_move).lower(),
        )
        state = turn_state(page)
        if seat == to_move:
            assert state["title"].startswith(TURN_TITLE[language]), state
            assert state["prompt"].startswith(YOUR_MOVE[language]), state
            assert state["signal"] == "yours"
            assert "favicon-turn" in state["icon"]
        else:
            assert "●" not in state["title"], state
            assert YOUR_MOVE[language] not in state["prompt"], state
            assert state["signal"] == ""
            assert "favicon-turn" not in state["icon"]


def move_by_clicks(page: Any, seat: str) -> str:
    """Click the first own piece that has a legal destination, then its first destination."""
    for station in sorted(own_pieces(page, seat)):
        click_station(page, station)
        targets = page.locator("#jq-board .jq-station.is-target")
        if targets.count():
            target = targets.first.get_attribute("data-station")
            targets.first.click()
            return f"{station}-{target}"
    raise AssertionError(f"{seat} has no move")


def test_the_turn_prompt_follows_the_side_to_move_and_the_game_replays(
    match_server: Any, new_page: Any
) -> None:
    match, pages = open_seats(match_server, new_page, "en-US", "ja-JP")
    languages = {"red": "en", "blue": "ja"}
    for page in pages.values():
        random_and_submit(page)
    for page in pages.values():
        wait_dataset(page, "live", "d.phase === 'play'")
    assert_turn(pages, languages, "red")
    screenshot(pages["red"], "turn-red-seat", "en")
    screenshot(pages["blue"], "turn-blue-seat", "ja")

    # Four moves by clicks: after each, only the side to move is prompted.
    to_move, ply = "red", 2
    moves = []
    for _ in range(4):
        moves.append(move_by_clicks(pages[to_move], to_move))
        ply += 1
        for page in pages.values():
            wait_dataset(page, "live", f"d.ply === '{ply}'")
        to_move = "blue" if to_move == "red" else "red"
        if pages["red"].evaluate("() => document.getElementById('live').dataset.status") != (
            "running"
        ):
            break  # a flag capture ended the game early
        assert_turn(pages, languages, to_move)
    assert_hidden(pages["red"], "blue")
    assert_hidden(pages["blue"], "red")
    screenshot(pages["blue"], "turn-blue-seat-after", "ja")
    screenshot(pages["red"], "turn-red-seat-after", "en")

    # Blue resigns; nobody is prompted any more; the game-over panel offers the replay.
    blue = pages["blue"]
    blue.locator("#resign-button").click()
    blue.locator("#resign-dialog button[value=resign]").click()
    for page in pages.values():
        wait_dataset(page, "live", "d.status === 'finished'")
        page.wait_for_function("() => !document.title.includes('●')")
        assert page.locator("#jq-turn").count() == 0
    red = pages["red"]
    red.locator("#view-record").click()
    red.wait_for_url(f"**/matches/records/{match['id']}/**")
    red.wait_for_selector("#record-viewer[data-loaded='all']")
    total = int(red.locator("[data-step=slider]").get_attribute("max"))
    assert total == 2 + len(moves)  # both set-ups, then the moves (no resign in the record)

    def at(expected: int) -> None:
        red.wait_for_function(
            f"() => document.getElementById('record-viewer').dataset.ply === '{expected}'"
        )

    # The first position is the empty board; step through by buttons, keys and the list.
    at(0)
    assert red.locator("#viewer-game .jq-piece").count() == 0
    red.get_by_role("button", name="Next decision").click()
    at(1)
    red.get_by_role("button", name="Next decision").click()
    at(2)
    assert red.locator("#viewer-game .jq-piece").count() == 50
    # The spectator's perspective: no rank before the end (§8.4).
    assert set(
        red.evaluate(
            "() => [...document.querySelectorAll('#viewer-game .jq-piece')]"
            ".map((p) => p.dataset.piece)"
        )
    ) == {"?"}
    red.locator("body").press("ArrowRight")
    at(3)
    assert red.locator("#jq-last").inner_text().startswith("Last move")
    assert (
        red.locator("#move-list li[data-ply='3']")
        .get_attribute("data-text")
        .startswith(moves[0].split("-")[0])
    )
    red.locator("body").press("End")
    at(total)
    assert red.locator("#jq-result").is_visible()
    red.locator("#move-list li[data-ply='1'] button").click()
    at(1)
    screenshot(red, "replay-spectator", "en")

    # Red's own perspective: its own ranks, Blue's still hidden until the end.
    red.locator("[data-perspective=red]").click()
    red.wait_for_selector("#record-viewer[data-loaded='red']")
    red.get_by_role("button", name="Last position").click()
    at(total)
    red.locator("body").press("ArrowLeft")
    at(total - 1)
    assert_hidden(red, "blue")
    assert red.locator("#viewer-game .jq-piece[data-owner=red][data-piece='9']").count() == 1
    screenshot(red, "replay-red", "en")

    # Blue's phone, in Japanese, from the record list.
    blue.goto(f"{match_server.url}/matches/records/{match['id']}/?as=blue")
    blue.wait_for_selector("#record-viewer[data-loaded='blue']")
    blue.locator("[data-step=last]").click()
    blue.wait_for_function(
        f"() => document.getElementById('record-viewer').dataset.ply === '{total}'"
    )
    # The end of the game: every rank is public (§8.5).
    ranks = blue.evaluate(
        "() => [...document.querySelectorAll('#viewer-game .jq-piece')].map((p) => p.dataset.piece)"
    )
    assert ranks
    assert "?" not in ranks
    assert "投了" in blue.locator("#jq-result").inner_text()
    screenshot(blue, "replay-blue", "ja")
