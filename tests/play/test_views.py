"""The Play page, its lists, the challenge page and the buttons, through Django's test client."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from matches.models import Match
from play.models import Seek
from play.services import seek_accept, seek_create

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


FORM = {
    "game": "gunshi",
    "variant": "basic",
    "time_preset": "20+0",
    "time_control_custom": "",
    "rated": "0",
    "colour": "random",
    "kind": "lobby",
    "opponent": "",
}


def test_the_play_page_offers_the_official_clock_first(aoi: Any) -> None:
    body = client_for(aoi).get(reverse("play:home")).content.decode()
    presets = body.index('value="20+0"'), body.index('value="10+5"'), body.index('value="custom"')
    assert presets == tuple(sorted(presets))
    assert 'id="seek-form"' in body
    assert "軍棋" in body  # the second game
    assert "Strategem" not in body  # over the board only: not offered


def test_a_visitor_sees_the_lobby_and_is_asked_to_log_in(aoi: Any) -> None:
    seek_create(creator=aoi, kind="lobby")
    body = client_for().get(reverse("play:home")).content.decode()
    assert "青井 葵" in body
    assert 'id="seek-form"' not in body
    assert "/accounts/login/?next=/play/" in body


def test_creating_a_lobby_seek_lists_it_for_others_with_accept(aoi: Any, ren: Any) -> None:
    response = client_for(aoi).post(reverse("play:home"), {**FORM, "rated": "1"})
    assert response.status_code == 303
    seek = Seek.objects.get()
    assert (seek.kind, seek.rated) == ("lobby", True)
    mine = client_for(aoi).get(reverse("play:lists")).content.decode()
    assert reverse("play:seek_cancel", args=[seek.pk]) in mine
    assert reverse("play:seek_accept", args=[seek.pk]) not in mine
    theirs = client_for(ren).get(reverse("play:lists")).content.decode()
    assert reverse("play:seek_accept", args=[seek.pk]) in theirs
    assert "Rated" in theirs


def test_a_custom_clock_and_bad_input_give_form_errors(aoi: Any) -> None:
    client = client_for(aoi)
    ok = client.post(
        reverse("play:home"), {**FORM, "time_preset": "custom", "time_control_custom": "5s+0"}
    )
    assert ok.status_code == 303
    assert Seek.objects.get().time_control == "5s+0"
    for data, text in (
        ({"time_preset": "custom", "time_control_custom": ""}, "Write a time control"),
        ({"time_preset": "custom", "time_control_custom": "1s+0"}, "at least 5 seconds"),
        ({"kind": "direct", "opponent": "nobody"}, "no player with that user name"),
        ({"game": "chess"}, "Select a valid choice"),
    ):
        response = client.post(reverse("play:home"), {**FORM, **data})
        assert response.status_code == 400, data
        assert text in response.content.decode(), data
    assert Seek.objects.count() == 1


def test_a_link_challenge_goes_to_its_page_and_is_accepted_there(aoi: Any, ren: Any) -> None:
    response = client_for(aoi).post(reverse("play:home"), {**FORM, "kind": "link"})
    seek = Seek.objects.get()
    page = reverse("play:challenge", args=[seek.token])
    assert response["Location"] == page
    creator_view = client_for(aoi).get(page).content.decode()
    assert f"http://testserver{page}" in creator_view  # the link to send
    assert "Cancel the challenge" in creator_view
    visitor = client_for().get(page).content.decode()
    assert "Log in to accept" in visitor
    assert f"/accounts/login/?next={page}" in visitor
    friend = client_for(ren)
    assert "青井 葵 challenges you" in friend.get(page).content.decode()
    accepted = friend.post(reverse("play:challenge_accept", args=[seek.token]))
    match = Match.objects.get()
    assert accepted.status_code == 303
    assert accepted["Location"] == reverse("matches:match_board", args=[match.pk])
    assert "Go to the board" in client_for(aoi).get(page).content.decode()


def test_an_unknown_challenge_link_is_404(aoi: Any) -> None:
    assert client_for(aoi).get(reverse("play:challenge", args=["nope"])).status_code == 404
    response = client_for(aoi).post(reverse("play:challenge_accept", args=["nope"]))
    assert response.status_code == 404


def test_a_direct_challenge_is_shown_to_its_player_only(aoi: Any, ren: Any, kai: Any) -> None:
    seek = seek_create(creator=aoi, kind="direct", opponent="ren")
    page = reverse("play:challenge", args=[seek.token])
    assert client_for(kai).get(page).status_code == 404
    assert "Decline" in client_for(ren).get(page).content.decode()
    lists = client_for(ren).get(reverse("play:lists")).content.decode()
    assert "Challenges to you" in lists
    declined = client_for(ren).post(reverse("play:challenge_decline", args=[seek.token]))
    assert declined.status_code == 303
    seek.refresh_from_db()
    assert seek.status == Seek.Status.DECLINED


def test_refusals_are_shown(aoi: Any, ren: Any) -> None:
    seek = seek_create(creator=aoi, kind="lobby")
    own = client_for(aoi).post(reverse("play:seek_accept", args=[seek.pk]))
    assert own.status_code == 303
    assert [str(m) for m in get_messages(own.wsgi_request)] == [
        "You cannot accept your own game offer."
    ]
    other = client_for(ren).post(reverse("play:seek_cancel", args=[seek.pk]))
    assert other.status_code == 403
    assert "Only the player who offered the game can cancel it." in other.content.decode()
    link = seek_create(creator=aoi, kind="link")
    by_id = client_for(ren).post(reverse("play:seek_accept", args=[link.pk]))
    assert by_id.status_code == 403  # a link challenge needs its token
    assert not Match.objects.exists()


def test_the_board_and_the_record_list_mark_casual_and_rated_games(aoi: Any, ren: Any) -> None:
    casual = seek_accept(seek_id=seek_create(creator=aoi, kind="lobby").pk, actor=ren).match
    rated = seek_accept(
        seek_id=seek_create(creator=aoi, kind="lobby", rated=True).pk, actor=ren
    ).match
    assert casual is not None
    assert rated is not None
    assert (
        'data-rated="casual"'
        in client_for().get(reverse("matches:match_board", args=[casual.pk])).content.decode()
    )
    assert (
        'data-rated="rated"'
        in client_for().get(reverse("matches:match_board", args=[rated.pk])).content.decode()
    )
    Match.objects.filter(pk__in=[casual.pk, rated.pk]).update(
        status="finished",
        winner="red",
        method="resignation",
        finished_at=casual.created_at,
        flag_deadline=None,
    )
    records = client_for().get(reverse("matches:record_list")).content.decode()
    assert records.count('data-rated="casual"') == 1
    assert records.count('data-rated="rated"') == 1


def test_play_is_in_the_navigation(db: None) -> None:
    body = client_for().get("/").content.decode()
    assert 'href="/play/"' in body
