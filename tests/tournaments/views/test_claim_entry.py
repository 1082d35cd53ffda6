"""The claim page of a private entry link (``/events/play/<token>/claim/``) over HTTP."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from tests.players.events_world import played_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

EN = {"accept-language": "en"}


@pytest.fixture
def world(host: Any, make_user: Any) -> Any:
    return played_event(host, {"Aki": None, "Ben": make_user("ben")}, finish=False)


def _claim_url(entry: Entry, suffix: str = "") -> str:
    return reverse("tournaments:player_token_claim", kwargs={"token": entry.token + suffix})


def test_the_private_link_page_offers_the_claim_to_a_walk_in(world: Any) -> None:
    entry = world.entries["Aki"]
    page = Client().get(reverse("tournaments:player_token", args=[entry.token]), headers=EN)
    assert _claim_url(entry) in page.content.decode()
    ben = world.entries["Ben"]
    page = Client().get(reverse("tournaments:player_token", args=[ben.token]), headers=EN)
    assert _claim_url(ben) not in page.content.decode()  # an account's entry: nothing to claim


def test_a_signed_in_player_confirms_and_claims(world: Any, make_user: Any) -> None:
    aki = make_user("aki")
    client = Client()
    client.force_login(aki)
    entry = world.entries["Aki"]
    page = client.get(_claim_url(entry), headers=EN)
    assert page.status_code == 200
    assert "Claim this entry for my account" in page.content.decode()
    response = client.post(_claim_url(entry), headers=EN)
    assert response.status_code == 302
    assert response["Location"] == reverse("players:profile", args=["aki"])
    assert Entry.objects.get(pk=entry.pk).user_id == aki.pk
    match = Match.objects.get(pk=world.pairing.match_id)
    assert aki.pk in (match.red_player_id, match.blue_player_id)
    profile = client.get(response["Location"], headers=EN).content.decode()
    assert "is now yours" in profile
    assert world.event.name in profile


def test_an_anonymous_visitor_is_sent_to_log_in_and_nothing_changes(world: Any) -> None:
    entry = world.entries["Aki"]
    for method in ("get", "post"):
        response = getattr(Client(), method)(_claim_url(entry))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("account_login"))
        assert "next=" in response["Location"]
    assert Entry.objects.get(pk=entry.pk).user_id is None


def test_a_wrong_link_is_not_found(world: Any, make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("aki"))
    assert client.get(_claim_url(world.entries["Aki"], "x")).status_code == 404
    assert client.post(_claim_url(world.entries["Aki"], "x")).status_code == 404


def test_another_accounts_entry_is_refused_with_a_message(world: Any, make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("thief"))
    entry = world.entries["Ben"]
    page = client.get(_claim_url(entry), headers=EN).content.decode()
    assert "already belongs to another account" in page
    assert "Claim this entry for my account" not in page
    response = client.post(_claim_url(entry), headers=EN)
    assert response.status_code == 400
    assert "already belongs to another account" in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).user.username == "ben"


def test_a_player_with_an_entry_in_the_event_cannot_claim_a_second(world: Any) -> None:
    client = Client()
    client.force_login(world.entries["Ben"].user)
    response = client.post(_claim_url(world.entries["Aki"]), headers=EN)
    assert response.status_code == 400
    assert "already has an entry in this event (“Ben”)" in response.content.decode()
    assert Entry.objects.get(pk=world.entries["Aki"].pk).user_id is None


def test_the_claim_needs_the_csrf_token(world: Any, make_user: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("aki"))
    assert client.post(_claim_url(world.entries["Aki"])).status_code == 403
    assert Entry.objects.get(pk=world.entries["Aki"].pk).user_id is None
