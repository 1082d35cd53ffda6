"""In a real browser: two players play an online game to the end, and a player loses on time.

The game is a short legal game found by the engine (a general captured within a few turns);
each decision is made on the page of the player to act, through the controls the page offers
for it — squares and edges on the board, the facing choice, the card buttons — never by
sending notation directly. The server (a real Daphne process) checks every decision.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import GameRecord, GameState, Termination, legal_actions, new_game, replay
from engine.playout import random_playout

pytestmark = pytest.mark.e2e


def short_capture_game() -> GameRecord:
    """The first random game (by seed) that ends with a captured general within 60 decisions."""
    for seed in range(5000):
        record, final = random_playout(seed=seed, turn_limit=14)
        outcome = final.outcome
        if (
            outcome is not None
            and outcome.termination is Termination.GENERAL_CAPTURED
            and len(record.actions) <= 60
        ):
            return record
    raise AssertionError("no short game found")  # pragma: no cover


def live(page: Any, name: str) -> str | None:
    return page.locator("#live").get_attribute(f"data-{name}")


def wait_live(page: Any, condition: str) -> None:
    page.wait_for_function(
        f"() => {{ const d = document.getElementById('live').dataset; return {condition}; }}"
    )


def click_square(page: Any, square: str) -> None:
    page.locator(f'svg.board rect[data-square="{square}"]').click()


def click_edge(page: Any, edge: str) -> None:
    page.locator(f'svg.board [data-edge="{edge}"]').dispatch_event("click")


def click_decision(page: Any, scope: str, text: str) -> None:
    page.locator(f'{scope} [data-action="{text}"]').click()


def decide(page: Any, state: GameState, text: str) -> None:
    """Make decision ``text`` on ``page`` through the board and the action panel."""
    legal = {action.to_str() for action in legal_actions(state)}
    assert text in legal
    words = text.split()
    if words[0] in ("deploy", "reinforce") and words[1] != "fence":
        click_square(page, words[2])
        click_decision(page, ".facing-grid", text)
    elif words[0] == "deploy":  # deploy fence <edge>
        toggle = page.locator('[data-command="fence-mode"]')
        if toggle.count() and toggle.get_attribute("aria-pressed") == "false":
            toggle.click()
        click_edge(page, words[2])
    elif words[0] == "general":
        click_square(page, words[1])
        click_decision(page, ".choice", text)
    elif words[0] == "cards":
        page.locator(".all-decisions summary").click()
        click_decision(page, ".all-decisions", text)
    elif words[0] in ("play", "end", "dispatch", "done"):
        click_decision(page, ".choice__buttons--quick", text)
    elif words[0] == "select":
        click_square(page, words[1])
        click_decision(page, ".choice", text)
    elif "-" in text:  # a move, maybe with the intrude-or-stay choice
        origin, target = text.rstrip("+").split("-")
        click_square(page, origin)
        click_square(page, target)
        both = {f"{origin}-{target}", f"{origin}-{target}+"} <= legal
        if both:
            click_decision(page, ".choice--intrude", text)
    elif ">" in text:
        click_square(page, text.split(">")[0])
        click_decision(page, ".choice", text)
    elif "x" in text:
        origin, target = text.split("x")
        click_square(page, origin)
        click_square(page, target)
    elif "#" in text:
        origin, edge = text.split("#")
        click_square(page, origin)
        click_edge(page, edge)
    else:  # pragma: no cover - every decision form is handled above
        raise AssertionError(f"no control for {text!r}")


def open_seats(match_server: Any, new_page: Any, match: dict[str, Any]) -> dict[str, Any]:
    pages = {}
    for seat in ("red", "blue"):
        page = new_page(viewport={"width": 1280, "height": 1000})
        page.goto(f"{match_server.url}/matches/{match['id']}/?token={match[seat]}")
        pages[seat] = page
    for seat, page in pages.items():
        wait_live(page, f"d.seat === '{seat}' && d.ply === '0'")
    return pages


def test_two_players_play_a_game_to_the_end(match_server: Any, new_page: Any) -> None:
    record = short_capture_game()
    states = replay(replace(record, result=None))
    winner = states[-1].outcome.winner.label  # type: ignore[union-attr]
    match = match_server.create_match(red_name="Aoi", blue_name="Ren")
    pages = open_seats(match_server, new_page, match)
    assert pages["blue"].locator("svg.board").get_attribute("data-bottom") == "blue"

    for index, text in enumerate(record.actions):
        state = states[index]
        seat = state.to_act.label  # type: ignore[union-attr]
        page = pages[seat]
        wait_live(page, f"d.ply === '{index}' && d.toAct === '{seat}'")
        other = pages["blue" if seat == "red" else "red"]
        assert other.locator(".action-panel").is_hidden()  # nothing to choose off-turn
        decide(page, state, text)
        for each in pages.values():
            wait_live(each, f"Number(d.ply) === {index + 1}")

    for seat, page in pages.items():
        wait_live(page, "d.status === 'finished'")
        banner = page.locator("#game-over")
        assert banner.is_visible()
        assert banner.get_attribute("data-winner") == winner
        assert banner.get_attribute("data-method") == "general_captured"
        assert banner.locator(".game-over__you").inner_text() == (
            "You won." if seat == winner else "You lost."
        )
        assert page.locator("#resign-button").is_hidden()
        # The game is over, so the move list now shows the opponent's secrets in full.
        page.wait_for_function(
            "() => { const items = [...document.querySelectorAll('#move-list [data-text]')];"
            f" return items.length === {len(record.actions)}"
            " && !items.some((li) => li.dataset.text.endsWith(' ?')); }"
        )
    assert match_server.match_result(match["id"]) == {
        "status": "finished",
        "winner": winner,
        "method": "general_captured",
        "ply": len(record.actions),
    }


def test_a_player_who_resigns_loses(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren")
    pages = open_seats(match_server, new_page, match)
    blue = pages["blue"]
    blue.get_by_role("button", name="Resign").click()
    blue.locator("#resign-dialog").get_by_role("button", name="Cancel").click()
    assert live(blue, "status") == "running"
    blue.get_by_role("button", name="Resign").click()
    blue.locator("#resign-dialog").get_by_role("button", name="Resign").click()
    for page in pages.values():
        wait_live(page, "d.status === 'finished'")
        assert page.locator("#game-over").get_attribute("data-method") == "resignation"
        assert page.locator("#game-over").get_attribute("data-winner") == "red"


def test_a_player_loses_on_time(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(red_name="Aoi", blue_name="Ren", time_control="5s+0")
    pages = open_seats(match_server, new_page, match)
    red, blue = pages["red"], pages["blue"]
    state = new_game()
    first = legal_actions(state)[0].to_str()  # Red's first placement is untimed
    decide(red, state, first)
    for page in pages.values():
        wait_live(page, "d.ply === '1'")

    # Blue's clock now runs on both screens, under a minute: the low-time warning is on.
    for page in pages.values():
        clock = page.locator("[data-clock=blue]")
        page.wait_for_function(
            "() => document.querySelector('[data-clock=blue]').classList.contains('is-running')"
        )
        assert "is-low" in clock.get_attribute("class")
        assert "is-critical" in clock.get_attribute("class")  # under ten seconds
        before = clock.inner_text()
        page.wait_for_function(
            f"() => document.querySelector('[data-clock=blue] [data-clock-time]')"
            f".textContent !== {before!r}"
        )

    # Blue does nothing: the server adjudicates the flag fall as a loss on time.
    for seat, page in pages.items():
        wait_live(page, "d.status === 'finished'")
        banner = page.locator("#game-over")
        assert banner.get_attribute("data-method") == "timeout"
        assert banner.get_attribute("data-winner") == "red"
        # In the page's language, whatever language the broadcast was computed in.
        assert banner.locator(".game-over__method").inner_text() == "Method: Loss on time"
        assert banner.locator(".game-over__you").inner_text() == (
            "You won." if seat == "red" else "You lost."
        )
    assert "is-flagged" in blue.locator("[data-clock=blue]").get_attribute("class")
    assert match_server.match_result(match["id"])["method"] == "timeout"
