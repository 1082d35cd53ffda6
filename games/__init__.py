"""The game registry: every game an event can choose, keyed by a stable ``key``.

``get_game(key)`` returns a :class:`~games.base.GameDefinition`; ``game_choices()`` feeds
model and form choices. Engine-backed games expose their referee through
``definition.rules``; ``matches/`` and ``tournaments/`` reach a rules engine only through
this package (an import contract in pyproject.toml enforces it).
"""

from __future__ import annotations

from games.base import (
    GameDefinition,
    ScoreAggregate,
    ScoreSpec,
    TableKind,
    Timing,
    TimingKind,
)

_REGISTRY: dict[str, GameDefinition] = {}


def register(definition: GameDefinition) -> GameDefinition:
    """Add ``definition`` to the registry (a key may be registered once)."""
    if definition.key in _REGISTRY:
        raise ValueError(f"game {definition.key!r} is already registered")
    _REGISTRY[definition.key] = definition
    return definition


def get_game(key: str) -> GameDefinition:
    """The definition for ``key``; ``KeyError`` for a game the platform does not know."""
    _load()
    return _REGISTRY[key]


def registered_games() -> list[GameDefinition]:
    """Every registered game, in registration order (軍師軍略 first)."""
    _load()
    return list(_REGISTRY.values())


def game_choices() -> list[tuple[str, object]]:
    """``(key, name)`` pairs for model and form choices."""
    return [(game.key, game.name) for game in registered_games()]


def _load() -> None:
    """Import the modules that register the games (once; they call :func:`register`)."""
    # Always through the catalogue (a no-op once imported): a module that imported one game's
    # definition directly must not leave the others unregistered.
    from games import catalogue  # noqa: F401  (registers on import)


__all__ = [
    "GameDefinition",
    "ScoreAggregate",
    "ScoreSpec",
    "TableKind",
    "Timing",
    "TimingKind",
    "game_choices",
    "get_game",
    "register",
    "registered_games",
]
