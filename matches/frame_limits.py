"""How many frames one WebSocket may send: a token bucket per connection.

Every request frame costs a token; the bucket holds ``burst`` tokens and refills at ``rate``
tokens a second, so a client may send a short burst (a quick series of decisions) but not a
flood. A frame that finds the bucket empty is not handled: the consumer answers it with a
``rate_limited`` error frame. A client that keeps flooding — ``max_refused`` frames refused in a
row — is closed (``CLOSE_RATE_LIMITED``). Values come from the settings
``MATCH_SOCKET_FRAMES_PER_SECOND``, ``MATCH_SOCKET_FRAME_BURST`` and
``MATCH_SOCKET_MAX_REFUSED_FRAMES``; time is injected.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings

CLOSE_RATE_LIMITED = 4429


@dataclass
class FrameBucket:
    """One connection's allowance of request frames."""

    rate: float
    burst: float
    max_refused: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    refused_in_a_row: int = field(init=False, default=0)
    _last: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self._last = self.clock()

    @classmethod
    def from_settings(cls) -> FrameBucket:
        return cls(
            rate=float(getattr(settings, "MATCH_SOCKET_FRAMES_PER_SECOND", 20.0)),
            burst=float(getattr(settings, "MATCH_SOCKET_FRAME_BURST", 100.0)),
            max_refused=int(getattr(settings, "MATCH_SOCKET_MAX_REFUSED_FRAMES", 50)),
        )

    def take(self) -> bool:
        """Spend a token for one frame; False when the bucket is empty (the frame is refused)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    @property
    def abusive(self) -> bool:
        """The client kept sending into an empty bucket: close the connection."""
        return self.refused_in_a_row >= self.max_refused
