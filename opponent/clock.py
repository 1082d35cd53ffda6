"""Clock management: how much CPU time one decision may spend.

A player with ``remaining`` milliseconds left spends at most its share of them over the
decisions it still expects to take, never more than its level allows, and never so much that
less than a safety margin would remain (the margin covers the belief update, the network and
the server's own handling of the decision). With little time left it spends little, down to a
floor below which it answers from a minimal search.
"""

from __future__ import annotations

__all__ = ["MIN_SECONDS", "decision_seconds", "expected_decisions_left"]

#: The least time a decision is given (a search of a few walks), unless the margin forbids it.
MIN_SECONDS = 0.01
#: The margin kept on the clock: a fixed part plus a share of what remains.
MARGIN_SECONDS = 1.0
MARGIN_SHARE = 0.05


def expected_decisions_left(game: str, own_decisions: int) -> int:
    """How many more decisions a seat expects to take: a 軍師軍略 game takes each seat about
    300 decisions (many forced and free, but searched ones about 120), a 軍棋 game about 100
    moves; never fewer than 20, since games run long."""
    typical = 120 if game == "gunshi" else 100
    return max(20, typical - own_decisions // 2)


def decision_seconds(level_seconds: float, remaining_ms: int | None, decisions_left: int) -> float:
    """The CPU seconds one decision may use: the level's cap, or less on a short clock."""
    if remaining_ms is None:
        return level_seconds
    remaining = remaining_ms / 1000.0
    usable = remaining - MARGIN_SECONDS - MARGIN_SHARE * remaining
    share = remaining / max(1, decisions_left)
    return max(0.0, min(level_seconds, share, usable))
