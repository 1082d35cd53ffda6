"""Racing confirmations at a ranked table: every one counts, and the result is final once.

The other four players of a 5-player table confirm the report at the same moment, each thread
with its own database connection. The event and table row locks serialise them, so no
confirmation is lost (a lost one would leave the table waiting forever) and the result is
applied exactly once. PostgreSQL only: SQLite has no row locks (it serialises whole-database
writes and would test nothing here); CI runs the suite again against PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from tests.races import race
from tests.tournaments.ranked.conftest import claim_for
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, GameTable, Round
from tournaments.services import ranked_results, ranked_tables

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row-lock races need PostgreSQL (set DATABASE_URL=postgres://…)")


def _race(calls: list[Any]) -> list[Any]:
    return race(calls, TournamentError)


def _table_of_five(event: Any, add_players: Any) -> GameTable:
    add_players(event, 5)
    ranked_tables.ranked_settings_update(
        actor=event.organiser, event=event, table_size_min=5, table_size_max=5, session_minutes=60
    )
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    ranked_tables.tables_publish(actor=event.organiser, round=round_)
    return GameTable.objects.get(round=round_)


def test_simultaneous_confirmations_all_count_and_finalise_once(
    ranked_event: Any, add_players: Any
) -> None:
    table = _table_of_five(ranked_event, add_players)
    reporter, *others = [seat.entry for seat in table.seats.select_related("entry")]
    ranked_results.table_result_report(entry=reporter, table=table, seats=claim_for(table))
    results = _race(
        [
            (lambda entry=entry: ranked_results.table_result_confirm(entry=entry, table=table))
            for entry in others
        ]
    )
    assert not [r for r in results if isinstance(r, TournamentError)]
    table.refresh_from_db()
    assert table.is_final
    assert sorted(table.agreed) == sorted(e.pk for e in others)
    assert AuditLog.objects.filter(action="table_result_confirm").count() == 4
    assert Round.objects.get(pk=table.round_id).status == Round.Status.COMPLETE


def test_a_confirmation_racing_a_dispute_never_finalises_the_disputed_claim(
    ranked_event: Any, add_players: Any
) -> None:
    table = _table_of_five(ranked_event, add_players)
    reporter, *others = [seat.entry for seat in table.seats.select_related("entry")]
    claim = claim_for(table)
    ranked_results.table_result_report(entry=reporter, table=table, seats=claim)
    for entry in others[:2]:
        ranked_results.table_result_confirm(entry=entry, table=table)
    different = claim_for(table, {e.entry_id: 7 for e in table.seats.all()})
    results = _race(
        [
            lambda: ranked_results.table_result_confirm(entry=others[2], table=table),
            lambda: ranked_results.table_result_report(
                entry=others[3], table=table, seats=different
            ),
        ]
    )
    table.refresh_from_db()
    # Whichever came first, the differing claim is on record and nothing is final: confirmed
    # first, the claim still opens a dispute; disputed first, the confirmation is refused.
    errors = {r.code for r in results if isinstance(r, TournamentError)}
    assert errors <= {"nothing_to_confirm"}
    assert table.disputed
    assert not table.is_final
    assert table.disputed_by_id == others[3].pk
