"""The services refuse values the forms would catch too: a script or the API gets a coded
refusal naming the field, never a database error, and nothing is written."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from tournaments.errors import TournamentError, message_for
from tournaments.models import AuditLog, Entry, Event, Round
from tournaments.services.entries import entry_add, entry_check_in, entry_check_in_many
from tournaments.services.entry_import import entry_import_csv
from tournaments.services.events import event_create, event_role_add, event_update
from tournaments.services.field import players_left_out
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"rounds": 0}, "invalid_rounds", "rounds"),
        ({"rounds": -1}, "invalid_rounds", "rounds"),
        ({"rounds": 100}, "invalid_rounds", "rounds"),
        ({"rounds": True}, "invalid_rounds", "rounds"),
        ({"rounds": "5"}, "invalid_rounds", "rounds"),
        ({"time_control": "20分"}, "invalid_time_control", "time_control"),
        ({"time_control": "20"}, "invalid_time_control", "time_control"),
        ({"time_control": "0+0"}, "time_control_too_short", "time_control"),
        ({"time_control": "99999999+0"}, "time_control_too_long", "time_control"),
        ({"time_control": "20+99999999"}, "time_control_too_long", "time_control"),
        ({"time_control": "120s+0"}, "time_control_not_canonical", "time_control"),
        ({"time_control": "020+0"}, "invalid_time_control", "time_control"),
        ({"time_control": None}, "invalid_time_control", "time_control"),
        ({"points_win": Decimal(0)}, "win_not_above_loss", "points_win"),
        ({"points_loss": Decimal(-1)}, "invalid_points", "points_loss"),
        ({"points_bye": Decimal("1000")}, "invalid_points", "points_bye"),
        ({"points_bye": Decimal("0.125")}, "invalid_points", "points_bye"),
        ({"points_forfeit_win": "lots"}, "invalid_points", "points_forfeit_win"),
        ({"points_forfeit_loss": Decimal("NaN")}, "invalid_points", "points_forfeit_loss"),
        ({"ends_on": dt.date(2026, 3, 31)}, "ends_before_start", "ends_on"),
        ({"registration_cap": 1}, "invalid_cap", "registration_cap"),
        ({"registration_cap": 10**9}, "invalid_cap", "registration_cap"),
        ({"pairing_system": "swiss_top_cut"}, "invalid_top_cut", "top_cut_size"),
        ({"pairing_system": "swiss_top_cut", "top_cut_size": 6}, "invalid_top_cut", "top_cut_size"),
        ({"pairing_system": "ladder"}, "invalid_choice", "pairing_system"),
        ({"game_format": "rule_9"}, "invalid_choice", "game_format"),
        ({"visibility": "secret"}, "invalid_choice", "visibility"),
        ({"tiebreaks": ["BH", "XX"]}, "invalid_tiebreak", "tiebreaks"),
    ],
)
def test_event_create_refuses_bad_values_by_field(
    host: Any, fields: dict[str, Any], code: str, field: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        event_create(organiser=host, name="Cup", starts_on=dt.date(2026, 4, 1), **fields)
    assert (refused.value.code, refused.value.field) == (code, field)
    assert message_for(refused.value)  # a translated message exists for every code
    assert not Event.objects.exists()
    assert not AuditLog.objects.exists()


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_event_create_refuses_a_missing_or_overlong_name(host: Any, name: str) -> None:
    with pytest.raises(TournamentError) as refused:
        event_create(organiser=host, name=name, starts_on=dt.date(2026, 4, 1))
    assert refused.value.field == "name"
    assert not Event.objects.exists()


def test_event_create_keeps_the_canonical_time_control(host: Any) -> None:
    event = event_create(
        organiser=host, name=" Cup ", starts_on=dt.date(2026, 4, 1), time_control="10+5"
    )
    assert (event.name, event.time_control) == ("Cup", "10+5")


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"rounds": 0}, "invalid_rounds"),
        ({"time_control": "20分"}, "invalid_time_control"),
        ({"points_win": Decimal(0), "points_loss": Decimal(0)}, "win_not_above_loss"),
        ({"registration_cap": 0}, "invalid_cap"),
    ],
)
def test_event_update_refuses_bad_values_and_keeps_the_old_ones(
    event: Event, fields: dict[str, Any], code: str
) -> None:
    before = Event.objects.values().get(pk=event.pk)
    with pytest.raises(TournamentError) as refused:
        event_update(actor=event.organiser, event=event, **fields)
    assert refused.value.code == code
    assert Event.objects.values().get(pk=event.pk) == before


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"name": ""}, "name_required", "name"),
        ({"name": "x" * 101}, "name_too_long", "name"),
        ({"name": "Q", "rating": 10**12}, "invalid_rating", "rating"),
        ({"name": "Q", "rating": -1}, "invalid_rating", "rating"),
        (
            {"name": "Q", "missed_round_points": Decimal(-1)},
            "invalid_points",
            "missed_round_points",
        ),
        (
            {"name": "Q", "missed_round_points": Decimal(10**6)},
            "invalid_points",
            "missed_round_points",
        ),
    ],
)
def test_entry_add_refuses_bad_values(
    event: Event, fields: dict[str, Any], code: str, field: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        entry_add(actor=event.organiser, event=event, **fields)
    assert (refused.value.code, refused.value.field) == (code, field)
    assert not Entry.objects.filter(event=event).exists()


def test_csv_import_refuses_a_rating_the_column_cannot_hold(event: Event) -> None:
    with pytest.raises(TournamentError) as refused:
        entry_import_csv(actor=event.organiser, event=event, text="name,rating\nAiko,99999999999\n")
    assert refused.value.code == "csv_invalid"
    assert list(refused.value.rows) == [2]
    assert not Entry.objects.filter(event=event).exists()


# ------------------------------------------------------------------ check-in before round 1


def test_check_in_many_checks_in_each_player_with_its_own_audit_line(
    event: Event, add_players: Any, make_user: Any
) -> None:
    players = add_players(event, 4)
    arbiter = make_user("arbiter")
    event_role_add(actor=event.organiser, event=event, user=arbiter, role="arbiter")
    entry_check_in(actor=arbiter, entry=players[0])
    done = entry_check_in_many(actor=arbiter, event=event, entries=players[:3])
    assert [e.name for e in done] == ["P2", "P3"]  # P1 was already checked in
    checked = Entry.objects.filter(event=event, checked_in=True).values_list("name", flat=True)
    assert sorted(checked) == ["P1", "P2", "P3"]
    lines = AuditLog.objects.filter(event=event, action="entry_check_in", actor=arbiter)
    assert sorted(line.actor_entry.name for line in lines) == ["P1", "P2", "P3"]


def test_check_in_many_is_for_arbiters_and_before_round_1(
    event: Event, add_players: Any, make_user: Any
) -> None:
    players = add_players(event, 4)
    stranger = make_user("stranger")
    with pytest.raises(TournamentError) as refused:
        entry_check_in_many(actor=stranger, event=event, entries=players)
    assert refused.value.code == "not_allowed"
    with pytest.raises(TournamentError) as refused:
        entry_check_in_many(actor=event.organiser, event=event, entries=[])
    assert refused.value.code == "nobody_to_check_in"
    first = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=first)
    with pytest.raises(TournamentError) as refused:
        entry_check_in_many(actor=event.organiser, event=event, entries=players)
    assert refused.value.code == "event_locked"
    assert not Entry.objects.filter(event=event, checked_in=True).exists()


def test_pairing_round_1_without_absent_players_must_be_confirmed(
    event: Event, add_players: Any
) -> None:
    players = add_players(event, 5)
    host = event.organiser
    assert players_left_out(event=event) == []  # nobody checked in: everyone plays
    entry_check_in_many(actor=host, event=event, entries=players[:4])
    assert [e.name for e in players_left_out(event=event)] == ["P5"]

    with pytest.raises(TournamentError) as refused:
        round_pair(actor=host, event=event, leave_out_absent=False)
    assert refused.value.code == "players_not_checked_in"
    assert refused.value.params == {"count": 1}
    assert not Round.objects.filter(event=event).exists()

    round_ = round_pair(actor=host, event=event, leave_out_absent=True)
    seated = {p.red_id for p in round_.pairings.all()} | {p.blue_id for p in round_.pairings.all()}
    assert players[4].pk not in seated  # the pairing service leaves the absent player out
    assert players_left_out(event=event) == []  # only round 1 looks at check-in


def test_nobody_absent_needs_no_confirmation(event: Event, add_players: Any) -> None:
    players = add_players(event, 4)
    entry_check_in_many(actor=event.organiser, event=event, entries=players)
    round_ = round_pair(actor=event.organiser, event=event, leave_out_absent=False)
    assert round_.pairings.count() == 2
