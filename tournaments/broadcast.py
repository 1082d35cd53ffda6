"""Telling the world an event changed: cache version bump and a WebSocket nudge.

Only services call :func:`event_changed_on_commit` (the same rule as Zulip's "send events only
from actions"). After the transaction commits it

1. stores the event's new version in the cache, so every cached public fragment keyed by the
   old version stops being served (nothing is deleted; old keys simply age out), and
2. sends ``{"type": "event.changed", "version": n, "what": [...]}`` to the event's group; each
   open public page refetches the fragment it shows (standings, pairings, bracket…).

The payload carries no data, only the version and what changed, so a socket can never leak
anything a page would not show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import transaction

VERSION_KEY = "tournaments:event-version:{event_id}"
VERSION_TIMEOUT = 60 * 60 * 24 * 30


def event_group(event_id: int) -> str:
    """The channel-layer group of one event's live pages."""
    return f"tournament.event.{event_id}"


def cached_version(*, event_id: int, db_version: int) -> int:
    """The version to key public fragments with.

    The cache holds the newest version announced after a commit; the database value is the
    fallback (``add`` never overwrites a newer announcement).
    """
    key = VERSION_KEY.format(event_id=event_id)
    value = cache.get(key)
    if value is None:
        cache.add(key, db_version, VERSION_TIMEOUT)
        return db_version
    return int(value)


def announce(*, event_id: int, version: int, what: Iterable[str]) -> None:
    """Store the version and nudge the open pages (call after commit)."""
    cache.set(VERSION_KEY.format(event_id=event_id), version, VERSION_TIMEOUT)
    layer = get_channel_layer()
    if layer is None:
        return
    message: dict[str, Any] = {"type": "event.changed", "version": version, "what": sorted(what)}
    async_to_sync(layer.group_send)(event_group(event_id), message)


def event_changed_on_commit(*, event_id: int, version: int, what: Iterable[str]) -> None:
    """Schedule :func:`announce` for when the current transaction commits."""
    parts = tuple(what)
    transaction.on_commit(lambda: announce(event_id=event_id, version=version, what=parts))
