"""Errors of the 軍棋 engine: a small ``ValueError`` tree with stable machine codes.

The engine never translates. Every error carries a ``code`` (stable, listed in docs/junqi.md)
that the web layer maps to a translated message, and an English ``detail`` for logs and the
command line. A detail names only what the acting player already knows: an illegal move is
rejected without saying anything about the enemy piece it would have met (RULES.md §8, J21).
"""

from __future__ import annotations


class JunqiError(ValueError):
    """Base class of everything the engine raises on bad input."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


class InvalidActionError(JunqiError):
    """The text is not an action at all (cannot be parsed)."""


class IllegalActionError(JunqiError):
    """The action is well formed but not legal in this state (rejected without penalty, J21)."""


class SetupError(JunqiError):
    """A set-up string is malformed or breaks §3.1–3.4 (codes ``setup.*``)."""


class InvalidRecordError(JunqiError):
    """A game record or a serialised state is malformed, or does not replay."""
