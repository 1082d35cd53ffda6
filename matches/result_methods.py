"""The result methods that exist in a match's game, from the game registry (``games``).

A game's own endings are its rules' ``terminations`` (軍師軍略: general captured, intrusion,
the non-official turn limit; 軍棋: flag captured, no legal move, …); every game may also end
at the match level (resignation, loss on time, forfeit, no-show, an arbiter's decision), and a
game with draws (``GameDefinition.draws``) by a draw agreed. An over-the-board game without
rules has only the match-level endings. Forms that set a result offer exactly these, so a
軍師軍略 console never offers 軍棋's "flag captured".
"""

from __future__ import annotations

from typing import Final

from games import get_game
from matches.models import Match

MATCH_LEVEL_METHODS: Final = (
    Match.Method.RESIGNATION,
    Match.Method.TIMEOUT,
    Match.Method.FORFEIT,
    Match.Method.NO_SHOW,
    Match.Method.ARBITER,
)


def game_result_methods(game: str) -> list[str]:
    """The ``Match.Method`` values a result of ``game`` may have, in ``Match.Method`` order."""
    definition = get_game(game)
    allowed: set[str] = set(MATCH_LEVEL_METHODS)
    if definition.rules is not None:
        allowed.update(definition.rules.terminations)
    if definition.draws:
        allowed.add(Match.Method.DRAW_AGREED)
    return [method for method in Match.Method.values if method in allowed]


def game_result_method_choices(game: str) -> list[tuple[str, str]]:
    """``game_result_methods`` as form choices ``(value, label)``."""
    labels = dict(Match.Method.choices)
    return [(method, str(labels[method])) for method in game_result_methods(game)]
