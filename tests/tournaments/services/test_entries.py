"""``tournaments/services/entries.py``: adding players (ratings from MIN_RATING to MAX_RATING:
``rating=99999999999`` used to reach the database, an integer overflow on PostgreSQL), the
registration cap, check-in (one by one, or everyone present at once, before round 1 only),
withdrawal between rounds and disqualification, with the refusals' codes and audit rows."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.services.conftest import refused
from tournaments.errors import TournamentError
from tournaments.models import MAX_RATING, MIN_RATING, AuditLog, Entry, Event, Pairing, Round
from tournaments.services.entries import (
    entry_add,
    entry_check_in,
    entry_check_in_many,
    entry_disqualify,
    entry_register,
    entry_withdraw,
)
from tournaments.services.events import event_role_add, event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


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


def test_registration_cap_and_closed_registration(make_event: Any, make_user: Any) -> None:
    event = make_event(registration_cap=2)
    refused("registration_closed", entry_register, event=event, user=make_user("a"))
    event_set_status(actor=event.organiser, event=event, status="registration")
    entry_register(event=event, user=make_user("b"))
    entry_register(event=event, user=make_user("c"))
    waiting = entry_register(event=event, user=make_user("d"))
    assert waiting.status == Entry.Status.WAITLISTED
    refused("event_full", entry_add, actor=event.organiser, event=event, name="Walk-in")


def test_check_in_only_before_round_one(started: Event) -> None:
    entry = Entry.objects.filter(event=started).first()
    refused("event_locked", entry_check_in, actor=started.organiser, entry=entry)


def test_disqualification_mid_round_forfeits_the_open_table(started: Event) -> None:
    pairing = Pairing.objects.filter(round__event=started, blue__isnull=False).first()
    refused(
        "reason_required",
        entry_disqualify,
        actor=started.organiser,
        entry=pairing.red,
        reason=" ",
    )
    entry_disqualify(actor=started.organiser, entry=pairing.red, reason="cheating")
    pairing.refresh_from_db()
    assert pairing.result == Pairing.Result.BLUE_WON_BY_FORFEIT
    assert Entry.objects.get(pk=pairing.red_id).status == Entry.Status.DISQUALIFIED


def test_a_player_withdraws_themself_between_rounds(
    event: Event, make_user: Any, add_players: Any
) -> None:
    alice = make_user("alice")
    entry = entry_register(event=event, user=alice)
    add_players(event, 3)
    entry_withdraw(actor=alice, entry=entry)
    refused("entry_not_active", entry_withdraw, actor=alice, entry=entry)
    stranger = make_user("mallory")
    other = Entry.objects.filter(event=event).exclude(pk=entry.pk).first()
    refused("not_allowed", entry_withdraw, actor=stranger, entry=other)
    round_ = round_pair(actor=event.organiser, event=event)
    paired = set(Pairing.objects.filter(round=round_).values_list("red_id", "blue_id"))
    assert all(entry.pk not in pair for pair in paired)
    assert Round.objects.get(pk=round_.pk).number == 1


def test_entry_add_accepts_the_bounds(event: Event) -> None:
    entry_add(actor=event.organiser, event=event, name="Low", rating=MIN_RATING)
    entry_add(actor=event.organiser, event=event, name="High", rating=MAX_RATING)
    assert sorted(Entry.objects.values_list("rating", flat=True)) == [MIN_RATING, MAX_RATING]


def test_the_model_validates_the_range(event: Event) -> None:
    entry = Entry(event=event, name="Aiko", rating=99999999999)
    with pytest.raises(ValidationError) as caught:
        entry.full_clean()
    assert "rating" in caught.value.message_dict


def test_add_player_page_answers_a_huge_rating_with_a_message(event: Event) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(event.organiser)
    response = client.post(
        reverse("tournaments:entry_add", args=[event.slug]),
        {"name": "Aiko", "rating": "99999999999", "missed_round_points": "0"},
        follow=True,
        headers={"accept-language": "en"},
    )
    assert response.status_code == 200
    assert str(MAX_RATING) in response.content.decode()
    assert not Entry.objects.filter(event=event).exists()
