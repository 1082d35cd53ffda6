"""Arbiter rights are per event: the people running an event arbitrate its matches, nobody else.

Through the real registration in ``tournaments.apps`` (no check swapped in by the test), over
the arbiter console (HTTP) and the JSON API, in both directions: the event's organiser,
co-organisers and arbiters may pause its clocks; the organiser of another event, a player of
the event and a staff account may not.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from matches.permissions import user_can_arbitrate
from matches.selectors import match_clock_state
from matches.services.lifecycle import match_start
from tournaments.models import Event, EventRole, Pairing
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def running_match(make_event: Any, add_players: Any) -> Match:
    """The first match of a published online round of the host's event, started."""
    event = make_event(name="Own Cup", online=True, rounds=1)
    event_set_status(actor=event.organiser, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    match_id = Pairing.objects.get(round=round_).match_id
    assert match_id is not None
    return match_start(match_id=match_id)


@pytest.fixture
def people(running_match: Match, make_user: Any, make_event: Any) -> dict[str, Any]:
    event = Event.objects.get(pk=running_match.event_id)
    co_organiser, arbiter = make_user("co"), make_user("judge")
    EventRole.objects.create(event=event, user=co_organiser, role=EventRole.Role.CO_ORGANISER)
    EventRole.objects.create(event=event, user=arbiter, role=EventRole.Role.ARBITER)
    stranger_host = make_user("elsewhere")
    make_event(name="Other Cup", organiser=stranger_host)
    return {
        "organiser": event.organiser,
        "co_organiser": co_organiser,
        "arbiter": arbiter,
        "other_event_organiser": stranger_host,
        "staff": make_user("staff", is_staff=True),
        "plain": make_user("nobody"),
    }


ALLOWED = ("organiser", "co_organiser", "arbiter")
REFUSED = ("other_event_organiser", "staff", "plain")


@pytest.mark.parametrize("who", ALLOWED + REFUSED)
def test_the_service_check_follows_the_event_roles(
    running_match: Match, people: dict[str, Any], who: str
) -> None:
    assert user_can_arbitrate(people[who], running_match) is (who in ALLOWED)


@pytest.mark.parametrize("who", ALLOWED + REFUSED)
def test_arbiter_console_over_http(
    client: Client, running_match: Match, people: dict[str, Any], who: str
) -> None:
    client.force_login(people[who])
    url = reverse("matches:arbiter_console", args=[running_match.pk])
    assert client.get(url).status_code == (200 if who in ALLOWED else 403)
    client.post(url, {"act": "pause"})
    paused = match_clock_state(Match.objects.get(pk=running_match.pk)).paused
    assert paused is (who in ALLOWED)


@pytest.mark.parametrize("who", ALLOWED + REFUSED)
def test_pause_over_the_api(
    client: Client, running_match: Match, people: dict[str, Any], who: str
) -> None:
    client.force_login(people[who])
    response = client.post(
        f"/api/matches/{running_match.pk}/pause/",
        data=json.dumps({}),
        content_type="application/json",
    )
    assert response.status_code == (200 if who in ALLOWED else 403), response.content
    paused = match_clock_state(Match.objects.get(pk=running_match.pk)).paused
    assert paused is (who in ALLOWED)
