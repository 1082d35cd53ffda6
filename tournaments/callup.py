"""Who a tournament change calls (``matches.callup``): the players it concerns.

A round's publication calls every player of the round (a game, an over-the-board table or a
bye waits for them), taking it back calls them again (the call is gone); a reported result
calls both players of the table (the opponent has a result to confirm; a confirmed or
decided result ends that call); a ranked-table round calls everyone seated in it when it is
published and when its session starts, and a table's report calls everyone at that table.
Each player is called through their account and through their entry's private link.

The clocked games of a round call their own players (``matches.services``): created, joined,
started, finished or aborted. ``pairing_entries`` is the lookup that lets them reach the
entries of a table too (registered in ``tournaments.apps``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from matches.callup import call_on_commit
from tournaments.models import Entry, GameTable, Pairing, Round


def _call_entries(entries: Iterable[tuple[int, int | None]]) -> None:
    """Call ``(entry id, user id)`` pairs after commit."""
    pairs = list(entries)
    call_on_commit(
        user_ids=[user_id for _entry, user_id in pairs],
        entry_ids=[entry_id for entry_id, _user in pairs],
    )


def call_round_on_commit(round_: Round) -> None:
    """Call every player of a round: its two-player tables (and byes), or its ranked tables."""
    entries = Entry.objects.filter(
        Q(pairings_as_red__round=round_)
        | Q(pairings_as_blue__round=round_)
        | Q(table_seats__table__round=round_)
    ).distinct()
    _call_entries(entries.values_list("pk", "user_id"))


def call_pairing_on_commit(pairing: Pairing) -> None:
    """Call both players of a two-player table."""
    ids = [pk for pk in (pairing.red_id, pairing.blue_id) if pk is not None]
    _call_entries(Entry.objects.filter(pk__in=ids).values_list("pk", "user_id"))


def call_table_on_commit(table: GameTable) -> None:
    """Call everyone seated at a ranked table."""
    _call_entries(Entry.objects.filter(table_seats__table=table).values_list("pk", "user_id"))


def pairing_entries(pairing_id: int, seats: tuple[str, ...]) -> list[int]:
    """The entries sitting in ``seats`` (``red``/``blue``) of a table: ``matches.callup``'s
    lookup for the players of a tournament game who have no account."""
    row = Pairing.objects.filter(pk=pairing_id).values("red_id", "blue_id").first()
    if row is None:
        return []
    return [row[f"{seat}_id"] for seat in seats if row.get(f"{seat}_id") is not None]
