"""Standings and tie-breaks: pure functions of a tournament's history (standard library only).

>>> from tournaments.pairing.history import Bout, BoutResult, Entrant, History
>>> history = History(
...     entrants=(Entrant(1, seed=1), Entrant(2, seed=2)),
...     bouts=(Bout(1, red=1, blue=2, result=BoutResult.BLUE_WON),),
... )
>>> [(row.rank, row.player, row.points) for row in standings(history, tiebreaks=[BUCHHOLZ])]
[(1, 2, Fraction(1, 1)), (2, 1, Fraction(0, 1))]

Definitions of every tie-break, with worked examples: ``docs/tiebreaks.md``.
"""

from tournaments.standings.game_score import (
    GAME_SCORE_CODE,
    ScoredGame,
    game_score_totals,
)
from tournaments.standings.points import PointsScheme
from tournaments.standings.table import StandingRow, standings
from tournaments.standings.tiebreaks import (
    BLUE_WINS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    DIRECT_ENCOUNTER,
    DRAWING_OF_LOTS,
    GAMES_WON,
    MEDIAN_BUCHHOLZ,
    OPPONENTS_MATCH_WIN,
    PROGRESSIVE,
    SONNEBORN_BERGER,
    WINS,
    BlueWins,
    Buchholz,
    DirectEncounter,
    DrawingOfLots,
    GameScore,
    GamesWon,
    ManualOrder,
    OpponentsMatchWin,
    Progressive,
    SonnebornBerger,
    TieBreak,
    TieBreakValue,
    Wins,
    tiebreak_from_code,
)

__all__ = [
    "BLUE_WINS",
    "BUCHHOLZ",
    "BUCHHOLZ_CUT1",
    "DIRECT_ENCOUNTER",
    "DRAWING_OF_LOTS",
    "GAMES_WON",
    "GAME_SCORE_CODE",
    "MEDIAN_BUCHHOLZ",
    "OPPONENTS_MATCH_WIN",
    "PROGRESSIVE",
    "SONNEBORN_BERGER",
    "WINS",
    "BlueWins",
    "Buchholz",
    "DirectEncounter",
    "DrawingOfLots",
    "GameScore",
    "GamesWon",
    "ManualOrder",
    "OpponentsMatchWin",
    "PointsScheme",
    "Progressive",
    "ScoredGame",
    "SonnebornBerger",
    "StandingRow",
    "TieBreak",
    "TieBreakValue",
    "Wins",
    "game_score_totals",
    "standings",
    "tiebreak_from_code",
]
