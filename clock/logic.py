"""The chess clock as a pure value: ``ClockState`` plus functions of an injected ``now``.

Vocabulary
----------
* **Seat**: ``0`` Red (moves first), ``1`` Blue (``clock.seats``).
* **now**, **at**: instants, ``int`` milliseconds since the Unix epoch, supplied by the caller
  (``clock.epoch.epoch_ms`` converts an aware datetime). The clock never reads the system time.
* **Segment**: a stretch of play in which one seat's clock runs. ``ClockState.running`` is the
  seat whose segment it is; ``segment_started_at`` is when the current stretch began. Nothing
  ticks: ``remaining_ms`` holds each seat's time *at the start of the running stretch*, and
  ``clock_remaining`` subtracts the elapsed time when asked (the lichess/scalachess model: the
  browser counts down from a snapshot and the server recomputes on every action).
* **Ticking**: ``running`` is set, the arbiter has not paused, and no flag is recorded; exactly
  then ``segment_started_at`` is set and ``clock_flag_deadline`` is an instant.
* **Untimed segment**: ``running is None`` and not flagged: nobody's time is used (before the
  clock starts, during the expansion-card choice or the deck-building draft, after the game).
* **Charge**: when a decision reaches the server, the running seat pays the time elapsed since
  its stretch began, less the lag credit (``LagPolicy.credit``). A charge that ends the seat's
  stretch of play — a press or a stop — is one *lag event* for that seat: it may use its quota,
  and its quota grows. A switch (a further decision within the same turn) is charged in full and
  earns nothing, so lag is credited once per turn however many decisions the turn has.
* **Press**: a charge that ends the seat's turn. It adds the Fischer increment and starts the
  next seat (which may be the same seat, e.g. consecutive deployment placements once the
  opponent can no longer place). A **switch** is a charge that does not end the turn (a further
  decision within the same turn): no increment.
* **Flag**: a seat whose remaining time reaches zero *has flagged*; exactly zero is a fall. A
  decision that arrives at or after the deadline is not charged: it raises
  ``ClockFlaggedError`` (the match layer checks ``clock_flagged`` first and then records the
  fall with ``clock_record_flag``). Lag credit therefore never rescues a late decision, which
  keeps the deadline the match layer schedules its timeout task for the true end of the game.
* **Pause**: the arbiter stops the running stretch (charging it up to ``now``) without ending
  the segment; ``clock_resume`` restarts the same seat. A pause is distinct from an untimed
  segment: a paused clock refuses decisions until resumed.

Invariants (checked by ``ClockState.__post_init__``, so ``from_dict`` rejects corrupt data):
remaining times and lag quotas are never negative; a quota never exceeds the policy's cap;
``segment_started_at is not None`` exactly when the clock is ticking; a recorded flag means
nothing runs and the flagged seat has 0 left.

Every operation that changes the clock returns a ``ClockUpdate``: the new state and a
``ClockRecord`` for the per-match clock log shown to the arbiter (server receive time, seat
charged, elapsed, credit, increment, remaining for both seats). For every seat the log balances:
``initial + Σ increment − Σ charged + Σ delta == remaining``, and for every charge
``charged == elapsed − credit``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple, Self, TypedDict

from clock._checks import check_int
from clock.control import DEFAULT_LAG_POLICY, LagPolicy, TimeControl
from clock.epoch import MAX_DURATION_MS, MAX_INSTANT_MS
from clock.errors import (
    ClockError,
    ClockFlaggedError,
    ClockPausedError,
    ClockRangeError,
    ClockStateError,
    InvalidClockDataError,
    InvalidTimeControlError,
)
from clock.seats import check_seat, other_seat

SCHEMA_VERSION: Final = 1
"""The ``"v"`` of every stored dict; bump it (and keep reading the old one) on any change."""


class ClockEventKind(enum.StrEnum):
    """What a clock-log entry records."""

    START = "start"  # a seat's clock starts after an untimed segment (or the game's start)
    PRESS = "press"  # the running seat ended its turn: charged, increment, next seat starts
    SWITCH = "switch"  # a timed decision within a turn: charged, no increment
    STOP = "stop"  # the running seat is charged and nothing runs (untimed segment, game end)
    PAUSE = "pause"  # the arbiter paused the clock
    RESUME = "resume"  # the arbiter resumed it
    ADJUST = "adjust"  # the arbiter added or removed time
    FLAG = "flag"  # a flag fall was recorded


def _check_pair(name: str, value: object, *, error: type[ClockError]) -> tuple[int, int]:
    if not isinstance(value, tuple) or len(value) != 2:
        raise error(f"{name} must be a pair of ints, not {value!r}")
    first, second = value
    return (
        check_int(f"{name}[0]", first, minimum=0, maximum=MAX_DURATION_MS, error=error),
        check_int(f"{name}[1]", second, minimum=0, maximum=MAX_DURATION_MS, error=error),
    )


def _check_optional_seat(name: str, value: object, *, error: type[ClockError]) -> int | None:
    if value is None:
        return None
    try:
        return check_seat(value)
    except ClockError as exc:
        raise error(f"{name}: {exc}") from exc


@dataclass(frozen=True, slots=True)
class ClockState:
    """Both seats' clocks at one moment; see the module docstring for the vocabulary.

    Build one with ``clock_new``; change it only through the ``clock_*`` functions, which
    return new values. Seats given as ``IntEnum`` members are stored as plain ``int``.
    """

    time_control: TimeControl
    remaining_ms: tuple[int, int]
    """Each seat's time left at ``segment_started_at`` (or now, if nothing is ticking)."""
    lag_quota_ms: tuple[int, int]
    """Each seat's unused lag-compensation quota."""
    lag_policy: LagPolicy = DEFAULT_LAG_POLICY
    running: int | None = None
    """The seat whose timed segment it is, or ``None`` in an untimed segment."""
    segment_started_at: int | None = None
    """Epoch ms at which the running seat's current stretch began; ``None`` unless ticking."""
    paused: bool = False
    """The arbiter has paused the clock (``running`` is kept, to restart on resume)."""
    flagged: int | None = None
    """The seat whose flag fall has been recorded; the clock is then finished."""

    def __post_init__(self) -> None:
        error = InvalidClockDataError
        if not isinstance(self.time_control, TimeControl):
            raise error(f"time_control must be a TimeControl, not {self.time_control!r}")
        if not isinstance(self.lag_policy, LagPolicy):
            raise error(f"lag_policy must be a LagPolicy, not {self.lag_policy!r}")
        _check_pair("remaining_ms", self.remaining_ms, error=error)
        quotas = _check_pair("lag_quota_ms", self.lag_quota_ms, error=error)
        if max(quotas) > self.lag_policy.quota_cap_ms:
            raise error(f"lag_quota_ms {quotas} exceeds the cap {self.lag_policy.quota_cap_ms}")
        object.__setattr__(
            self, "running", _check_optional_seat("running", self.running, error=error)
        )
        object.__setattr__(
            self, "flagged", _check_optional_seat("flagged", self.flagged, error=error)
        )
        if not isinstance(self.paused, bool):
            raise error(f"paused must be a bool, not {self.paused!r}")
        if self.segment_started_at is not None:
            check_int(
                "segment_started_at",
                self.segment_started_at,
                minimum=0,
                maximum=MAX_INSTANT_MS,
                error=error,
            )
        if self.flagged is not None:
            if self.running is not None:
                raise error("a flagged clock has no running seat")
            if self.remaining_ms[self.flagged] != 0:
                raise error("a flagged seat has no time left")
        ticking = self.running is not None and not self.paused
        if ticking != (self.segment_started_at is not None):
            raise error("segment_started_at must be set exactly when a seat's clock is ticking")

    @property
    def ticking(self) -> bool:
        """True when a seat's time is being used right now."""
        return self.segment_started_at is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form with a schema version; ``from_dict`` is its exact inverse."""
        return {
            "v": SCHEMA_VERSION,
            "time_control": self.time_control.to_str(),
            "lag_policy": self.lag_policy.to_dict(),
            "remaining_ms": list(self.remaining_ms),
            "lag_quota_ms": list(self.lag_quota_ms),
            "running": self.running,
            "segment_started_at": self.segment_started_at,
            "paused": self.paused,
            "flagged": self.flagged,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read ``to_dict`` output; anything else raises ``InvalidClockDataError``."""
        _check_keys(data, _STATE_KEYS, "clock state")
        try:
            time_control = TimeControl.parse(data["time_control"])
        except InvalidTimeControlError as exc:
            raise InvalidClockDataError(str(exc)) from exc
        return cls(
            time_control=time_control,
            lag_policy=LagPolicy.from_dict(data["lag_policy"]),
            remaining_ms=_pair_from_json("remaining_ms", data["remaining_ms"]),
            lag_quota_ms=_pair_from_json("lag_quota_ms", data["lag_quota_ms"]),
            running=data["running"],
            segment_started_at=data["segment_started_at"],
            paused=data["paused"],
            flagged=data["flagged"],
        )


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """One entry of the per-match clock log: what happened to the clock, and when.

    ``at`` is the server's receive time (epoch ms) of the decision or act. ``seat`` is the seat
    charged (START: the seat started; ADJUST: the seat adjusted; PAUSE/RESUME/STOP: the running
    seat, if any). ``elapsed_ms`` is the server-measured time of the stretch that ended,
    ``lag_ms`` the lag the caller reported (negatives count as 0), ``credit_ms`` what the quota
    allowed of it, ``charged_ms`` what the seat paid: ``elapsed_ms - credit_ms``, except for a
    FLAG, where it is the time that was left (the overrun ``elapsed_ms - charged_ms`` is not
    charged: a clock shows 0, never less; the fall itself happened at
    ``at - elapsed_ms + charged_ms``). ``increment_ms`` is the Fischer increment added,
    ``delta_ms`` the arbiter's adjustment as applied (after flooring at 0). ``remaining_ms`` and
    ``lag_quota_ms`` are both seats' values at ``at``, after the event; ``running`` is the seat
    whose clock runs afterwards. ``note`` is free text (e.g. the arbiter's reason).
    """

    kind: ClockEventKind
    at: int
    seat: int | None
    remaining_ms: tuple[int, int]
    lag_quota_ms: tuple[int, int]
    running: int | None
    elapsed_ms: int = 0
    lag_ms: int = 0
    credit_ms: int = 0
    charged_ms: int = 0
    increment_ms: int = 0
    delta_ms: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        error = InvalidClockDataError
        try:
            object.__setattr__(self, "kind", ClockEventKind(self.kind))
        except (TypeError, ValueError) as exc:
            raise error(f"unknown clock event kind {self.kind!r}") from exc
        check_int("at", self.at, minimum=0, error=error)
        object.__setattr__(self, "seat", _check_optional_seat("seat", self.seat, error=error))
        object.__setattr__(
            self, "running", _check_optional_seat("running", self.running, error=error)
        )
        _check_pair("remaining_ms", self.remaining_ms, error=error)
        _check_pair("lag_quota_ms", self.lag_quota_ms, error=error)
        for name in ("elapsed_ms", "lag_ms", "credit_ms", "charged_ms", "increment_ms"):
            check_int(name, getattr(self, name), minimum=0, error=error)
        check_int("delta_ms", self.delta_ms, error=error)
        if not isinstance(self.note, str):
            raise error(f"note must be a str, not {self.note!r}")
        if self.credit_ms > min(self.lag_ms, self.elapsed_ms):
            raise error("credit_ms exceeds the lag or the elapsed time")
        if self.charged_ms > self.elapsed_ms:
            raise error("charged_ms exceeds the elapsed time")
        if self.kind != ClockEventKind.FLAG and self.charged_ms != self.elapsed_ms - self.credit_ms:
            raise error("charged_ms must equal elapsed_ms - credit_ms")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form with a schema version; ``from_dict`` is its exact inverse."""
        return {
            "v": SCHEMA_VERSION,
            "kind": self.kind.value,
            "at": self.at,
            "seat": self.seat,
            "running": self.running,
            "remaining_ms": list(self.remaining_ms),
            "lag_quota_ms": list(self.lag_quota_ms),
            "elapsed_ms": self.elapsed_ms,
            "lag_ms": self.lag_ms,
            "credit_ms": self.credit_ms,
            "charged_ms": self.charged_ms,
            "increment_ms": self.increment_ms,
            "delta_ms": self.delta_ms,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read ``to_dict`` output; anything else raises ``InvalidClockDataError``."""
        _check_keys(data, _RECORD_KEYS, "clock record")
        return cls(
            kind=data["kind"],  # converted and checked by __post_init__
            at=data["at"],
            seat=data["seat"],
            running=data["running"],
            remaining_ms=_pair_from_json("remaining_ms", data["remaining_ms"]),
            lag_quota_ms=_pair_from_json("lag_quota_ms", data["lag_quota_ms"]),
            elapsed_ms=data["elapsed_ms"],
            lag_ms=data["lag_ms"],
            credit_ms=data["credit_ms"],
            charged_ms=data["charged_ms"],
            increment_ms=data["increment_ms"],
            delta_ms=data["delta_ms"],
            note=data["note"],
        )


_STATE_KEYS: Final = frozenset(
    ClockState(time_control=TimeControl(), remaining_ms=(0, 0), lag_quota_ms=(0, 0)).to_dict()
)
_RECORD_KEYS: Final = frozenset(
    ClockRecord(
        kind=ClockEventKind.STOP,
        at=0,
        seat=None,
        remaining_ms=(0, 0),
        lag_quota_ms=(0, 0),
        running=None,
    ).to_dict()
)


def _check_keys(data: Any, keys: frozenset[str], what: str) -> None:
    if not isinstance(data, dict):
        raise InvalidClockDataError(f"a {what} must be a dict, not {type(data).__name__}")
    if data.get("v") != SCHEMA_VERSION:
        raise InvalidClockDataError(f"unsupported {what} version {data.get('v')!r}")
    if set(data) != keys:
        raise InvalidClockDataError(f"{what} keys {sorted(data)} != {sorted(keys)}")


def _pair_from_json(name: str, value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise InvalidClockDataError(f"{name} must be a list of two ints, not {value!r}")
    return (value[0], value[1])


class ClockUpdate(NamedTuple):
    """The result of a clock operation: the new state and its clock-log entry."""

    state: ClockState
    record: ClockRecord


class ClockSnapshot(TypedDict):
    """What a browser needs to draw both clocks, as of the server's ``now``.

    The client counts the running seat down from ``remaining_ms`` using its own clock's
    elapsed time since it received the snapshot (never its absolute time), and stops at 0;
    the server decides the flag.
    """

    now: int
    time_control: str
    remaining_ms: list[int]
    running: int | None
    ticking: bool
    paused: bool
    flagged: int | None
    deadline: int | None


# --------------------------------------------------------------------------------- queries


def clock_new(
    time_control: TimeControl | None = None, *, lag_policy: LagPolicy | None = None
) -> ClockState:
    """A clock that has not started: both seats have the full initial time, nothing runs.

    >>> clock_new().remaining_ms
    (1200000, 1200000)
    """
    control = TimeControl.official() if time_control is None else time_control
    policy = DEFAULT_LAG_POLICY if lag_policy is None else lag_policy
    return ClockState(
        time_control=control,
        lag_policy=policy,
        remaining_ms=(control.initial_ms, control.initial_ms),
        lag_quota_ms=(policy.initial_quota_ms, policy.initial_quota_ms),
    )


def clock_elapsed(clock: ClockState, *, now: int) -> int:
    """Milliseconds the running seat has used since its stretch began (0 unless ticking).

    A ``now`` earlier than the stretch's start (clock skew between server processes) counts
    as 0 elapsed rather than giving time back. The match layer uses this to turn a client's
    reported thinking time into a lag estimate: ``lag = clock_elapsed(...) - reported``.
    """
    if clock.segment_started_at is None:
        return 0
    return max(0, now - clock.segment_started_at)


def clock_remaining(clock: ClockState, seat: int, *, now: int) -> int:
    """Time ``seat`` has left at ``now``; never negative (0 once its flag has fallen).

    >>> clock = clock_start(clock_new(), 1, now=0).state
    >>> clock_remaining(clock, 1, now=60_000), clock_remaining(clock, 0, now=60_000)
    (1140000, 1200000)
    """
    seat = check_seat(seat)
    stored = clock.remaining_ms[seat]
    if seat != clock.running:
        return stored
    return max(0, stored - clock_elapsed(clock, now=now))


def clock_flag_deadline(clock: ClockState) -> int | None:
    """Epoch ms at which the running seat's flag falls, or ``None`` when nothing is ticking.

    This is the instant the match layer schedules its timeout check for.
    """
    if clock.running is None or clock.segment_started_at is None:
        return None
    return clock.segment_started_at + clock.remaining_ms[clock.running]


def clock_flagged(clock: ClockState, *, now: int) -> int | None:
    """The seat whose flag has fallen by ``now`` (recorded or not), else ``None``.

    Remaining time of exactly zero is a fall.
    """
    if clock.flagged is not None:
        return clock.flagged
    deadline = clock_flag_deadline(clock)
    if deadline is not None and now >= deadline:
        return clock.running
    return None


def clock_snapshot(clock: ClockState, *, now: int) -> ClockSnapshot:
    """Both clocks as of ``now``, JSON-safe, for the seat views and the arbiter console."""
    flagged = clock_flagged(clock, now=now)
    return {
        "now": now,
        "time_control": clock.time_control.to_str(),
        "remaining_ms": [clock_remaining(clock, 0, now=now), clock_remaining(clock, 1, now=now)],
        "running": clock.running,
        "ticking": clock.ticking and flagged is None,
        "paused": clock.paused,
        "flagged": flagged,
        "deadline": clock_flag_deadline(clock),
    }


# ------------------------------------------------------------------------------ operations


def _remaining_now(clock: ClockState, now: int) -> tuple[int, int]:
    return (clock_remaining(clock, 0, now=now), clock_remaining(clock, 1, now=now))


def _record(clock: ClockState, kind: ClockEventKind, now: int, **fields: Any) -> ClockRecord:
    """A log entry describing ``clock`` (the state *after* the event) at ``now``."""
    return ClockRecord(
        kind=kind,
        at=now,
        remaining_ms=_remaining_now(clock, now),
        lag_quota_ms=clock.lag_quota_ms,
        running=clock.running,
        **fields,
    )


def _check_now(now: int) -> int:
    return check_int("now", now, minimum=0, maximum=MAX_INSTANT_MS, error=ClockRangeError)


def _refuse_if_flagged(clock: ClockState, now: int) -> None:
    """Raise ``ClockFlaggedError`` if a flag is recorded or has fallen by ``now``."""
    if clock.flagged is not None:
        raise ClockFlaggedError(clock.flagged, None)
    seat = clock_flagged(clock, now=now)
    if seat is not None:
        raise ClockFlaggedError(seat, clock_flag_deadline(clock))


def _refuse_if_not_live(clock: ClockState, now: int) -> None:
    """A decision may be charged only on an unpaused clock whose flag has not fallen."""
    _refuse_if_flagged(clock, now)
    if clock.paused:
        raise ClockPausedError("the clock is paused by the arbiter")


def _charge(
    clock: ClockState,
    *,
    now: int,
    lag_ms: int,
    increment: bool,
    next_seat: int | None,
    lag_event: bool = True,
) -> tuple[ClockState, dict[str, Any]]:
    """Charge the ticking seat up to ``now`` and hand the clock to ``next_seat``.

    The caller has checked that the clock is ticking and not flagged at ``now``, so the
    elapsed time is strictly less than the runner's remaining time and the charge can never
    take it below zero. ``lag_event`` is false for a switch (lag is credited once per turn) and
    for an arbiter's pause: no credit, no quota gain.
    """
    runner = clock.running
    if runner is None or not clock.ticking:  # pragma: no cover - internal precondition
        raise ClockStateError("no seat's clock is ticking", code="clock_not_running")
    lag = max(0, check_int("lag_ms", lag_ms))
    elapsed = clock_elapsed(clock, now=now)
    if lag_event:
        credit, quota = clock.lag_policy.credit(
            clock.lag_quota_ms[runner], lag_ms=lag, elapsed_ms=elapsed
        )
    else:
        credit, quota = 0, clock.lag_quota_ms[runner]
    charged = elapsed - credit
    remaining = list(clock.remaining_ms)
    # The increment never lifts a seat's time past the clock's range (a year).
    room = MAX_DURATION_MS - (remaining[runner] - charged)
    added = min(clock.time_control.increment_ms, room) if increment else 0
    remaining[runner] = remaining[runner] - charged + added
    quotas = list(clock.lag_quota_ms)
    quotas[runner] = quota
    new = replace(
        clock,
        remaining_ms=(remaining[0], remaining[1]),
        lag_quota_ms=(quotas[0], quotas[1]),
        running=next_seat,
        segment_started_at=None if next_seat is None else now,
    )
    fields = {
        "seat": runner,
        "elapsed_ms": elapsed,
        "lag_ms": lag,
        "credit_ms": credit,
        "charged_ms": charged,
        "increment_ms": added,
    }
    return new, fields


def clock_start(clock: ClockState, seat: int, *, now: int) -> ClockUpdate:
    """Start ``seat``'s clock at ``now`` when nothing runs (game start, end of an untimed segment).

    Nobody is charged: the time before ``now`` was untimed. Raises ``ClockStateError``
    (``clock_already_running``) if a seat's clock is already running, ``ClockPausedError``
    if paused, ``ClockFlaggedError`` once a flag is recorded.
    """
    seat = check_seat(seat)
    now = _check_now(now)
    _refuse_if_not_live(clock, now)
    if clock.running is not None:
        raise ClockStateError(
            f"seat {clock.running}'s clock is already running", code="clock_already_running"
        )
    new = replace(clock, running=seat, segment_started_at=now)
    return ClockUpdate(new, _record(new, ClockEventKind.START, now, seat=seat))


def clock_switch_to(
    clock: ClockState,
    seat: int,
    *,
    now: int,
    lag_ms: int = 0,
    turn_ended: bool | None = None,
) -> ClockUpdate:
    """Charge the running seat for a decision received at ``now`` and run ``seat`` next.

    ``seat`` may be the running seat itself (a further decision in the same turn, or a new turn
    for the same seat) or the other seat. ``turn_ended`` says whether the decision completed the
    running seat's turn, which earns the Fischer increment and is logged as a PRESS; by default
    it is ``seat != running``. A decision that does not end the turn is logged as a SWITCH.

    A press is charged ``elapsed - credit`` where the credit comes from the lag quota
    (``LagPolicy.credit``); a switch is charged ``elapsed`` and leaves the quota alone (lag is
    credited once per turn, not per decision). Raises ``ClockFlaggedError`` if the running
    seat's flag fell at or before ``now`` (check ``clock_flagged`` first), ``ClockPausedError``
    while paused, and ``ClockStateError`` (``clock_not_running``) if no seat's clock runs: use
    ``clock_start``.
    """
    seat = check_seat(seat)
    now = _check_now(now)
    _refuse_if_not_live(clock, now)
    if clock.running is None:
        raise ClockStateError("no seat's clock is running", code="clock_not_running")
    ended = seat != clock.running if turn_ended is None else turn_ended
    new, fields = _charge(
        clock, now=now, lag_ms=lag_ms, increment=ended, next_seat=seat, lag_event=ended
    )
    kind = ClockEventKind.PRESS if ended else ClockEventKind.SWITCH
    return ClockUpdate(new, _record(new, kind, now, **fields))


def clock_press(clock: ClockState, *, now: int, lag_ms: int = 0) -> ClockUpdate:
    """The running seat ends its turn at ``now``: charge it, add the increment, start the other.

    This is a physical chess-clock press; ``clock_switch_to`` is the general form.

    >>> clock = clock_start(clock_new(), 0, now=0).state
    >>> clock, record = clock_press(clock, now=30_000, lag_ms=200)
    >>> record.charged_ms, clock.running, clock.remaining_ms
    (29800, 1, (1170200, 1200000))
    """
    if clock.running is None:
        _refuse_if_not_live(clock, _check_now(now))
        raise ClockStateError("no seat's clock is running", code="clock_not_running")
    return clock_switch_to(
        clock, other_seat(clock.running), now=now, lag_ms=lag_ms, turn_ended=True
    )


def clock_stop(
    clock: ClockState,
    *,
    now: int,
    lag_ms: int = 0,
    turn_ended: bool = False,
    note: str = "",
) -> ClockUpdate:
    """Charge the running seat up to ``now`` (less lag credit) and let nothing run.

    For the start of an untimed segment and for the end of the game. ``turn_ended`` adds the
    Fischer increment, for a completed turn followed by an untimed segment; leave it false at
    the end of the game (no increment for the last move, as in scalachess). Stopping a clock on
    which nothing runs is allowed and charges nobody. Allowed while paused (a player may resign
    during a pause): nobody is charged and the clock stays paused. Raises ``ClockFlaggedError``
    if a flag has fallen: the flag decides the game first.
    """
    now = _check_now(now)
    _refuse_if_flagged(clock, now)
    if not clock.ticking:
        new = replace(clock, running=None)
        return ClockUpdate(
            new, _record(new, ClockEventKind.STOP, now, seat=clock.running, note=note)
        )
    new, fields = _charge(clock, now=now, lag_ms=lag_ms, increment=turn_ended, next_seat=None)
    return ClockUpdate(new, _record(new, ClockEventKind.STOP, now, note=note, **fields))


def clock_pause(clock: ClockState, *, now: int, note: str = "") -> ClockUpdate:
    """Arbiter pause: charge the running seat up to ``now`` (no lag credit) and stop its stretch.

    The segment is kept (``running`` stays) so that ``clock_resume`` restarts the same seat. A
    clock in an untimed segment can be paused too; it then refuses to start until resumed.
    Raises ``ClockStateError`` (``clock_already_paused``) and ``ClockFlaggedError``.
    """
    now = _check_now(now)
    _refuse_if_flagged(clock, now)
    if clock.paused:
        raise ClockStateError("the clock is already paused", code="clock_already_paused")
    if not clock.ticking:
        new = replace(clock, paused=True)
        return ClockUpdate(new, _record(new, ClockEventKind.PAUSE, now, seat=None, note=note))
    charged, fields = _charge(
        clock, now=now, lag_ms=0, increment=False, next_seat=None, lag_event=False
    )
    new = replace(charged, running=clock.running, paused=True)
    return ClockUpdate(new, _record(new, ClockEventKind.PAUSE, now, note=note, **fields))


def clock_resume(clock: ClockState, *, now: int, note: str = "") -> ClockUpdate:
    """Arbiter resume: the paused seat's clock (if any) runs again from ``now``.

    Raises ``ClockStateError`` (``clock_not_paused``) and ``ClockFlaggedError`` (recorded flag).
    """
    now = _check_now(now)
    if clock.flagged is not None:
        raise ClockFlaggedError(clock.flagged, None)
    if not clock.paused:
        raise ClockStateError("the clock is not paused", code="clock_not_paused")
    new = replace(clock, paused=False, segment_started_at=None if clock.running is None else now)
    return ClockUpdate(new, _record(new, ClockEventKind.RESUME, now, seat=clock.running, note=note))


def clock_adjust(
    clock: ClockState, seat: int, delta_ms: int, *, now: int, note: str = ""
) -> ClockUpdate:
    """Arbiter adjustment: add ``delta_ms`` to ``seat``'s time (negative removes time).

    The result is floored at 0: removing more than is left leaves exactly 0, and for a ticking
    seat 0 means its flag falls at ``now`` (``clock_flagged`` then reports it). The record's
    ``delta_ms`` is the change actually applied. Works while running or paused; raises
    ``ClockFlaggedError`` if a flag has fallen (the flag is decided first; a wrongly recorded
    flag is undone by the arbiter's result, not by the clock), and ``ClockRangeError`` if the
    seat would have more than ``MAX_DURATION_MS`` (a year) left.
    """
    seat = check_seat(seat)
    now = _check_now(now)
    check_int(
        "delta_ms",
        delta_ms,
        minimum=-MAX_DURATION_MS,
        maximum=MAX_DURATION_MS,
        error=ClockRangeError,
    )
    _refuse_if_flagged(clock, now)
    before = clock_remaining(clock, seat, now=now)
    after = max(0, before + delta_ms)
    if after > MAX_DURATION_MS:
        raise ClockRangeError(f"seat {seat} would have {after} ms, more than {MAX_DURATION_MS}")
    remaining = list(clock.remaining_ms)
    remaining[seat] += after - before
    new = replace(clock, remaining_ms=(remaining[0], remaining[1]))
    record = _record(new, ClockEventKind.ADJUST, now, seat=seat, delta_ms=after - before, note=note)
    return ClockUpdate(new, record)


def clock_record_flag(clock: ClockState, *, now: int, note: str = "") -> ClockUpdate:
    """Record the flag fall of the running seat, which must have flagged by ``now``.

    The flagged seat is left with 0 and nothing runs afterwards; the record's ``charged_ms`` is
    the time it had left (see ``ClockRecord``). Raises ``ClockStateError``
    (``clock_not_flagged``) if no flag has fallen, and ``ClockFlaggedError`` if one is already
    recorded: the match layer adjudicates once, under its row lock.
    """
    now = _check_now(now)
    if clock.flagged is not None:
        raise ClockFlaggedError(clock.flagged, None)
    seat = clock_flagged(clock, now=now)
    if seat is None:
        raise ClockStateError("no flag has fallen", code="clock_not_flagged")
    left = clock.remaining_ms[seat]
    remaining = list(clock.remaining_ms)
    remaining[seat] = 0
    new = replace(
        clock,
        remaining_ms=(remaining[0], remaining[1]),
        running=None,
        segment_started_at=None,
        flagged=seat,
    )
    fields = {"seat": seat, "elapsed_ms": clock_elapsed(clock, now=now), "charged_ms": left}
    return ClockUpdate(new, _record(new, ClockEventKind.FLAG, now, note=note, **fields))
