"""軍棋's adapter (games/junqi_rules.py): the GameRules interface and the simultaneous set-up
hooks over the ``junqi`` engine — decisions counted per ply, masking, records, timeouts."""

from __future__ import annotations

import random

import pytest

import games
import junqi
from games.base import GameRules, RulesError, SimultaneousSetup, TimingKind
from games.junqi_rules import RULES
from matches.models import Match


def _set_up(seed: int = 1) -> tuple[object, list[str]]:
    rng = random.Random(seed)
    _setup, state = RULES.new_game({"seed": 5, "time_control": "10+5"})
    texts = [junqi.SubmitSetup(junqi.random_setup(side, rng)).text for side in junqi.Side]
    for text in texts:
        state = RULES.apply(state, RULES.parse_action(text))
    return state, texts


def test_registered_after_gunshi_with_its_timing() -> None:
    keys = [game.key for game in games.registered_games()]
    assert keys[:2] == ["gunshi", "junqi"]
    game = games.get_game("junqi")
    assert game.draws
    assert game.timing.kind is TimingKind.CHESS_CLOCK
    assert (game.timing.minutes, game.timing.increment_seconds) == (10, 5)
    assert game.timing.setup_minutes == 5
    assert isinstance(RULES, GameRules)
    assert isinstance(RULES, SimultaneousSetup)
    assert not isinstance(games.get_game("gunshi").rules, SimultaneousSetup)
    assert set(RULES.terminations) <= set(Match.Method.values)


def test_options_and_bad_options() -> None:
    setup, state = RULES.new_game({"game_format": {"flying_bombs": True}, "time_control": "15+10"})
    fmt = setup["game_format"]
    assert fmt["flying_bombs"] is True
    assert (fmt["time_seconds"], fmt["increment_seconds"]) == (900, 10)
    assert RULES.state_from_dict(RULES.state_to_dict(state)) == state
    for bad in ({"game_format": {"nope": 1}}, {"start_position": {"x": 1}}):
        with pytest.raises(RulesError):
            RULES.new_game(bad)


def test_both_seats_act_during_setup_and_plies_count_decisions() -> None:
    _setup, state = RULES.new_game({"seed": 1})
    assert RULES.can_act(state, 0)
    assert RULES.can_act(state, 1)
    assert RULES.to_act(state) is None
    assert RULES.clock_side(state) is None
    assert RULES.setup_countdown_ms(state) == 300_000
    state, _texts = _set_up()
    assert RULES.ply(state) == 2
    assert RULES.to_act(state) == 0
    assert RULES.clock_side(state) == 0
    assert RULES.setup_countdown_ms(state) is None
    state = RULES.apply(state, RULES.parse_action("offer draw"))
    assert RULES.ply(state) == 3
    assert RULES.can_act(state, 1)
    assert RULES.action_seat(state, RULES.parse_action("accept draw")) == 1


def test_setups_are_masked_to_everyone_else() -> None:
    _setup, start = RULES.new_game({"seed": 1})
    text = junqi.SubmitSetup(junqi.random_setup(junqi.Side.RED, random.Random(1))).text
    action = RULES.parse_action(text)
    assert RULES.is_secret(start, action)
    assert RULES.history_text(start, action, 1) == "setup red ?"
    assert RULES.history_text(start, action, None) == "setup red ?"
    assert RULES.history_text(start, action, 0) == text


def test_setup_timeout_loss_and_random() -> None:
    _setup, state = RULES.new_game({"seed": 1})
    taken, after = RULES.setup_timeout(state)
    assert taken == []
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert (outcome.winner, outcome.termination) == (None, "setup_timeout")
    _setup, state = RULES.new_game({"seed": 1, "game_format": {"setup_timeout_policy": "random"}})
    taken, after = RULES.setup_timeout(state)
    assert [seat for seat, _text in taken] == [0, 1]
    assert RULES.ply(after) == 2
    assert RULES.to_act(after) == 0


def test_record_round_trip_with_an_external_result() -> None:
    state, texts = _set_up()
    setup, _first = RULES.new_game({"seed": 5, "time_control": "10+5"})
    record = RULES.record(
        setup=setup,
        actions=texts,
        players={"red": "Aoi", "blue": "Ren"},
        result={"winner": "blue", "method": "resignation"},
        meta={"finished_at": "2026-11-25T01:00:00+00:00"},
    )
    text = RULES.record_text(record)
    assert '[Result "0-1"]' in text
    assert '[Termination "RESIGN"]' in text
    summary = RULES.record_summary(RULES.parse_record(text))
    assert list(summary.actions) == texts
    assert summary.result == {"winner": "blue", "method": "resignation"}
    states = RULES.replay(RULES.parse_record(text))
    assert RULES.outcome(states[-1]) is not None
    ended = RULES.conclude(state, 0, "timeout")
    assert RULES.view(ended, None)["phase"] == "over"
