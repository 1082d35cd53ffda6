"""The tie-breaks an event can list, as plain values.

Each tie-break is a small frozen dataclass. An event stores its ordered list as codes
(``"BH-C1"``, ``"DE"``, …, see :func:`tiebreak_from_code`); :func:`~tournaments.standings.standings`
applies the list in order to each group of players still tied, as FIDE C.07 art. 4.2 says.
The exact definition of each one, with worked examples, is in ``docs/tiebreaks.md``.

Vocabulary, shared with that document:

* A player's **score** is the sum of the points they were awarded in the rounds counted.
* A round is **played** when the bout finished over the board (no forfeit). Every other round a
  player was not paired in or did not play is **unplayed**: a pairing bye, an absence (late
  entry, withdrawal, requested bye), a forfeit win or loss, a double forfeit.
* For every tie-break except direct encounter, a **higher value ranks higher**; drawing of lots
  and manual order report a position, where lower ranks higher.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.history import PlayerId

TieBreakValue = Fraction | int | None


@dataclass(frozen=True, slots=True)
class Buchholz:
    """Sum of the scores of the player's opponents (FIDE C.07 art. 8.1), with optional cuts.

    ``cut_lowest=1`` is Buchholz Cut-1; ``cut_lowest=cut_highest=1`` is Median Buchholz
    (FIDE Median-1: the lowest value is cut first, then the highest). Unplayed rounds count as
    games against a dummy opponent, and a cut removes a voluntary unplayed round first
    (art. 16.4, 16.5).
    """

    cut_lowest: int = 0
    cut_highest: int = 0

    def __post_init__(self) -> None:
        if self.cut_lowest < 0 or self.cut_highest < 0:
            raise ValueError("cuts must not be negative")
        if self.cut_highest not in (0, self.cut_lowest):
            raise ValueError("cut the highest values only as a median (as many as the lowest)")

    @property
    def code(self) -> str:
        if self.cut_lowest == 0:
            return "BH"
        kind = "M" if self.cut_highest else "C"
        return f"BH-{kind}{self.cut_lowest}"


@dataclass(frozen=True, slots=True)
class SonnebornBerger:
    """Sum over rounds of (opponent's score × points scored against them) (C.07 art. 9.1).

    With no draws and the default points this is the sum of the scores of the opponents the
    player beat.
    """

    @property
    def code(self) -> str:
        return "SB"


@dataclass(frozen=True, slots=True)
class DirectEncounter:
    """Results among the tied players only (C.07 art. 6).

    Not a per-player number but an ordering of a tied group: when all of them have met, their
    scores against each other order them (re-applied to any group still tied); in a Swiss,
    when not all have met, a player is placed first only if no outcome of the missing games
    could catch them. Forfeits are excluded from the encounters unless ``include_forfeits``.
    The value reported per player is their place within the group that was tied when this
    tie-break came up (1 = top; players it could not separate share the place).
    """

    include_forfeits: bool = False

    @property
    def code(self) -> str:
        return "DE-F" if self.include_forfeits else "DE"


@dataclass(frozen=True, slots=True)
class Wins:
    """Rounds in which the player got a win's points, with or without playing (C.07 art. 7.1).

    Forfeit wins, and byes worth a win, count.
    """

    @property
    def code(self) -> str:
        return "WIN"


@dataclass(frozen=True, slots=True)
class GamesWon:
    """Bouts won over the board; forfeit wins and byes do not count (C.07 art. 7.2)."""

    @property
    def code(self) -> str:
        return "WON"


@dataclass(frozen=True, slots=True)
class BlueWins:
    """Bouts won over the board as Blue, the second player (FIDE's "won with Black", 7.4)."""

    @property
    def code(self) -> str:
        return "BWG"


@dataclass(frozen=True, slots=True)
class Progressive:
    """Sum of the player's running score after each round (C.07 art. 7.5).

    ``cut_first=1`` leaves out the score after round 1 (FIDE PS-C1), and so on.
    """

    cut_first: int = 0

    def __post_init__(self) -> None:
        if self.cut_first < 0:
            raise ValueError("cut_first must not be negative")

    @property
    def code(self) -> str:
        return f"PS-C{self.cut_first}" if self.cut_first else "PS"


@dataclass(frozen=True, slots=True)
class OpponentsMatchWin:
    """Average of the opponents' match-win percentages, each at least ``floor`` (MTG "OMW%").

    A player's match-win percentage is the points they earned in the rounds they took part in
    (paired or given the pairing bye) over a win's points times that number of rounds, raised
    to ``floor`` (1/3, as in Magic: The Gathering and Challonge) when lower. Byes are not
    opponents. A player who has met nobody has 0.
    """

    floor: Fraction = Fraction(1, 3)

    def __post_init__(self) -> None:
        if not 0 <= self.floor <= 1:
            raise ValueError("the floor is a fraction between 0 and 1")

    @property
    def code(self) -> str:
        return "OMW"


@dataclass(frozen=True, slots=True)
class DrawingOfLots:
    """The final tie-break: an order drawn from the event's seed (C.07 art. 4.2 "lots").

    Each player's lot is a hash of (seed, player id), so the draw is reproducible from the
    published seed and does not depend on who else is tied or on input order. The value is
    the player's position in the draw over the whole field (1 = first drawn, ranks highest).
    """

    @property
    def code(self) -> str:
        return "RND"


@dataclass(frozen=True, slots=True)
class ManualOrder:
    """An order the organiser fixed (e.g. after an over-the-board play-off).

    Players listed earlier rank higher; unlisted players come after all listed ones and stay
    tied among themselves. The value is the 1-based position, or ``None`` when unlisted.
    """

    order: tuple[PlayerId, ...]

    def __post_init__(self) -> None:
        if len(set(self.order)) != len(self.order):
            raise ValueError("a player is listed twice in the manual order")

    @property
    def code(self) -> str:
        return "MAN"


@dataclass(frozen=True, slots=True)
class GameScore:
    """The total of a game's reported scores (``game_score.game_score_totals``): higher ranks
    higher; players without a scored game have 0. ``totals`` holds ``(player, total)`` pairs;
    empty when only the code is needed (validation)."""

    totals: tuple[tuple[PlayerId, int], ...] = ()

    @property
    def code(self) -> str:
        return "GS"


TieBreak = (
    Buchholz
    | SonnebornBerger
    | DirectEncounter
    | Wins
    | GamesWon
    | BlueWins
    | Progressive
    | OpponentsMatchWin
    | DrawingOfLots
    | ManualOrder
    | GameScore
)

BUCHHOLZ = Buchholz()
BUCHHOLZ_CUT1 = Buchholz(cut_lowest=1)
MEDIAN_BUCHHOLZ = Buchholz(cut_lowest=1, cut_highest=1)
SONNEBORN_BERGER = SonnebornBerger()
DIRECT_ENCOUNTER = DirectEncounter()
WINS = Wins()
GAMES_WON = GamesWon()
BLUE_WINS = BlueWins()
PROGRESSIVE = Progressive()
OPPONENTS_MATCH_WIN = OpponentsMatchWin()
DRAWING_OF_LOTS = DrawingOfLots()

_FIXED_CODES: dict[str, TieBreak] = {
    tb.code: tb
    for tb in (
        BUCHHOLZ,
        SONNEBORN_BERGER,
        DIRECT_ENCOUNTER,
        DirectEncounter(include_forfeits=True),
        WINS,
        GAMES_WON,
        BLUE_WINS,
        PROGRESSIVE,
        OPPONENTS_MATCH_WIN,
        DRAWING_OF_LOTS,
        GameScore(),
    )
}
_CUT_CODE = re.compile(r"(BH-C|BH-M|PS-C)([1-9][0-9]?)")


def tiebreak_from_code(code: str) -> TieBreak:
    """The tie-break a stored code names: the inverse of ``.code``.

    >>> tiebreak_from_code("BH-M1") == MEDIAN_BUCHHOLZ
    True

    ``"MAN"`` cannot be rebuilt from its code alone: construct :class:`ManualOrder` with the
    organiser's order.
    """
    if code in _FIXED_CODES:
        return _FIXED_CODES[code]
    match = _CUT_CODE.fullmatch(code)
    if match:
        kind, n = match.group(1), int(match.group(2))
        if kind == "BH-C":
            return Buchholz(cut_lowest=n)
        if kind == "BH-M":
            return Buchholz(cut_lowest=n, cut_highest=n)
        return Progressive(cut_first=n)
    if code == "MAN":
        raise ValueError("a manual order needs the organiser's list: use ManualOrder(order=...)")
    raise ValueError(f"unknown tie-break code {code!r}")
