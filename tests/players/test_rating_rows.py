"""The stored rating path on plain tuples: rows read straight from the cursor equal what the
ORM reads, the pool's lock row is made once, and a pool re-computed from its first result
re-writes its history rows in place and leaves exactly the same ratings."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from players.models import RatingPool, SiteRating, SiteRatingChange
from players.pools import pool_by_key
from players.services.rating_rows import (
    ChangeRow,
    delete_changes,
    lock_pool,
    read_changes,
    read_current,
)
from players.services.ratings import pool_recompute
from tests.players.conftest import T0

pytestmark = pytest.mark.django_db

HOUR = dt.timedelta(hours=1)
#: Every stored column of a history row but its id.
CHANGE_FIELDS = [f.attname for f in SiteRatingChange._meta.concrete_fields if not f.primary_key]


def _season(players: list[Any], otb_game: Any, n: int = 16) -> None:
    rng = random.Random(11)
    for i in range(n):
        red, blue = rng.sample(players, 2)
        otb_game(
            red,
            blue,
            rng.choice(["red", "blue"]),
            T0 + i * HOUR + dt.timedelta(microseconds=rng.randrange(1_000_000)),
        )


def test_rows_read_from_the_cursor_equal_the_orms(players: list[Any], otb_game: Any) -> None:
    _season(players, otb_game)
    query = SiteRatingChange.objects.order_by("finished_at", "game_id", "position")
    rows = read_changes(query)
    assert rows == [ChangeRow(*values) for values in query.values_list(*ChangeRow._fields)]
    assert all(row.finished_at.tzinfo is not None for row in rows)
    current = read_current("gunshi-basic", [p.pk for p in players])
    stored = SiteRating.objects.filter(rating_key="gunshi-basic")
    assert {u: (r.rating, r.games, r.last_played_at) for u, r in current.items()} == {
        r.user_id: (r.rating, r.games, r.last_played_at) for r in stored
    }
    assert read_current("gunshi-basic", []) == {}


def test_the_pools_lock_row_is_made_once(db: None) -> None:
    lock_pool("junqi", "glicko2")
    lock_pool("junqi", "glicko2")
    assert list(RatingPool.objects.values_list("key", "system")) == [("junqi", "glicko2")]


def test_a_rebuild_from_the_first_result_rewrites_rows_in_place_unchanged(
    players: list[Any], otb_game: Any
) -> None:
    _season(players, otb_game)
    before = list(SiteRatingChange.objects.order_by("pk").values_list("pk", *CHANGE_FIELDS))
    ratings = sorted(SiteRating.objects.values_list("user_id", "rating", "deviation", "games"))
    pool = pool_by_key("gunshi-basic")
    assert pool is not None
    lock_pool(pool.key, pool.system.value)
    redone = pool_recompute(
        pool=pool,
        source="match",
        since=(dt.datetime.min.replace(tzinfo=dt.UTC), 0),
        players={p.pk for p in players},
    )
    assert redone == 16
    after = list(SiteRatingChange.objects.order_by("pk").values_list("pk", *CHANGE_FIELDS))
    assert after == before  # the same ids (re-written in place) and the same values
    assert sorted(SiteRating.objects.values_list("user_id", "rating", "deviation", "games")) == (
        ratings
    )


def test_deleting_many_games_goes_in_batches(players: list[Any], otb_game: Any) -> None:
    """More ids than one statement may carry (SQLite's parameter limit) are deleted in
    batches, and only the pool's rows named go."""
    _season(players, otb_game, n=4)
    games = list(SiteRatingChange.objects.values_list("game_id", flat=True).distinct())
    delete_changes("gunshi-expansion", games)  # another pool: nothing of this one goes
    assert SiteRatingChange.objects.count() == 8
    delete_changes("gunshi-basic", [*range(10**9, 10**9 + 40_000), games[0]])
    assert sorted(set(SiteRatingChange.objects.values_list("game_id", flat=True))) == sorted(
        games[1:]
    )
