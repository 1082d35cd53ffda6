"""Action texts, errors that never half-apply, state serialisation, the public API."""

from __future__ import annotations

import json

import pytest

import junqi
from junqi.actions import (
    AcceptDraw,
    DeclineDraw,
    Move,
    OfferDraw,
    Resign,
    SubmitSetup,
    parse_action,
)
from junqi.errors import IllegalActionError, InvalidActionError
from junqi.notation import state_from_dict, state_to_dict
from junqi.playout import random_playout, start_random
from junqi.rules import actor, apply_action, legal_actions
from junqi.setup import Setup
from junqi.types import Side, parse_station
from tests.junqi.builders import RED_SETUP


@pytest.mark.parametrize(
    "action",
    [
        Move(parse_station("e4"), parse_station("e9")),
        Move(parse_station("a10"), parse_station("a11")),
        SubmitSetup(Setup.parse(Side.BLUE, RED_SETUP)),
        Resign(Side.RED),
        OfferDraw(),
        AcceptDraw(),
        DeclineDraw(),
    ],
)
def test_action_text_round_trips(action: junqi.Action) -> None:
    assert parse_action(action.text) == action


def test_attack_notation_is_read_as_a_move() -> None:
    assert parse_action("a6xa8") == Move(parse_station("a6"), parse_station("a8"))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "action.empty"),
        ("e4-e4", "action.syntax"),
        ("f1-f2", "station.unknown"),
        ("resign green", "side.unknown"),
        ("setup red MFM32", "setup.format"),
        ("dance", "action.syntax"),
    ],
)
def test_invalid_action_texts(text: str, code: str) -> None:
    with pytest.raises(InvalidActionError) as caught:
        parse_action(text)
    assert caught.value.code == code


def test_apply_never_half_applies_and_game_over_rejects() -> None:
    state = start_random(1)
    snapshot = state_to_dict(state)
    with pytest.raises(IllegalActionError):
        apply_action(state, AcceptDraw())
    assert state_to_dict(state) == snapshot
    over = apply_action(state, Resign(Side.RED))
    with pytest.raises(IllegalActionError) as caught:
        apply_action(over, legal_actions(state, Side.RED)[0])
    assert caught.value.code == "game.over"


def test_actor() -> None:
    state = start_random(1)
    assert actor(state, legal_actions(state, Side.RED)[0]) is Side.RED
    offered = apply_action(state, OfferDraw())
    assert actor(offered, AcceptDraw()) is Side.BLUE
    assert actor(state, Resign(Side.BLUE)) is Side.BLUE


@pytest.mark.parametrize("seed", range(5))
def test_state_dict_round_trips_through_json(seed: int) -> None:
    for max_plies in (0, 25, None):
        state = random_playout(seed, junqi.Options(carry_flag=seed % 2 == 1), max_plies=max_plies)
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    fresh = junqi.new_game()
    assert state_from_dict(state_to_dict(fresh)) == fresh


def test_state_from_dict_rejects_garbage() -> None:
    with pytest.raises(junqi.InvalidRecordError):
        state_from_dict({"v": 99})
    data = state_to_dict(start_random(1))
    del data["board"]
    with pytest.raises(junqi.InvalidRecordError):
        state_from_dict(data)


def test_public_api_names() -> None:
    for name in junqi.__all__:
        assert hasattr(junqi, name)


def test_arbiter_and_external_results() -> None:
    state = start_random(2)
    over = junqi.apply_arbiter_result(state, Side.BLUE)
    assert over.outcome == junqi.Outcome(Side.BLUE, junqi.Termination.ARBITER)
    with pytest.raises(IllegalActionError):
        junqi.apply_arbiter_result(over, None)
    with pytest.raises(IllegalActionError) as caught:
        junqi.apply_result(state, junqi.Outcome(Side.RED, junqi.Termination.FLAG))
    assert caught.value.code == "result.engine"


def test_random_setup_timeout_needs_a_random_source() -> None:
    options = junqi.Options(setup_timeout_policy=junqi.SetupTimeoutPolicy.RANDOM)
    with pytest.raises(IllegalActionError) as caught:
        junqi.apply_setup_timeout(junqi.new_game(options))
    assert caught.value.code == "timeout.rng"


def test_options_names_round_trip() -> None:
    options = junqi.Options(
        flying_bombs=True,
        no_combat_limit=None,
        draw_offers=False,
        setup_timeout_policy=junqi.SetupTimeoutPolicy.RANDOM,
        time_seconds=300,
    )
    assert junqi.Options.from_names(options.names()) == options
    assert junqi.Options.from_dict(options.to_dict()) == options
    assert junqi.Options().names() == ()
    assert options.variants == ("flying_bombs",)
