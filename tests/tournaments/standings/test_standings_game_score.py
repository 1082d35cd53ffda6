"""The game score tie-break (``GS``): totals of a game's reported scores, pure."""

from __future__ import annotations

import pytest

from tournaments.pairing.history import Bout, BoutResult, Entrant, History
from tournaments.standings import (
    GameScore,
    ScoredGame,
    game_score_totals,
    standings,
    tiebreak_from_code,
)

GAMES = [
    ScoredGame(1, red=1, blue=2, red_score=4, blue_score=3, winner=1),
    ScoredGame(1, red=3, blue=4, red_score=0, blue_score=4, winner=4),
    ScoredGame(2, red=4, blue=1, red_score=2, blue_score=4, winner=1),
]


def test_difference_adds_own_minus_opponents_score() -> None:
    totals = game_score_totals(GAMES, aggregate="difference", rounds=2)
    assert totals == {1: 1 + 2, 2: -1, 3: -4, 4: 4 - 2}
    assert sum(totals.values()) == 0


def test_won_sum_counts_own_score_in_won_games_only() -> None:
    assert game_score_totals(GAMES, aggregate="won_sum", rounds=2) == {1: 8, 2: 0, 3: 0, 4: 4}


def test_sum_counts_own_score_in_every_game() -> None:
    assert game_score_totals(GAMES, aggregate="sum", rounds=2) == {1: 8, 2: 3, 3: 0, 4: 6}


def test_later_rounds_are_left_out() -> None:
    assert game_score_totals(GAMES, aggregate="sum", rounds=1) == {1: 4, 2: 3, 3: 0, 4: 4}


def test_an_unknown_aggregate_is_refused() -> None:
    with pytest.raises(ValueError, match="aggregate"):
        game_score_totals(GAMES, aggregate="mean", rounds=2)


def test_the_code_round_trips() -> None:
    assert tiebreak_from_code("GS") == GameScore()
    assert GameScore(totals=((1, 3),)).code == "GS"


def test_game_score_orders_players_on_equal_points_higher_first() -> None:
    history = History(
        entrants=tuple(Entrant(p, seed=p) for p in (1, 2, 3, 4)),
        bouts=(
            Bout(1, red=1, blue=2, result=BoutResult.RED_WON),
            Bout(1, red=3, blue=4, result=BoutResult.BLUE_WON),
        ),
    )
    totals = game_score_totals(GAMES[:2], aggregate="difference", rounds=1)
    rows = standings(history, tiebreaks=[GameScore(totals=tuple(sorted(totals.items())))])
    assert [(row.rank, row.player, row.tiebreaks) for row in rows] == [
        (1, 4, (4,)),
        (2, 1, (1,)),
        (3, 2, (-1,)),
        (4, 3, (-4,)),
    ]


def test_players_without_a_scored_game_count_zero() -> None:
    history = History(
        entrants=(Entrant(1, seed=1), Entrant(2, seed=2)),
        bouts=(Bout(1, red=1, blue=2, result=BoutResult.RED_WON_BY_FORFEIT),),
    )
    rows = standings(history, tiebreaks=[GameScore()])
    assert [row.tiebreaks for row in rows] == [(0,), (0,)]
