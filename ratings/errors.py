"""Errors raised by the rating mathematics, each with a stable ``code``.

The web layer validates a result before it reaches this package; these errors guard the
mathematics against values it cannot use (a score outside 0..1, a table of one player, ranks that
do not match the players, a replay that lists one game twice). They are ``ValueError``\\ s, like
the engines' and the clock's errors, and carry a machine-readable ``code``.
"""

from __future__ import annotations


class RatingError(ValueError):
    """A rating, result or history the rating mathematics cannot use."""

    code: str = "rating_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
