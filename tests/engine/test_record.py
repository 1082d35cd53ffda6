"""Game records (versioned JSON, deterministic replay) and the debug text rendering."""

from __future__ import annotations

import json

import pytest

from engine.errors import InvalidRecordError
from engine.playout import random_playout
from engine.record import GameRecord, ReplayError, replay
from engine.rulings import Rulings
from engine.state import Termination, render_board
from tests.engine.builders import R, executing, quick_war, random_game


def test_record_json_round_trip() -> None:
    """A record survives JSON unchanged (format, version, rulings, players, result, meta)."""
    _, decisions = quick_war()
    record = GameRecord(
        actions=tuple(a.to_str() for a in decisions),
        rulings=Rulings(bounce_turns_attacker=False, turn_limit=30),
        players={"red": "Aoi", "blue": "Ren"},
        result=None,
        meta={"event": "test", "round": 1},
    )
    assert GameRecord.from_json(record.to_json()) == record


def test_replay_rebuilds_every_state() -> None:
    """Folding the decisions over a new game gives back the played states."""
    steps = random_game(7, turn_limit=6)
    record = GameRecord(
        actions=tuple(s.action.to_str() for s in steps), rulings=steps[0].before.rulings
    )
    states = replay(record)
    assert states[1:] == [s.after for s in steps]


def test_replay_names_the_first_illegal_decision() -> None:
    """ReplayError carries the 0-based index and the cause's code."""
    record = GameRecord(actions=("deploy I c2 N", "deploy I c2 S"))
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.index == 1
    assert info.value.code == "illegal_action"


def test_replay_names_a_malformed_decision() -> None:
    record = GameRecord(actions=("deploy Q c2 N",))
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.index == 0
    assert info.value.code == "bad_piece_kind"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[]", "bad_record"),
        ("{", "bad_json"),
        ('{"format": "gunshi-record", "v": 99, "actions": []}', "bad_record_version"),
        ('{"format": "gunshi-record", "v": 1, "actions": [1]}', "bad_record"),
        ('{"format": "gunshi-record", "v": 1, "actions": [], "rulings": {"x": 1}}', "bad_record"),
    ],
)
def test_malformed_records_are_rejected(text: str, code: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_json(text)
    assert info.value.code == code


def test_replay_accepts_a_red_win() -> None:
    """A record whose result says Red won replays when the moves say so (Side.RED is 0)."""
    steps = []
    for seed in range(200):
        steps = random_game(seed, turn_limit=40)
        outcome = steps[-1].after.outcome
        if (
            outcome is not None
            and outcome.winner is R
            and outcome.termination is not Termination.TURN_LIMIT
        ):
            break
    else:  # pragma: no cover - the seeds above contain Red wins
        pytest.fail("no random Red win found")
    actions = tuple(s.action.to_str() for s in steps)
    rulings = steps[0].before.rulings
    record = GameRecord(actions=actions, rulings=rulings, result={"winner": "red", "method": "g"})
    assert replay(record)[-1] == steps[-1].after
    wrong = GameRecord(actions=actions, rulings=rulings, result={"winner": "blue", "method": "g"})
    with pytest.raises(InvalidRecordError) as info:
        replay(wrong)
    assert info.value.code == "result_mismatch"


def test_render_board_names_red_to_act() -> None:
    """The debug rendering says whose decision is due (Side.RED is 0)."""
    state = executing({"c2": "rIN*", "g7": "bAS*"}, "MV")
    assert render_board(state).splitlines()[-1].endswith("to act red")


def test_a_waiting_shooter_round_trips_through_a_version_2_record() -> None:
    """Q9: the chosen order of a shooting chain (``select b2 x``, then the partners, then the
    leader) is written in the record, read back and replayed to the same game."""
    record, final = random_playout(seed=278, turn_limit=40)
    assert any(text.startswith("select") and text.endswith(" x") for text in record.actions)
    data = json.loads(record.to_json())
    assert data["v"] == 2
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again)[-1] == final


def test_a_version_1_record_still_replays() -> None:
    """Records written before version 2 keep their meaning: every version-1 decision is read
    the same way (docs/records.md, the example game of seed 18)."""
    record, final = random_playout(seed=18)
    data = record.to_dict()
    data["v"] = 1
    old = GameRecord.from_dict(data)
    assert old == record
    assert replay(old)[-1] == final


@pytest.mark.parametrize("version", [0, 3, True, "2", None])
def test_unknown_record_versions_are_refused(version: object) -> None:
    data = GameRecord(actions=()).to_dict()
    data["v"] = version
    with pytest.raises(InvalidRecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.code == "bad_record_version"
