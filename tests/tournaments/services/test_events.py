"""``tournaments/services/events.py``: an event's settings are checked field by field (a script or
the API gets a coded refusal naming the field, never a database error, and nothing is written),
the rules of play are fixed once round 1 is paired, and the status moves only along its edges."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from tests.tournaments.services.conftest import refused
from tournaments.errors import TournamentError, message_for
from tournaments.models import AuditLog, Event
from tournaments.services.events import event_create, event_set_status, event_update

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


def test_rules_of_play_are_fixed_once_round_one_is_paired(started: Event) -> None:
    refused("event_locked", event_update, actor=started.organiser, event=started, points_win=3)
    event_update(actor=started.organiser, event=started, venue="Hall B")
    started.refresh_from_db()
    assert started.venue == "Hall B"


def test_unknown_and_repeated_tiebreaks_are_refused(make_event: Any) -> None:
    refused("invalid_tiebreak", make_event, tiebreaks=["BH", "NOPE"])
    refused("duplicate_tiebreak", make_event, tiebreaks=["BH", "bh"])


def test_invalid_status_change_is_refused(make_event: Any) -> None:
    event = make_event()
    refused(
        "invalid_status_change",
        event_set_status,
        actor=event.organiser,
        event=event,
        status="finished",
    )
