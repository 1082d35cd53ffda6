"""The clock refuses durations and instants it cannot represent, with ``ClockRangeError``,
instead of holding a value whose flag deadline overflows a datetime later."""

from __future__ import annotations

import pytest

from clock import (
    MAX_DURATION_MS,
    MAX_INSTANT_MS,
    ClockRangeError,
    ClockState,
    InvalidClockDataError,
    InvalidTimeControlError,
    TimeControl,
    clock_adjust,
    clock_flag_deadline,
    clock_new,
    clock_press,
    clock_start,
    datetime_from_epoch_ms,
)

NOW = 1_900_000_000_000


def test_an_adjustment_beyond_the_range_is_refused() -> None:
    clock, _ = clock_start(clock_new(), 0, now=NOW)
    for delta in (10**15, -(10**15), MAX_DURATION_MS + 1):
        with pytest.raises(ClockRangeError) as caught:
            clock_adjust(clock, 0, delta, now=NOW + 5)
        assert caught.value.code == "clock_out_of_range"
    with pytest.raises(ClockRangeError):
        clock_adjust(clock, 1, MAX_DURATION_MS, now=NOW + 5)  # 20 min + a year


def test_the_largest_representable_time_keeps_a_datetime_deadline() -> None:
    clock, _ = clock_start(clock_new(), 0, now=NOW)
    clock, _ = clock_adjust(clock, 0, MAX_DURATION_MS - 1_200_000, now=NOW)
    assert clock.remaining_ms[0] == MAX_DURATION_MS
    deadline = clock_flag_deadline(clock)
    assert deadline is not None
    assert datetime_from_epoch_ms(deadline).year >= 2030


def test_instants_beyond_the_range_are_refused() -> None:
    with pytest.raises(ClockRangeError):
        clock_start(clock_new(), 0, now=MAX_INSTANT_MS + 1)
    with pytest.raises(ClockRangeError):
        datetime_from_epoch_ms(10**20)
    clock_start(clock_new(), 0, now=MAX_INSTANT_MS)


def test_time_controls_and_stored_values_beyond_the_range_are_refused() -> None:
    with pytest.raises(InvalidTimeControlError):
        TimeControl(initial_ms=MAX_DURATION_MS + 1)
    with pytest.raises(InvalidTimeControlError):
        TimeControl.parse("99999999999+0")
    with pytest.raises(InvalidTimeControlError):
        TimeControl(increment_ms=10**15)
    data = clock_new().to_dict()
    data["remaining_ms"] = [10**15, 1_200_000]
    with pytest.raises(InvalidClockDataError):
        ClockState.from_dict(data)


def test_the_increment_never_lifts_a_seat_past_the_range() -> None:
    clock, _ = clock_start(
        clock_new(TimeControl(initial_ms=MAX_DURATION_MS, increment_ms=5_000)), 0, now=NOW
    )
    clock, record = clock_press(clock, now=NOW + 1_000)
    assert clock.remaining_ms[0] == MAX_DURATION_MS
    assert record.increment_ms == 1_000
