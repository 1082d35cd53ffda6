"""Small validation helpers shared by the clock's value classes (private)."""

from __future__ import annotations

from clock.errors import ClockError


def check_int(
    name: str,
    value: object,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: type[ClockError] = ClockError,
) -> int:
    """Return ``value`` if it is an ``int`` (not a ``bool``) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{name} must be an int, not {value!r}")
    if minimum is not None and value < minimum:
        raise error(f"{name} must be at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise error(f"{name} must be at most {maximum}, not {value}")
    return value
