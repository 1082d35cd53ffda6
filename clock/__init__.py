"""A pure, server-authoritative chess clock for 軍師軍略 matches.

Standard library only, integer milliseconds, "now" injected, nothing ticks: remaining time is
computed when asked (the lichess/scalachess model). Seats are plain ints, 0 = Red (moves first)
and 1 = Blue; the clock does not import the engine. See ``docs/clock.md`` for how the match layer
binds it to the official press points (RULES.md §15), and ``clock.logic`` for the vocabulary.

Typical use by the match layer, inside its locked transaction::

    now = epoch_ms(timezone.now())
    if (seat := clock_flagged(clock, now=now)) is not None:
        clock, record = clock_record_flag(clock, now=now)   # loss on time for `seat`
    else:
        clock, record = clock_after_decision(
            clock, now=now, lag_ms=lag, next_seat=next_seat, timed=timed
        )
    deadline = clock_flag_deadline(clock)  # schedule the timeout check for this instant
"""

from clock.control import (
    DEFAULT_LAG_POLICY,
    LAG_QUOTA_CAP_MS,
    LAG_QUOTA_GAIN_MS,
    LAG_QUOTA_INITIAL_MS,
    OFFICIAL_INITIAL_MS,
    LagPolicy,
    TimeControl,
)
from clock.epoch import MAX_DURATION_MS, MAX_INSTANT_MS, datetime_from_epoch_ms, epoch_ms
from clock.errors import (
    ClockError,
    ClockFlaggedError,
    ClockPausedError,
    ClockRangeError,
    ClockStateError,
    InvalidClockDataError,
    InvalidSeatError,
    InvalidTimeControlError,
)
from clock.logic import (
    SCHEMA_VERSION,
    ClockEventKind,
    ClockRecord,
    ClockSnapshot,
    ClockState,
    ClockUpdate,
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
)
from clock.policy import clock_after_decision
from clock.seats import BLUE, RED, SEATS, Seat, other_seat

__all__ = [
    "BLUE",
    "DEFAULT_LAG_POLICY",
    "LAG_QUOTA_CAP_MS",
    "LAG_QUOTA_GAIN_MS",
    "LAG_QUOTA_INITIAL_MS",
    "MAX_DURATION_MS",
    "MAX_INSTANT_MS",
    "OFFICIAL_INITIAL_MS",
    "RED",
    "SCHEMA_VERSION",
    "SEATS",
    "ClockError",
    "ClockEventKind",
    "ClockFlaggedError",
    "ClockPausedError",
    "ClockRangeError",
    "ClockRecord",
    "ClockSnapshot",
    "ClockState",
    "ClockStateError",
    "ClockUpdate",
    "InvalidClockDataError",
    "InvalidSeatError",
    "InvalidTimeControlError",
    "LagPolicy",
    "Seat",
    "TimeControl",
    "clock_adjust",
    "clock_after_decision",
    "clock_elapsed",
    "clock_flag_deadline",
    "clock_flagged",
    "clock_new",
    "clock_pause",
    "clock_press",
    "clock_record_flag",
    "clock_remaining",
    "clock_resume",
    "clock_snapshot",
    "clock_start",
    "clock_stop",
    "clock_switch_to",
    "datetime_from_epoch_ms",
    "epoch_ms",
    "other_seat",
]
