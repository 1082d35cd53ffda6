"""The "game score" tie-break's input: per-player totals of the score a game reports.

Some games report a number with each result (Strategem: both players' final HP; 盤上遊姫:
the battlefields each won). :func:`game_score_totals` adds them up per player, in one of
three ways (the game's ``ScoreSpec.aggregate``):

* ``"won_sum"``: own score in the games the player won (Strategem: the loser is at 0 HP, so
  this is the sum of winning margins);
* ``"difference"``: own score minus the opponent's, over every scored game (盤上遊姫: the
  battlefield difference, 4–1 gives +3 and −3);
* ``"sum"``: own score over every scored game.

Only games played to a result (a win or a draw) with both scores known count; forfeits and
byes carry no score.

>>> games = [ScoredGame(1, red=1, blue=2, red_score=4, blue_score=1, winner=1)]
>>> game_score_totals(games, aggregate="difference", rounds=1)
{1: 3, 2: -3}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tournaments.pairing.history import PlayerId

GAME_SCORE_CODE: Final = "GS"
AGGREGATES: Final = frozenset({"won_sum", "difference", "sum"})


@dataclass(frozen=True, slots=True)
class ScoredGame:
    """One game played to a result with both players' scores; ``winner`` is ``red`` or
    ``blue``, or ``None`` for a draw (equal scores: nothing in ``won_sum``, 0 in
    ``difference``, each player's own score in ``sum``)."""

    round_number: int
    red: PlayerId
    blue: PlayerId
    red_score: int
    blue_score: int
    winner: PlayerId | None


def game_score_totals(
    games: Iterable[ScoredGame], *, aggregate: str, rounds: int
) -> dict[PlayerId, int]:
    """Each player's total over the games of rounds ``1..rounds`` (players without a scored
    game are absent: they count as 0). ``ValueError`` for an unknown ``aggregate``."""
    if aggregate not in AGGREGATES:
        raise ValueError(f"unknown game score aggregate {aggregate!r}")
    totals: dict[PlayerId, int] = {}
    for game in games:
        if game.round_number > rounds:
            continue
        for me, own, other in (
            (game.red, game.red_score, game.blue_score),
            (game.blue, game.blue_score, game.red_score),
        ):
            if aggregate == "difference":
                add = own - other
            elif aggregate == "won_sum":
                add = own if game.winner == me else 0
            else:
                add = own
            totals[me] = totals.get(me, 0) + add
    return totals
