"""A game without rules is an over-the-board game: no online match, a clocked board match."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

import games
from games import _REGISTRY
from games.base import GameDefinition, TableKind, Timing, TimingKind
from matches.errors import MatchError
from matches.models import Match
from matches.selectors import match_get_view, match_rules
from matches.services.lifecycle import match_create

KEY = "test-board-game"


@pytest.fixture
def board_game() -> Iterator[GameDefinition]:
    """A head-to-head game the site has no engine for, registered for one test."""
    games.registered_games()  # load the catalogue first
    definition = games.register(
        GameDefinition(
            key=KEY,
            name="Board game",
            table=TableKind.HEAD_TO_HEAD,
            players=(2, 2),
            draws=True,
            timing=Timing(TimingKind.CHESS_CLOCK, minutes=30),
        )
    )
    yield definition
    del _REGISTRY[KEY]


def test_an_over_the_board_game_cannot_be_created_as_an_online_match(
    db: None, board_game: GameDefinition
) -> None:
    assert board_game.over_the_board_only
    with pytest.raises(MatchError) as refused:
        match_create(game=KEY, kind=Match.Kind.ONLINE, red_name="A", blue_name="B")
    assert refused.value.code == "game_not_online"
    assert refused.value.http_status == 400
    with translation.override("en"):
        assert "over the board" in refused.value.message()
    assert not Match.objects.exists()  # nothing half-created


def test_it_is_played_as_an_over_the_board_match_without_game_state(
    db: None, board_game: GameDefinition
) -> None:
    match = match_create(game=KEY, kind=Match.Kind.OTB, red_name="A", blue_name="B", start=True)
    assert match.game == KEY
    assert match.state == {}
    assert match.game_format == {}
    view: dict[str, Any] = match_get_view(match=match, viewer_seat=None)
    assert view["game"] is None
    assert view["history"] == []
    with pytest.raises(MatchError) as no_rules:
        match_rules(match)
    assert no_rules.value.code == "game_not_online"


def test_an_unknown_game_is_a_bad_message(db: None) -> None:
    with pytest.raises(MatchError) as refused:
        match_create(game="no-such-game", red_name="A", blue_name="B")
    assert refused.value.code == "bad_message"


def test_gunshi_matches_name_their_game(db: None) -> None:
    assert match_create(red_name="A", blue_name="B").game == "gunshi"
    assert match_create(game="gunshi", kind=Match.Kind.OTB, red_name="A", blue_name="B").game == (
        "gunshi"
    )
