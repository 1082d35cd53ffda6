"""The playing levels: one table, each level a search budget per game (and noise at the
lowest). docs/opponent.md gives each level's measured strength (benchmarks/bot.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .view import GUNSHI

__all__ = ["ANALYSIS_LEVEL", "DEFAULT_LEVEL", "LEVELS", "Level", "SearchBudget", "level"]


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """One game's search at a level: ``walks`` caps the walks of one search and ``rollout``
    its random rollouts, in decisions (a 軍師軍略 turn takes several, a 軍棋 move one)."""

    walks: int
    rollout: int


@dataclass(frozen=True, slots=True)
class Level:
    """A playing level: each game's search budget, the CPU cap of one decision (``seconds``;
    the clock rule of ``opponent.clock`` may allow less), the chance of answering a uniformly
    random legal decision instead of searching (``noise``), and how many 軍棋 worlds one
    decision samples (``worlds``: each is checked by a replay, so they are drawn once per
    decision and shared by the walks)."""

    name: str
    seconds: float
    gunshi: SearchBudget
    junqi: SearchBudget
    noise: float = 0.0
    worlds: int = 16

    def search(self, game: str) -> SearchBudget:
        """The search budget in ``game`` (``"gunshi"`` or ``"junqi"``)."""
        return self.gunshi if game == GUNSHI else self.junqi


#: The levels, weakest first. Tuned with benchmarks/bot.py (docs/opponent.md): in 軍棋 more
#: walks over the same few worlds gain little, so its top level also samples more worlds, and
#: its searching levels use short rollouts, which score positions less noisily.
LEVELS: tuple[Level, ...] = (
    Level("1", 0.1, SearchBudget(8, 12), SearchBudget(8, 12), noise=0.3, worlds=3),
    Level("2", 0.25, SearchBudget(24, 16), SearchBudget(24, 16), worlds=4),
    Level("3", 0.5, SearchBudget(100, 20), SearchBudget(100, 12), worlds=6),
    Level("4", 1.0, SearchBudget(1000, 24), SearchBudget(600, 12), worlds=12),
)

#: The level a player gets unless it asks for another: at most 1 s of CPU per decision.
DEFAULT_LEVEL = "3"

#: The budget of post-game analysis (``opponent.analysis``), one search per decision of a whole
#: game: the default level's searches, its 軍棋 worlds fewer, and a CPU cap of its own so that
#: a 300-decision game stays within 60 s on one core (0.2 s a decision at most;
#: benchmarks/analysis.py measures it, docs/opponent.md "Post-game analysis").
ANALYSIS_LEVEL = Level("analysis", 0.15, SearchBudget(100, 20), SearchBudget(100, 12), worlds=4)

_BY_NAME = {lv.name: lv for lv in LEVELS}


def level(name: str) -> Level:
    """The level called ``name``; ``KeyError`` for an unknown one."""
    return _BY_NAME[name]
