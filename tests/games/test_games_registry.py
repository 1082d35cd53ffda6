"""The game registry: unique keys, well-formed definitions, engine-backed games' rules."""

from __future__ import annotations

import typing

import pytest

import games
from games.base import GameDefinition, GameRules, TableKind, TimingKind
from games.gunshi_rules import RULES
from matches.models import Match


def test_keys_are_unique_and_gunshi_comes_first() -> None:
    keys = [game.key for game in games.registered_games()]
    assert len(keys) == len(set(keys))
    assert keys[0] == "gunshi"
    assert [key for key, _name in games.game_choices()] == keys


def test_a_key_registers_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        games.register(games.get_game("gunshi"))


def test_an_unknown_key_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        games.get_game("no-such-game")


@pytest.mark.parametrize("game", games.registered_games(), ids=lambda game: game.key)
def test_every_definition_is_valid(game: GameDefinition) -> None:
    assert game.key
    assert game.key == game.key.strip().lower()
    assert len(game.key) <= Match._meta.get_field("game").max_length
    assert str(game.name)
    low, high = game.players
    assert 2 <= low <= high
    if game.table is TableKind.HEAD_TO_HEAD:
        assert game.players == (2, 2)
    if game.timing.kind is TimingKind.NONE:
        assert game.timing.time_control == ""
    else:
        assert game.timing.minutes > 0
    if game.timing.kind is not TimingKind.CHESS_CLOCK:
        assert game.timing.increment_seconds == 0
    if game.score is not None:
        assert game.score.maximum is None or game.score.minimum <= game.score.maximum
    assert game.over_the_board_only is (game.rules is None)
    if game.rules is not None:
        assert isinstance(game.rules, GameRules)
        assert game.table is TableKind.HEAD_TO_HEAD  # the match layer referees two seats
        assert set(game.rules.terminations) <= set(Match.Method.values)


def test_gunshi_is_engine_backed_by_its_adapter() -> None:
    game = games.get_game("gunshi")
    assert game.rules is RULES
    assert not game.over_the_board_only


def test_the_adapter_implements_every_member_of_the_interface() -> None:
    members = {
        name
        for name in dir(GameRules)
        if not name.startswith("_") and name not in dir(typing.Protocol)
    } | set(typing.get_type_hints(GameRules))
    assert {"new_game", "apply", "view", "clock_side", "replay", "terminations"} <= members
    for name in members:
        assert hasattr(RULES, name), name
