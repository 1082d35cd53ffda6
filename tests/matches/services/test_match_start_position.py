"""Matches opening on a custom start position (engine.start, docs/start-positions.md)."""

from __future__ import annotations

from typing import Any

import pytest

from clock import ClockState
from engine import Phase, Side
from engine.formats import GameFormat
from engine.record import replay
from engine.start import StartPosition
from matches.errors import MatchError
from matches.models import Match
from matches.selectors import match_game_state, match_record
from matches.services.decisions import match_resign
from tests.matches.helpers import Clock, play

OPENING = StartPosition.from_text(
    "red: pieces Ib2N Ac1N; cards MV,RS,FN / MV,RS,MV,RF\n"
    "blue: pieces Ib6S Ce7S; cards MV,RS,RF / MV,RS,MV,FN"
)


def test_a_match_opens_on_its_start_position(make_match: Any, clock_at: Clock) -> None:
    match: Match = make_match(start_position=OPENING.to_dict())
    assert match.start_position == OPENING.to_dict()
    state = match_game_state(match)
    assert (state.phase, state.to_act) == (Phase.SETUP, Side.RED)
    match = play(match, "red", "general c1", clock_at)
    assert ClockState.from_dict(match.clock).running == 1  # Red's general was untimed
    match = play(match, "blue", "general e7", clock_at)
    assert match_game_state(match).phase is Phase.WAR
    match = match_resign(match_id=match.pk, seat="blue", now=clock_at.now)
    assert isinstance(match, Match)
    record = match_record(match=match)
    assert record.start == OPENING
    assert replay(record)[-1].phase is Phase.WAR


@pytest.mark.parametrize(
    ("kwargs", "detail"),
    [
        ({"start_position": {"red": {}, "blue": {}}}, "start position"),
        (
            {
                "start_position": OPENING.to_dict()
                | {"red": OPENING.to_dict()["red"] | {"prepared": ["RM", "LI", "SC"]}},
                "game_format": GameFormat.tournament_rule_3(),
            },
            "expansion game",
        ),
    ],
)
def test_a_bad_start_position_is_refused(make_match: Any, kwargs: Any, detail: str) -> None:
    with pytest.raises(MatchError) as caught:
        make_match(**kwargs)
    assert caught.value.code == "bad_message"
    assert detail in str(caught.value.detail)
    assert not Match.objects.exists()


def test_a_deck_build_match_drafts_then_opens_on_its_start_position(make_match: Any) -> None:
    """docs/start-positions.md: a start position in every format; Rule 3 drafts first when
    the position leaves the seven cards open."""
    bare = StartPosition.from_text("red: pieces Ib2N Ac1N\nblue: pieces Ib6S Ce7S")
    match: Match = make_match(
        start_position=bare.to_dict(), game_format=GameFormat.tournament_rule_3()
    )
    state = match_game_state(match)
    assert (state.phase, state.to_act) == (Phase.DRAFT, Side.RED)
    assert state.board[OPENING.pieces[0].square] is not None


def test_a_match_without_one_starts_on_the_empty_board(make_match: Any) -> None:
    match: Match = make_match()
    assert match.start_position is None
    assert match_game_state(match).phase is Phase.DEPLOYMENT
