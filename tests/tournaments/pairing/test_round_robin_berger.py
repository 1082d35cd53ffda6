"""Round robin schedules against the published FIDE Berger tables (C.05, Annex 1)."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import Colour
from tournaments.pairing.round_robin import berger_table, round_robin

# The published tables, one line per round, first-named player with White (here Red).
PUBLISHED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
}
# The first six rounds of the 13/14-player table.
PUBLISHED_14_OPENING = """
    1-14 2-13 3-12 4-11 5-10 6-9 7-8
    14-8 9-7 10-6 11-5 12-4 13-3 1-2
    2-14 3-1 4-13 5-12 6-11 7-10 8-9
    14-9 10-8 11-7 12-6 13-5 1-4 2-3
    3-14 4-2 5-1 6-13 7-12 8-11 9-10
    14-10 11-9 12-8 13-7 1-6 2-5 3-4
"""


def parse(text: str) -> list[tuple[tuple[int, int], ...]]:
    return [
        tuple((int(a), int(b)) for a, b in (pair.split("-") for pair in line.split()))
        for line in text.strip().splitlines()
    ]


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_berger_table_matches_the_published_table(size: int) -> None:
    assert list(berger_table(size)) == parse(PUBLISHED[size])
    assert berger_table(size - 1) == berger_table(size)  # odd counts use the next table


def test_berger_table_for_fourteen_opens_as_published() -> None:
    assert list(berger_table(14)[:6]) == parse(PUBLISHED_14_OPENING)


def test_schedule_follows_the_table_with_pairing_numbers_mapped_to_players() -> None:
    schedule = round_robin([40, 10, 30, 20])  # pairing numbers 1..4
    assert [[(b.red, b.blue) for b in r.bouts] for r in schedule] == [
        [(40, 20), (10, 30)],
        [(20, 30), (40, 10)],
        [(10, 20), (30, 40)],
    ]
    assert [r.round_number for r in schedule] == [1, 2, 3]
    assert all(r.bye is None for r in schedule)


def test_odd_count_gives_the_dummy_opponent_a_bye() -> None:
    schedule = round_robin([1, 2, 3, 4, 5])
    assert [r.bye for r in schedule] == [1, 4, 2, 5, 3]  # whoever the table pairs with 6
    assert [(b.red, b.blue) for b in schedule[0].bouts] == [(2, 5), (3, 4)]


@pytest.mark.parametrize("count", range(2, 21))
def test_single_round_robin_properties(count: int) -> None:
    players = list(range(101, 101 + count))
    schedule = round_robin(players)
    assert len(schedule) == count - 1 + count % 2
    meetings = Counter(frozenset((b.red, b.blue)) for r in schedule for b in r.bouts)
    assert len(meetings) == count * (count - 1) // 2
    assert set(meetings.values()) == {1}
    for r in schedule:
        seen = [p for b in r.bouts for p in (b.red, b.blue)] + ([r.bye] if r.bye else [])
        assert sorted(seen) == players
        assert (r.bye is not None) == (count % 2 == 1)
    if count % 2:
        assert sorted(r.bye for r in schedule if r.bye is not None) == players
    balance = Counter()
    for r in schedule:
        for b in r.bouts:
            balance[b.red] += 1
            balance[b.blue] -= 1
    assert all(abs(v) <= 1 for v in balance.values())


def colour_runs(schedule: tuple, player: int) -> int:
    """The longest run of one colour in ``player``'s games (byes skipped)."""
    colours = [
        Colour.RED if b.red == player else Colour.BLUE
        for r in schedule
        for b in r.bouts
        if player in (b.red, b.blue)
    ]
    longest = run = 0
    for i, colour in enumerate(colours):
        run = run + 1 if i and colours[i - 1] is colour else 1
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("count", range(3, 17))
def test_double_round_robin_reverses_colours_and_avoids_three_in_a_row(count: int) -> None:
    players = list(range(1, count + 1))
    schedule = round_robin(players, double=True)
    half = len(schedule) // 2
    first = {(b.red, b.blue) for r in schedule[:half] for b in r.bouts}
    second = {(b.blue, b.red) for r in schedule[half:] for b in r.bouts}
    assert first == second
    assert [r.round_number for r in schedule] == list(range(1, 2 * half + 1))
    assert max(colour_runs(schedule, p) for p in players) <= 2


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle() -> None:
    table = berger_table(6)
    schedule = round_robin(list(range(1, 7)), double=True)
    as_pairs = [tuple((b.red, b.blue) for b in r.bouts) for r in schedule]
    assert as_pairs[:5] == [table[0], table[1], table[2], table[4], table[3]]
    assert as_pairs[5] == tuple((b, a) for a, b in table[0])
    plain = round_robin(list(range(1, 7)), double=True, swap_last_two=False)
    # Without the swap players 1 and 4 would play the same colour three times running.
    assert [p for p in range(1, 7) if colour_runs(plain, p) == 3] == [1, 4]


def test_bad_player_lists() -> None:
    with pytest.raises(PairingError) as caught:
        round_robin([1])
    assert caught.value.code == "invalid_entrants"
    with pytest.raises(PairingError) as caught:
        round_robin([1, 2, 2])
    assert caught.value.code == "invalid_entrants"
