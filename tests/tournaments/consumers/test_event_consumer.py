"""The event socket: public events only, and a nudge (no data) after each committed change."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from tournaments.models import Event, Pairing
from tournaments.routing import websocket_urlpatterns
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


async def test_public_event_pages_are_nudged_after_a_result(event: Event, add_players: Any) -> None:
    await sync_to_async(add_players)(event, 4)
    host = event.organiser
    round_ = await sync_to_async(round_pair)(actor=host, event=event)
    await sync_to_async(round_publish)(actor=host, round=round_)

    communicator = WebsocketCommunicator(application, f"/ws/events/{event.pk}/")
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_nothing(timeout=0.1)

    pairing = await sync_to_async(lambda: Pairing.objects.filter(round=round_).first())()
    await sync_to_async(result_set)(actor=host, pairing=pairing, result="red_won")
    frame = await communicator.receive_json_from(timeout=2)
    assert frame["type"] == "changed"
    assert set(frame["what"]) >= {"standings", "pairings"}
    assert set(frame) == {"type", "version", "what"}  # nothing but the nudge
    await communicator.disconnect()


async def test_draft_events_refuse_anonymous_sockets(make_event: Any) -> None:
    draft = await sync_to_async(make_event)(name="Hidden")
    communicator = WebsocketCommunicator(application, f"/ws/events/{draft.pk}/")
    connected, _ = await communicator.connect()
    assert not connected


async def test_a_channel_layer_resync_makes_the_page_refetch(event: Event) -> None:
    """After a gap in the layer's subscription (matches.subscription_watch) nudges may have been
    lost: the page is told to refetch."""
    from channels.layers import get_channel_layer

    from matches.subscription_watch import RESYNC_MESSAGE_TYPE
    from tournaments.broadcast import event_group

    communicator = WebsocketCommunicator(application, f"/ws/events/{event.pk}/")
    connected, _ = await communicator.connect()
    assert connected
    await get_channel_layer().group_send(event_group(event.pk), {"type": RESYNC_MESSAGE_TYPE})
    frame = await communicator.receive_json_from(timeout=2)
    assert frame == {"type": "changed", "version": None, "what": ["resync"]}
    await communicator.disconnect()


async def test_a_resync_also_refreshes_an_arbiters_boards(event: Event) -> None:
    """The arbiter's event socket also hears the boards group: after a gap its console refetches
    the boards as well as the public fragment."""
    from matches.broadcast import event_boards_group
    from matches.subscription_watch import RESYNC_MESSAGE_TYPE
    from tournaments.consumers import EventConsumer

    consumer = EventConsumer()
    consumer.group = "g"
    consumer.boards_group = event_boards_group(event.pk)
    sent: list[Any] = []
    consumer.send_json = sent.append
    consumer.layer_resync({"type": RESYNC_MESSAGE_TYPE})
    assert sent == [{"type": "changed", "version": None, "what": ["resync"]}, {"type": "boards"}]
