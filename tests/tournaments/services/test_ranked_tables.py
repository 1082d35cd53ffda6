"""``tournaments/services/ranked_tables.py``: players sit at tables of the game's size (check-in
decides who plays round 1, round 2 groups them by standing), a Swiss pairing is refused for a
ranked event, settings stay within the game's range, and the session clock is set once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.ranked.conftest import claim_for
from tournaments import ranked_selectors
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, GameTable, Round, TableSeat
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.entries import entry_check_in, entry_withdraw
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _assign_and_publish(event: Any) -> Round:
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    return ranked_tables.tables_publish(actor=event.organiser, round=round_)


def test_nine_players_sit_at_tables_of_five_and_four(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 9)
    round_ = ranked_tables.tables_assign(actor=ranked_event.organiser, event=ranked_event)
    assert round_.stage == Round.Stage.RANKED_TABLES
    sizes = [t.seats.count() for t in GameTable.objects.filter(round=round_)]
    assert sizes == [5, 4]
    assert TableSeat.objects.filter(table__round=round_).values("entry").distinct().count() == 9
    assert AuditLog.objects.filter(action="tables_assign").exists()


def test_check_in_decides_who_plays_round_one(ranked_event: Any, add_players: Any) -> None:
    players = add_players(ranked_event, 8)
    for entry in players[:6]:
        entry_check_in(entry=entry, actor=ranked_event.organiser)
    round_ = ranked_tables.tables_assign(actor=ranked_event.organiser, event=ranked_event)
    seated = set(TableSeat.objects.filter(table__round=round_).values_list("entry_id", flat=True))
    assert seated == {e.pk for e in players[:6]}


def test_too_few_players_is_a_clear_error_and_nothing_is_saved(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 2)
    with pytest.raises(TournamentError) as caught:
        ranked_tables.tables_assign(actor=ranked_event.organiser, event=ranked_event)
    assert caught.value.code == "no_table_split"
    assert not Round.objects.filter(event=ranked_event).exists()


def test_the_swiss_pairing_is_refused_for_a_ranked_event(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 6)
    with pytest.raises(TournamentError) as caught:
        round_pair(actor=ranked_event.organiser, event=ranked_event)
    assert caught.value.code == "ranked_event"


def test_settings_stay_within_the_games_range(ranked_event: Any) -> None:
    with pytest.raises(TournamentError) as caught:
        ranked_tables.ranked_settings_update(
            actor=ranked_event.organiser,
            event=ranked_event,
            table_size_min=3,
            table_size_max=12,
            session_minutes=240,
        )
    assert caught.value.code == "invalid_table_size"
    event = ranked_tables.ranked_settings_update(
        actor=ranked_event.organiser,
        event=ranked_event,
        table_size_min=4,
        table_size_max=4,
        session_minutes=180,
    )
    assert (event.table_size_min, event.table_size_max, event.session_minutes) == (4, 4, 180)


def test_session_clock_is_set_once_from_the_event_minutes(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 4)
    round_ = _assign_and_publish(ranked_event)
    ranked_tables.tables_start_session(actor=ranked_event.organiser, round=round_)
    table = GameTable.objects.get(round=round_)
    assert table.started_at is not None
    assert table.ends_at is not None
    assert (table.ends_at - table.started_at).total_seconds() == 240 * 60
    left = ranked_selectors.seconds_left(table.ends_at, now=table.started_at)
    assert left == 240 * 60
    with pytest.raises(TournamentError) as caught:
        ranked_tables.tables_start_session(actor=ranked_event.organiser, round=round_)
    assert caught.value.code == "session_started"


def test_round_two_groups_by_standing_and_standings_count_rank_points(
    ranked_event: Any, add_players: Any
) -> None:
    players = add_players(ranked_event, 8)
    organiser = ranked_event.organiser
    round_ = _assign_and_publish(ranked_event)
    for table in GameTable.objects.filter(round=round_):
        ranked_results.table_result_set(actor=organiser, table=table, seats=claim_for(table))
    round_.refresh_from_db()
    assert round_.status == Round.Status.COMPLETE
    rows = ranked_selectors.standings(ranked_event)
    assert [float(r.rank_points) for r in rows] == [4, 4, 3, 3, 2, 2, 1, 1]
    second = ranked_tables.tables_assign(actor=organiser, event=ranked_event)
    first_table = GameTable.objects.get(round=second, number=1)
    leaders = {rows[0].player, rows[1].player}
    assert leaders <= set(first_table.seats.values_list("entry_id", flat=True))
    # A withdrawn player is not seated in round 2.
    ranked_tables.tables_delete_draft(actor=organiser, round=second)
    entry_withdraw(entry=players[0], actor=organiser)
    ranked_event.refresh_from_db()
    ranked_tables.ranked_settings_update(
        actor=organiser,
        event=ranked_event,
        table_size_min=3,
        table_size_max=4,
        session_minutes=240,
    )
    again = ranked_tables.tables_assign(actor=organiser, event=ranked_event)
    seated = set(TableSeat.objects.filter(table__round=again).values_list("entry_id", flat=True))
    assert players[0].pk not in seated
    assert len(seated) == 7
