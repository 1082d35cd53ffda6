"""Errors raised by the clock, each with a stable ``code``.

The clock never formats messages for players: the web layer maps ``code`` to a translated
message, as it does for engine errors. All clock errors are ``ValueError``\\ s, so a caller that
only wants to reject bad input can catch ``ValueError``; a caller that must react (for example
adjudicate a loss on time) catches the specific class.

Tree::

    ClockError(ValueError)
    ├── InvalidTimeControlError   a time control or lag policy that cannot be used or parsed
    ├── InvalidClockDataError     a stored dict (``from_dict``) that is not a valid clock value
    ├── InvalidSeatError          a seat other than 0 (Red) or 1 (Blue)
    ├── ClockRangeError           a duration or instant beyond what the clock can represent
    └── ClockStateError           an operation that the clock's current state does not allow
        ├── ClockPausedError      the arbiter has paused the clock
        └── ClockFlaggedError     the running seat's time is up (or its flag is already recorded)
"""

from __future__ import annotations


class ClockError(ValueError):
    """Base class of every clock error; ``code`` is stable and machine-readable."""

    code: str = "clock_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class InvalidTimeControlError(ClockError):
    """A time control (or lag policy) is out of range, or its text form is malformed.

    ``TimeControl.parse`` tells the cases apart by ``code``: ``invalid_time_control`` (not the
    text form at all), ``time_control_too_short`` (no starting time), ``time_control_too_long``
    (beyond ``clock.epoch.MAX_DURATION_MS``) and ``time_control_not_canonical`` (a spelling
    of a valid control other than its one canonical text, given in ``canonical``).
    """

    code = "invalid_time_control"
    canonical: str = ""


class InvalidClockDataError(ClockError):
    """A stored clock value (``ClockState.from_dict``, ``ClockRecord.from_dict``) is invalid."""

    code = "invalid_clock_data"


class InvalidSeatError(ClockError):
    """A seat must be 0 (Red) or 1 (Blue)."""

    code = "invalid_seat"


class ClockRangeError(ClockError):
    """A duration or instant is beyond the clock's range (``clock.epoch.MAX_DURATION_MS``,
    ``MAX_INSTANT_MS``): storing it would overflow a datetime."""

    code = "clock_out_of_range"


class ClockStateError(ClockError):
    """The operation is not allowed in the clock's current state.

    ``code`` tells which: ``clock_not_running``, ``clock_already_running``, ``clock_not_paused``,
    ``clock_already_paused``, ``clock_not_flagged`` (and the subclasses' own codes).
    """

    code = "clock_state"


class ClockPausedError(ClockStateError):
    """The arbiter has paused the clock: no decision may be charged until it is resumed."""

    code = "clock_paused"


class ClockFlaggedError(ClockStateError):
    """The running seat's time is up, so the requested operation would charge a fallen flag.

    The match layer checks ``clock_flagged`` before applying anything; this error is the safety
    net when it does not. ``seat`` is the seat whose flag fell; ``deadline`` is the epoch
    millisecond at which it fell (``None`` when the flag was already recorded earlier).
    """

    code = "clock_flagged"

    def __init__(self, seat: int, deadline: int | None) -> None:
        when = "earlier" if deadline is None else f"at {deadline}"
        super().__init__(f"seat {seat}'s flag fell {when}")
        self.seat = seat
        self.deadline = deadline
