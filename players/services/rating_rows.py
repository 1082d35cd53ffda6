"""Conversions between the rating rows and the pure rating values (``ratings``).

``standing_of`` and ``change_row`` are the only places that know which column holds what:
a Glicko-2 rating's rating, deviation and volatility; a table rating's ``mu`` and ``sigma`` in
the rating and deviation columns (docs/ratings.md, "On the site").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connection, models

from players.models import SiteRating, SiteRatingChange
from ratings import PlayerRating, RatedResult, Rating, RatingChange, RatingSystem, TableRating
from ratings.replay import AnyRating


def rating_value(rating: AnyRating) -> float:
    """What lists sort by: a Glicko-2 rating, or a table rating's ordinal."""
    return rating.ordinal() if isinstance(rating, TableRating) else rating.rating


def make_rating(
    system: str, rating: float, deviation: float, volatility: float | None
) -> AnyRating:
    if system == RatingSystem.PLACKETT_LUCE:
        return TableRating(rating, deviation)
    if volatility is None:  # the row's check constraint keeps this from happening
        raise ValueError("a Glicko-2 rating row without a volatility")
    return Rating(rating, deviation, volatility)


def _columns(rating: AnyRating) -> tuple[float, float, float | None]:
    if isinstance(rating, TableRating):
        return rating.mu, rating.sigma, None
    return rating.rating, rating.deviation, rating.volatility


def standing_of(row: SiteRating | SiteRatingChange) -> PlayerRating:
    """The standing a current rating row, or a change row's "after", says."""
    if isinstance(row, SiteRating):
        rating = make_rating(row.system, row.rating, row.deviation, row.volatility)
        return PlayerRating(rating, row.games, row.last_played_at)
    rating = make_rating(row.system, row.after_rating, row.after_deviation, row.after_volatility)
    return PlayerRating(rating, row.games, row.finished_at)


def change_row(
    change: RatingChange, result: RatedResult, source: str, position: int
) -> SiteRatingChange:
    """The history row of ``change`` (the player at ``position`` of ``result``)."""
    before = _columns(change.before)
    after = _columns(change.after)
    opponent = result.players[1 - position] if len(result.players) == 2 else None
    return SiteRatingChange(
        user_id=change.player,
        rating_key=result.rating_key,
        system=result.system.value,
        source=source,
        game_id=result.game_id,
        finished_at=result.finished_at,
        position=position,
        rank=result.ranks[position],
        opponent_id=opponent,
        before_rating=before[0],
        before_deviation=before[1],
        before_volatility=before[2],
        after_rating=after[0],
        after_deviation=after[1],
        after_volatility=after[2],
        after_value=rating_value(change.after),
        games=change.games,
    )


def current_row(user_id: int, key: str, system: str, standing: PlayerRating) -> SiteRating:
    """The current-rating row of a standing (unsaved)."""
    rating, deviation, volatility = _columns(standing.rating)
    if standing.last_played_at is None:
        raise ValueError("a stored standing rests on at least one rated game")
    return SiteRating(
        user_id=user_id,
        rating_key=key,
        system=system,
        rating=rating,
        deviation=deviation,
        volatility=volatility,
        value=rating_value(standing.rating),
        games=standing.games,
        last_played_at=standing.last_played_at,
    )


def results_of(rows: Iterable[SiteRatingChange]) -> dict[int, RatedResult]:
    """The rated results a pool's history rows record, by game id."""
    grouped: dict[int, list[SiteRatingChange]] = {}
    for row in rows:
        grouped.setdefault(row.game_id, []).append(row)
    results = {}
    for game_id, players in grouped.items():
        players.sort(key=lambda row: row.position)
        first = players[0]
        results[game_id] = RatedResult(
            game_id=game_id,
            finished_at=first.finished_at,
            rating_key=first.rating_key,
            system=RatingSystem(first.system),
            players=tuple(row.user_id for row in players),
            ranks=tuple(row.rank for row in players),
        )
    return results


def insert_rows(model: type[SiteRating] | type[SiteRatingChange], rows: list[Any]) -> None:
    """Insert ``rows`` (unsaved instances of ``model``) with one prepared statement run for
    every row (``executemany``).

    ``bulk_create`` compiles every value of every row through the ORM, which is most of the
    time of a pool re-computed from scratch (docs/ratings.md, "Speed on the site"); the
    columns here are plain numbers, texts and one date-time, adapted the way the backend
    stores them."""
    if not rows:
        return
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"  # noqa: S608 (model metadata only)
    dates = {i for i, f in enumerate(fields) if isinstance(f, models.DateTimeField)}
    names = [f.attname for f in fields]
    adapt = connection.ops.adapt_datetimefield_value
    params = [
        [
            adapt(value) if i in dates else value
            for i, value in enumerate(map(row.__dict__.get, names))
        ]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
