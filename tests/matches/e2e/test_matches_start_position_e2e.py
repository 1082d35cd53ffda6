"""In a real browser: a game that opens on an organiser's start position (docs/start-positions.md).

Deployment is skipped: both boards show the preset pieces and fences at once, the first
decision is Red's general (untimed, start-positions ruling 4), and after it Blue's clock runs
while Blue chooses. The players then play on through the same controls as any game.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Phase, StartPosition, apply_action, legal_actions, new_game
from tests.matches.e2e.test_matches_live_play_e2e import decide, open_seats, wait_live

pytestmark = pytest.mark.e2e

OPENING = StartPosition.from_text(
    "red: lp 0; pieces Ib2N Ic2N Id2N Ac1N Ce1N; fences b2N; cards MV,RS,FN / MV,RS,MV,RF\n"
    "blue: lp 0; pieces Ib6S Ic6S Id6S Ac7S Ce7S; fences d6S; cards MV,RS,RF / MV,RS,MV,FN\n"
)


def clock_running(page: Any, seat: str) -> bool:
    return "is-running" in (page.locator(f"[data-clock={seat}]").get_attribute("class") or "")


def test_a_game_opens_on_the_event_start_position(match_server: Any, new_page: Any) -> None:
    match = match_server.create_match(
        red_name="Aoi", blue_name="Ren", start_position=OPENING.to_dict()
    )
    pages = open_seats(match_server, new_page, match)
    red, blue = pages["red"], pages["blue"]
    preset = ["b2", "c2", "d2", "c1", "e1", "b6", "c6", "d6", "c7", "e7"]
    for page in pages.values():
        for square in preset:
            assert page.locator(f'svg.board [data-piece="{square}"]').count() == 1
        assert page.locator("svg.board [data-piece]").count() == len(preset)
        assert page.locator('svg.board [data-fence="b2N"]').count() == 1
        assert page.locator('svg.board [data-fence="d5N"]').count() == 1  # d6S, canonically
        assert not clock_running(page, "red")
        assert not clock_running(page, "blue")

    state = new_game(start=OPENING)
    assert state.phase is Phase.SETUP
    red_general = next(a for a in legal_actions(state) if a.to_str() == "general c2")
    decide(red, state, red_general.to_str())
    for page in pages.values():
        wait_live(page, "d.ply === '1' && d.toAct === 'blue'")
        page.wait_for_function(
            "() => document.querySelector('[data-clock=blue]').classList.contains('is-running')"
        )
    # Red's own board marks its general; Blue's does not know it.
    assert red.locator('svg.board [data-piece="c2"]').get_attribute("class").count("general") == 1
    assert blue.locator("svg.board .piece--general").count() == 0

    state = apply_action(state, red_general)
    blue_general = next(a for a in legal_actions(state) if a.to_str() == "general d6")
    decide(blue, state, blue_general.to_str())
    state = apply_action(state, blue_general)
    assert state.phase is Phase.WAR
    for page in pages.values():
        wait_live(page, "d.ply === '2' && d.toAct === 'red'")
        page.wait_for_function(
            "() => document.querySelector('[data-clock=red]').classList.contains('is-running')"
        )
    # Red's first war turn: the preset hand is on Red's panel, and Red plays from it.
    first_play = next(a.to_str() for a in legal_actions(state) if a.to_str().startswith("play"))
    decide(red, state, first_play)
    for page in pages.values():
        wait_live(page, "d.ply === '3'")
