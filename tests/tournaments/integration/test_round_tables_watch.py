"""Tables that need the arbiter, as organisers and arbiters meet them over HTTP and sockets:
the round page marks a started table whose Red never came, the live event console's boards
fragment offers the no-show forfeit after the deadline and the table gets the result, an
over-the-board round page speaks of the clock, and an arbiter's event socket is nudged (with no
data) whenever a match of the event changes."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.models import Match
from tournaments.models import Event, Pairing
from tournaments.routing import websocket_urlpatterns
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _round(make_event: Any, add_players: Any, *, online: bool) -> dict[str, Any]:
    event = make_event(name="Watch Cup", online=online, rounds=1)
    event_set_status(actor=event.organiser, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red", "blue").get(round=round_)
    return {"event": event, "round": round_, "pairing": pairing, "match_id": pairing.match_id}


@pytest.fixture
def online(make_event: Any, add_players: Any) -> dict[str, Any]:
    return _round(make_event, add_players, online=True)


def organiser_client(event: Event, password: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.login(username=event.organiser.username, password=password)
    return client


def round_page(client: Client, event: Event) -> str:
    url = reverse("tournaments:manage_round", kwargs={"slug": event.slug, "number": 1})
    return client.get(url).content.decode()


def test_start_all_with_red_absent_marks_the_table_then_the_console_forfeits_red(
    online: dict[str, Any], password: str, django_capture_on_commit_callbacks: Any
) -> None:
    event, pairing = online["event"], online["pairing"]
    client = organiser_client(event, password)
    start = reverse("tournaments:round_start", kwargs={"slug": event.slug, "number": 1})
    client.post(start)
    assert Match.objects.get(pk=online["match_id"]).status == Match.Status.RUNNING

    page = round_page(client, event)
    assert f"Red ({pairing.red.name}): not at the board" in page
    assert "1 table needs the arbiter" in page

    # The deadline passes: the fragment the console refetches now offers the forfeit.
    Match.objects.filter(pk=online["match_id"]).update(
        start_by=timezone.now() - dt.timedelta(seconds=1)
    )
    boards = reverse("matches:arbiter_event_boards", args=[event.pk])
    fragment = client.get(boards).content.decode()
    assert f"Red ({pairing.red.name}): no first decision after the start deadline" in fragment
    assert 'value="forfeit_absent"' in fragment
    console = reverse("matches:arbiter_event_console", args=[event.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            console,
            {"act": "forfeit_absent", "match": online["match_id"], "seat": "red", "note": "absent"},
            follow=True,
        )
    assert "forfeited as a no-show" in answer.content.decode()
    pairing.refresh_from_db()
    assert pairing.result == Pairing.Result.BLUE_WON_BY_FORFEIT
    assert "no first decision" not in client.get(boards).content.decode()


def test_the_console_explains_a_refused_forfeit(online: dict[str, Any], password: str) -> None:
    event = online["event"]
    client = organiser_client(event, password)
    console = reverse("matches:arbiter_event_console", args=[event.pk])
    early = client.post(
        console,
        {"act": "forfeit_absent", "match": online["match_id"], "seat": "red"},
        follow=True,
    ).content.decode()
    assert "The start deadline has not passed yet" in early
    unknown = client.post(
        console, {"act": "forfeit_absent", "match": "nope", "seat": "red"}, follow=True
    ).content.decode()
    assert "That board is not part of this event." in unknown
    assert Match.objects.get(pk=online["match_id"]).status == Match.Status.PENDING


def test_the_boards_fragment_is_for_the_events_arbiters_only(
    online: dict[str, Any], make_user: Any, password: str
) -> None:
    boards = reverse("matches:arbiter_event_boards", args=[online["event"].pk])
    assert Client().get(boards).status_code == 302  # to the log-in page
    stranger = Client()
    make_user("stranger")
    assert stranger.login(username="stranger", password=password)
    assert stranger.get(boards).status_code == 403
    organiser = organiser_client(online["event"], password)
    assert organiser.get(boards).status_code == 200
    assert organiser.post(boards).status_code == 405


def test_an_over_the_board_round_page_speaks_of_the_clock(
    make_event: Any, add_players: Any, password: str
) -> None:
    otb = _round(make_event, add_players, online=False)
    page = round_page(organiser_client(otb["event"], password), otb["event"])
    assert "1 table has not pressed its clock yet" in page
    assert "joined their board" not in page


@pytest.mark.django_db(transaction=True)
async def test_an_arbiters_event_socket_is_nudged_by_every_match_change(
    make_event: Any, add_players: Any, make_user: Any
) -> None:
    from matches.services.arbiter import event_start_waiting

    setup = await sync_to_async(_round)(make_event, add_players, online=True)
    event = setup["event"]
    visitor = await sync_to_async(make_user)("visitor")
    application = URLRouter(websocket_urlpatterns)
    sockets = {}
    for who, user in (("arbiter", event.organiser), ("visitor", visitor)):
        socket = WebsocketCommunicator(application, f"/ws/events/{event.pk}/")
        socket.scope["user"] = user
        connected, _ = await socket.connect()
        assert connected
        sockets[who] = socket
    await sync_to_async(event_start_waiting)(event_id=event.pk)
    assert await sockets["arbiter"].receive_json_from(timeout=2) == {"type": "boards"}
    assert await sockets["visitor"].receive_nothing(timeout=0.3)
    for socket in sockets.values():
        await socket.disconnect()


def test_the_boards_fragment_reads_a_constant_number_of_queries(
    online: dict[str, Any], password: str, more_boards: Any
) -> None:
    """50 tables cost what 1 costs: the console's refetch reads the boards, the decisions of
    the waiting ones and the session, whatever the number of boards (presence is in the
    cache)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.services.arbiter import event_start_waiting

    event = online["event"]
    client = organiser_client(event, password)
    boards = reverse("matches:arbiter_event_boards", args=[event.pk])
    event_start_waiting(event_id=event.pk)
    with CaptureQueriesContext(connection) as few:
        assert client.get(boards).status_code == 200
    more_boards(event, 6)
    with CaptureQueriesContext(connection) as many:
        assert client.get(boards).status_code == 200
    assert many.captured_queries
    assert len(many.captured_queries) == len(few.captured_queries)


@pytest.fixture
def more_boards(make_user: Any) -> Any:
    """``add(event, n)``: n more started boards of the event past their start deadline,
    nobody at them."""
    from matches.services.lifecycle import match_create

    def add(event: Event, n: int) -> None:
        for i in range(n):
            match_create(
                red_player=make_user(f"r{i}"),
                blue_player=make_user(f"b{i}"),
                event_id=event.pk,
                start_by=timezone.now() - dt.timedelta(minutes=1),
                start=True,
            )

    return add


def test_the_fragment_tells_the_page_when_to_look_again(
    online: dict[str, Any], password: str
) -> None:
    """Before the start deadline the fragment carries the milliseconds to it, so the page
    refetches when the forfeit becomes possible; the running clocks carry their snapshot."""
    import re

    event = online["event"]
    client = organiser_client(event, password)
    boards = reverse("matches:arbiter_event_boards", args=[event.pk])
    fragment = client.get(boards).content.decode()
    start_by = Match.objects.get(pk=online["match_id"]).start_by
    found = re.search(r'data-next-change-ms="(\d+)"', fragment)
    assert found is not None
    left_ms = (start_by - timezone.now()).total_seconds() * 1000
    assert int(found.group(1)) > 0
    assert abs(int(found.group(1)) - left_ms) < 5_000
    assert 'data-clock-seat="red" data-ms="' in fragment
    assert "data-ticking" not in fragment  # nothing runs before the start
