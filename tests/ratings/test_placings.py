"""Multi-player tables: OpenSkill's Plackett–Luce model behind ``rate_table``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.errors import RatingError
from ratings.placings import INITIAL_SIGMA, PROVISIONAL_SIGMA, TableRating, _rate_teams, rate_table


def test_the_packages_documented_example() -> None:
    # openskill's README: two teams of two newcomers, the first team wins.
    [[a, b], [x, y]] = _rate_teams([[TableRating(), TableRating()]] * 2, None)
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), rel=1e-12)
    assert (x.mu, x.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), rel=1e-12)
    assert a == b
    assert x == y


def test_a_table_of_newcomers_is_ordered_by_placing() -> None:
    first, second, third, fourth = rate_table([TableRating()] * 4, [1, 2, 3, 4])
    assert first.mu > second.mu > third.mu > fourth.mu
    assert first.mu > 25.0 > fourth.mu
    assert all(r.sigma < INITIAL_SIGMA for r in (first, second, third, fourth))


def test_tied_players_of_equal_rating_end_equal() -> None:
    first, tied_a, tied_b, last = rate_table([TableRating()] * 4, [1, 2, 2, 4])
    assert tied_a == tied_b
    assert first.mu > tied_a.mu > last.mu
    everyone = rate_table([TableRating()] * 3, [1, 1, 1])
    assert everyone[0] == everyone[1] == everyone[2]


def test_only_the_order_of_the_ranks_counts() -> None:
    table = [TableRating(27.0, 5.0), TableRating(22.0, 7.0), TableRating(25.0, 3.0)]
    assert rate_table(table, [1, 2, 3]) == rate_table(table, [1, 5, 9])
    assert rate_table(table, [2, 1, 2]) == rate_table(table, [3, 1, 3])


def test_an_upset_moves_ratings_more_than_the_expected_order() -> None:
    strong, weak = TableRating(32.0, 3.0), TableRating(18.0, 3.0)
    expected = rate_table([strong, weak, TableRating()], [1, 2, 3])
    upset = rate_table([strong, weak, TableRating()], [2, 1, 3])
    assert upset[1].mu - weak.mu > expected[0].mu - strong.mu > 0
    assert upset[0].mu < strong.mu


def test_ordinal_display_and_provisional() -> None:
    assert TableRating().ordinal() == 0.0
    assert TableRating(30.0, 2.0).ordinal() == 24.0
    assert TableRating(30.0, 2.0).display() == "24.0"
    assert TableRating(30.0, 3.0).display() == "21.0?"
    assert 2.61 < PROVISIONAL_SIGMA < 2.62  # 25/3 × 110/350


@pytest.mark.parametrize(
    ("players", "ranks", "code"),
    [
        (1, [1], "table_too_small"),
        (3, [1, 2], "ranks_do_not_match_players"),
        (3, [1, 2, 0], "invalid_rank"),
        (3, [1, 2, 2.5], "invalid_rank"),
        (2, [True, False], "invalid_rank"),
    ],
)
def test_tables_that_cannot_be_rated(players: int, ranks: list[int], code: str) -> None:
    with pytest.raises(RatingError) as excinfo:
        rate_table([TableRating()] * players, ranks)
    assert excinfo.value.code == code


table_ratings = st.builds(TableRating, st.floats(5.0, 45.0), st.floats(1.0, 8.5))
tables = st.integers(3, 5).flatmap(
    lambda n: st.tuples(
        st.lists(table_ratings, min_size=n, max_size=n),
        st.lists(st.integers(1, n), min_size=n, max_size=n),
    )
)


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(tables, st.randoms(use_true_random=False))
def test_seating_order_does_not_matter(
    table: tuple[list[TableRating], list[int]], rnd: random.Random
) -> None:
    ratings, ranks = table
    order = list(range(len(ratings)))
    rnd.shuffle(order)
    as_given = rate_table(ratings, ranks)
    shuffled = rate_table([ratings[i] for i in order], [ranks[i] for i in order])
    for position, index in enumerate(order):
        assert shuffled[position].mu == pytest.approx(as_given[index].mu, abs=1e-9)
        assert shuffled[position].sigma == pytest.approx(as_given[index].sigma, abs=1e-9)


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(tables)
def test_the_sole_winner_gains_and_the_sole_last_loses(
    table: tuple[list[TableRating], list[int]],
) -> None:
    ratings, ranks = table
    after = rate_table(ratings, ranks)
    for place, worst in ((1, False), (max(ranks), True)):
        holders = [i for i, rank in enumerate(ranks) if rank == place]
        if len(holders) == 1 and len(set(ranks)) > 1:
            i = holders[0]
            assert (after[i].mu < ratings[i].mu) if worst else (after[i].mu > ratings[i].mu)
