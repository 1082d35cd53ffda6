"""What every game on the platform declares about itself: the registry's one interface.

A game is either **engine-backed** (its ``rules`` object lets the server referee it online:
set-up, legal decisions, per-seat views, clock side, notation) or an **over-the-board game**
(``rules is None``: the platform only times it, if at all, and takes its results). Events and
matches hold a game's ``key``; ``games.get_game(key)`` returns its :class:`GameDefinition`.

The definitions are data, never behaviour switches spread over the code: a page asks the
definition how many players sit at a table, which results exist and which score a result
carries, instead of testing for a particular game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise


class TableKind(enum.StrEnum):
    """How a table is played and scored.

    ``HEAD_TO_HEAD``: two players with colours (red moves first); results are win, loss and,
    where the game has one, draw; the pairing systems and brackets apply unchanged.
    ``RANKED_TABLE``: several players at one table; the result is a finishing order (shared
    places allowed), scored as rank points (docs/games.md).
    """

    HEAD_TO_HEAD = "head_to_head"
    RANKED_TABLE = "ranked_table"


class ScoreAggregate(enum.StrEnum):
    """How a player's scores over an event make the "game score" tie-break (code ``GS``).

    ``WON_SUM``: the sum of the player's own score in the games they won (Strategem: the
    winner's remaining HP, i.e. the winning margin). ``DIFFERENCE``: the sum over played games
    of own score minus the opponent's (盤上遊姫: battlefield difference). ``SUM``: the sum of the
    player's own score over played games.
    """

    WON_SUM = "won_sum"
    DIFFERENCE = "difference"
    SUM = "sum"


class TimingKind(enum.StrEnum):
    """``CHESS_CLOCK``: one clock per player, switched at turn boundaries.
    ``SESSION``: one time limit for the whole table, with a hard stop (no per-player clock).
    ``NONE``: untimed."""

    CHESS_CLOCK = "chess_clock"
    SESSION = "session"
    NONE = "none"


@dataclass(frozen=True)
class Timing:
    """A game's recommended time control.

    ``minutes``: per player for a chess clock, for the whole table for a session limit.
    ``increment_seconds``: Fischer increment per decision (chess clock only).
    ``setup_minutes``: a shared set-up countdown before the clocks run (0: none).
    """

    kind: TimingKind
    minutes: int = 0
    increment_seconds: int = 0
    setup_minutes: int = 0

    @property
    def time_control(self) -> str:
        """The ``"<minutes>+<increment>"`` text events and matches store (``""`` when untimed)."""
        if self.kind is TimingKind.NONE:
            return ""
        return f"{self.minutes}+{self.increment_seconds}"


@dataclass(frozen=True)
class ScoreSpec:
    """A number reported with each result that standings may use as a tie-break.

    E.g. Strategem's winner's remaining HP, 盤上遊姫's battlefields won, 三国盛衰記's victory
    points. ``minimum``/``maximum`` bound what a form accepts (``maximum`` None: unbounded).
    """

    code: str
    label: str | Promise
    minimum: int = 0
    maximum: int | None = None
    aggregate: ScoreAggregate = ScoreAggregate.SUM


#: A game's own check of the two scores reported with a decided head-to-head game:
#: ``(winner_score, loser_score, on_time)`` -> a message for the player, or ``None`` when the
#: pair is possible. ``on_time``: the game was decided by the clock (flag fall) or adjudicated
#: at time by an arbiter, where the game's normal end condition need not hold.
ScoreCheck = Callable[[int, int, bool], object | None]


@dataclass(frozen=True)
class GameDefinition:
    """One game the platform can run events of.

    ``key`` is stored on events and matches and never changes. ``name`` is what players read
    (translated). ``players`` is the inclusive range of players at one table. ``draws`` says
    whether a drawn result exists. ``rules`` is the engine adapter for online play, ``None``
    for an over-the-board game.
    """

    key: str
    name: str | Promise
    table: TableKind
    players: tuple[int, int]
    draws: bool
    timing: Timing
    score: ScoreSpec | None = None
    rules: Any = None
    notes: tuple[str | Promise, ...] = field(default_factory=tuple)
    score_check: ScoreCheck | None = None

    @property
    def over_the_board_only(self) -> bool:
        return self.rules is None
