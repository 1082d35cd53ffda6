"""Seats: the clock's only notion of a player.

A seat is a plain ``int``: ``0`` is Red (moves first), ``1`` is Blue. The clock does not import
the engine; any ``IntEnum`` whose values are 0 and 1 (the engine's player type, the pairing
``Colour``) can be passed wherever a seat is expected, and the clock stores the plain ``int``.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from clock.errors import InvalidSeatError

Seat: TypeAlias = int
"""0 = Red, 1 = Blue."""

RED: Final = 0
BLUE: Final = 1
SEATS: Final = (RED, BLUE)


def check_seat(seat: object) -> int:
    """Return ``seat`` as a plain ``int`` after checking that it is 0 or 1.

    ``bool`` is refused even though ``True == 1``: a bool seat is always a bug.

    >>> check_seat(1)
    1
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEATS:
        raise InvalidSeatError(f"seat must be 0 (Red) or 1 (Blue), not {seat!r}")
    return int(seat)


def other_seat(seat: int) -> int:
    """The opponent's seat.

    >>> other_seat(0)
    1
    """
    return 1 - check_seat(seat)
