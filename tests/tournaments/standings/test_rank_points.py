"""Rank points and standings of ranked tables (三国盛衰記, profile §3.4–3.5, §3.11)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.rank_points import (
    SeatResult,
    places,
    rank_points_for,
    rank_standings,
    score_table,
)


def test_places_by_victory_points_with_shared_places() -> None:
    seats = [SeatResult(1, 12), SeatResult(2, 12), SeatResult(3, 9)]
    assert places(seats) == {1: 1, 2: 1, 3: 3}


def test_eliminated_players_rank_below_survivors_later_elimination_higher() -> None:
    seats = [
        SeatResult(1, 0, eliminated_turn=3),
        SeatResult(2, 0),
        SeatResult(3, 0, eliminated_turn=5),
        SeatResult(4, 7),
    ]
    assert places(seats) == {4: 1, 2: 2, 3: 3, 1: 4}


def test_rank_points_count_down_from_table_size_and_shared_places_share() -> None:
    assert [rank_points_for(p, 1, 5) for p in range(1, 6)] == [5, 4, 3, 2, 1]
    assert rank_points_for(1, 2, 4) == Fraction(7, 2)
    scored = score_table([SeatResult(1, 12), SeatResult(2, 12), SeatResult(3, 9), SeatResult(4, 1)])
    assert [(s.player, s.place, s.rank_points, s.vp_behind_winner) for s in scored] == [
        (1, 1, Fraction(7, 2), 0),
        (2, 1, Fraction(7, 2), 0),
        (3, 3, Fraction(2), -3),
        (4, 4, Fraction(1), -11),
    ]


def test_standings_total_then_vp_difference_then_firsts_then_lot() -> None:
    tables = [
        [SeatResult(1, 20), SeatResult(2, 10), SeatResult(3, 5)],  # 1: 3, 2: 2, 3: 1
        [SeatResult(4, 30), SeatResult(5, 29), SeatResult(6, 1)],  # 4: 3, 5: 2, 6: 1
    ]
    rows = rank_standings(range(1, 7), tables, seed=7)
    by_player = {r.player: r for r in rows}
    # 1 and 4 tie on points and firsts and VP difference (0): the lot decides.
    assert {rows[0].player, rows[1].player} == {1, 4}
    # 5 (1 VP behind its winner) ranks above 2 (10 behind).
    assert [r.player for r in rows[2:4]] == [5, 2]
    assert by_player[5].vp_difference == -1
    assert by_player[1].firsts == 1
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]


def test_a_player_without_tables_has_zero_points() -> None:
    rows = rank_standings([1, 2, 9], [[SeatResult(1, 3), SeatResult(2, 1)]], seed=1)
    assert rows[-1].player == 9
    assert rows[-1].rank_points == 0
    assert rows[-1].tables == 0


@given(st.lists(st.integers(0, 30), min_size=2, max_size=11))
def test_rank_points_of_a_table_always_sum_to_the_full_scale(vps: list[int]) -> None:
    seats = [SeatResult(i, vp) for i, vp in enumerate(vps)]
    n = len(seats)
    assert sum(s.rank_points for s in score_table(seats)) == n * (n + 1) // 2


def test_normalised_points_give_every_winner_one_and_every_last_zero() -> None:
    """Ruling "Normalised rank points": (n − place) / (n − 1) at any table size."""
    assert [rank_points_for(p, 1, 3, normalised=True) for p in (1, 2, 3)] == [
        1,
        Fraction(1, 2),
        0,
    ]
    assert [rank_points_for(p, 1, 4, normalised=True) for p in (1, 2, 3, 4)] == [
        1,
        Fraction(2, 3),
        Fraction(1, 3),
        0,
    ]
    # Two sharing 1st at a table of 4 share (1 + 2/3) / 2.
    assert rank_points_for(1, 2, 4, normalised=True) == Fraction(5, 6)


def test_normalised_standings_do_not_favour_the_larger_table() -> None:
    small = [SeatResult(1, 20), SeatResult(2, 10), SeatResult(3, 5)]
    large = [SeatResult(4, 30), SeatResult(5, 20), SeatResult(6, 10), SeatResult(7, 5)]
    plain = {r.player: r.rank_points for r in rank_standings(range(1, 8), [small, large], seed=3)}
    assert plain[1] == 3
    assert plain[4] == 4
    rows = rank_standings(range(1, 8), [small, large], seed=3, normalised=True)
    points = {r.player: r.rank_points for r in rows}
    assert points[1] == points[4] == 1
    assert points[3] == points[7] == 0
    # The tie-breaks are unchanged: both winners are 0 VP behind, 1 first each; lots decide.
    assert {rows[0].player, rows[1].player} == {1, 4}


@given(st.lists(st.integers(0, 30), min_size=2, max_size=11))
def test_normalised_points_of_a_table_always_sum_to_half_the_table(vps: list[int]) -> None:
    seats = [SeatResult(i, vp) for i, vp in enumerate(vps)]
    scored = score_table(seats, normalised=True)
    assert sum(s.rank_points for s in scored) == Fraction(len(seats), 2)
    assert all(0 <= s.rank_points <= 1 for s in scored)
