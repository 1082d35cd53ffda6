"""Time controls (named constructors, canonical text form) and the lag-quota arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clock import (
    LAG_QUOTA_CAP_MS,
    LAG_QUOTA_GAIN_MS,
    LAG_QUOTA_INITIAL_MS,
    InvalidTimeControlError,
    LagPolicy,
    TimeControl,
)


def test_official_is_twenty_minutes_sudden_death() -> None:
    control = TimeControl.official()
    assert control == TimeControl(initial_ms=1_200_000, increment_ms=0)
    assert control == TimeControl()  # the default is the official control
    assert control.sudden_death
    assert control.to_str() == "20+0"


def test_casual_and_fischer_constructors() -> None:
    assert TimeControl.casual() == TimeControl(initial_ms=600_000, increment_ms=0)
    assert TimeControl.casual(5) == TimeControl(initial_ms=300_000, increment_ms=0)
    fischer = TimeControl.fischer(15, 10)
    assert fischer == TimeControl(initial_ms=900_000, increment_ms=10_000)
    assert not fischer.sudden_death


@pytest.mark.parametrize(
    ("text", "initial_ms", "increment_ms"),
    [
        ("20+0", 1_200_000, 0),
        ("10+5", 600_000, 5_000),
        ("1+0", 60_000, 0),
        ("90s+0", 90_000, 0),
        ("45s+2", 45_000, 2_000),
        ("1500ms+0", 1_500, 0),
        ("20+250ms", 1_200_000, 250),
        ("61s+1001ms", 61_000, 1_001),
    ],
)
def test_text_form_round_trips(text: str, initial_ms: int, increment_ms: int) -> None:
    control = TimeControl.parse(text)
    assert control == TimeControl(initial_ms=initial_ms, increment_ms=increment_ms)
    assert control.to_str() == text
    assert str(control) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "20",
        "20+",
        "+0",
        "20 + 0",
        " 20+0",
        "20+0\n",
        "020+0",  # leading zero: not canonical
        "20+00",
        "20+5s",  # the increment's unit is seconds already
        "-20+0",
        "20+-1",
        "20m+0",
        "1_200s+0",  # int() would accept the underscore; the text form does not
        "２０+０",  # full-width digits
        "20+0+0",
        "9" * 50 + "+0",
    ],
)
def test_malformed_text_is_rejected(text: str) -> None:
    with pytest.raises(InvalidTimeControlError) as excinfo:
        TimeControl.parse(text)
    assert excinfo.value.code == "invalid_time_control"


def test_non_canonical_error_names_the_canonical_form() -> None:
    with pytest.raises(InvalidTimeControlError, match="'2\\+0'"):
        TimeControl.parse("120s+0")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"initial_ms": 0},
        {"initial_ms": -1},
        {"increment_ms": -1},
        {"initial_ms": True},
        {"initial_ms": 1.5},
        {"increment_ms": "5"},
    ],
)
def test_invalid_time_controls_are_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidTimeControlError):
        TimeControl(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("factory", "args"),
    [(TimeControl.casual, (0,)), (TimeControl.fischer, (0, 5)), (TimeControl.fischer, (10, -1))],
)
def test_invalid_named_constructor_arguments(factory: object, args: tuple[int, ...]) -> None:
    with pytest.raises(InvalidTimeControlError):
        factory(*args)  # type: ignore[operator]


@given(
    initial_ms=st.integers(min_value=1, max_value=10**10),
    increment_ms=st.integers(min_value=0, max_value=10**8),
)
def test_every_time_control_round_trips_through_text(initial_ms: int, increment_ms: int) -> None:
    control = TimeControl(initial_ms=initial_ms, increment_ms=increment_ms)
    text = control.to_str()
    assert TimeControl.parse(text) == control
    assert TimeControl.parse(text).to_str() == text


@given(st.text(alphabet="0123456789+sm", max_size=12))
def test_parse_accepts_only_canonical_text(text: str) -> None:
    try:
        control = TimeControl.parse(text)
    except InvalidTimeControlError:
        return
    assert control.to_str() == text


# ----------------------------------------------------------------------------- lag policy


def test_default_lag_policy_constants() -> None:
    policy = LagPolicy()
    assert (policy.quota_gain_ms, policy.initial_quota_ms, policy.quota_cap_ms) == (
        LAG_QUOTA_GAIN_MS,
        LAG_QUOTA_INITIAL_MS,
        LAG_QUOTA_CAP_MS,
    )
    assert (LAG_QUOTA_GAIN_MS, LAG_QUOTA_INITIAL_MS, LAG_QUOTA_CAP_MS) == (100, 300, 2_000)


@pytest.mark.parametrize(
    ("quota", "lag", "elapsed", "credit", "quota_after"),
    [
        (300, 0, 5_000, 0, 400),  # a fast connection gains nothing (but saves quota)
        (300, 120, 5_000, 120, 280),  # lag within the quota is credited in full
        (300, 800, 5_000, 300, 100),  # lag beyond the quota: only the quota
        (300, 800, 200, 200, 200),  # never more than the elapsed time
        (300, -50, 5_000, 0, 400),  # a negative report counts as no lag
        (1_950, 0, 5_000, 0, 2_000),  # growth stops at the cap
        (2_000, 0, 5_000, 0, 2_000),
        (2_000, 2_500, 5_000, 2_000, 100),  # a spike is credited up to the whole saved quota
        (0, 500, 5_000, 0, 100),
        (300, 300, 0, 0, 400),  # zero elapsed: nothing to credit
    ],
)
def test_lag_credit_table(
    quota: int, lag: int, elapsed: int, credit: int, quota_after: int
) -> None:
    assert LagPolicy().credit(quota, lag_ms=lag, elapsed_ms=elapsed) == (credit, quota_after)


def test_no_lag_policy_never_credits() -> None:
    assert LagPolicy.none().credit(0, lag_ms=10_000, elapsed_ms=60_000) == (0, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"quota_gain_ms": -1},
        {"initial_quota_ms": 3_000},  # above the cap
        {"quota_gain_ms": 2_500},  # above the cap
        {"quota_cap_ms": True},
    ],
)
def test_invalid_lag_policies_are_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidTimeControlError):
        LagPolicy(**kwargs)  # type: ignore[arg-type]


@given(
    quota=st.integers(0, LAG_QUOTA_CAP_MS),
    lag=st.integers(-10_000, 100_000),
    elapsed=st.integers(0, 10**7),
)
def test_lag_credit_bounds(quota: int, lag: int, elapsed: int) -> None:
    policy = LagPolicy()
    credit, after = policy.credit(quota, lag_ms=lag, elapsed_ms=elapsed)
    assert 0 <= credit <= min(max(lag, 0), quota, elapsed)
    assert credit == min(max(lag, 0), quota, elapsed)
    assert 0 <= after <= policy.quota_cap_ms
    assert after == min(quota - credit + policy.quota_gain_ms, policy.quota_cap_ms)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("20分", "invalid_time_control"),
        ("20", "invalid_time_control"),
        ("020+0", "invalid_time_control"),
        ("0+0", "time_control_too_short"),
        ("0s+5", "time_control_too_short"),
        ("0+5", "time_control_too_short"),
        ("1200s+0", "time_control_not_canonical"),
        ("20+5000ms", "time_control_not_canonical"),
        ("99999999+0", "time_control_too_long"),
        ("1+99999999", "time_control_too_long"),
        ("120s+0", "time_control_not_canonical"),
        ("10+5000ms", "time_control_not_canonical"),
    ],
)
def test_parse_tells_a_bad_spelling_from_a_value_out_of_range(text: str, code: str) -> None:
    with pytest.raises(InvalidTimeControlError) as caught:
        TimeControl.parse(text)
    assert caught.value.code == code


def test_a_non_canonical_spelling_names_the_canonical_one() -> None:
    with pytest.raises(InvalidTimeControlError) as caught:
        TimeControl.parse("120s+0")
    assert caught.value.canonical == "2+0"
