"""Starting a round's games, as people do it (HTTP forms, real per-event rights).

Online: a published round's game waits; each player presses "join" on their board (account or
private seat link) and the game starts with the second join; an arbiter may start a board, the
whole round (round page) or every waiting board (event console); after the start deadline an
arbiter may forfeit an absent player, and the table gets the forfeit. Over the board: the first
press starts the game. Players find their board from every page (banner), their own page, the
private entry link and the public pairings. Refusals are explained on a translated 403 page.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.services.arbiter import match_forfeit_absent
from matches.services.lifecycle import match_start
from matches.services.otb import otb_clock_press
from tournaments.models import Entry, Event, EventRole, Pairing, Round
from tournaments.services.entries import entry_add
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def online_round(make_event: Any, make_user: Any) -> dict[str, Any]:
    """A published online round 1 of two players with accounts (and nothing started)."""
    event = make_event(name="Net Cup", online=True, rounds=1, time_control="5+3")
    event_set_status(actor=event.organiser, event=event, status=Event.Status.REGISTRATION)
    players = [make_user("kenji"), make_user("lina")]
    for i, user in enumerate(players):
        entry_add(
            actor=event.organiser, event=event, name=user.username, user=user, rating=2000 - i
        )
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user", "blue__user").get(round=round_)
    match = Match.objects.get(pk=pairing.match_id)
    return {
        "event": event,
        "round": round_,
        "pairing": pairing,
        "match": match,
        "red": pairing.red.user,
        "blue": pairing.blue.user,
    }


def client_for(user: Any, password: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.login(username=user.username, password=password)
    return client


def test_publishing_opens_each_game_with_a_start_deadline(online_round: dict[str, Any]) -> None:
    match = online_round["match"]
    assert match.status == Match.Status.PENDING
    assert match.start_by is not None
    published_at = Round.objects.get(pk=online_round["round"].pk).published_at
    window = match.start_by - published_at
    assert (
        window
        == dt.timedelta(minutes=online_round["event"].start_window_minutes)
        == (dt.timedelta(minutes=10))
    )


def test_both_players_join_from_the_board_and_the_game_starts(
    online_round: dict[str, Any], password: str
) -> None:
    match = online_round["match"]
    board = reverse("matches:match_board", args=[match.pk])
    join = reverse("matches:match_join", args=[match.pk])
    red = client_for(online_round["red"], password)
    page = red.get(board).content.decode()
    assert 'id="join-button"' in page
    assert 'id="start-button"' not in page  # a player is not the arbiter

    response = red.post(join)
    assert response.status_code == 303
    assert response["Location"] == board
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING
    assert match.red_joined_at is not None
    assert "You have joined" in red.get(board).content.decode()
    red.post(join)  # a double click changes nothing
    assert MatchEvent.objects.filter(match=match, kind=MatchEvent.Kind.JOINED).count() == 1

    client_for(online_round["blue"], password).post(join)
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    assert 'id="start-panel"' not in red.get(board).content.decode()


def test_a_spectator_cannot_join(
    online_round: dict[str, Any], make_user: Any, password: str
) -> None:
    match = online_round["match"]
    stranger = client_for(make_user("watcher"), password)
    page = stranger.get(reverse("matches:match_board", args=[match.pk])).content.decode()
    assert 'id="join-button"' not in page
    stranger.post(reverse("matches:match_join", args=[match.pk]))
    match.refresh_from_db()
    assert match.red_joined_at is None
    assert match.blue_joined_at is None
    messages = [str(m) for m in stranger.get("/").context["messages"]]
    assert "Only the players of this match can do that." in messages


def test_a_seat_link_joins_without_an_account(online_round: dict[str, Any]) -> None:
    match = online_round["match"]
    anonymous = Client()
    page = anonymous.get(
        reverse("matches:match_board", args=[match.pk]), {"token": match.blue_token}
    ).content.decode()
    assert f'value="{match.blue_token}"' in page
    anonymous.post(reverse("matches:match_join", args=[match.pk]), {"token": match.blue_token})
    match.refresh_from_db()
    assert match.blue_joined_at is not None
    assert match.red_joined_at is None


def test_the_organiser_starts_the_round_and_a_player_cannot(
    online_round: dict[str, Any], password: str
) -> None:
    event, round_, match = online_round["event"], online_round["round"], online_round["match"]
    url = reverse("tournaments:round_start", args=[event.slug, round_.number])
    manage = reverse("tournaments:manage_round", args=[event.slug, round_.number])
    assert client_for(online_round["red"], password).post(url).status_code == 404
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING

    organiser = client_for(event.organiser, password)
    dashboard = organiser.get(reverse("tournaments:manage_event", args=[event.slug]))
    assert "Round 1: 1 game waits for its players." in dashboard.content.decode()
    assert f'action="{url}"' in dashboard.content.decode()
    page = organiser.get(manage).content.decode()
    assert 'id="start-round"' in page
    assert reverse("matches:match_board", args=[match.pk]) in page
    assert organiser.post(url)["Location"] == manage
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    organiser.post(url)  # again: nothing to start, nothing breaks
    assert 'id="start-round"' not in organiser.get(manage).content.decode()


def test_an_event_arbiter_starts_every_waiting_board_from_the_console(
    online_round: dict[str, Any], make_user: Any, password: str
) -> None:
    event, match = online_round["event"], online_round["match"]
    judge = make_user("judge")
    EventRole.objects.create(event=event, user=judge, role=EventRole.Role.ARBITER)
    console = reverse("matches:arbiter_event_console", args=[event.pk])
    client = client_for(judge, password)
    assert "Start the 1 waiting board" in client.get(console).content.decode()
    client.post(console, {"act": "start_all"})
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING


def test_start_on_the_board_is_for_arbiters_only(
    online_round: dict[str, Any], make_user: Any, password: str
) -> None:
    match = online_round["match"]
    url = reverse("matches:match_start", args=[match.pk])
    client_for(make_user("nobody"), password).post(url)
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING
    with pytest.raises(MatchError) as refused:
        match_start(match_id=match.pk, actor=online_round["red"])
    assert refused.value.code == "not_allowed"
    organiser = client_for(online_round["event"].organiser, password)
    organiser.post(url)
    organiser.post(url)  # a second press says so and changes nothing
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    assert MatchEvent.objects.filter(match=match, kind=MatchEvent.Kind.STARTED).count() == 1


def test_an_absent_player_is_forfeited_after_the_deadline_only(
    online_round: dict[str, Any], password: str, django_capture_on_commit_callbacks: Any
) -> None:
    match, event = online_round["match"], online_round["event"]
    console = reverse("matches:arbiter_console", args=[match.pk])
    organiser = client_for(event.organiser, password)
    client_for(online_round["red"], password).post(reverse("matches:match_join", args=[match.pk]))

    with pytest.raises(MatchError) as early:
        match_forfeit_absent(match_id=match.pk, seat="blue", actor=event.organiser)
    assert early.value.code == "before_start_deadline"
    assert "Forfeit as a no-show" not in organiser.get(console).content.decode()

    Match.objects.filter(pk=match.pk).update(start_by=timezone.now() - dt.timedelta(seconds=1))
    with pytest.raises(MatchError) as joined:
        match_forfeit_absent(match_id=match.pk, seat="red", actor=event.organiser)
    assert joined.value.code == "seat_joined"
    assert "Forfeit as a no-show" in organiser.get(console).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        organiser.post(
            console,
            {"act": "forfeit_absent", "seat": "blue", "note": "did not come", "confirm": "on"},
        )

    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "no_show")
    pairing = Pairing.objects.get(pk=online_round["pairing"].pk)
    assert pairing.result == Pairing.Result.RED_WON_BY_FORFEIT
    assert Round.objects.get(pk=online_round["round"].pk).status == Round.Status.COMPLETE


def test_players_find_their_board_from_any_page(
    online_round: dict[str, Any], password: str
) -> None:
    event, match = online_round["event"], online_round["match"]
    board = reverse("matches:match_board", args=[match.pk])
    red = client_for(online_round["red"], password)
    for url in ("/", reverse("tournaments:event_detail", args=[event.slug])):
        page = red.get(url).content.decode()
        assert 'id="live-game-banner"' in page
        assert f'href="{board}"' in page
    home = red.get(reverse("tournaments:player_home", args=[event.slug])).content.decode()
    assert f'id="board-link" href="{board}"' in home
    public = Client().get(reverse("tournaments:round_detail", args=[event.slug, 1]))
    assert f'href="{board}"' in public.content.decode()
    assert 'id="live-game-banner"' not in public.content.decode()

    # Through the private entry link the board link carries the seat's own token.
    entry = Entry.objects.get(pk=online_round["pairing"].blue_id)
    page = Client().get(reverse("tournaments:player_token", args=[entry.token])).content.decode()
    assert f"{board}?token={match.blue_token}" in page


def test_the_first_press_starts_an_over_the_board_game(make_event: Any, add_players: Any) -> None:
    event = make_event(name="Hall Cup", rounds=1)
    event_set_status(actor=event.organiser, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    match = Match.objects.get(pk=Pairing.objects.get(round=round_).match_id)
    assert match.kind == Match.Kind.OTB
    assert match.status == Match.Status.PENDING
    with pytest.raises(MatchError):  # Blue cannot press first; nothing changes
        otb_clock_press(match_id=match.pk, seat="blue", expected_ply=0, requester_seat="blue")
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING
    pressed = otb_clock_press(match_id=match.pk, seat="red", expected_ply=0, requester_seat="red")
    assert pressed.status == Match.Status.RUNNING
    assert pressed.ply == 1


def test_a_refused_console_explains_why(
    online_round: dict[str, Any], make_user: Any, password: str, settings: Any
) -> None:
    settings.LANGUAGE_CODE = "en"
    match = online_round["match"]
    client = client_for(make_user("nosy"), password)
    response = client.get(reverse("matches:arbiter_console", args=[match.pk]))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Only an arbiter of this match may use its console." in html
    assert "You may not open this page" in html
    ja = client.get(
        reverse("matches:arbiter_event_console", args=[match.event_id]),
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert ja.status_code == 403
    assert 'lang="ja"' in ja.content.decode()
