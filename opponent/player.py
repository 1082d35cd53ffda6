"""The search player: a seat's view in, a decision text out.

``SearchPlayer(level, seed=...).decide(view, remaining_ms=...)`` answers one of
``view.legal_actions``. It is given a :class:`~opponent.view.SeatView` and nothing else, so what
it decides depends only on what the seat has seen, its level and its seed: two games that look
the same from the seat get the same answer, whatever their hidden parts (tests/opponent).

How it decides:

* a decision with one legal answer, or a draw of the level's noise, needs no search;
* a 軍棋 set-up is a random legal set-up (§11.1's random set-up: the search cannot score a
  whole arrangement); a draw offered while the seat is not to move is declined (a move
  declines one made on the seat's own turn, J15); draws and resignation are never offered;
* otherwise it searches (``opponent.ismcts``) over worlds from the seat's belief
  (``opponent.gunshi_worlds``, kept from one decision to the next of the same game, or
  ``opponent.junqi_worlds``) with the level's budget, cut to what the clock allows
  (``opponent.clock``). If no world fits the view (a capped 軍師軍略 filter can lose them all),
  it answers a random legal decision rather than nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from junqi import Side as JunqiSide
from junqi import random_setup

from .clock import MIN_SECONDS, decision_seconds, expected_decisions_left
from .games import GUNSHI_GAME, JUNQI_GAME
from .gunshi_worlds import GunshiBelief
from .ismcts import Budget, SearchGame, search
from .junqi_worlds import JunqiBelief
from .levels import DEFAULT_LEVEL, Level, level
from .view import GUNSHI, SeatView

__all__ = ["Decision", "SearchPlayer"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision and how it was reached: ``how`` is ``"only"``, ``"noise"``, ``"setup"``,
    ``"search"``, ``"clock"`` (no time left to search) or ``"no_world"``."""

    action: str
    how: str
    iterations: int = 0
    cpu_seconds: float = 0.0
    worlds: int = 0


class SearchPlayer:
    """A computer player of one level. One player may play any number of games and seats; it
    keeps the 軍師軍略 belief of the last game it was asked about, to continue it."""

    def __init__(
        self,
        strength: Level | str = DEFAULT_LEVEL,
        *,
        seed: int = 0,
        clock: Callable[[], float] = time.process_time,
        timed: bool = True,
    ) -> None:
        self.level = strength if isinstance(strength, Level) else level(strength)
        self.seed = seed
        self._clock = clock
        self._timed = timed
        self._beliefs: dict[int, GunshiBelief] = {}

    def decide(self, view: SeatView, *, remaining_ms: int | None = None) -> Decision:
        """The decision for the view's seat, which must be asked (``view.legal_actions``).

        ``remaining_ms``: the seat's clock; the search then spends less when it has less.
        ``timed=False`` at construction makes the budget iterations only (reproducible).
        """
        start = self._clock()
        legal = view.legal_actions
        rng = random.Random(f"{self.seed}:{view.seat}:{view.ply}")  # noqa: S311 - play, not security
        if view.game != GUNSHI and _junqi_setup_due(view):
            side = JunqiSide(view.seat)
            text = f"setup {side.label} {random_setup(side, rng).text}"
            return Decision(text, "setup", cpu_seconds=self._clock() - start)
        moves = [a for a in legal if view.game == GUNSHI or _is_move(a)]
        if not moves and "decline draw" in legal:  # asked only about the opponent's offer
            return Decision("decline draw", "only", cpu_seconds=self._clock() - start)
        if not moves:
            raise ValueError("the seat is not asked for a decision in this view")
        if len(moves) == 1:
            return Decision(moves[0], "only", cpu_seconds=self._clock() - start)
        if self.level.noise and rng.random() < self.level.noise:
            return Decision(rng.choice(moves), "noise", cpu_seconds=self._clock() - start)
        seconds: float | None = None
        if self._timed:
            left = expected_decisions_left(view.game, view.ply // 2)
            seconds = decision_seconds(self.level.seconds, remaining_ms, left)
            if seconds < MIN_SECONDS:
                return Decision(rng.choice(moves), "clock", cpu_seconds=self._clock() - start)
        draw, game, count = self.worlds(view, rng)
        if count == 0:
            return Decision(rng.choice(moves), "no_world", cpu_seconds=self._clock() - start)
        to_text = _texts(game)
        by_text = {}
        probe = draw(rng)
        for action in game.legal(probe) if probe is not None else ():
            text = to_text(action)
            if text in moves:
                by_text[text] = action
        if seconds is not None:
            seconds = max(0.0, seconds - (self._clock() - start))
        plan = self.level.search(view.game)
        result = search(
            game,
            draw,
            list(by_text.values()),
            Budget(plan.walks, seconds),
            rng,
            rollout_decisions=plan.rollout,
            clock=self._clock,
        )
        if not result.visits:
            return Decision(rng.choice(moves), "no_world", cpu_seconds=self._clock() - start)
        best = result.best()
        return Decision(
            to_text(best),
            "search",
            iterations=result.iterations,
            cpu_seconds=self._clock() - start,
            worlds=count,
        )

    def worlds(
        self, view: SeatView, rng: random.Random
    ) -> tuple[Callable[[random.Random], Any | None], SearchGame, int]:
        """A drawer of worlds for the search, the game, and how many worlds it draws from
        (the 軍師軍略 belief of the view's seat is continued; ``opponent.analysis`` shares it)."""
        if view.game == GUNSHI:
            belief = self._beliefs.get(view.seat)
            if belief is None:
                belief = self._beliefs[view.seat] = GunshiBelief(seed=self.seed)
            draw_world = belief.drawer(view)

            def draw_gunshi(r: random.Random) -> Any | None:
                world = draw_world(r)
                return None if world is None else world.state

            return draw_gunshi, GUNSHI_GAME, belief.worlds(view) if belief.size else 0
        junqi_belief = JunqiBelief(view)
        pool: list[Any] = []
        give_up = self._clock() + (self.level.seconds / 2 if self._timed else float("inf"))
        for _ in range(self.level.worlds):
            if pool and self._clock() > give_up:
                break
            world = junqi_belief.sample(rng)
            if world is not None:
                pool.append(world.state)
        cycle = iter(range(1 << 62))

        def draw_junqi(r: random.Random) -> Any | None:
            return pool[next(cycle) % len(pool)] if pool else None

        return draw_junqi, JUNQI_GAME, len(pool)


def _label(view: SeatView) -> str:
    return "red" if view.seat == 0 else "blue"


def _junqi_setup_due(view: SeatView) -> bool:
    current = view.current
    return current.get("phase") == "setup" and not current["sides"][_label(view)]["setup_submitted"]


def _is_move(text: str) -> bool:
    head = text.split()[0]
    return "-" in head


def _texts(game: SearchGame) -> Callable[[Any], str]:
    if game is GUNSHI_GAME:
        return lambda action: str(action.to_str())
    return lambda action: str(action.text)
