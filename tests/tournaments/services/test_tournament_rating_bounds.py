"""A rating is a whole number from MIN_RATING to MAX_RATING: the model validates it, and the
"Add player" page answers an absurd one with a message, never a server error.
``rating=99999999999`` used to reach the database (an integer overflow on PostgreSQL: HTTP 500).
The service and CSV checks are in test_tournament_input_validation.py."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tournaments.models import MAX_RATING, MIN_RATING, Entry, Event
from tournaments.services.entries import entry_add

pytestmark = pytest.mark.django_db


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
