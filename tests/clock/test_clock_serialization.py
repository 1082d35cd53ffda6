"""Stored forms: ``to_dict``/``from_dict`` of clock states and log records (schema ``"v": 1``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from clock import (
    SCHEMA_VERSION,
    ClockEventKind,
    ClockRecord,
    ClockState,
    InvalidClockDataError,
    LagPolicy,
    TimeControl,
    clock_new,
    clock_press,
    clock_start,
)

T0 = 1_767_225_600_000


def sample() -> tuple[ClockState, ClockRecord]:
    clock = clock_start(clock_new(TimeControl.fischer(15, 10)), 0, now=T0).state
    return clock_press(clock, now=T0 + 12_345, lag_ms=80)


def test_state_dict_is_plain_json_with_a_version() -> None:
    clock, _ = sample()
    data = clock.to_dict()
    assert data == {
        "v": 1,
        "time_control": "15+10",
        "lag_policy": {"quota_gain_ms": 100, "initial_quota_ms": 300, "quota_cap_ms": 2_000},
        "remaining_ms": [900_000 - 12_265 + 10_000, 900_000],
        "lag_quota_ms": [320, 300],
        "running": 1,
        "segment_started_at": T0 + 12_345,
        "paused": False,
        "flagged": None,
    }
    assert SCHEMA_VERSION == 1
    assert ClockState.from_dict(json.loads(json.dumps(data))) == clock


def test_record_dict_is_plain_json_with_a_version() -> None:
    _, record = sample()
    data = record.to_dict()
    assert data == {
        "v": 1,
        "kind": "press",
        "at": T0 + 12_345,
        "seat": 0,
        "running": 1,
        "remaining_ms": [897_735, 900_000],
        "lag_quota_ms": [320, 300],
        "elapsed_ms": 12_345,
        "lag_ms": 80,
        "credit_ms": 80,
        "charged_ms": 12_265,
        "increment_ms": 10_000,
        "delta_ms": 0,
        "note": "",
    }
    restored = ClockRecord.from_dict(json.loads(json.dumps(data)))
    assert restored == record
    assert restored.kind is ClockEventKind.PRESS


def corrupt(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    result = dict(data)
    for key, value in changes.items():
        if value is ...:
            del result[key]
        else:
            result[key] = value
    return result


STATE_CORRUPTIONS = [
    {"v": 2},
    {"v": ...},
    {"extra": 1},
    {"running": ...},
    {"time_control": "20"},
    {"time_control": 20},
    {"lag_policy": {"quota_gain_ms": 100}},
    {"lag_policy": {"quota_gain_ms": 100, "initial_quota_ms": 300, "quota_cap_ms": 200}},
    {"remaining_ms": [1, 2, 3]},
    {"remaining_ms": [-1, 900_000]},
    {"remaining_ms": [1.5, 900_000]},
    {"remaining_ms": "900000"},
    {"lag_quota_ms": [300, 5_000]},  # above the cap
    {"running": 2},
    {"running": True},
    {"running": None},  # but the segment has a start time: inconsistent
    {"segment_started_at": None},  # running and not paused, so it must tick
    {"segment_started_at": -5},
    {"paused": 0},
    {"flagged": 1},  # flagged while running, with time left
]


@pytest.mark.parametrize("changes", STATE_CORRUPTIONS, ids=[str(c) for c in STATE_CORRUPTIONS])
def test_corrupt_state_dicts_are_rejected(changes: dict[str, Any]) -> None:
    clock, _ = sample()
    with pytest.raises(InvalidClockDataError) as excinfo:
        ClockState.from_dict(corrupt(clock.to_dict(), **changes))
    assert excinfo.value.code == "invalid_clock_data"


@pytest.mark.parametrize("data", [None, [], "clock", 3])
def test_non_dicts_are_rejected(data: object) -> None:
    with pytest.raises(InvalidClockDataError):
        ClockState.from_dict(data)
    with pytest.raises(InvalidClockDataError):
        ClockRecord.from_dict(data)


RECORD_CORRUPTIONS = [
    {"v": 0},
    {"kind": "tick"},
    {"kind": None},
    {"note": ...},
    {"at": -1},
    {"seat": 3},
    {"credit_ms": 100},  # more than the lag of 80
    {"charged_ms": 12_345},  # not elapsed - credit
    {"elapsed_ms": -1},
    {"increment_ms": "10"},
    {"delta_ms": 0.5},
    {"note": None},
    {"remaining_ms": [1]},
]


@pytest.mark.parametrize("changes", RECORD_CORRUPTIONS, ids=[str(c) for c in RECORD_CORRUPTIONS])
def test_corrupt_record_dicts_are_rejected(changes: dict[str, Any]) -> None:
    _, record = sample()
    with pytest.raises(InvalidClockDataError):
        ClockRecord.from_dict(corrupt(record.to_dict(), **changes))


def test_lag_policy_round_trips() -> None:
    for policy in (LagPolicy(), LagPolicy.none(), LagPolicy(50, 0, 500)):
        assert LagPolicy.from_dict(json.loads(json.dumps(policy.to_dict()))) == policy
