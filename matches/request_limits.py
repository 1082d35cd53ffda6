"""How many requests one client address may make to an HTTP endpoint: a fixed window per address.

Each request counts in the current window (``window_seconds`` long) of its address and
endpoint; once ``limit`` requests were counted in that window, further ones are refused until
the next window begins. The counters live in Django's default cache (Redis in production), so
every process counts together. The address is ``REMOTE_ADDR``: behind the production proxy the
ASGI server sets it from ``X-Forwarded-For`` (``--proxy-headers``, docs/production.md), so a
client cannot choose it by sending the header itself.

The live board's past positions (``matches:match_position``) use it with the settings
``MATCH_POSITION_REQUESTS_PER_WINDOW`` and ``MATCH_POSITION_WINDOW_SECONDS``. A player stepping
through a game's decisions asks for each position once (the board keeps what it fetched);
the limit is for programs that hammer the endpoint.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True)
class RequestLimit:
    """At most ``limit`` requests per address in each window of ``window_seconds``."""

    name: str
    limit: int
    window_seconds: int
    clock: Callable[[], float] = time.time

    def _window(self) -> tuple[int, int]:
        """The current window's number and the seconds left in it (at least 1)."""
        now = self.clock()
        number = int(now // self.window_seconds)
        left = math.ceil((number + 1) * self.window_seconds - now)
        return number, max(1, left)

    def allow(self, request: HttpRequest) -> int | None:
        """Count ``request``; ``None`` when it may be served, else the seconds until the
        address may ask again (for ``Retry-After``)."""
        address = request.META.get("REMOTE_ADDR") or "unknown"
        number, left = self._window()
        key = f"request-limit:{self.name}:{self.window_seconds}:{address}:{number}"
        # add() starts the window's counter (atomic on Redis); incr() counts this request.
        cache.add(key, 0, self.window_seconds + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # the counter expired between add() and incr()
            cache.set(key, 1, self.window_seconds + 1)
            count = 1
        return None if count <= self.limit else left
