"""Table assignment for ranked tables (三国盛衰記): sizes, the drawing of lots, standings
groups and repeated meetings (``tournaments.pairing.tables``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sampling import examples
from tournaments.pairing.errors import PairingError
from tournaments.pairing.tables import assign_tables, meetings, table_sizes


@pytest.mark.parametrize(
    ("players", "low", "high", "sizes"),
    [
        (13, 3, 5, [5, 4, 4]),
        (9, 3, 5, [5, 4]),
        (10, 3, 5, [5, 5]),
        (11, 3, 5, [4, 4, 3]),
        (3, 3, 5, [3]),
        (6, 3, 5, [3, 3]),
        (12, 4, 4, [4, 4, 4]),
        (2, 2, 11, [2]),
    ],
)
def test_table_sizes_are_as_equal_as_possible(
    players: int, low: int, high: int, sizes: list[int]
) -> None:
    assert table_sizes(players, low, high) == sizes


@pytest.mark.parametrize(("players", "low", "high"), [(2, 3, 5), (7, 4, 5), (0, 3, 5)])
def test_impossible_split_is_a_clear_error(players: int, low: int, high: int) -> None:
    with pytest.raises(PairingError) as caught:
        table_sizes(players, low, high)
    assert caught.value.code == "no_table_split"


def test_round_one_is_a_reproducible_draw() -> None:
    players = list(range(1, 14))
    first = assign_tables(players, minimum=3, maximum=5, seed=42, round_number=1)
    again = assign_tables(players[::-1], minimum=3, maximum=5, seed=42, round_number=1)
    other = assign_tables(players, minimum=3, maximum=5, seed=43, round_number=1)
    assert first == again
    assert first != other
    assert [len(t) for t in first] == [5, 4, 4]


def test_later_rounds_put_the_strongest_together() -> None:
    order = [10, 20, 30, 40, 50, 60, 70, 80]
    tables = assign_tables(order, minimum=4, maximum=4, seed=1, round_number=2)
    assert tables == [[10, 20, 30, 40], [50, 60, 70, 80]]


def test_later_rounds_avoid_repeated_meetings_when_a_neighbour_can_sit_instead() -> None:
    order = [1, 2, 3, 4, 5, 6, 7, 8]
    previous = [[1, 2, 3, 4], [5, 6, 7, 8]]
    tables = assign_tables(
        order, minimum=4, maximum=4, seed=1, round_number=2, previous_tables=previous
    )
    met = meetings(previous)
    repeats = sum(met[frozenset((a, b))] for t in tables for a in t for b in t if a < b)
    assert tables[0][0] == 1  # the leader still sits at table 1
    assert tables == [[1, 5, 2, 6], [3, 7, 4, 8]]
    assert repeats == 4  # strongest-together alone would repeat all 12 meetings


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(PairingError):
        assign_tables([1, 1, 2], minimum=2, maximum=3, seed=1, round_number=1)


@settings(max_examples=examples(150), deadline=None)
@given(
    players=st.lists(st.integers(1, 500), min_size=2, max_size=40, unique=True),
    low=st.integers(2, 5),
    extra=st.integers(0, 6),
    round_number=st.integers(1, 4),
    seed=st.integers(0, 2**31),
)
def test_every_player_is_seated_once_within_the_bounds(
    players: list[int], low: int, extra: int, round_number: int, seed: int
) -> None:
    high = min(low + extra, 11)
    previous = [players[i : i + 3] for i in range(0, len(players), 3)]
    if len(players) < low or len(players) // -(-len(players) // high) < low:
        with pytest.raises(PairingError, match="cannot"):
            assign_tables(players, minimum=low, maximum=high, seed=seed, round_number=round_number)
        return
    tables = assign_tables(
        players,
        minimum=low,
        maximum=high,
        seed=seed,
        round_number=round_number,
        previous_tables=previous,
    )
    seated = [p for t in tables for p in t]
    assert sorted(seated) == sorted(players)
    assert all(low <= len(t) <= high for t in tables)
    assert max(map(len, tables)) - min(map(len, tables)) <= 1
