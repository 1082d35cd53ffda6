"""Reads of the site ratings: the lists per pool, a player's ratings and their history, and
the rating a new entry takes by default (docs/ratings.md, "On the site").

A rating is shown as it stands now: a Glicko-2 deviation grows with the time since the
player's last rated game (``ratings.rating_after_idle_days``), so a long-idle player is shown
provisional (``?``) again; a table rating does not change with time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from players.models import SiteRating, SiteRatingChange
from players.pools import Pool, all_pools, pool_by_key, pool_of
from players.services.rating_rows import make_rating
from ratings import Rating, rating_after_idle_days
from ratings.replay import SECONDS_PER_DAY, AnyRating

#: Longest search text the list accepts (longer text is cut).
SEARCH_LIMIT = 60


def rating_now(row: SiteRating, now: datetime | None = None) -> AnyRating:
    """A current-rating row as it stands at ``now`` (idle time widens a Glicko-2 deviation)."""
    rating = make_rating(row.system, row.rating, row.deviation, row.volatility)
    if isinstance(rating, Rating):
        idle = ((now or timezone.now()) - row.last_played_at).total_seconds() / SECONDS_PER_DAY
        return rating_after_idle_days(rating, max(idle, 0.0))
    return rating


def display_name(user: Any) -> str:
    """The name lists show: the profile's display name, else the username."""
    profile = getattr(user, "profile", None)
    return (profile.display_name if profile is not None else "") or user.username


@dataclass(frozen=True, slots=True)
class PoolSummary:
    """A pool on the index page: how many players it rates."""

    pool: Pool
    players: int


def pools_overview() -> list[PoolSummary]:
    """Every pool with its number of rated players, in the registry's order."""
    counts: dict[str, int] = {}
    for key in SiteRating.objects.values_list("rating_key", flat=True):
        counts[key] = counts.get(key, 0) + 1
    return [PoolSummary(pool, counts.get(pool.key, 0)) for pool in all_pools()]


def pool_ratings(pool: Pool) -> QuerySet[SiteRating]:
    """The pool's list, best first (ties: the earlier account first)."""
    return (
        SiteRating.objects.filter(rating_key=pool.key)
        .select_related("user", "user__profile")
        .order_by("-value", "user_id")
    )


def pool_search(pool: Pool, text: str) -> QuerySet[SiteRating]:
    """Players of the pool whose username or display name contains ``text``; players who
    chose to be hidden from search are never found (they stay in the full list)."""
    text = text.strip()[:SEARCH_LIMIT]
    return (
        pool_ratings(pool)
        .filter(Q(user__username__icontains=text) | Q(user__profile__display_name__icontains=text))
        .exclude(user__profile__hidden_from_search=True)
    )


def rank_in_pool(row: SiteRating) -> int:
    """The row's place in its pool's list (1 = best)."""
    ahead = SiteRating.objects.filter(rating_key=row.rating_key).filter(
        Q(value__gt=row.value) | Q(value=row.value, user_id__lt=row.user_id)
    )
    return ahead.count() + 1


@dataclass(frozen=True, slots=True)
class PlayerPoolRating:
    """One of a player's ratings, for a profile: the pool, the rating now, games, place."""

    pool: Pool
    rating: AnyRating
    display: str
    provisional: bool
    games: int
    last_played_at: datetime
    rank: int


def ratings_of(user: Any, now: datetime | None = None) -> list[PlayerPoolRating]:
    """Every pool the player has a rating in, in the registry's order of pools."""
    rows = {row.rating_key: row for row in SiteRating.objects.filter(user_id=user.pk)}
    found = []
    for pool in all_pools():
        row = rows.get(pool.key)
        if row is None:
            continue
        rating = rating_now(row, now)
        found.append(
            PlayerPoolRating(
                pool=pool,
                rating=rating,
                display=rating.display(),
                provisional=rating.is_provisional(),
                games=row.games,
                last_played_at=row.last_played_at,
                rank=rank_in_pool(row),
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's rating after one rated result (a point of the profile's chart)."""

    game_id: int
    source: str
    finished_at: datetime
    rating: float
    deviation: float
    value: float
    change: float
    """The change in ``value`` the result made (the game page's "+12")."""
    opponent_id: int | None
    rank: int


def rating_history(user: Any, rating_key: str) -> list[HistoryPoint]:
    """The player's rating history in a pool, oldest first (empty for an unknown pool).

    For a table pool ``rating``/``deviation`` are ``mu``/``sigma`` and ``value`` the ordinal."""
    if pool_by_key(rating_key) is None:
        return []
    rows = (
        SiteRatingChange.objects.filter(user_id=user.pk, rating_key=rating_key)
        .order_by("finished_at", "game_id")
        .values_list(
            "game_id",
            "source",
            "finished_at",
            "after_rating",
            "after_deviation",
            "after_value",
            "before_rating",
            "before_deviation",
            "system",
            "opponent_id",
            "rank",
        )
    )
    points = []
    for game_id, source, at, rating, deviation, value, b_rating, b_dev, system, opp, rank in rows:
        before = b_rating - 3.0 * b_dev if system == "plackett_luce" else b_rating
        points.append(
            HistoryPoint(game_id, source, at, rating, deviation, value, value - before, opp, rank)
        )
    return points


def entry_default_ratings(*, event: Any, users: list[Any], **_: Any) -> dict[int, int]:
    """The seeding rating of each of ``users`` entering ``event``: their site rating in the
    event's pool, rounded (a table rating's ordinal, never below 0); none without one.

    The receiver of ``tournaments.signals.entry_rating_wanted``."""
    pool = pool_of(event.game, event.game_format)
    if pool is None:
        return {}
    rows = SiteRating.objects.filter(rating_key=pool.key, user__in=[u.pk for u in users])
    return {row.user_id: max(0, min(9999, round(row.value))) for row in rows}
