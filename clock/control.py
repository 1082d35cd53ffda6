"""Time controls and the lag-compensation policy: the clock's configuration values.

**Time control.** Each seat starts with ``initial_ms``; a *Fischer increment* of
``increment_ms`` is added to a seat each time it completes a turn (a clock *press*, see
``clock.logic``), never when the game ends. The official tournament control (RULES.md §15.1) is
20 minutes each, sudden death (no increment, no byoyomi): ``TimeControl.official()``. There is no
delay (Bronstein/US) mode: nothing in the rules asks for one, and the text form leaves room to
add one later without breaking stored values.

The text form, used for storage, forms and URLs, is ``<initial>+<increment>``:

* ``<initial>`` is whole minutes (``20``), else whole seconds with ``s`` (``90s``), else
  milliseconds with ``ms`` (``1500ms``): always the largest unit that is exact;
* ``<increment>`` is whole seconds (``5``), else milliseconds with ``ms`` (``250ms``).

Only that canonical spelling is accepted, so ``TimeControl.parse(s).to_str() == s`` for every
accepted ``s`` and ``TimeControl.parse(tc.to_str()) == tc`` for every time control: one control,
one string. ``"20+0"`` is the official control; ``"10+5"`` is 10 minutes plus 5 s per turn.

**Lag policy.** A decision travels from the player's device to the server; the server's clock
ran during the transit. Following lichess (scalachess ``LagTracker``), each seat has a *lag
quota*: each press (the decision that ends a turn; also a stop) may be credited up to
``min(lag, quota, elapsed)``; the credit is taken out of the quota, and then the quota grows by
``quota_gain_ms`` up to ``quota_cap_ms``. Decisions within a turn (switches) earn and use
nothing: lag is credited once per turn, as lichess credits it once per move. A fast connection
(lag 0) gains nothing; a slow one, or one that lies about its lag, can recover at most
``initial_quota_ms`` plus ``quota_gain_ms`` per turn, and never more than ``quota_cap_ms`` at
once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final, Self

from clock._checks import check_int
from clock.epoch import MAX_DURATION_MS
from clock.errors import InvalidClockDataError, InvalidTimeControlError

MS_PER_SECOND: Final = 1_000
MS_PER_MINUTE: Final = 60_000

OFFICIAL_INITIAL_MS: Final = 20 * MS_PER_MINUTE
"""RULES.md §15.1: 20 minutes per player, sudden death."""

CASUAL_DEFAULT_MINUTES: Final = 10

LAG_QUOTA_GAIN_MS: Final = 100
"""Quota a seat earns with each turn it completes (a press). lichess earns up to 1 s per move in
long games; 100 ms per turn bounds what a client that always claims high lag can gain to about
one second per ten turns, while an honest slow line (≤ 100 ms) is compensated every turn."""

LAG_QUOTA_INITIAL_MS: Final = 300
"""Quota at the start of the game: three steps, as lichess starts at three times the gain, so the
first decisions of a game on a slow line are compensated."""

LAG_QUOTA_CAP_MS: Final = 2_000
"""The most a seat can have saved up: one lag spike is credited for at most 2 s."""

_MAX_TEXT_LENGTH: Final = 40
_NUMBER = r"(0|[1-9][0-9]*)"
_TEXT_FORM: Final = re.compile(_NUMBER + r"(s|ms)?\+" + _NUMBER + r"(ms)?", re.ASCII)


def _format_initial(ms: int) -> str:
    if ms % MS_PER_MINUTE == 0:
        return str(ms // MS_PER_MINUTE)
    if ms % MS_PER_SECOND == 0:
        return f"{ms // MS_PER_SECOND}s"
    return f"{ms}ms"


def _format_increment(ms: int) -> str:
    if ms % MS_PER_SECOND == 0:
        return str(ms // MS_PER_SECOND)
    return f"{ms}ms"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time each seat gets: ``initial_ms`` to start, ``increment_ms`` per turn.

    >>> TimeControl.official()
    TimeControl(initial_ms=1200000, increment_ms=0)
    >>> TimeControl.fischer(10, 5).to_str()
    '10+5'
    """

    initial_ms: int = OFFICIAL_INITIAL_MS
    increment_ms: int = 0

    def __post_init__(self) -> None:
        for name, minimum in (("initial_ms", 1), ("increment_ms", 0)):
            check_int(
                name,
                getattr(self, name),
                minimum=minimum,
                maximum=MAX_DURATION_MS,
                error=InvalidTimeControlError,
            )

    @classmethod
    def official(cls) -> Self:
        """The official tournament control: 20 minutes each, sudden death (RULES.md §15.1)."""
        return cls(initial_ms=OFFICIAL_INITIAL_MS, increment_ms=0)

    @classmethod
    def casual(cls, minutes: int = CASUAL_DEFAULT_MINUTES) -> Self:
        """``minutes`` each, sudden death."""
        check_int("minutes", minutes, minimum=1, error=InvalidTimeControlError)
        return cls(initial_ms=minutes * MS_PER_MINUTE, increment_ms=0)

    @classmethod
    def fischer(cls, minutes: int, increment_s: int) -> Self:
        """``minutes`` each plus ``increment_s`` seconds added after every completed turn."""
        check_int("minutes", minutes, minimum=1, error=InvalidTimeControlError)
        check_int("increment_s", increment_s, minimum=0, error=InvalidTimeControlError)
        return cls(initial_ms=minutes * MS_PER_MINUTE, increment_ms=increment_s * MS_PER_SECOND)

    @property
    def sudden_death(self) -> bool:
        """True when no time is ever added (the official control)."""
        return self.increment_ms == 0

    def to_str(self) -> str:
        """The canonical text form, e.g. ``"20+0"``; ``parse`` is its exact inverse."""
        return f"{_format_initial(self.initial_ms)}+{_format_increment(self.increment_ms)}"

    def __str__(self) -> str:
        return self.to_str()

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read the canonical text form; anything else raises ``InvalidTimeControlError``.

        >>> TimeControl.parse("20+0") == TimeControl.official()
        True
        >>> TimeControl.parse("90s+500ms")
        TimeControl(initial_ms=90000, increment_ms=500)
        """
        if not isinstance(text, str) or len(text) > _MAX_TEXT_LENGTH:
            raise InvalidTimeControlError(f"not a time control: {text!r}")
        match = _TEXT_FORM.fullmatch(text)
        if match is None:
            raise InvalidTimeControlError(
                f"not a time control: {text!r} (expected e.g. '20+0', '10+5', '90s+500ms')"
            )
        initial, initial_unit, increment, increment_unit = match.groups()
        initial_scale = {None: MS_PER_MINUTE, "s": MS_PER_SECOND, "ms": 1}[initial_unit]
        increment_scale = MS_PER_SECOND if increment_unit is None else 1
        initial_ms = int(initial) * initial_scale
        increment_ms = int(increment) * increment_scale
        # Well written but out of range: a code of its own, so a form can say so.
        if initial_ms < 1:
            raise InvalidTimeControlError(
                f"time control {text!r} gives no starting time", code="time_control_too_short"
            )
        if max(initial_ms, increment_ms) > MAX_DURATION_MS:
            raise InvalidTimeControlError(
                f"time control {text!r} is longer than {MAX_DURATION_MS} ms",
                code="time_control_too_long",
            )
        control = cls(initial_ms=initial_ms, increment_ms=increment_ms)
        if control.to_str() != text:
            error = InvalidTimeControlError(
                f"time control {text!r} is not in canonical form: write {control.to_str()!r}",
                code="time_control_not_canonical",
            )
            error.canonical = control.to_str()
            raise error
        return control


@dataclass(frozen=True, slots=True)
class LagPolicy:
    """Lag-compensation quota parameters (see the module docstring); all in milliseconds.

    ``LagPolicy()`` is the platform default; ``LagPolicy.none()`` credits nothing (for a venue
    clock on a local network, or to reason about a game without compensation).
    """

    quota_gain_ms: int = LAG_QUOTA_GAIN_MS
    initial_quota_ms: int = LAG_QUOTA_INITIAL_MS
    quota_cap_ms: int = LAG_QUOTA_CAP_MS

    def __post_init__(self) -> None:
        for name in ("quota_gain_ms", "initial_quota_ms", "quota_cap_ms"):
            check_int(name, getattr(self, name), minimum=0, error=InvalidTimeControlError)
        if self.initial_quota_ms > self.quota_cap_ms:
            raise InvalidTimeControlError("initial_quota_ms must not exceed quota_cap_ms")
        if self.quota_gain_ms > self.quota_cap_ms:
            raise InvalidTimeControlError("quota_gain_ms must not exceed quota_cap_ms")

    @classmethod
    def none(cls) -> Self:
        """A policy that never credits anything."""
        return cls(quota_gain_ms=0, initial_quota_ms=0, quota_cap_ms=0)

    def credit(self, quota_ms: int, *, lag_ms: int, elapsed_ms: int) -> tuple[int, int]:
        """Compensation for one lag event (a press or a stop), and the seat's quota afterwards.

        ``lag_ms`` is the reported or estimated transit time (negative counts as 0);
        ``elapsed_ms`` is what the server measured for the segment. The credit never exceeds
        either of them nor the quota; the quota then grows by the gain, up to the cap.

        >>> LagPolicy().credit(300, lag_ms=250, elapsed_ms=5_000)
        (250, 150)
        >>> LagPolicy().credit(300, lag_ms=0, elapsed_ms=5_000)
        (0, 400)
        """
        credit = max(0, min(lag_ms, quota_ms, elapsed_ms))
        return credit, min(quota_ms - credit + self.quota_gain_ms, self.quota_cap_ms)

    def to_dict(self) -> dict[str, int]:
        """JSON-safe form (stored inside ``ClockState.to_dict``)."""
        return {
            "quota_gain_ms": self.quota_gain_ms,
            "initial_quota_ms": self.initial_quota_ms,
            "quota_cap_ms": self.quota_cap_ms,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Inverse of ``to_dict``; raises ``InvalidClockDataError`` on anything else."""
        if not isinstance(data, dict) or set(data) != {
            "quota_gain_ms",
            "initial_quota_ms",
            "quota_cap_ms",
        }:
            raise InvalidClockDataError(f"not a lag policy: {data!r}")
        try:
            return cls(
                quota_gain_ms=data["quota_gain_ms"],
                initial_quota_ms=data["initial_quota_ms"],
                quota_cap_ms=data["quota_cap_ms"],
            )
        except InvalidTimeControlError as exc:
            raise InvalidClockDataError(f"invalid lag policy: {exc}") from exc


DEFAULT_LAG_POLICY: Final = LagPolicy()
