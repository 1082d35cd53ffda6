"""The view of a 軍師軍略 match that ended outside the game (resignation, time, an arbiter).

The engine's state stays as it was (its own outcomes are a general captured, intrusions), but
the match is over and its record public: once finished, every view shows both generals on the
board and in the panels, phase ``over``, nobody to act and no legal decisions — the move list
names the generals by then too — while hands and decks stay as secret as after any end.
"""

from __future__ import annotations

from typing import Any

import pytest

from matches.models import Match
from matches.selectors import match_get_view, match_legal_actions
from matches.services.decisions import match_resign
from tests.matches.helpers import play_playout

pytestmark = pytest.mark.django_db

WAR_PLIES = 40  # set-up and deployment are over: the war is under way


@pytest.fixture
def at_war(make_match: Any, clock_at: Any) -> tuple[Match, Any]:
    match, states = play_playout(make_match(), clock_at, seed=1, turn_limit=30, plies=WAR_PLIES)
    assert states[WAR_PLIES].phase.value == "war"
    return match, states[WAR_PLIES]


def generals_shown(view: dict[str, Any]) -> dict[str, Any]:
    game = view["game"]
    return {
        side: (
            game["sides"][side]["general"],
            game["sides"][side]["general_square"],
            sorted(p["square"] for p in game["board"] if p["owner"] == side and p["general"]),
        )
        for side in ("red", "blue")
    }


@pytest.mark.parametrize("viewer", ["red", "blue", None])
def test_after_resignation_every_view_shows_both_generals_and_nobody_to_act(
    at_war: tuple[Match, Any], clock_at: Any, viewer: str | None
) -> None:
    match, state = at_war
    before = match_get_view(match=match, viewer_seat=viewer)
    assert before["game"]["to_act"] == state.to_act.label
    for side in ("red", "blue"):
        if side != viewer:  # the opponent's general is secret while the game runs
            assert before["game"]["sides"][side]["general"] is None

    match = match_resign(match_id=match.pk, seat="red", now=clock_at.now)
    view = match_get_view(match=match, viewer_seat=viewer)
    game = view["game"]
    assert (view["status"], game["phase"], game["to_act"], game["clock_side"]) == (
        "finished",
        "over",
        None,
        None,
    )
    assert game["legal_actions"] == []
    for side, (letter, square, marked) in generals_shown(view).items():
        own = state.sides[0 if side == "red" else 1]
        assert letter == own.general
        assert square is not None
        assert marked == [square]
    # What stays secret after any end stays secret: the other side's hand and deck.
    for side in ("red", "blue"):
        if side != viewer:
            assert game["sides"][side]["hand"] is None
            assert game["sides"][side]["deck"] is None
    # The move list names the generals too (the record is public once finished).
    assert not any("?" in entry["text"] for entry in view["history"])


def test_the_legal_actions_of_an_ended_match_name_nobody(
    at_war: tuple[Match, Any], clock_at: Any
) -> None:
    match, _ = at_war
    match = match_resign(match_id=match.pk, seat="blue", now=clock_at.now)
    assert match_legal_actions(match=match, viewer_seat="red") == {
        "ply": WAR_PLIES,
        "seat": "red",
        "to_act": None,
        "actions": [],
    }
