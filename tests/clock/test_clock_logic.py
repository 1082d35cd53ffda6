"""Clock operations with an injected "now": charging, increments, flags, pause, adjust, lag."""

from __future__ import annotations

import enum
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone

import pytest

from clock import (
    BLUE,
    RED,
    ClockEventKind,
    ClockFlaggedError,
    ClockPausedError,
    ClockState,
    ClockStateError,
    InvalidSeatError,
    LagPolicy,
    TimeControl,
    clock_adjust,
    clock_elapsed,
    clock_flag_deadline,
    clock_flagged,
    clock_new,
    clock_pause,
    clock_press,
    clock_record_flag,
    clock_remaining,
    clock_resume,
    clock_snapshot,
    clock_start,
    clock_stop,
    clock_switch_to,
    datetime_from_epoch_ms,
    epoch_ms,
    other_seat,
)

T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z in epoch ms: any instant works
FULL = 1_200_000
NO_LAG = LagPolicy.none()


def running_clock(
    seat: int = RED,
    *,
    control: TimeControl | None = None,
    policy: LagPolicy | None = NO_LAG,
    at: int = T0,
) -> ClockState:
    return clock_start(clock_new(control, lag_policy=policy), seat, now=at).state


# ---------------------------------------------------------------------------------- basics


def test_new_clock_has_full_time_and_nothing_running() -> None:
    clock = clock_new()
    assert clock.remaining_ms == (FULL, FULL)
    assert clock.running is None
    assert not clock.ticking
    assert clock_flag_deadline(clock) is None
    assert clock_flagged(clock, now=T0 + 10**9) is None
    assert clock_remaining(clock, RED, now=T0 + 10**9) == FULL


def test_start_runs_one_seat_and_charges_nobody() -> None:
    clock, record = clock_start(clock_new(), BLUE, now=T0)
    assert clock.running == BLUE
    assert clock.segment_started_at == T0
    assert record.kind == ClockEventKind.START
    assert record.seat == BLUE
    assert record.remaining_ms == (FULL, FULL)
    assert clock_remaining(clock, BLUE, now=T0 + 61_000) == FULL - 61_000
    assert clock_remaining(clock, RED, now=T0 + 61_000) == FULL


def test_start_refuses_a_running_clock() -> None:
    with pytest.raises(ClockStateError) as excinfo:
        clock_start(running_clock(RED), BLUE, now=T0 + 1)
    assert excinfo.value.code == "clock_already_running"


def test_press_charges_the_runner_and_starts_the_other_seat() -> None:
    clock, record = clock_press(running_clock(RED), now=T0 + 42_000)
    assert clock.remaining_ms == (FULL - 42_000, FULL)
    assert clock.running == BLUE
    assert clock.segment_started_at == T0 + 42_000
    assert record.kind == ClockEventKind.PRESS
    assert (record.seat, record.at, record.elapsed_ms, record.charged_ms) == (
        RED,
        T0 + 42_000,
        42_000,
        42_000,
    )
    assert record.running == BLUE
    assert record.remaining_ms == (FULL - 42_000, FULL)


def test_press_without_a_running_clock_is_refused() -> None:
    with pytest.raises(ClockStateError) as excinfo:
        clock_press(clock_new(), now=T0)
    assert excinfo.value.code == "clock_not_running"


def test_switch_to_same_seat_charges_without_increment() -> None:
    clock = running_clock(RED, control=TimeControl.fischer(20, 5))
    clock, record = clock_switch_to(clock, RED, now=T0 + 10_000)
    assert record.kind == ClockEventKind.SWITCH
    assert record.increment_ms == 0
    assert clock.running == RED
    assert clock.segment_started_at == T0 + 10_000
    assert clock.remaining_ms == (FULL - 10_000, FULL)


def test_switch_to_same_seat_can_end_the_turn() -> None:
    clock = running_clock(RED, control=TimeControl.fischer(20, 5))
    clock, record = clock_switch_to(clock, RED, now=T0 + 10_000, turn_ended=True)
    assert record.kind == ClockEventKind.PRESS
    assert clock.remaining_ms == (FULL - 10_000 + 5_000, FULL)
    assert clock.running == RED


def test_switch_to_other_seat_defaults_to_a_press() -> None:
    clock = running_clock(RED, control=TimeControl.fischer(20, 5))
    _, record = clock_switch_to(clock, BLUE, now=T0 + 1_000)
    assert record.kind == ClockEventKind.PRESS
    assert record.increment_ms == 5_000
    _, record = clock_switch_to(clock, BLUE, now=T0 + 1_000, turn_ended=False)
    assert record.kind == ClockEventKind.SWITCH
    assert record.increment_ms == 0


def test_fischer_increment_is_added_at_each_press() -> None:
    clock = running_clock(RED, control=TimeControl.fischer(10, 3))
    clock, _ = clock_press(clock, now=T0 + 20_000)  # Red: 600 - 20 + 3
    clock, _ = clock_press(clock, now=T0 + 30_000)  # Blue: 600 - 10 + 3
    clock, record = clock_press(clock, now=T0 + 31_000)  # Red: 583 - 1 + 3
    assert clock.remaining_ms == (585_000, 593_000)
    assert record.increment_ms == 3_000


def test_stop_charges_the_runner_and_nothing_runs() -> None:
    clock, record = clock_stop(running_clock(BLUE), now=T0 + 9_000)
    assert clock.running is None
    assert not clock.ticking
    assert clock.remaining_ms == (FULL, FULL - 9_000)
    assert record.kind == ClockEventKind.STOP
    assert (record.seat, record.charged_ms, record.running) == (BLUE, 9_000, None)
    # An untimed stretch charges nobody, however long.
    assert clock_remaining(clock, BLUE, now=T0 + 10**8) == FULL - 9_000


def test_stop_without_running_clock_charges_nobody() -> None:
    clock, record = clock_stop(clock_new(), now=T0)
    assert clock == clock_new()
    assert (record.kind, record.seat, record.charged_ms) == (ClockEventKind.STOP, None, 0)


def test_stop_can_add_the_increment_for_a_completed_turn() -> None:
    clock = running_clock(RED, control=TimeControl.fischer(20, 5))
    clock, record = clock_stop(clock, now=T0 + 1_000, turn_ended=True)
    assert clock.remaining_ms == (FULL + 4_000, FULL)
    assert record.increment_ms == 5_000


def test_clock_skew_never_gives_time_back() -> None:
    clock = running_clock(RED)
    assert clock_elapsed(clock, now=T0 - 500) == 0
    assert clock_remaining(clock, RED, now=T0 - 500) == FULL
    clock, record = clock_press(clock, now=T0 - 500)
    assert record.elapsed_ms == 0
    assert clock.remaining_ms == (FULL, FULL)


@pytest.mark.parametrize("seat", [-1, 2, True, None, "0", 0.0])
def test_invalid_seats_are_rejected(seat: object) -> None:
    with pytest.raises(InvalidSeatError):
        clock_start(clock_new(), seat, now=T0)  # type: ignore[arg-type]


def test_int_enum_seats_are_stored_as_plain_ints() -> None:
    class Side(enum.IntEnum):
        RED = 0
        BLUE = 1

    clock = clock_start(clock_new(), Side.BLUE, now=T0).state
    assert clock.running == 1
    assert type(clock.running) is int
    assert other_seat(Side.RED) == 1


def test_now_must_be_a_non_negative_int() -> None:
    with pytest.raises(ValueError, match="now"):
        clock_start(clock_new(), RED, now=-1)
    with pytest.raises(ValueError, match="now"):
        clock_start(clock_new(), RED, now=1.5)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------- flags


def test_flag_falls_exactly_at_zero() -> None:
    control = TimeControl(initial_ms=10_000)
    clock = running_clock(BLUE, control=control)
    deadline = T0 + 10_000
    assert clock_flag_deadline(clock) == deadline
    assert clock_remaining(clock, BLUE, now=deadline - 1) == 1
    assert clock_flagged(clock, now=deadline - 1) is None
    assert clock_remaining(clock, BLUE, now=deadline) == 0
    assert clock_flagged(clock, now=deadline) == BLUE
    assert clock_remaining(clock, BLUE, now=deadline + 5_000) == 0  # never negative


def test_press_one_millisecond_before_the_deadline_is_in_time() -> None:
    clock = running_clock(BLUE, control=TimeControl(initial_ms=10_000))
    clock, record = clock_press(clock, now=T0 + 9_999)
    assert clock.remaining_ms == (10_000, 1)
    assert record.charged_ms == 9_999


@pytest.mark.parametrize("late_by", [0, 1, 60_000])
def test_press_at_or_after_the_deadline_reports_the_flag(late_by: int) -> None:
    clock = running_clock(BLUE, control=TimeControl(initial_ms=10_000))
    with pytest.raises(ClockFlaggedError) as excinfo:
        clock_press(clock, now=T0 + 10_000 + late_by)
    assert excinfo.value.seat == BLUE
    assert excinfo.value.deadline == T0 + 10_000
    assert excinfo.value.code == "clock_flagged"


def test_lag_credit_does_not_rescue_a_late_press() -> None:
    clock = running_clock(BLUE, control=TimeControl(initial_ms=10_000), policy=LagPolicy())
    with pytest.raises(ClockFlaggedError):
        clock_press(clock, now=T0 + 10_050, lag_ms=300)


@pytest.mark.parametrize(
    "operation",
    [
        lambda c, now: clock_switch_to(c, 0, now=now),
        lambda c, now: clock_stop(c, now=now),
        lambda c, now: clock_pause(c, now=now),
        lambda c, now: clock_adjust(c, 0, 60_000, now=now),
    ],
    ids=["switch", "stop", "pause", "adjust"],
)
def test_every_operation_checks_the_flag_first(operation: object) -> None:
    clock = running_clock(RED, control=TimeControl(initial_ms=10_000))
    with pytest.raises(ClockFlaggedError):
        operation(clock, T0 + 10_000)  # type: ignore[operator]


def test_record_flag_finishes_the_clock() -> None:
    clock = running_clock(RED, control=TimeControl(initial_ms=10_000))
    clock, record = clock_record_flag(clock, now=T0 + 10_180)
    assert clock.flagged == RED
    assert clock.running is None
    assert clock.remaining_ms == (0, 10_000)
    assert record.kind == ClockEventKind.FLAG
    assert (record.seat, record.elapsed_ms, record.charged_ms) == (RED, 10_180, 10_000)
    assert record.at - record.elapsed_ms + record.charged_ms == T0 + 10_000  # when it fell
    assert clock_flagged(clock, now=T0) == RED
    assert clock_flag_deadline(clock) is None
    operations: list[Callable[[], object]] = [
        lambda: clock_record_flag(clock, now=T0 + 20_000),
        lambda: clock_start(clock, BLUE, now=T0 + 20_000),
        lambda: clock_stop(clock, now=T0 + 20_000),
        lambda: clock_resume(clock, now=T0 + 20_000),
        lambda: clock_adjust(clock, RED, 1_000, now=T0 + 20_000),
    ]
    for operation in operations:
        with pytest.raises(ClockFlaggedError):
            operation()


def test_record_flag_requires_a_fallen_flag() -> None:
    clock = running_clock(RED, control=TimeControl(initial_ms=10_000))
    with pytest.raises(ClockStateError) as excinfo:
        clock_record_flag(clock, now=T0 + 9_999)
    assert excinfo.value.code == "clock_not_flagged"
    with pytest.raises(ClockStateError):
        clock_record_flag(clock_new(), now=T0)


# ------------------------------------------------------------------------------------- lag


def test_lag_is_credited_from_the_quota() -> None:
    clock = running_clock(RED, policy=LagPolicy())
    clock, record = clock_press(clock, now=T0 + 10_000, lag_ms=250)
    assert (record.elapsed_ms, record.lag_ms, record.credit_ms, record.charged_ms) == (
        10_000,
        250,
        250,
        9_750,
    )
    assert clock.remaining_ms == (FULL - 9_750, FULL)
    assert clock.lag_quota_ms == (300 - 250 + 100, 300)
    assert record.lag_quota_ms == clock.lag_quota_ms


def test_quota_grows_by_the_gain_per_turn_up_to_the_cap() -> None:
    clock = running_clock(RED, policy=LagPolicy())
    quotas = []
    now = T0
    for _ in range(20):
        now += 1_000
        # A fast connection (lag 0); Red completes a turn and plays again (deployment).
        clock, _ = clock_switch_to(clock, RED, now=now, turn_ended=True)
        quotas.append(clock.lag_quota_ms[RED])
    assert quotas[:3] == [400, 500, 600]
    assert quotas[16:] == [2_000, 2_000, 2_000, 2_000]
    assert clock.lag_quota_ms[BLUE] == 300  # only the charged seat's quota moves
    # A fast connection gained nothing on the clock:
    assert clock.remaining_ms[RED] == FULL - 20_000


def test_a_slow_connection_cannot_take_more_than_its_quota() -> None:
    clock = running_clock(RED, policy=LagPolicy())
    now = T0
    credits = []
    for _ in range(5):
        now += 5_000
        clock, record = clock_switch_to(clock, RED, now=now, lag_ms=1_500, turn_ended=True)
        credits.append(record.credit_ms)
    assert credits == [300, 100, 100, 100, 100]
    assert clock.remaining_ms[RED] == FULL - 25_000 + 700


def test_a_saved_up_quota_absorbs_one_spike() -> None:
    clock = running_clock(RED, policy=LagPolicy())
    now = T0
    for _ in range(17):
        now += 1_000
        clock, _ = clock_switch_to(clock, RED, now=now, turn_ended=True)
    assert clock.lag_quota_ms[RED] == 2_000
    clock, record = clock_switch_to(clock, RED, now=now + 9_000, lag_ms=2_600, turn_ended=True)
    assert record.credit_ms == 2_000
    assert clock.lag_quota_ms[RED] == 100


def test_lag_is_credited_once_per_turn_not_per_decision() -> None:
    """A client that always claims high lag gains on the press only, never on the switches of
    its turn (each of which would otherwise earn another gain)."""
    clock = running_clock(RED, policy=LagPolicy())
    now = T0
    for turn in range(30):
        seat = clock.running
        for _ in range(6):  # card executions and their choices within the turn
            now += 2_000
            clock, record = clock_switch_to(clock, seat, now=now, lag_ms=10_000)
            assert (record.kind, record.credit_ms, record.charged_ms) == ("switch", 0, 2_000)
            assert record.lag_ms == 10_000  # reported, logged, not credited
        now += 2_000
        clock, record = clock_press(clock, now=now, lag_ms=10_000)
        assert record.credit_ms == (300 if turn < 2 else 100)
    # 15 turns each: 300 ms of initial quota and 100 ms per later turn, never per decision.
    assert clock.remaining_ms == (FULL - 15 * 14_000 + 300 + 14 * 100,) * 2


def test_fast_connection_matches_no_compensation() -> None:
    with_quota = running_clock(RED, policy=LagPolicy())
    without = running_clock(RED, policy=NO_LAG)
    for step in range(1, 9):
        with_quota, _ = clock_press(with_quota, now=T0 + step * 7_000)
        without, _ = clock_press(without, now=T0 + step * 7_000)
    assert with_quota.remaining_ms == without.remaining_ms


def test_lag_is_never_credited_beyond_the_elapsed_time() -> None:
    clock = running_clock(RED, policy=LagPolicy())
    clock, record = clock_press(clock, now=T0 + 120, lag_ms=900)
    assert record.credit_ms == 120
    assert record.charged_ms == 0
    assert clock.remaining_ms == (FULL, FULL)


# ------------------------------------------------------------------------- arbiter powers


def test_pause_charges_up_to_now_and_resume_restarts_the_same_seat() -> None:
    clock = running_clock(BLUE, policy=LagPolicy())
    clock, record = clock_pause(clock, now=T0 + 30_000, note="dispute on board 4")
    assert clock.paused
    assert clock.running == BLUE
    assert not clock.ticking
    assert clock_flag_deadline(clock) is None
    assert clock.remaining_ms == (FULL, FULL - 30_000)
    assert record.kind == ClockEventKind.PAUSE
    assert (record.seat, record.charged_ms, record.credit_ms, record.note) == (
        BLUE,
        30_000,
        0,
        "dispute on board 4",
    )
    assert clock.lag_quota_ms == (300, 300)  # a pause is not a lag event
    # Time does not run while paused:
    assert clock_remaining(clock, BLUE, now=T0 + 10**7) == FULL - 30_000
    clock, record = clock_resume(clock, now=T0 + 600_000)
    assert not clock.paused
    assert clock.segment_started_at == T0 + 600_000
    assert record.kind == ClockEventKind.RESUME
    assert clock_remaining(clock, BLUE, now=T0 + 610_000) == FULL - 40_000


def test_a_paused_clock_refuses_decisions() -> None:
    clock = clock_pause(running_clock(RED), now=T0 + 1).state
    with pytest.raises(ClockPausedError):
        clock_press(clock, now=T0 + 2)
    with pytest.raises(ClockPausedError):
        clock_switch_to(clock, RED, now=T0 + 2)
    idle = clock_pause(clock_new(), now=T0).state
    with pytest.raises(ClockPausedError):
        clock_start(idle, RED, now=T0 + 2)


def test_pause_and_resume_in_an_untimed_segment() -> None:
    clock, record = clock_pause(clock_new(), now=T0)
    assert clock.paused
    assert record.seat is None
    clock, _ = clock_resume(clock, now=T0 + 5_000)
    assert not clock.paused
    assert not clock.ticking
    assert clock.running is None


def test_pause_twice_and_resume_unpaused_are_refused() -> None:
    paused = clock_pause(running_clock(RED), now=T0 + 1).state
    with pytest.raises(ClockStateError) as excinfo:
        clock_pause(paused, now=T0 + 2)
    assert excinfo.value.code == "clock_already_paused"
    with pytest.raises(ClockStateError) as excinfo:
        clock_resume(running_clock(RED), now=T0 + 2)
    assert excinfo.value.code == "clock_not_paused"


def test_a_player_may_resign_during_a_pause() -> None:
    paused = clock_pause(running_clock(RED), now=T0 + 5_000).state
    clock, record = clock_stop(paused, now=T0 + 50_000)
    assert clock.running is None
    assert clock.paused
    assert clock.remaining_ms == (FULL - 5_000, FULL)
    assert record.charged_ms == 0


def test_adjust_adds_and_removes_time() -> None:
    clock = running_clock(RED)
    clock, record = clock_adjust(clock, BLUE, 120_000, now=T0 + 1_000, note="clock fault")
    assert clock.remaining_ms == (FULL, FULL + 120_000)
    assert (record.kind, record.seat, record.delta_ms) == (ClockEventKind.ADJUST, BLUE, 120_000)
    clock, record = clock_adjust(clock, RED, -60_000, now=T0 + 11_000)
    assert clock_remaining(clock, RED, now=T0 + 11_000) == FULL - 11_000 - 60_000
    assert record.remaining_ms == (FULL - 71_000, FULL + 120_000)
    assert clock.running == RED  # adjusting does not stop the clock


def test_adjust_never_goes_below_zero() -> None:
    update = clock_adjust(running_clock(RED), BLUE, -(10**9), now=T0 + 1_000)
    assert update.state.remaining_ms[BLUE] == 0
    assert update.record.delta_ms == -FULL
    # Removing all of the runner's time makes its flag fall at once.
    clock, record = clock_adjust(running_clock(RED), RED, -(10**9), now=T0 + 1_000)
    assert record.delta_ms == -(FULL - 1_000)
    assert clock_remaining(clock, RED, now=T0 + 1_000) == 0
    assert clock_flagged(clock, now=T0 + 1_000) == RED


def test_adjust_while_paused() -> None:
    clock = clock_pause(running_clock(RED), now=T0 + 2_000).state
    clock, _ = clock_adjust(clock, RED, 2_000, now=T0 + 9_000)
    assert clock.remaining_ms == (FULL, FULL)


# ----------------------------------------------------------------------------- snapshots


def test_snapshot_for_the_browser() -> None:
    clock = running_clock(BLUE)
    assert clock_snapshot(clock, now=T0 + 2_500) == {
        "now": T0 + 2_500,
        "time_control": "20+0",
        "remaining_ms": [FULL, FULL - 2_500],
        "running": BLUE,
        "ticking": True,
        "paused": False,
        "flagged": None,
        "deadline": T0 + FULL,
    }
    late = clock_snapshot(clock, now=T0 + FULL)
    assert late["flagged"] == BLUE
    assert not late["ticking"]
    assert late["remaining_ms"] == [FULL, 0]


# ------------------------------------------------------------------------ datetime boundary


def test_epoch_ms_round_trips_aware_datetimes() -> None:
    moment = datetime(2026, 5, 17, 9, 30, 0, 123_000, tzinfo=UTC)
    assert datetime_from_epoch_ms(epoch_ms(moment)) == moment
    tokyo = moment.astimezone(timezone(timedelta(hours=9)))
    assert epoch_ms(tokyo) == epoch_ms(moment)
    assert epoch_ms(datetime(1970, 1, 1, 0, 0, 1, 999, tzinfo=UTC)) == 1_000  # floors the µs


def test_epoch_ms_refuses_naive_datetimes() -> None:
    with pytest.raises(ValueError, match="naive"):
        epoch_ms(datetime(2026, 1, 1))  # noqa: DTZ001 - the point of the test
