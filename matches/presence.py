"""Which seats have an open WebSocket right now, derived from live connections.

Each open socket of a seat is a *lease* in the Django cache (Redis in production, so every
server process sees the same leases; local memory on the embedded default, where there is one
process): ``{connection id: expiry}`` under one key per seat. A socket takes its lease when it
connects, renews it every ``MATCH_PRESENCE_HEARTBEAT_SECONDS`` and gives it back when it closes;
a seat is *connected* while it holds an unexpired lease. A consumer that dies without closing —
an exception, a cancelled task, a server killed with ``kill -9`` — stops renewing, so its seat
reads as disconnected at most ``MATCH_PRESENCE_TTL_SECONDS`` later: nothing is counted, so
nothing can leak. The other sockets of the match notice the change at their next heartbeat.

Two writes of the same seat's leases at the same instant (two tabs of one player) can lose one
of them; the next heartbeat writes it back, so the error lasts one heartbeat at most.

Keys are made from ``presence_scope(match)``, the id plus a piece of the match's random seat
token, so a database restored or recreated with the same ids (a test run, a restore) never
inherits another match's leases.
"""

from __future__ import annotations

import time
from typing import Any, Final

from django.conf import settings
from django.core.cache import cache

SEAT_LABELS: Final = ("red", "blue")


def ttl_seconds() -> float:
    """How long a lease lasts without renewal."""
    return float(getattr(settings, "MATCH_PRESENCE_TTL_SECONDS", 30.0))


def heartbeat_seconds() -> float:
    """How often an open socket renews its lease."""
    return float(getattr(settings, "MATCH_PRESENCE_HEARTBEAT_SECONDS", 10.0))


def presence_scope(match: Any) -> str:
    """The cache namespace of one match's presence leases."""
    return f"{match.pk}-{match.red_token[:12]}"


def _key(scope: str, seat: str) -> str:
    return f"matches:presence:{scope}:{seat}"


def _live_leases(scope: str, seat: str, now: float) -> dict[str, float]:
    leases = cache.get(_key(scope, seat)) or {}
    return {connection: expiry for connection, expiry in leases.items() if expiry > now}


def _store(scope: str, seat: str, leases: dict[str, float]) -> None:
    if leases:
        cache.set(_key(scope, seat), leases, ttl_seconds() + 1)
    else:
        cache.delete(_key(scope, seat))


def presence_touch(*, scope: str, seat: str, connection: str, now: float | None = None) -> bool:
    """Take or renew ``connection``'s lease on ``seat``; True when the seat had none live."""
    now = time.time() if now is None else now
    leases = _live_leases(scope, seat, now)
    arrived = not leases
    leases[connection] = now + ttl_seconds()
    _store(scope, seat, leases)
    return arrived


def presence_leave(*, scope: str, seat: str, connection: str, now: float | None = None) -> bool:
    """Give back ``connection``'s lease; True when the seat has no live lease left."""
    now = time.time() if now is None else now
    leases = _live_leases(scope, seat, now)
    leases.pop(connection, None)
    _store(scope, seat, leases)
    return not leases


def presence_get(*, scope: str, now: float | None = None) -> dict[str, bool]:
    """``{"red": bool, "blue": bool}``: which seats hold a live lease at ``now``."""
    now = time.time() if now is None else now
    return {seat: bool(_live_leases(scope, seat, now)) for seat in SEAT_LABELS}
