"""Converting between aware datetimes and the clock's integer epoch milliseconds.

Inside ``clock/`` every instant is an ``int`` of milliseconds since the Unix epoch (UTC) and every
duration an ``int`` of milliseconds, so arithmetic is exact and values store as JSON numbers.
Datetimes belong to the boundary: the match layer converts ``django.utils.timezone.now()`` with
``epoch_ms`` once per request and passes the result as ``now``. Naive datetimes are refused, as
ruff's ``DTZ`` rules refuse them elsewhere in the project.

**Range.** The clock only holds values that every consumer can represent: a duration (time left,
a time control, an adjustment) is at most ``MAX_DURATION_MS`` (a year), and an instant is at most
``MAX_INSTANT_MS``, so that an instant plus a duration — a flag deadline — is still a
``datetime``. Anything larger is refused with ``ClockRangeError`` when it enters the clock, never
discovered later as an ``OverflowError`` while a deadline is stored.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Final

from clock.errors import ClockRangeError

EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_ONE_MS: Final = timedelta(milliseconds=1)

MAX_DURATION_MS: Final = 366 * 24 * 60 * 60 * 1000
"""The longest duration the clock holds: a year (no game needs more)."""

MAX_INSTANT_MS: Final = (datetime.max.replace(tzinfo=UTC) - EPOCH) // _ONE_MS - MAX_DURATION_MS
"""The latest instant the clock accepts: any instant plus any duration is still a datetime."""


def epoch_ms(moment: datetime) -> int:
    """Milliseconds since the epoch for an aware datetime (sub-millisecond part floored).

    >>> epoch_ms(datetime(1970, 1, 1, 0, 0, 1, tzinfo=UTC))
    1000
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("naive datetime: the clock needs a timezone-aware datetime")
    return (moment - EPOCH) // _ONE_MS


def datetime_from_epoch_ms(ms: int) -> datetime:
    """The aware UTC datetime for ``ms`` milliseconds since the epoch (inverse of ``epoch_ms``).

    >>> datetime_from_epoch_ms(1000).isoformat()
    '1970-01-01T00:00:01+00:00'
    """
    try:
        return EPOCH + timedelta(milliseconds=ms)
    except OverflowError:
        raise ClockRangeError(f"{ms} ms from the epoch is not a representable instant") from None
