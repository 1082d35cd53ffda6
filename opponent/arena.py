"""A referee for games between players of this package, as the match server would run them.

The referee holds the true state and hands each seat only what the protocol sends it: the
game's view for that seat and the history line of each decision (``SeatView``). The benchmark
(benchmarks/bot.py) and the tests play through it; a player never sees the state.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
import junqi

from .gunshi_worlds import first_position
from .view import GUNSHI, SeatView

__all__ = ["GameResult", "Referee", "play_game"]

#: A player: the seat's view and its remaining clock (ms, or None) in, a decision text out.
Chooser = Callable[[SeatView, int | None], str]


class Referee:
    """One game's true state, and each seat's view of it, kept as the game goes on."""

    def __init__(self, game: str, setup: Mapping[str, Any] | None = None, *, seed: int = 0) -> None:
        self.game = game
        #: The public set-up the seats are given (a deal seed stays with the referee).
        self.setup: dict[str, Any] = dict(setup or {})
        if game == GUNSHI:
            self.setup.setdefault("variant", "basic")
            self.state: Any = first_position(self.setup, seed=seed)
        else:
            options = junqi.Options.from_dict(dict(self.setup.get("game_format") or {}))
            self.state = junqi.new_game(options)
        self._history: tuple[list[str], list[str]] = ([], [])
        self._observations = ([self._observe(0)], [self._observe(1)])

    def _observe(self, seat: int) -> dict[str, Any]:
        if self.game == GUNSHI:
            return engine.observe(self.state, engine.Side(seat))
        return junqi.observe(self.state, junqi.Side(seat))

    def view(self, seat: int) -> SeatView:
        return SeatView(
            self.game,
            seat,
            self.setup,
            tuple(self._history[seat]),
            tuple(self._observations[seat]),
        )

    def to_act(self) -> int | None:
        """The seat asked now (during 軍棋's simultaneous set-up: the first without one)."""
        state = self.state
        if self.game == GUNSHI:
            return None if state.to_act is None else int(state.to_act)
        acting = junqi.acting_sides(state)
        return int(acting[0]) if acting else None

    def apply(self, text: str) -> None:
        if self.game == GUNSHI:
            action = engine.parse_action(text)
            lines = [engine.history_text(self.state, action, engine.Side(s)) for s in (0, 1)]
            self.state = engine.apply_action(self.state, action)
        else:
            move = junqi.parse_action(text)
            lines = [junqi.history_text(self.state, move, junqi.Side(s)) for s in (0, 1)]
            self.state = junqi.apply_action(self.state, move)
        for seat in (0, 1):
            self._history[seat].append(lines[seat])
            self._observations[seat].append(self._observe(seat))

    def winner(self) -> int | None:
        outcome = self.state.outcome
        if outcome is None or outcome.winner is None:
            return None
        return int(outcome.winner)


@dataclass
class GameResult:
    """How a game ended: the winner (``None``: a draw or the cap), decisions, CPU per
    decision of each seat (seconds), the seat whose flag fell (``None``: no flag fell), and
    the ending: the engine's termination (``"general_captured"``, ``"FLAG"``,
    ``"DRAW_NO_COMBAT"``…), ``"time"`` or ``"cap"`` (``max_decisions`` reached)."""

    winner: int | None
    decisions: int
    cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    flagged: int | None = None
    ending: str = "cap"


def play_game(
    game: str,
    players: tuple[Chooser, Chooser],
    *,
    setup: Mapping[str, Any] | None = None,
    seed: int = 0,
    max_decisions: int = 3000,
    clock_ms: int | None = None,
) -> GameResult:
    """Play one game between two players (seat 0 red, seat 1 blue).

    With ``clock_ms`` each seat has a sudden-death clock of that many milliseconds (20+0 is
    ``1_200_000``): a decision is charged the CPU time its player took, the player is given
    what remains, and a seat whose clock runs out loses on time, as on the site.
    """
    referee = Referee(game, setup, seed=seed)
    result = GameResult(None, 0)
    clocks = [clock_ms, clock_ms]
    while result.decisions < max_decisions:
        seat = referee.to_act()
        if seat is None:
            break
        start = time.process_time()
        text = players[seat](referee.view(seat), clocks[seat])
        spent = time.process_time() - start
        result.cpu[seat].append(spent)
        remaining = clocks[seat]
        if remaining is not None:
            clocks[seat] = remaining = remaining - round(spent * 1000)
            if remaining <= 0:
                result.flagged = seat
                result.winner = 1 - seat
                result.ending = "time"
                return result
        referee.apply(text)
        result.decisions += 1
    result.winner = referee.winner()
    outcome = referee.state.outcome
    if outcome is not None:
        result.ending = str(outcome.termination)
    return result


def random_chooser(seed: int) -> Chooser:
    """A player of uniformly random legal decisions (random set-ups in 軍棋), like the site's
    reference bot."""
    rng = random.Random(seed)  # noqa: S311 - play, not security

    def choose(view: SeatView, remaining_ms: int | None) -> str:
        current = view.current
        if view.game != GUNSHI and current.get("phase") == "setup":
            side = junqi.Side(view.seat)
            return f"setup {side.label} {junqi.random_setup(side, rng).text}"
        legal = [a for a in view.legal_actions if view.game == GUNSHI or "-" in a.split()[0]]
        return rng.choice(legal)

    return choose
