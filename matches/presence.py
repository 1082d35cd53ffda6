"""Which seats have an open WebSocket right now.

Counts live in the Django cache (Redis in production, so every server process sees the same
counts; local memory on the embedded default, where there is one process). A seat is
*connected* while its count is positive. Counts expire after a day so that a crashed server
cannot leave a seat "connected" forever. Keys are made from ``presence_scope(match)``, the id
plus a piece of the match's random seat token, so a database restored or recreated with the
same ids (a test run, a restore) never inherits another match's counts.
"""

from __future__ import annotations

from typing import Any, Final

from django.core.cache import cache

TTL_SECONDS: Final = 24 * 60 * 60
SEAT_LABELS: Final = ("red", "blue")


def presence_scope(match: Any) -> str:
    """The cache namespace of one match's presence counts."""
    return f"{match.pk}-{match.red_token[:12]}"


def _key(scope: str, seat: str) -> str:
    return f"matches:presence:{scope}:{seat}"


def presence_join(*, scope: str, seat: str) -> bool:
    """Count one more connection of ``seat``; True when it is the seat's first."""
    key = _key(scope, seat)
    if cache.add(key, 1, TTL_SECONDS):
        return True
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, TTL_SECONDS)
        return True
    return count == 1


def presence_leave(*, scope: str, seat: str) -> bool:
    """Count one connection of ``seat`` fewer; True when it was the seat's last."""
    key = _key(scope, seat)
    try:
        count = cache.decr(key)
    except ValueError:
        return True
    if count <= 0:
        cache.delete(key)
        return True
    return False


def presence_get(*, scope: str) -> dict[str, bool]:
    """``{"red": bool, "blue": bool}``."""
    values = cache.get_many([_key(scope, seat) for seat in SEAT_LABELS])
    return {seat: (values.get(_key(scope, seat)) or 0) > 0 for seat in SEAT_LABELS}
