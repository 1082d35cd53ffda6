"""In a real browser: the live board as players use it, on a laptop (1280×900) and a phone
(390×844), in Japanese and English.

Both clocks stay on screen beside the board (sticky while scrolling), the move list reads in
words with the notation beside it and shows earlier positions — as the server computed them for
the seat — until "back to the game", a decision typed in notation is played, pieces carry
English marks on the English site, the turn changes the tab's title and favicon (and beeps when
sound is on), and the over-the-board clock's two halves fit a phone's screen. Each test run
writes screenshots of these pages to ``artifacts/screenshots/``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import Side, legal_actions, new_game, observe, replay
from engine.playout import random_playout
from tests.screenshots import shoot as screenshot

pytestmark = pytest.mark.e2e

VIEWPORTS = {"laptop": (1280, 900), "phone": (390, 844)}
LOCALES = {"ja": "ja-JP", "en": "en-US"}
MID_GAME = 60  # decisions played before the page opens: the war is under way


def game_actions() -> list[str]:
    record, _ = random_playout(seed=1, turn_limit=30)
    return list(record.actions)


def game_states() -> list[Any]:
    record, _ = random_playout(seed=1, turn_limit=30)
    return replay(replace(record, result=None))


def wait_live(page: Any, condition: str) -> None:
    page.wait_for_function(
        f"() => {{ const d = document.getElementById('live').dataset; return {condition}; }}"
    )


def open_board(new_page: Any, url: str, *, viewport: str, language: str) -> Any:
    width, height = VIEWPORTS[viewport]
    page = new_page(
        locale=LOCALES[language],
        viewport={"width": width, "height": height},
        is_mobile=viewport == "phone",
        has_touch=viewport == "phone",
    )
    page.goto(url)
    return page


def in_viewport(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


@pytest.fixture(scope="module")
def mid_game(match_server: Any) -> dict[str, Any]:
    """One match after ``MID_GAME`` decisions (Blue to act), shared by the tests that only look."""
    return match_server.create_played_match(
        game_actions()[:MID_GAME], red_name="Aoi", blue_name="Ren"
    )


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_both_clocks_stay_in_view_beside_the_board(
    match_server: Any, new_page: Any, mid_game: dict[str, Any], viewport: str, language: str
) -> None:
    url = f"{match_server.url}/matches/{mid_game['id']}/?token={mid_game['blue']}"
    page = open_board(new_page, url, viewport=viewport, language=language)
    wait_live(page, f"d.ply === '{MID_GAME}' && d.seat === 'blue'")
    page.wait_for_function(
        "() => document.querySelector('[data-clock=blue]').classList.contains('is-running')"
    )
    for seat in ("red", "blue"):
        assert in_viewport(page, f"[data-clock={seat}]"), (viewport, seat)
    board = page.locator("svg.board").bounding_box()
    clocks = page.locator("#live-clocks").bounding_box()
    if viewport == "laptop":  # beside the board, on its right
        assert clocks["x"] >= board["x"] + board["width"]
        assert clocks["y"] < board["y"] + board["height"]
    else:  # one bar above the board
        assert clocks["y"] + clocks["height"] <= board["y"]
    # The viewer's own clock is the one nearer their side: below (laptop) or right (phone).
    own, other = (page.locator(f"[data-clock-card={s}]").bounding_box() for s in ("blue", "red"))
    assert own["y"] > other["y"] if viewport == "laptop" else own["x"] > other["x"]
    screenshot(page, f"board-{language}-{viewport}")

    # Scrolled down to the players' panels and the move list, both clocks are still there.
    page.mouse.wheel(0, 900)
    page.wait_for_function("() => window.scrollY > 300")
    for seat in ("red", "blue"):
        assert in_viewport(page, f"[data-clock={seat}]"), (viewport, seat, "scrolled")
    assert page.locator(".legend").is_visible() or viewport == "phone"


@pytest.mark.parametrize(
    ("language", "first", "marks"),
    [
        ("en", "Place Infantry on b2 facing south", {"Inf", "Arc", "Cav"}),
        ("ja", "b2に歩兵を南向きで置く", {"歩", "弓", "騎"}),
    ],
)
def test_the_move_list_reads_in_words_and_shows_earlier_positions(
    match_server: Any,
    new_page: Any,
    mid_game: dict[str, Any],
    language: str,
    first: str,
    marks: set[str],
) -> None:
    states = game_states()
    url = f"{match_server.url}/matches/{mid_game['id']}/?token={mid_game['red']}"
    page = open_board(new_page, url, viewport="laptop", language=language)
    wait_live(page, f"d.ply === '{MID_GAME}'")
    items = page.locator("#move-list li[data-ply]")
    assert items.count() == MID_GAME + 1  # the start position, then every decision
    entry = page.locator("#move-list li[data-ply='1']")
    assert entry.locator(".move-list__text").inner_text() == first
    assert entry.locator(".move-list__code").inner_text() == game_actions()[0]
    # Pieces carry the page language's marks, and the legend says what they mean.
    shown = set(
        page.locator("svg.board .piece__glyph").evaluate_all("(ts) => ts.map((t) => t.textContent)")
    )
    assert shown
    assert shown <= marks
    assert page.locator(".legend").is_visible()
    for mark in marks:
        assert page.locator(".legend").get_by_text(mark, exact=True).is_visible()

    def board_squares() -> set[str]:
        squares = page.locator("svg.board [data-piece]").evaluate_all(
            "(pieces) => pieces.map((p) => p.getAttribute('data-piece'))"
        )
        return set(squares)

    def seen_squares(ply: int) -> set[str]:
        return {piece["square"] for piece in observe(states[ply], Side.RED)["board"]}

    live_squares = board_squares()
    assert live_squares == seen_squares(MID_GAME)

    # An earlier position: the server's view of it for Red, with no controls to act.
    page.locator("#move-list li[data-ply='20'] button").click()
    wait_live(page, "d.review === '20'")
    page.wait_for_selector("#live-game.is-review")
    assert board_squares() == seen_squares(20)
    assert page.locator("#review-bar").is_visible()
    assert page.locator("#move-list li.is-current").get_attribute("data-ply") == "20"
    # The arrows step through positions; the clocks keep running meanwhile.
    page.locator("#review-bar [data-review=prev]").click()
    wait_live(page, "d.review === '19'")
    page.keyboard.press("ArrowLeft")
    wait_live(page, "d.review === '18'")
    assert board_squares() == seen_squares(18)
    screenshot(page, f"board-review-{language}-laptop")

    page.locator("#back-to-live").click()
    wait_live(page, "d.review === ''")
    assert page.locator("#review-bar").is_hidden()
    assert board_squares() == live_squares
    assert page.locator("#move-list li.is-current").get_attribute("data-ply") == str(MID_GAME)


def test_a_decision_typed_in_notation_is_played(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren")
    url = f"{match_server.url}/matches/{match['id']}/?token={match['red']}"
    page = open_board(new_page, url, viewport="laptop", language="en")
    wait_live(page, "d.ply === '0' && d.seat === 'red'")
    legal = [action.to_str() for action in legal_actions(new_game())]
    field = page.locator("#notation-input")
    assert field.is_visible()
    options = page.locator("#notation-options option")
    assert options.evaluate_all("(os) => os.map((o) => o.value)") == legal
    assert options.first.get_attribute("label").startswith("Place ")

    # Not a legal decision: a message, nothing sent.
    field.fill("deploy I d7 N")
    field.press("Enter")
    error = page.locator("#notation-entry [data-entry-error]")
    assert error.is_visible()
    assert "legal" in error.inner_text()
    assert page.locator("#live").get_attribute("data-ply") == "0"

    # Extra spaces are tidied up, and an edge may be named from either side (a2S is a1N).
    choice = "deploy fence a1N"
    assert choice in legal
    field.fill("  deploy   fence  a2S ")
    assert error.is_hidden()
    field.press("Enter")
    wait_live(page, "d.ply === '1'")
    assert match_server.match_actions(match["id"]) == [choice]
    assert page.locator("#notation-entry").is_hidden()  # Blue's turn now


def test_the_turn_changes_the_title_and_favicon_and_beeps_if_wanted(
    match_server: Any, new_page: Any
) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", time_control="13s+0")
    pages = {}
    for seat in ("red", "blue"):
        url = f"{match_server.url}/matches/{match['id']}/?token={match[seat]}"
        pages[seat] = open_board(new_page, url, viewport="laptop", language="en")
    for seat, page in pages.items():
        wait_live(page, f"d.ply === '0' && d.seat === '{seat}'")
    red, blue = pages["red"], pages["blue"]
    assert red.title().startswith("● Your turn")
    assert "favicon-turn" in red.locator("link[rel~=icon]").get_attribute("href")
    assert not blue.title().startswith("●")
    assert "favicon-turn" not in blue.locator("link[rel~=icon]").get_attribute("href")

    # Sound is off until switched on, and the choice is remembered.
    sound = blue.locator("#sound-button")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    blue.reload()
    wait_live(blue, "d.ply === '0'")
    assert blue.locator("#sound-button").get_attribute("aria-pressed") == "true"

    field = red.locator("#notation-input")
    field.fill(legal_actions(new_game())[0].to_str())
    field.press("Enter")
    wait_live(blue, "d.ply === '1'")
    blue.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert "favicon-turn" in blue.locator("link[rel~=icon]").get_attribute("href")
    assert blue.evaluate("document.documentElement.dataset.lastSound") == "turn"
    red.wait_for_function("() => !document.title.startsWith('●')")
    assert red.evaluate("document.documentElement.dataset.lastSound") is None  # sound off
    # Blue's clock (13 s) runs: under ten seconds it turns red and beeps once.
    blue.wait_for_function("() => document.documentElement.dataset.lastSound === 'low'")
    assert "is-critical" in (blue.locator("[data-clock=blue]").get_attribute("class") or "")


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_the_over_the_board_clock_fits_the_screen(
    match_server: Any, new_page: Any, viewport: str, language: str
) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", kind="otb")
    url = f"{match_server.url}/matches/{match['id']}/clock/?red={match['red']}&blue={match['blue']}"
    page = open_board(new_page, url, viewport=viewport, language=language)
    page.wait_for_function("() => document.getElementById('otb').dataset.status === 'running'")
    page.locator("[data-press=red]").click()
    page.wait_for_function("() => document.getElementById('otb').dataset.running === 'blue'")
    for seat in ("red", "blue"):
        assert in_viewport(page, f"[data-press={seat}]"), (viewport, language, seat)
    assert page.evaluate("window.scrollY") == 0
    page.wait_for_function(
        "() => document.querySelector('[data-press=blue] [data-clock-time]')"
        ".textContent !== '20:00'"
    )
    screenshot(page, f"otb-clock-{language}-{viewport}")


def test_typed_edges_and_move_list_words_cover_the_whole_notation(
    match_server: Any, new_page: Any
) -> None:
    """Every name of every edge becomes the engine's canonical name, and every decision form
    of a few random games reads as a sentence (no raw notation, no unfilled placeholder) in
    both languages."""
    from engine.types import SQUARES, Direction, edge_name, edge_of, square_name

    names = {
        f"{square_name(sq)}{side.name}": edge_name(edge_of(sq, side))
        for sq in SQUARES
        for side in Direction
    }
    texts = sorted(
        {
            action.to_str()
            for seed in range(3)
            for before in game_states_of(seed)
            for action in legal_actions(before)
        }
        | {"general ?", "cards ?", "play ?", "deck ?", "prepare ?", "exchange ?"}
    )
    for language in ("en", "ja"):
        page = new_page(locale=LOCALES[language])
        match = match_server.create_match()
        page.goto(f"{match_server.url}/matches/{match['id']}/")
        wait_live(page, "d.ply === '0'")
        canonical, labels = page.evaluate(
            """async ([edges, texts]) => {
              const { canonicalEdges } = await import("/static/js/entry.js");
              const { decisionLabel } = await import("/static/js/moves.js");
              return [edges.map(canonicalEdges), texts.map(decisionLabel)];
            }""",
            [list(names), texts],
        )
        assert canonical == list(names.values())
        for text, label in zip(texts, labels, strict=True):
            assert label != text, (language, text)
            assert "{" not in label, (language, text, label)


def game_states_of(seed: int) -> list[Any]:
    record, _ = random_playout(seed=seed, turn_limit=8)
    return replay(replace(record, result=None))
