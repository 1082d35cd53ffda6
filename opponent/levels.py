"""The playing levels: one table, each level a search budget (and noise at the lowest).

``iterations`` caps the walks of one search and ``seconds`` its CPU time (the clock rule of
``opponent.clock`` may allow less); ``rollout`` is the rollout cap in decisions; ``noise`` is
the chance of answering a uniformly random legal decision instead of searching; ``worlds``
is how many 軍棋 worlds one decision samples (each is checked by a replay, so they are drawn
once per decision and shared by the walks). docs/opponent.md gives each level's measured
strength (benchmarks/bot.py).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ANALYSIS_LEVEL", "DEFAULT_LEVEL", "LEVELS", "Level", "level"]


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    iterations: int
    seconds: float
    rollout: int
    noise: float = 0.0
    worlds: int = 16


#: The levels, weakest first.
LEVELS: tuple[Level, ...] = (
    Level("1", iterations=8, seconds=0.1, rollout=16, noise=0.3, worlds=4),
    Level("2", iterations=32, seconds=0.25, rollout=24, worlds=6),
    Level("3", iterations=100, seconds=0.5, rollout=32, worlds=8),
    Level("4", iterations=300, seconds=1.0, rollout=40, worlds=12),
)

#: The level a player gets unless it asks for another: at most 1 s of CPU per decision.
DEFAULT_LEVEL = "3"

#: The budget of post-game analysis (``opponent.analysis``), one search per decision of a whole
#: game: the default level's walks and rollouts, its 軍棋 worlds halved, and a CPU cap of its
#: own so that a 300-decision game stays within 60 s on one core (0.2 s a decision at most;
#: benchmarks/analysis.py measures it, docs/opponent.md "Post-game analysis").
ANALYSIS_LEVEL = Level("analysis", iterations=100, seconds=0.15, rollout=32, worlds=4)

_BY_NAME = {lv.name: lv for lv in LEVELS}


def level(name: str) -> Level:
    """The level called ``name``; ``KeyError`` for an unknown one."""
    return _BY_NAME[name]
