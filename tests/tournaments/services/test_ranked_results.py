"""``tournaments/services/ranked_results.py``: a seated player's report is confirmed by every other
seated player, a different claim opens a dispute the arbiter decides, bad claims are refused and
save nothing, and a correction needs a reason and marks a later draft stale."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.ranked.conftest import claim_for
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, EventRole, GameTable, Round
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.events import event_role_add

pytestmark = pytest.mark.django_db


def _seated(table: GameTable) -> list[Entry]:
    return [seat.entry for seat in table.seats.select_related("entry").order_by("id")]


def _assign_and_publish(event: Any) -> Round:
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    return ranked_tables.tables_publish(actor=event.organiser, round=round_)


def test_report_then_confirm_by_every_other_seated_player(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 9)
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_, number=2)
    first, *others = _seated(table)
    claim = claim_for(table)
    ranked_results.table_result_report(entry=first, table=table, seats=claim)
    table.refresh_from_db()
    assert table.confirmation == GameTable.Confirmation.AWAITING
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_confirm(entry=first, table=table)
    assert caught.value.code == "own_report_table"
    for entry in others:
        table.refresh_from_db()
        assert not table.is_final
        ranked_results.table_result_confirm(entry=entry, table=table)
    table.refresh_from_db()
    assert table.is_final
    assert sorted(table.seats.values_list("place", flat=True)) == [1, 2, 3, 4]
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PROGRESS
    assert AuditLog.objects.filter(action="table_result_confirm").exists()


def test_a_different_claim_opens_a_dispute_the_arbiter_decides(
    ranked_event: Any, add_players: Any, make_user: Any
) -> None:
    add_players(ranked_event, 8)
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_, number=1)
    first, second = _seated(table)[:2]
    ranked_results.table_result_report(entry=first, table=table, seats=claim_for(table))
    other = claim_for(table, {e.pk: 3 for e in _seated(table)})
    ranked_results.table_result_report(entry=second, table=table, seats=other)
    table.refresh_from_db()
    assert table.disputed
    assert not table.is_final
    arbiter = make_user("arb")
    event_role_add(
        actor=ranked_event.organiser, event=ranked_event, user=arbiter, role=EventRole.Role.ARBITER
    )
    ranked_results.table_result_set(actor=arbiter, table=table, seats=other)
    table.refresh_from_db()
    assert table.is_final
    assert not table.disputed
    assert set(table.seats.values_list("place", flat=True)) == {1}  # all share 1st
    assert AuditLog.objects.filter(action="table_result_ruling").exists()


def test_a_player_of_another_table_cannot_report(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 8)
    round_ = _assign_and_publish(ranked_event)
    table, other = GameTable.objects.filter(round=round_)
    stranger = _seated(other)[0]
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_report(entry=stranger, table=table, seats=claim_for(table))
    assert caught.value.code == "not_your_table"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda c: c[:-1], "seats_mismatch"),
        (lambda c: [*c, c[0]], "seats_mismatch"),
        (lambda c: [{**c[0], "victory_points": -1}, *c[1:]], "invalid_victory_points"),
        (lambda c: [{**c[0], "victory_points": "x"}, *c[1:]], "invalid_victory_points"),
        (lambda c: [{**c[0], "eliminated_turn": 0}, *c[1:]], "invalid_turn"),
        (lambda c: [{**c[0], "eliminated_turn": 3}, *c[1:]], "eliminated_scores_zero"),
    ],
)
def test_bad_results_are_refused_and_nothing_is_saved(
    ranked_event: Any, add_players: Any, change: Any, code: str
) -> None:
    add_players(ranked_event, 4)
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_)
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_set(
            actor=ranked_event.organiser, table=table, seats=change(claim_for(table))
        )
    assert caught.value.code == code
    table.refresh_from_db()
    assert not table.is_final
    assert not table.seats.filter(victory_points__isnull=False).exists()


def test_correcting_a_confirmed_result_needs_a_reason(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 4)
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_)
    organiser = ranked_event.organiser
    ranked_results.table_result_set(actor=organiser, table=table, seats=claim_for(table))
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_set(actor=organiser, table=table, seats=claim_for(table))
    assert caught.value.code == "reason_required"
    ranked_results.table_result_set(
        actor=organiser, table=table, seats=claim_for(table), reason="typo"
    )
    assert AuditLog.objects.filter(action="table_result_correct").exists()


def test_a_correction_marks_a_later_draft_stale(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 4)
    organiser = ranked_event.organiser
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_)
    ranked_results.table_result_set(actor=organiser, table=table, seats=claim_for(table))
    draft = ranked_tables.tables_assign(actor=organiser, event=ranked_event)
    assert not draft.stale
    ranked_results.table_result_set(
        actor=organiser, table=table, seats=claim_for(table), reason="VP miscounted"
    )
    draft.refresh_from_db()
    assert draft.stale


def test_only_people_running_the_event_enter_results(
    ranked_event: Any, add_players: Any, make_user: Any
) -> None:
    add_players(ranked_event, 4)
    round_ = _assign_and_publish(ranked_event)
    table = GameTable.objects.get(round=round_)
    with pytest.raises(TournamentError) as caught:
        ranked_results.table_result_set(
            actor=make_user("someone"), table=table, seats=claim_for(table)
        )
    assert caught.value.code == "not_allowed"
    with pytest.raises(TournamentError):
        ranked_tables.tables_start_session(actor=make_user("else"), round=round_)
