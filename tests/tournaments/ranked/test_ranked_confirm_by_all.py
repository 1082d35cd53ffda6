"""Ruling "Every other player confirms": a ranked table's result is final only when every other
seated player has confirmed the report, or when an arbiter sets it; any differing claim goes to
the arbiter. Two players can never fix a result against a third."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.ranked.conftest import claim_for
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, EventRole, GameTable, Round
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.events import event_role_add

pytestmark = pytest.mark.django_db


def _three_player_table(event: Any, add_players: Any) -> tuple[GameTable, list[Entry]]:
    """One published table of three (the event seats 3–3)."""
    add_players(event, 3)
    ranked_tables.ranked_settings_update(
        actor=event.organiser, event=event, table_size_min=3, table_size_max=3, session_minutes=60
    )
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    ranked_tables.tables_publish(actor=event.organiser, round=round_)
    table = GameTable.objects.get(round=round_)
    return table, [seat.entry for seat in table.seats.select_related("entry").order_by("id")]


def _fresh(table: GameTable) -> GameTable:
    return GameTable.objects.get(pk=table.pk)


def test_two_players_cannot_fix_a_result_against_the_third(
    ranked_event: Any, add_players: Any
) -> None:
    table, (a, b, c) = _three_player_table(ranked_event, add_players)
    claim = claim_for(table)
    ranked_results.table_result_report(entry=a, table=table, seats=claim)
    ranked_results.table_result_report(entry=b, table=table, seats=claim)  # same claim: confirms
    table = _fresh(table)
    assert not table.is_final
    assert table.agreed == [b.pk]
    assert table.seats.filter(place__isnull=False).count() == 0  # nothing reached the seats
    # The third player answers with another result: a dispute, still not final.
    theirs = claim_for(table, {a.pk: 5, b.pk: 6, c.pk: 12})
    ranked_results.table_result_report(entry=c, table=table, seats=theirs)
    table = _fresh(table)
    assert table.disputed
    assert not table.is_final
    assert table.counter == sorted(theirs, key=lambda x: x["entry"])
    assert table.disputed_by_id == c.pk
    # Neither of the two can now finalise it: only the arbiter can.
    for entry in (a, b):
        with pytest.raises(TournamentError) as caught:
            ranked_results.table_result_report(entry=entry, table=table, seats=claim)
        assert caught.value.code == "result_disputed"
        with pytest.raises(TournamentError) as caught:
            ranked_results.table_result_confirm(entry=entry, table=table)
        assert caught.value.code == "nothing_to_confirm"
    assert not _fresh(table).is_final
    assert Round.objects.get(pk=table.round_id).status == Round.Status.PUBLISHED


def test_the_result_is_final_when_every_other_player_confirms(
    ranked_event: Any, add_players: Any
) -> None:
    table, (a, b, c) = _three_player_table(ranked_event, add_players)
    ranked_results.table_result_report(entry=a, table=table, seats=claim_for(table))
    ranked_results.table_result_confirm(entry=c, table=table)
    assert not _fresh(table).is_final
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_confirm(entry=c, table=table)
    assert caught.value.code == "already_confirmed"
    ranked_results.table_result_confirm(entry=b, table=table)
    table = _fresh(table)
    assert table.is_final
    assert dict(table.seats.values_list("entry_id", "place")) == {a.pk: 1, b.pk: 2, c.pk: 3}
    assert Round.objects.get(pk=table.round_id).status == Round.Status.COMPLETE
    assert AuditLog.objects.filter(action="table_result_confirm").count() == 2


def test_a_player_who_confirmed_cannot_confirm_twice(ranked_event: Any, add_players: Any) -> None:
    table, (a, b, _c) = _three_player_table(ranked_event, add_players)
    claim = claim_for(table)
    ranked_results.table_result_report(entry=a, table=table, seats=claim)
    ranked_results.table_result_report(entry=b, table=table, seats=claim)
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_report(entry=b, table=table, seats=claim)
    assert caught.value.code == "already_confirmed"
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_confirm(entry=b, table=table)
    assert caught.value.code == "already_confirmed"
    assert _fresh(table).agreed == [b.pk]


def test_the_reporter_may_change_the_report_until_someone_confirms(
    ranked_event: Any, add_players: Any
) -> None:
    table, (a, b, c) = _three_player_table(ranked_event, add_players)
    ranked_results.table_result_report(entry=a, table=table, seats=claim_for(table))
    corrected = claim_for(table, {a.pk: 4, b.pk: 9, c.pk: 7})
    ranked_results.table_result_report(entry=a, table=table, seats=corrected)
    table = _fresh(table)
    assert not table.disputed
    assert table.reported == sorted(corrected, key=lambda x: x["entry"])
    # Once b has confirmed, a changing their mind is a dispute for the arbiter.
    ranked_results.table_result_confirm(entry=b, table=table)
    ranked_results.table_result_report(entry=a, table=table, seats=claim_for(table))
    table = _fresh(table)
    assert table.disputed
    assert table.disputed_by_id == a.pk
    assert table.reported == sorted(corrected, key=lambda x: x["entry"])  # what b confirmed


def test_a_dispute_goes_to_the_arbiter_who_decides(
    ranked_event: Any, add_players: Any, make_user: Any
) -> None:
    table, (a, b, c) = _three_player_table(ranked_event, add_players)
    ranked_results.table_result_report(entry=a, table=table, seats=claim_for(table))
    theirs = claim_for(table, {a.pk: 5, b.pk: 6, c.pk: 12})
    ranked_results.table_result_report(entry=b, table=table, seats=theirs)
    assert AuditLog.objects.filter(action="table_result_dispute").exists()
    # A player cannot set the result the way an arbiter does.
    with pytest.raises(TournamentError):
        ranked_results.table_result_set(actor=c.user or make_user("c"), table=table, seats=theirs)
    arbiter = make_user("arb")
    event_role_add(
        actor=ranked_event.organiser, event=ranked_event, user=arbiter, role=EventRole.Role.ARBITER
    )
    ranked_results.table_result_set(actor=arbiter, table=table, seats=theirs)
    table = _fresh(table)
    assert table.is_final
    assert not table.disputed
    assert dict(table.seats.values_list("entry_id", "place")) == {c.pk: 1, b.pk: 2, a.pk: 3}
    assert AuditLog.objects.filter(action="table_result_ruling").exists()


def test_an_arbiter_may_set_a_result_nobody_has_confirmed(
    ranked_event: Any, add_players: Any
) -> None:
    table, (a, _b, _c) = _three_player_table(ranked_event, add_players)
    ranked_results.table_result_report(entry=a, table=table, seats=claim_for(table))
    ranked_results.table_result_set(
        actor=ranked_event.organiser, table=table, seats=claim_for(table)
    )
    assert _fresh(table).is_final
