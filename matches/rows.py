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
from django.db import connection

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


def _relaxable(relaxed: bool) -> bool:
    return (
        relaxed
        and connection.vendor == "postgresql"
        and getattr(settings, "MATCH_ASYNC_COMMIT", True)
    )


def _lock_sql(*, relax: bool) -> str:
    table = connection.ops.quote_name(Match._meta.db_table)
    pk = connection.ops.quote_name(Match._meta.pk.column)
    columns = "*, set_config('synchronous_commit', 'off', true)" if relax else "*"
    sql = f"SELECT {columns} FROM {table} WHERE {pk} = %s"  # noqa: S608 - fixed names
    return f"{sql} FOR UPDATE" if connection.features.has_select_for_update else sql


def lock_match(match_id: int, *, relaxed: bool = False) -> Match:
    """The match row, locked until the end of the transaction (``relaxed``: commit without
    waiting for the disk, see the module docstring). ``MatchError("not_found")`` if there is
    no such match."""
    relax = _relaxable(relaxed)
    found = list(Match.objects.raw(_lock_sql(relax=relax), [match_id]))
    if not found:
        raise MatchError("not_found")
    match = found[0]
    setattr(match, _RELAXED, relax)
    _remember_loaded(match)
    return match


_MOVE_FIELDS: Final = tuple(
    field for field in MatchMove._meta.concrete_fields if not field.primary_key
)


def _insert_move_sql() -> str:
    table = connection.ops.quote_name(MatchMove._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(field.column) for field in _MOVE_FIELDS)
    values = ", ".join(["%s"] * len(_MOVE_FIELDS))
    return f"INSERT INTO {table} ({columns}) VALUES ({values})"  # noqa: S608 - fixed names


def append_move(values: dict[str, Any]) -> None:
    """Insert one ``MatchMove`` row: ``values`` by field attribute name (``match_id``,
    ``actor_id`` …); a field left out gets its default."""
    params = [
        field.get_db_prep_save(
            values[field.attname] if field.attname in values else field.get_default(), connection
        )
        for field in _MOVE_FIELDS
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_move_sql(), params)


def strict_commit(match: Match) -> None:
    """Undo the relaxed commit for the rest of the transaction (a result is being recorded)."""
    if getattr(match, _RELAXED, False):
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


def save_match(match: Match) -> None:
    """Write the changed play fields of the locked ``match``."""
    match.save(update_fields=changed_fields(match))
    _remember_loaded(match)
