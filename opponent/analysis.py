"""Post-game analysis: for one decision, how the mover stood and what the search preferred.

The analysis of a decision is the search of ``opponent.player`` run from the **mover's own
view** at that ply (a :class:`~opponent.view.SeatView`, never the full state): its worlds are
the ones the mover could not tell apart, so the figures say what the mover could have known,
not what the record reveals afterwards. From the ISMCTS root statistics it reads:

* ``win_chance``: the mover's expected score (1 a win, ½ a draw) over every walk of the search,
  the root's mean: how the position looked to the mover before deciding;
* ``best`` and ``best_value``: the most visited decision and its mean score for the mover;
* ``played_value``: the mean score of the decision actually played. A decision the walks did
  not reach (many legal decisions, a small budget) gets a search of its own, restricted to it,
  with a quarter of the budget. When the best decision seems to beat it by more than the
  threshold, both are searched again alone (a quarter of the budget each) and those values
  stand: among many root decisions the most visited may owe its mean to a few lucky walks.

Decisions with nothing to search are not analysed (``analyse`` answers ``None``): a 軍棋
set-up (the search cannot score a whole arrangement), a draw offer, its answer or a
resignation, and a view no world fits. A forced decision (one legal answer) is searched with a
quarter of the budget: its estimate places the position on the graph, and there is nothing to
prefer.

:class:`Analyst` walks a whole game: one per game, asked in order of the plies, so that each
seat's 軍師軍略 belief continues from one decision to the next (as a player's does).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from .ismcts import Budget, SearchResult, search
from .levels import ANALYSIS_LEVEL, Level, SearchBudget
from .player import SearchPlayer, _is_move, _junqi_setup_due, _texts
from .view import GUNSHI, SeatView

__all__ = [
    "ALTERNATIVE_THRESHOLD",
    "Analyst",
    "DecisionAnalysis",
    "analyse_decision",
    "turning_points",
]

#: How much better (in the mover's win chance, 0–1) the search's choice must score than the
#: decision played before it is shown as the better alternative: 10 percentage points.
ALTERNATIVE_THRESHOLD = 0.10
#: The share of the budget a forced decision, or the played decision's own search, gets.
SIDE_SEARCH_SHARE = 4
#: How many turning points a game gets at most (its biggest losses).
MAX_TURNING_POINTS = 5


@dataclass(frozen=True, slots=True)
class DecisionAnalysis:
    """One analysed decision: ``ply`` (1 for the first decision), ``mover`` (0 red, 1 blue),
    the decision ``played`` (its full text: the mover knows its own decision), the mover's
    ``win_chance`` before deciding, the search's ``best`` decision and its value, the value of
    the decision played (``None`` if even its own search found no world) and the walks spent."""

    ply: int
    mover: int
    played: str
    win_chance: float
    best: str
    best_value: float
    played_value: float | None
    iterations: int
    forced: bool = False

    @property
    def red_chance(self) -> float:
        """Red's win chance by this estimate (the graph's curve)."""
        return self.win_chance if self.mover == 0 else 1.0 - self.win_chance

    @property
    def loss(self) -> float:
        """How much win chance the decision played gave away against ``best`` (≥ 0)."""
        if self.played_value is None or self.best == self.played:
            return 0.0
        return max(0.0, self.best_value - self.played_value)

    @property
    def alternative(self) -> str | None:
        """The search's decision when it beats the one played by more than the threshold."""
        return self.best if self.loss > ALTERNATIVE_THRESHOLD else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form the site stores (rounded to 0.1 percentage point)."""
        return {
            "ply": self.ply,
            "mover": self.mover,
            "played": self.played,
            "win_chance": round(self.win_chance, 3),
            "red_chance": round(self.red_chance, 3),
            "best": self.best,
            "best_value": round(self.best_value, 3),
            "played_value": None if self.played_value is None else round(self.played_value, 3),
            "alternative": self.alternative,
            "loss": round(self.loss, 3),
            "iterations": self.iterations,
            "forced": self.forced,
        }


class Analyst:
    """Analyses the decisions of one game, in order, each from its mover's view.

    ``budget`` is a level (walks, CPU cap per decision, rollout cap, 軍棋 worlds);
    ``timed=False`` makes the budget walks only, so that the analysis is exactly reproducible.
    """

    def __init__(
        self,
        budget: Level = ANALYSIS_LEVEL,
        *,
        seed: int = 0,
        timed: bool = True,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.budget = budget
        self.seed = seed
        self._timed = timed
        self._clock = clock
        self._player = SearchPlayer(budget, seed=seed, clock=clock, timed=timed)

    def analyse(self, view: SeatView, played: str) -> DecisionAnalysis | None:
        """The analysis of ``played``, decided by ``view.seat`` from ``view`` (``None``: a
        decision with nothing to search, see the module docstring)."""
        if view.game != GUNSHI and _junqi_setup_due(view):
            return None
        legal = view.legal_actions
        if played not in legal:
            raise ValueError(f"{played!r} is not a decision the view offers")
        if view.game != GUNSHI and not _is_move(played):
            return None
        moves = [a for a in legal if view.game == GUNSHI or _is_move(a)]
        start = self._clock()
        rng = random.Random(f"analysis:{self.seed}:{view.seat}:{view.ply}")  # noqa: S311
        draw, game, count = self._player.worlds(view, rng)
        if count == 0:
            return None
        to_text = _texts(game)
        probe = draw(rng)
        by_text: dict[str, Hashable] = {}
        for action in game.legal(probe) if probe is not None else ():
            text = to_text(action)
            if text in moves:
                by_text[text] = action
        if played not in by_text:
            return None
        forced = len(moves) == 1
        plan = self.budget.search(view.game)
        seconds = self._seconds(start)
        budget = self._budget(plan, seconds, share=SIDE_SEARCH_SHARE if forced else 1)
        result = self._search(game, draw, list(by_text.values()), budget, rng, plan)
        if not result.visits:
            return None
        played_action = by_text[played]
        played_value = result.means.get(played_action)
        iterations = result.iterations
        if played_value is None:
            own = self._search(
                game,
                draw,
                [played_action],
                self._budget(plan, self._seconds(start), share=SIDE_SEARCH_SHARE),
                rng,
                plan,
            )
            played_value = own.means.get(played_action)
            iterations += own.iterations
        best = result.best()
        best_value = result.means[best]
        gap = None if played_value is None else best_value - played_value
        if best != played_action and gap is not None and gap > ALTERNATIVE_THRESHOLD:
            # Confirm the gap with a search of each decision alone: the most visited of many
            # root decisions may owe its mean to a few lucky walks.
            values = []
            for action in (best, played_action):
                own = self._search(
                    game,
                    draw,
                    [action],
                    self._budget(plan, self._seconds(start), share=SIDE_SEARCH_SHARE),
                    rng,
                    plan,
                )
                values.append(own.means.get(action))
                iterations += own.iterations
            if values[0] is not None and values[1] is not None:
                best_value, played_value = values[0], values[1]
        return DecisionAnalysis(
            ply=view.ply + 1,
            mover=view.seat,
            played=played,
            win_chance=_root_mean(result),
            best=to_text(best),
            best_value=best_value,
            played_value=played_value,
            iterations=iterations,
            forced=forced,
        )

    def _seconds(self, start: float) -> float | None:
        if not self._timed:
            return None
        return max(0.0, self.budget.seconds - (self._clock() - start))

    def _budget(self, plan: SearchBudget, seconds: float | None, *, share: int) -> Budget:
        iterations = max(1, plan.walks // share)
        return Budget(iterations, None if seconds is None else seconds / share)

    def _search(
        self,
        game: Any,
        draw: Callable[[random.Random], Any | None],
        root: list[Hashable],
        budget: Budget,
        rng: random.Random,
        plan: SearchBudget,
    ) -> SearchResult:
        return search(
            game,
            draw,
            root,
            budget,
            rng,
            rollout_decisions=plan.rollout,
            clock=self._clock,
        )


def analyse_decision(
    view: SeatView,
    played: str,
    budget: Level = ANALYSIS_LEVEL,
    *,
    seed: int = 0,
    timed: bool = True,
) -> DecisionAnalysis | None:
    """The analysis of one decision on its own (``Analyst`` for a whole game)."""
    return Analyst(budget, seed=seed, timed=timed).analyse(view, played)


def _root_mean(result: SearchResult) -> float:
    """The root's mean score for the searching seat: every walk's score, whichever decision
    it took first."""
    walks = sum(result.visits.values())
    return sum(result.means[a] * n for a, n in result.visits.items()) / walks


def turning_points(decisions: Mapping[int, DecisionAnalysis]) -> list[int]:
    """The plies of the game's turning points: the decisions that gave away the most win
    chance against the search's choice, more than ``ALTERNATIVE_THRESHOLD`` each, at most
    ``MAX_TURNING_POINTS`` of them, in the order of the game."""
    losing = [d for d in decisions.values() if d.alternative is not None]
    losing.sort(key=lambda d: (-d.loss, d.ply))
    return sorted(d.ply for d in losing[:MAX_TURNING_POINTS])
