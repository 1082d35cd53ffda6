"""The waitlist on the pages: capacity "n / cap" on the event page, the button that joins the
waitlist once every place is taken, the player's position on their own page, leaving the
queue, the organiser's waitlist on the dashboard, and the standings JSON marking it apart."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Entry, Event
from tournaments.services.entries import entry_register
from tournaments.services.events import event_set_status

pytestmark = pytest.mark.django_db

EN = {"accept-language": "en"}


@pytest.fixture
def full(make_event: Any, make_user: Any) -> Event:
    """Two places, both taken (a and b); c waits at position 1."""
    event = make_event(registration_cap=2)
    event = event_set_status(actor=event.organiser, event=event, status="registration")
    for name in ("a", "b", "c"):
        entry_register(event=event, user=make_user(name))
    return event


def page(client: Client, name: str, *args: Any) -> str:
    response = client.get(reverse(f"tournaments:{name}", args=args), headers=EN)
    assert response.status_code == 200
    return response.content.decode()


def test_a_visitor_sees_the_places_taken_and_the_waitlist(client: Client, full: Event) -> None:
    html = page(client, "event_detail", full.slug)
    assert "<strong>2 / 2</strong>" in html
    assert "1 on the waitlist" in html
    assert "Players (2 / 2)" in html
    assert 'id="waitlist"' in html
    assert "Log in to join the waitlist." in html


def test_a_full_event_offers_the_waitlist_not_registration(
    client: Client, full: Event, make_user: Any
) -> None:
    client.force_login(make_user("d"))
    html = page(client, "event_detail", full.slug)
    assert "Join the waitlist" in html
    assert "Register for this event" not in html
    response = client.post(reverse("tournaments:event_register", args=[full.slug]), headers=EN)
    assert response.status_code == 302
    html = client.get(response["Location"], headers=EN).content.decode()
    assert "The event is full: you are on the waitlist, position 2." in html
    assert "You are on the waitlist: position 2." in html


def test_the_waitlisted_player_sees_the_position_and_may_leave(client: Client, full: Event) -> None:
    waiting = Entry.objects.get(event=full, name="c")
    client.force_login(waiting.user)
    html = page(client, "player_home", full.slug)
    assert "You are on the waitlist: position 1." in html
    assert "Leave the waitlist" in html
    assert "Withdraw" not in html
    assert "Check in" not in html
    response = client.post(reverse("tournaments:player_leave_waitlist", args=[full.slug]))
    assert response["Location"] == reverse("tournaments:event_detail", args=[full.slug])
    assert not Entry.objects.filter(pk=waiting.pk).exists()


def test_leaving_a_waitlist_one_is_not_on_is_refused_with_a_message(
    client: Client, full: Event
) -> None:
    active = Entry.objects.get(event=full, name="a")
    client.force_login(active.user)
    response = client.post(
        reverse("tournaments:player_leave_waitlist", args=[full.slug]), headers=EN, follow=True
    )
    assert "a is not on the waitlist." in response.content.decode()
    assert Entry.objects.get(pk=active.pk).status == "active"


def test_the_organiser_sees_the_waitlist_and_takes_someone_off(client: Client, full: Event) -> None:
    client.force_login(full.organiser)
    html = page(client, "manage_event", full.slug)
    assert "Waitlist: 1 player (2 / 2 places taken)" in html
    assert "Remove from the waitlist" in html
    waiting = Entry.objects.get(event=full, name="c")
    # The players' table holds the places; the waitlisted player is only in the waitlist.
    players_table = html.split('id="manage-waitlist"')[0]
    assert f'data-entry="{waiting.pk}"' not in players_table
    url = reverse("tournaments:entry_action", args=[full.slug, waiting.pk, "remove_from_waitlist"])
    client.post(url)
    assert not Entry.objects.filter(pk=waiting.pk).exists()
    html = page(client, "manage_event", full.slug)
    assert "c left the waitlist." in html


def test_the_organiser_withdrawal_promotes_and_the_player_page_says_so(
    client: Client, full: Event
) -> None:
    client.force_login(full.organiser)
    leaving = Entry.objects.get(event=full, name="a")
    client.post(reverse("tournaments:entry_action", args=[full.slug, leaving.pk, "withdraw"]))
    promoted = Entry.objects.get(event=full, name="c")
    assert promoted.status == "active"
    client.force_login(promoted.user)
    html = page(client, "player_home", full.slug)
    assert "You got a place from the waitlist" in html


def test_the_standings_json_marks_the_waitlist_apart(client: Client, full: Event) -> None:
    data = client.get(reverse("tournaments:export_standings_json", args=[full.slug])).json()
    assert sorted(line["name"] for line in data["standings"]) == ["a", "b"]
    assert data["waitlist"] == [
        {
            "position": 1,
            "entry_id": Entry.objects.get(event=full, name="c").pk,
            "name": "c",
            "status": "waitlisted",
        }
    ]
    csv_text = client.get(reverse("tournaments:export_standings_csv", args=[full.slug]))
    assert ",c," not in csv_text.content.decode()
