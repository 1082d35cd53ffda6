"""Engine errors: a small ``ValueError`` tree with stable codes.

The engine never translates: each error carries a ``code`` (stable, documented in
docs/engine.md) that the web layer maps to a translated message, and an English ``detail`` for
logs and the command line. Details name only what the acting player already knows.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of everything the engine raises on bad input."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


class InvalidActionError(EngineError):
    """The text is not an action at all (cannot be parsed)."""


class IllegalActionError(EngineError):
    """The action is well formed but not legal in this state."""


class InvalidRecordError(EngineError):
    """A game record is malformed or of an unknown version."""
