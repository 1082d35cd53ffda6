"""In a real browser: the live board says when a queued card could not be executed (RULES.md
§6.7, ruling P11), in its own status line, without showing the opponent a face-down card."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import StartPosition, new_game
from engine.actions import parse_action
from engine.rules import apply_action
from tests.matches.e2e.test_matches_live_play_e2e import wait_live

pytestmark = pytest.mark.e2e

# Red has no infantry, so its Fence card can never be executed (§7.3).
OPENING = StartPosition.from_text(
    "red: pieces Ac1N Cd1N; cards MV,RS,FN / MV,RS,MV,RF\n"
    "blue: pieces Ib6S Ce7S; cards MV,RS,RF / MV,RS,MV,FN\n"
)
DECISIONS = (
    ("red", "general c1"),
    ("blue", "general e7"),
    ("red", "play FN"),  # Red's first card ever: face down
    ("red", "end"),
    ("blue", "play MV"),
    ("blue", "end"),  # Red's turn begins: its Fence card is skipped
)


def test_the_live_board_tells_both_seats_a_skipped_card(match_server: Any, new_page: Any) -> None:
    state = new_game(start=OPENING)
    for _, text in DECISIONS:
        state = apply_action(state, parse_action(text))
    assert [(s.side.label, s.card.value, s.face_up) for s in state.skipped] == [
        ("red", "FN", False)
    ]
    match = match_server.create_match(start_position=OPENING.to_dict())
    match_server.python(
        "import json\n"
        "from matches.services.decisions import match_submit_action\n"
        f"for ply, (seat, text) in enumerate(json.loads({json.dumps(json.dumps(DECISIONS))})):\n"
        f"    match_submit_action(match_id={match['id']}, seat=seat, action_text=text,"
        " expected_ply=ply)\n"
        "print(json.dumps(True))\n"
    )
    pages = {}
    for seat in ("red", "blue"):
        page = new_page(viewport={"width": 1280, "height": 1000})
        page.goto(f"{match_server.url}/matches/{match['id']}/?token={match[seat]}")
        wait_live(page, f"d.seat === '{seat}' && d.ply === '{len(DECISIONS)}'")
        pages[seat] = page
    red = pages["red"].locator("#live-skipped")
    blue = pages["blue"].locator("#live-skipped")
    assert red.is_visible()
    assert blue.is_visible()
    assert red.inner_text() == "Skipped: Red's Fence (1st) could not be executed"
    assert blue.inner_text() == "Skipped: Red's face-down card (1st) could not be executed"
