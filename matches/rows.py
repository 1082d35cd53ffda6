"""The match row inside a service's transaction: locking it, relaxing the commit, saving it,
appending a decision's move row.

Every service (``matches.services``) locks the match row first (``lock_match``), changes the
instance, then saves it (``save_match``). Both run for every decision of every game, so they
avoid per-call work the ORM would repeat:

* **the lock** is one statement with a fixed text (``SELECT … FOR UPDATE``, no query
  compilation). With ``relaxed=True`` on PostgreSQL the same statement also lets the
  transaction commit without waiting for the WAL flush (``set_config('synchronous_commit',
  'off', true)``, what ``SET LOCAL synchronous_commit TO OFF`` does), instead of a round trip
  of its own;
* **the move row** of a decision (``MatchMove``, append-only) is inserted with one fixed
  statement (``append_move``), without building a model instance or compiling the insert;
* **the save** writes only the play fields whose values differ from those read under the lock
  (plus ``updated_at``): a decision does not rewrite the status, the result or the over-the-board
  reports it left alone. Services assign new values to these fields; they never change a
  loaded list or dict in place.

**Bound and prepared on the server.** On PostgreSQL these fixed statements go through a
server-binding cursor (``_cursor``): the values travel as parameters instead of being quoted
into the text on the client (the cached engine state is a JSON text of about 2.5 kB, which the
ORM's client-side binding escaped on every decision), and psycopg prepares each statement on
its connection after a few executions (``prepare_threshold``), so PostgreSQL parses and plans
it once per connection instead of once per decision. The texts are the same as before; the
ORM's other queries keep Django's client-side binding. ``MATCH_SERVER_BINDING = False`` turns
this off.

**Relaxed commits.** A decision or a clock press is committed, broadcast and answered without
waiting for the disk: the database stays consistent, and a server crash can lose at most the
last fraction of a second of decisions (clients then resynchronise from the snapshot). This
halves a decision's latency on a disk that syncs slowly. Results are always committed
synchronously (``strict_commit``). Setting ``MATCH_ASYNC_COMMIT = False`` turns this off.
"""

from __future__ import annotations

import copy
from typing import Any, Final

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper

from matches.errors import MatchError
from matches.models import Match, MatchMove

#: The fields a service may change once a match exists (its identity, seats, format and
#: references are fixed at creation).
PLAY_FIELDS: Final = (
    "status",
    "state",
    "ply",
    "clock",
    "flag_deadline",
    "setup_deadline",
    "timeout_check_at",
    "clock_seq",
    "winner",
    "method",
    "finished_at",
    "otb_reports",
    "disputed",
    "started_at",
    "red_joined_at",
    "blue_joined_at",
    "updated_at",
)
_COMPARED: Final = tuple(name for name in PLAY_FIELDS if name != "updated_at")

_RELAXED: Final = "_match_relaxed_commit"
_LOADED: Final = "_match_loaded_values"


def _relaxable(connection: BaseDatabaseWrapper, relaxed: bool) -> bool:
    return (
        relaxed
        and connection.vendor == "postgresql"
        and getattr(settings, "MATCH_ASYNC_COMMIT", True)
    )


_MATCH_FIELDS: Final = tuple(Match._meta.concrete_fields)
_MATCH_ATTNAMES: Final = tuple(field.attname for field in _MATCH_FIELDS)
#: Statement texts and value converters, built once per database vendor and option.
_SQL: dict[tuple[Any, ...], str] = {}
_CONVERTERS: dict[str, list[tuple[int, list[Any], Any]]] = {}


def _lock_sql(connection: BaseDatabaseWrapper, *, relax: bool) -> str:
    key = ("lock", connection.vendor, relax)
    sql = _SQL.get(key)
    if sql is None:
        table = connection.ops.quote_name(Match._meta.db_table)
        pk = connection.ops.quote_name(Match._meta.pk.column)
        columns = ", ".join(connection.ops.quote_name(field.column) for field in _MATCH_FIELDS)
        if relax:
            columns += ", set_config('synchronous_commit', 'off', true)"
        sql = f"SELECT {columns} FROM {table} WHERE {pk} = %s"  # noqa: S608 - fixed names
        if connection.features.has_select_for_update:
            sql += " FOR UPDATE"
        _SQL[key] = sql
    return sql


def _converters(connection: BaseDatabaseWrapper) -> list[tuple[int, list[Any], Any]]:
    """What the ORM applies to each column read (``from_db_value`` of the JSON fields …):
    ``(index, converters, column)`` for the columns that have any."""
    found = _CONVERTERS.get(connection.vendor)
    if found is None:
        found = []
        for index, field in enumerate(_MATCH_FIELDS):
            column = field.get_col(Match._meta.db_table)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(
                connection
            )
            if functions:
                found.append((index, functions, column))
        _CONVERTERS[connection.vendor] = found
    return found


def _server_binding(connection: BaseDatabaseWrapper) -> bool:
    return connection.vendor == "postgresql" and getattr(settings, "MATCH_SERVER_BINDING", True)


class _BoundDebugCursor(CursorDebugWrapper):
    """Django's debug cursor (what ``CaptureQueriesContext`` and ``DEBUG`` read), logging the
    statement's own text: a prepared statement leaves no text for Django to read back."""

    def execute(self, sql: str, params: Any = None) -> Any:
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


def _cursor(connection: BaseDatabaseWrapper) -> Any:
    """A cursor for this module's fixed statements: Django's own, except on PostgreSQL, where
    it binds parameters on the server (see the module docstring). Either way it is wrapped as
    Django wraps every cursor (errors translated; statements logged where queries are, with
    their ``%s`` placeholders), so ``CaptureQueriesContext`` and the statement-count tests see
    these statements too."""
    if not _server_binding(connection):
        return connection.cursor()
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID, ServerBindingCursor
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.pq import Format

    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = ServerBindingCursor(connection.connection)
        # What DatabaseWrapper.create_cursor does for the timestamps' time zone.
        loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        if connection.timezone != loader.timezone:  # pragma: no cover - UTC connections
            register_tzloader(connection.timezone, raw)
    connection.validate_thread_sharing()
    if connection.queries_logged:
        return _BoundDebugCursor(raw, connection)
    return connection.make_cursor(raw)


def lock_match(match_id: int, *, relaxed: bool = False) -> Match:
    """The match row, locked until the end of the transaction (``relaxed``: commit without
    waiting for the disk, see the module docstring). ``MatchError("not_found")`` if there is
    no such match.

    One statement of fixed text, its columns in the model's order, turned into an instance
    the way the ORM does (the same converters, ``Model.from_db``) without compiling a query
    or inspecting the cursor's columns on every call."""
    connection = connections[DEFAULT_DB_ALIAS]
    relax = _relaxable(connection, relaxed)
    with _cursor(connection) as cursor:
        cursor.execute(_lock_sql(connection, relax=relax), [match_id])
        row = cursor.fetchone()
    if row is None:
        raise MatchError("not_found")
    values = list(row[: len(_MATCH_FIELDS)])
    for index, functions, column in _converters(connection):
        value = values[index]
        for function in functions:
            value = function(value, column, connection)
        values[index] = value
    match = Match.from_db(connection.alias, _MATCH_ATTNAMES, values)
    setattr(match, _RELAXED, relax)
    _remember_loaded(match)
    return match


_MOVE_FIELDS: Final = tuple(
    field for field in MatchMove._meta.concrete_fields if not field.primary_key
)
#: Per move field: its attribute name, the Python type whose values the database takes as
#: they are (what ``get_db_prep_save`` would return unchanged: ``int`` for integer fields,
#: ``str`` for text fields; ``None`` for the others) and its default when fixed.
_MOVE_PLAN: Final = tuple(
    (
        field,
        field.attname,
        int
        if isinstance(field, models.IntegerField)
        else str
        if isinstance(field, models.CharField | models.TextField)
        else None,
        field.has_default() and callable(field.default),
        None if field.has_default() and callable(field.default) else field.get_default(),
    )
    for field in _MOVE_FIELDS
)


def _insert_move_sql(connection: BaseDatabaseWrapper) -> str:
    key = ("move", connection.vendor)
    sql = _SQL.get(key)
    if sql is None:
        table = connection.ops.quote_name(MatchMove._meta.db_table)
        columns = ", ".join(connection.ops.quote_name(field.column) for field in _MOVE_FIELDS)
        values = ", ".join(["%s"] * len(_MOVE_FIELDS))
        sql = _SQL[key] = f"INSERT INTO {table} ({columns}) VALUES ({values})"  # noqa: S608
    return sql


def append_move(values: dict[str, Any]) -> None:
    """Insert one ``MatchMove`` row: ``values`` by field attribute name (``match_id``,
    ``actor_id`` …); a field left out gets its default.

    Values the database takes as they are (``None``, an ``int`` for an integer field, a
    ``str`` for a text field) skip ``get_db_prep_save``; any other goes through it."""
    connection = connections[DEFAULT_DB_ALIAS]
    params = []
    for field, attname, plain, dynamic, default in _MOVE_PLAN:
        if attname in values:
            value = values[attname]
        else:
            value = field.get_default() if dynamic else default
        if not (value is None or (plain is not None and type(value) is plain)):
            value = field.get_db_prep_save(value, connection)
        params.append(value)
    with _cursor(connection) as cursor:
        cursor.execute(_insert_move_sql(connection), params)


def strict_commit(match: Match) -> None:
    """Undo the relaxed commit for the rest of the transaction (a result is being recorded)."""
    if getattr(match, _RELAXED, False):
        connection = connections[DEFAULT_DB_ALIAS]
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO ON")
        setattr(match, _RELAXED, False)


def _remember_loaded(match: Match) -> None:
    values: dict[str, Any] = {}
    for name in _COMPARED:
        value = getattr(match, name)
        values[name] = copy.copy(value) if isinstance(value, list | dict) else value
    setattr(match, _LOADED, values)


def changed_fields(match: Match) -> list[str]:
    """The play fields to write: those changed since the row was locked, and ``updated_at``
    (all of them for an instance that was not read by ``lock_match``)."""
    loaded: dict[str, Any] | None = getattr(match, _LOADED, None)
    if loaded is None:
        return list(PLAY_FIELDS)
    return [name for name in _COMPARED if getattr(match, name) != loaded[name]] + ["updated_at"]


_MATCH_BY_NAME: Final = {field.name: field for field in _MATCH_FIELDS}


def _update_sql(connection: BaseDatabaseWrapper, names: tuple[str, ...]) -> str:
    key = ("update", connection.vendor, names)
    sql = _SQL.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        table = quote(Match._meta.db_table)
        pk = quote(Match._meta.pk.column)
        assignments = ", ".join(f"{quote(_MATCH_BY_NAME[name].column)} = %s" for name in names)
        sql = _SQL[key] = f"UPDATE {table} SET {assignments} WHERE {pk} = %s"  # noqa: S608
    return sql


def save_match(match: Match) -> None:
    """Write the changed play fields of the locked ``match``.

    What ``match.save(update_fields=…)`` writes (``pre_save`` sets ``updated_at``, every
    value goes through ``get_db_prep_save``), as one statement of fixed text per set of
    fields; no model signal is sent (nothing listens to the match row's)."""
    connection = connections[DEFAULT_DB_ALIAS]
    names = tuple(changed_fields(match))
    params = []
    for name in names:
        field = _MATCH_BY_NAME[name]
        params.append(field.get_db_prep_save(field.pre_save(match, False), connection))
    params.append(match.pk)
    with _cursor(connection) as cursor:
        cursor.execute(_update_sql(connection, names), params)
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
    _remember_loaded(match)
