"""Which seats have an open WebSocket right now.

Counts live in the Django cache (Redis in production, so every server process sees the same
counts; local memory on the embedded default, where there is one process). A seat is
*connected* while its count is positive. Counts expire after a day so that a crashed server
cannot leave a seat "connected" forever.
"""

from __future__ import annotations

from typing import Final

from django.core.cache import cache

TTL_SECONDS: Final = 24 * 60 * 60
SEAT_LABELS: Final = ("red", "blue")


def _key(match_id: int, seat: str) -> str:
    return f"matches:presence:{match_id}:{seat}"


def presence_join(*, match_id: int, seat: str) -> bool:
    """Count one more connection of ``seat``; True when it is the seat's first."""
    key = _key(match_id, seat)
    if cache.add(key, 1, TTL_SECONDS):
        return True
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, TTL_SECONDS)
        return True
    return count == 1


def presence_leave(*, match_id: int, seat: str) -> bool:
    """Count one connection of ``seat`` fewer; True when it was the seat's last."""
    key = _key(match_id, seat)
    try:
        count = cache.decr(key)
    except ValueError:
        return True
    if count <= 0:
        cache.delete(key)
        return True
    return False


def presence_get(*, match_id: int) -> dict[str, bool]:
    """``{"red": bool, "blue": bool}``."""
    values = cache.get_many([_key(match_id, seat) for seat in SEAT_LABELS])
    return {seat: (values.get(_key(match_id, seat)) or 0) > 0 for seat in SEAT_LABELS}
