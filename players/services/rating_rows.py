"""Conversions between the rating rows and the pure rating values (``ratings``), and the
statements that read and write the rows on the hot paths.

The functions here are the only places that know which column holds what: a Glicko-2 rating's
rating, deviation and volatility; a table rating's ``mu`` and ``sigma`` in the rating and
deviation columns (docs/ratings.md, "On the site").

A pool re-computed from scratch reads, deletes and writes two rows per player per game, so the
rows travel as plain tuples: read with ``values_list`` into ``ChangeRow`` and ``CurrentRow``,
written as parameter tuples through one prepared statement run for every row (``executemany``).
Model instances, which cost more to build than the rating arithmetic costs to run, are never
made here (docs/ratings.md, "Speed on the site").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Model, QuerySet

from players.models import RatingPool, SiteRating, SiteRatingChange
from ratings import PlayerRating, RatedResult, Rating, RatingChange, RatingSystem, TableRating
from ratings.replay import AnyRating

#: Rows per statement when rows are deleted by a list of ids (SQLite allows 32,766 parameters
#: per statement, older builds 999).
ID_BATCH = 900


class ChangeRow(NamedTuple):
    """A history row as a re-computation reads it: the result it records and the player's
    standing after it."""

    game_id: int
    finished_at: datetime
    position: int
    user_id: int
    rank: int
    source: str
    system: str
    after_rating: float
    after_deviation: float
    after_volatility: float | None
    games: int


class CurrentRow(NamedTuple):
    """A current-rating row as the instant update reads it."""

    user_id: int
    system: str
    rating: float
    deviation: float
    volatility: float | None
    games: int
    last_played_at: datetime


#: History columns in the order ``change_params`` gives them.
CHANGE_COLUMNS = (
    "user_id",
    "rating_key",
    "system",
    "source",
    "game_id",
    "finished_at",
    "position",
    "rank",
    "opponent_id",
    "before_rating",
    "before_deviation",
    "before_volatility",
    "after_rating",
    "after_deviation",
    "after_volatility",
    "after_value",
    "games",
)
#: Current-rating columns in the order ``current_params`` gives them.
CURRENT_COLUMNS = (
    "user_id",
    "rating_key",
    "system",
    "rating",
    "deviation",
    "volatility",
    "value",
    "games",
    "last_played_at",
)


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


def standing_after(row: ChangeRow) -> PlayerRating:
    """The player's standing after the result a history row records."""
    rating = make_rating(row.system, row.after_rating, row.after_deviation, row.after_volatility)
    return PlayerRating(rating, row.games, row.finished_at)


def standing_now(row: CurrentRow) -> PlayerRating:
    """The standing a current-rating row holds."""
    rating = make_rating(row.system, row.rating, row.deviation, row.volatility)
    return PlayerRating(rating, row.games, row.last_played_at)


def _datetime_reader(model: type[Model], name: str) -> Callable[[Any], datetime]:
    """The conversion a ``values_list`` applies to date-time column ``name`` (the backend's
    converters, then the field's: SQLite returns text), memoised: a game's rows share one
    instant, so it is converted once per game rather than once per row."""
    field = model._meta.get_field(name)
    column = field.get_col(model._meta.db_table)
    converters = [*connection.ops.get_db_converters(column), *field.get_db_converters(connection)]
    memo: dict[Any, datetime] = {}

    def read(value: Any) -> datetime:
        if value not in memo:
            converted = value
            for convert in converters:
                converted = convert(converted, column, connection)
            memo[value] = converted
        return memo[value]

    return read


def read_changes(queryset: QuerySet[SiteRatingChange]) -> list[ChangeRow]:
    """The history rows ``queryset`` selects, as tuples, in its order.

    The statement is the one ``values_list`` would run; the rows come straight from the
    cursor, and only ``finished_at`` needs converting (``_datetime_reader``)."""
    sql, params = queryset.values_list(*ChangeRow._fields).query.sql_with_params()
    read = _datetime_reader(SiteRatingChange, "finished_at")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [
            ChangeRow(game, read(at), position, user, rank, source, system, r, d, v, games)
            for game, at, position, user, rank, source, system, r, d, v, games in cursor.fetchall()
        ]


def read_current(key: str, users: Sequence[int]) -> dict[int, CurrentRow]:
    """The current-rating rows of ``users`` in pool ``key``, by user (one statement)."""
    if not users:
        return {}
    marks = ", ".join(["%s"] * len(users))
    sql = f"{_current_select(connection.vendor)} IN ({marks})"
    read = _datetime_reader(SiteRating, "last_played_at")
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, *users])
        return {row[0]: CurrentRow._make((*row[:-1], read(row[-1]))) for row in cursor.fetchall()}


def db_datetime(value: datetime) -> Any:
    """``value`` as the database stores it (computed once per result, used for every row)."""
    return connection.ops.adapt_datetimefield_value(value)


def change_params(
    change: RatingChange, result: RatedResult, source: str, position: int, finished_at: Any
) -> tuple[Any, ...]:
    """The history row of ``change`` (the player at ``position`` of ``result``), as the
    parameters of ``insert_changes``; ``finished_at`` is ``db_datetime(result.finished_at)``."""
    opponent = result.players[1 - position] if len(result.players) == 2 else None
    return (
        change.player,
        result.rating_key,
        result.system.value,
        source,
        result.game_id,
        finished_at,
        position,
        result.ranks[position],
        opponent,
        *_columns(change.before),
        *_columns(change.after),
        rating_value(change.after),
        change.games,
    )


def current_params(user_id: int, key: str, system: str, standing: PlayerRating) -> tuple[Any, ...]:
    """The current-rating row of a standing, as the parameters of ``upsert_current``."""
    rating, deviation, volatility = _columns(standing.rating)
    if standing.last_played_at is None:
        raise ValueError("a stored standing rests on at least one rated game")
    return (
        user_id,
        key,
        system,
        rating,
        deviation,
        volatility,
        rating_value(standing.rating),
        standing.games,
        db_datetime(standing.last_played_at),
    )


def result_of(rows: Sequence[ChangeRow], rating_key: str) -> RatedResult:
    """The rated result one game's history rows record (the rows in order of position)."""
    first = rows[0]
    return RatedResult(
        game_id=first.game_id,
        finished_at=first.finished_at,
        rating_key=rating_key,
        system=RatingSystem(first.system),
        players=tuple(row.user_id for row in rows),
        ranks=tuple(row.rank for row in rows),
    )


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _column_names(model: type[Model], names: Iterable[str]) -> list[str]:
    return [connection.ops.quote_name(model._meta.get_field(name).column) for name in names]


# The statements are built from the models' metadata once per database backend (``vendor``
# is the cache key: the quoting is the backend's).


@cache
def _insert_sql(model: type[Model], names: tuple[str, ...], vendor: str) -> str:
    columns = ", ".join(_column_names(model, names))
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {_table(model)} ({columns}) VALUES ({marks})"  # noqa: S608 (model metadata only)


@cache
def _upsert_sql(vendor: str) -> str:
    user, key, *rest = _column_names(SiteRating, CURRENT_COLUMNS)
    updates = ", ".join(f"{column} = excluded.{column}" for column in rest)
    conflict = f"ON CONFLICT ({user}, {key}) DO UPDATE SET {updates}"
    return f"{_insert_sql(SiteRating, CURRENT_COLUMNS, vendor)} {conflict}"


@cache
def _current_select(vendor: str) -> str:
    """The start of the read of current rows: ``… WHERE rating_key = %s AND user_id``."""
    columns = ", ".join(_column_names(SiteRating, CurrentRow._fields))
    key, user = _column_names(SiteRating, ("rating_key", "user_id"))
    return f"SELECT {columns} FROM {_table(SiteRating)} WHERE {key} = %s AND {user}"  # noqa: S608


@cache
def _lock_sql(vendor: str) -> str:
    pk, system = _column_names(RatingPool, ("key", "system"))
    return f"UPDATE {_table(RatingPool)} SET {system} = {system} WHERE {pk} = %s"  # noqa: S608


def insert_changes(params: list[tuple[Any, ...]]) -> None:
    """Insert history rows (``change_params``) with one prepared statement run for every row.

    ``bulk_create`` would build and compile a model instance per row, which is most of the time
    of a pool re-computed from scratch; the columns are plain numbers, texts and one date-time
    already adapted by ``db_datetime``."""
    if params:
        with connection.cursor() as cursor:
            sql = _insert_sql(SiteRatingChange, CHANGE_COLUMNS, connection.vendor)
            cursor.executemany(sql, params)


#: The columns a re-rating changes in a history row whose result stands (``rerated_params``),
#: then the row's key.
RERATED_COLUMNS = (
    "before_rating",
    "before_deviation",
    "before_volatility",
    "after_rating",
    "after_deviation",
    "after_volatility",
    "after_value",
    "games",
)
_ROW_KEY = ("rating_key", "game_id", "user_id")


@cache
def _rerate_sql(vendor: str) -> str:
    sets = ", ".join(
        f"{column} = %s" for column in _column_names(SiteRatingChange, RERATED_COLUMNS)
    )
    key = " AND ".join(f"{column} = %s" for column in _column_names(SiteRatingChange, _ROW_KEY))
    return f"UPDATE {_table(SiteRatingChange)} SET {sets} WHERE {key}"  # noqa: S608


def rerated_params(change: RatingChange, rating_key: str) -> tuple[Any, ...]:
    """The parameters of ``update_rerated`` for ``change``: a stored result re-rated keeps its
    row (game, instant, player, place, opponent) and gets new ratings."""
    return (
        *_columns(change.before),
        *_columns(change.after),
        rating_value(change.after),
        change.games,
        rating_key,
        change.game_id,
        change.player,
    )


def update_rerated(params: list[tuple[Any, ...]]) -> None:
    """Write new ratings into history rows in place (``rerated_params``), one statement run for
    every row. Only columns no index holds change, so the database rewrites the rows and none
    of the three indexes: about half the work of deleting and inserting them again."""
    if params:
        with connection.cursor() as cursor:
            cursor.executemany(_rerate_sql(connection.vendor), params)


def upsert_current(params: list[tuple[Any, ...]]) -> None:
    """Write current ratings (``current_params``): a player's row in the pool is inserted, or
    replaced in place when it exists (``site_rating_unique``), in one statement run for every
    row. SQLite (3.24 on) and PostgreSQL both spell it ``ON CONFLICT … DO UPDATE``."""
    if not params:
        return
    with connection.cursor() as cursor:
        cursor.executemany(_upsert_sql(connection.vendor), params)


def delete_current(key: str, users: Iterable[int]) -> None:
    """Remove the current ratings of ``users`` in pool ``key`` (no rated game left there)."""
    gone = list(users)
    for start in range(0, len(gone), ID_BATCH):
        batch = gone[start : start + ID_BATCH]
        SiteRating.objects.filter(rating_key=key, user_id__in=batch).delete()


def delete_changes(key: str, game_ids: Iterable[int]) -> None:
    """Remove the history rows of ``game_ids`` in pool ``key``, a batch of ids a statement."""
    ids = list(game_ids)
    for start in range(0, len(ids), ID_BATCH):
        batch = ids[start : start + ID_BATCH]
        SiteRatingChange.objects.filter(rating_key=key, game_id__in=batch).delete()


def lock_pool(key: str, system: str) -> None:
    """Lock the pool's row, creating it on first use: one rating transaction at a time per pool.

    An ``UPDATE`` of the row (to the value it has) takes the row's lock on PostgreSQL, and on
    SQLite the database's write lock at once, so two rating transactions never interleave and a
    transaction that would only read first cannot deadlock upgrading its lock later. One
    statement when the pool exists."""
    sql = _lock_sql(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        if cursor.rowcount:
            return
    RatingPool.objects.bulk_create([RatingPool(key=key, system=system)], ignore_conflicts=True)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
