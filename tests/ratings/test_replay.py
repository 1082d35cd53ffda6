"""Replaying a history from scratch gives what recording the results one by one gave."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.errors import RatingError
from ratings.glicko2 import Rating, rate_game
from ratings.placings import TableRating, rate_table
from ratings.replay import (
    PlayerRating,
    RatedResult,
    RatingSystem,
    newcomer,
    rate_result,
    replay_results,
)
from tests.sampling import examples

START = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
GLICKO, TABLES = RatingSystem.GLICKO2, RatingSystem.PLACKETT_LUCE


def duel(
    game_id: int, hours: float, players: tuple[int, int], ranks: tuple[int, int]
) -> RatedResult:
    return RatedResult(
        game_id, START + timedelta(hours=hours), "gunshi-basic", GLICKO, players, ranks
    )


def test_rate_result_is_rate_game_with_the_idle_time() -> None:
    last = START - timedelta(days=12)
    standings = {5: PlayerRating(Rating(1700.0, 80.0, 0.06), 30, last)}
    first, second = rate_result(duel(1, 0, (5, 6), (2, 1)), standings)
    expected = rate_game(Rating(1700.0, 80.0, 0.06), Rating(), 0.0, idle_days=(12.0, 0.0))
    assert (first.after, second.after) == expected
    assert (first.before, second.before) == (Rating(1700.0, 80.0, 0.06), Rating())
    assert (first.games, second.games) == (31, 1)
    assert first.standing() == PlayerRating(expected[0], 31, START)


def test_rate_result_rates_a_table_by_its_placings() -> None:
    result = RatedResult(3, START, "sangoku", TABLES, (1, 2, 3, 4), (2, 1, 4, 2))
    standings = {2: PlayerRating(TableRating(28.0, 4.0), 9, START - timedelta(days=1))}
    changes = rate_result(result, standings)
    ratings = [TableRating(), TableRating(28.0, 4.0), TableRating(), TableRating()]
    assert tuple(c.after for c in changes) == rate_table(ratings, [2, 1, 4, 2])
    assert [c.player for c in changes] == [1, 2, 3, 4]


def test_draws_and_results_of_the_second_player() -> None:
    assert duel(1, 0, (1, 2), (1, 2)).first_score == 1.0
    assert duel(1, 0, (1, 2), (2, 1)).first_score == 0.0
    assert duel(1, 0, (1, 2), (1, 1)).first_score == 0.5


def test_games_at_the_same_instant_are_rated_in_order_of_id() -> None:
    win, loss = duel(8, 1, (1, 2), (1, 2)), duel(9, 1, (1, 2), (2, 1))
    assert replay_results([loss, win]) == replay_results([win, loss])
    by_hand = rate_result(loss, {c.player: c.standing() for c in rate_result(win, {})})
    assert replay_results([loss, win]).standings[(1, "gunshi-basic")] == by_hand[0].standing()
    # The order matters to the ratings, so the tie-break is doing real work.
    swapped = replay_results([duel(9, 1, (1, 2), (1, 2)), duel(8, 1, (1, 2), (2, 1))])
    assert swapped.standings[(1, "gunshi-basic")] != by_hand[0].standing()


def test_pools_are_kept_apart() -> None:
    basic = duel(1, 0, (1, 2), (1, 2))
    junqi = RatedResult(2, START + timedelta(hours=1), "junqi", GLICKO, (1, 2), (2, 1))
    done = replay_results([basic, junqi])
    assert done.standings[(1, "gunshi-basic")].games == 1
    assert done.standings[(1, "junqi")].rating == rate_game(Rating(), Rating(), 0.0)[0]


def test_histories_that_cannot_be_replayed() -> None:
    with pytest.raises(RatingError) as excinfo:
        replay_results([duel(1, 0, (1, 2), (1, 2)), duel(1, 2, (3, 4), (1, 2))])
    assert excinfo.value.code == "duplicate_game"
    mixed = RatedResult(2, START, "gunshi-basic", TABLES, (1, 2, 3), (1, 2, 3))
    with pytest.raises(RatingError) as excinfo:
        replay_results([duel(1, 0, (1, 2), (1, 2)), mixed])
    assert excinfo.value.code == "wrong_system"


def test_a_result_older_than_the_players_last_game_is_refused() -> None:
    standings = {1: PlayerRating(Rating(), 3, START + timedelta(days=1))}
    with pytest.raises(RatingError) as excinfo:
        rate_result(duel(4, 0, (1, 2), (1, 2)), standings)
    assert excinfo.value.code == "result_out_of_order"


@pytest.mark.parametrize(
    ("players", "ranks", "system", "code"),
    [
        ((1, 2, 3), (1, 2, 3), GLICKO, "not_two_players"),
        ((1, 1), (1, 2), GLICKO, "player_listed_twice"),
        ((1, 2), (1,), GLICKO, "ranks_do_not_match_players"),
        ((1,), (1,), TABLES, "table_too_small"),
    ],
)
def test_results_that_cannot_be_rated(
    players: tuple[int, ...], ranks: tuple[int, ...], system: RatingSystem, code: str
) -> None:
    with pytest.raises(RatingError) as excinfo:
        RatedResult(1, START, "pool", system, players, ranks)
    assert excinfo.value.code == code
    with pytest.raises(RatingError):
        RatedResult(1, datetime(2026, 4, 1), "pool", GLICKO, (1, 2), (1, 2))  # noqa: DTZ001


def test_newcomers() -> None:
    assert newcomer(GLICKO) == PlayerRating(Rating(), 0, None)
    assert newcomer(TABLES) == PlayerRating(TableRating(), 0, None)


@st.composite
def histories(draw: st.DrawFn) -> list[RatedResult]:
    """Up to 40 results among 6 players in two duel pools and a table pool, some at one instant."""
    count = draw(st.integers(1, 40))
    results = []
    for game_id in draw(st.permutations(range(1, count + 1))):
        hours = draw(st.integers(0, 24 * 60)) / 4  # repeats are likely: ties on finished_at
        if draw(st.booleans()):
            players = tuple(draw(st.lists(st.integers(1, 6), min_size=3, max_size=5, unique=True)))
            ranks = tuple(
                draw(
                    st.lists(
                        st.integers(1, len(players)), min_size=len(players), max_size=len(players)
                    )
                )
            )
            results.append(
                RatedResult(
                    game_id, START + timedelta(hours=hours), "cards", TABLES, players, ranks
                )
            )
        else:
            pair = tuple(draw(st.lists(st.integers(1, 6), min_size=2, max_size=2, unique=True)))
            ranks = draw(st.sampled_from([(1, 2), (2, 1), (1, 1)]))
            key = draw(st.sampled_from(["gunshi-basic", "junqi"]))
            results.append(
                RatedResult(game_id, START + timedelta(hours=hours), key, GLICKO, pair, ranks)
            )
    return results


@settings(max_examples=examples(60), deadline=None)
@given(histories(), st.randoms(use_true_random=False))
def test_replay_equals_recording_the_results_one_by_one(
    history: list[RatedResult], rnd: random.Random
) -> None:
    standings: dict[tuple[int, str], PlayerRating] = {}
    changes = []
    for result in sorted(history, key=lambda r: (r.finished_at, r.game_id)):
        key = result.rating_key
        current = {p: standings[(p, key)] for p in result.players if (p, key) in standings}
        for change in rate_result(result, current):
            standings[(change.player, key)] = change.standing()
            changes.append(change)
    shuffled = list(history)
    rnd.shuffle(shuffled)
    done = replay_results(shuffled)
    assert done.standings == standings
    assert done.changes == tuple(changes)
    assert sum(s.games for s in done.standings.values()) == len(changes)
