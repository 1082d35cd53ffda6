"""The lobby socket (ws/lobby/): a seek appears and disappears live on every open Play page, a
player's own page hears about its challenges, and the creator's page follows to the board."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from play.routing import websocket_urlpatterns
from play.services import seek_accept, seek_cancel, seek_create

pytestmark = pytest.mark.django_db(transaction=True)

application = URLRouter(websocket_urlpatterns)


async def open_socket(user: Any) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, "/ws/lobby/")
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def lobby_html(user: Any = None) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client.get(reverse("play:lists")).content.decode()


async def test_a_seek_appears_and_disappears_live(aoi: Any, ren: Any) -> None:
    watcher = await open_socket(AnonymousUser())
    player = await open_socket(ren)
    assert await watcher.receive_nothing(timeout=0.1)

    seek = await sync_to_async(seek_create)(creator=aoi, kind="lobby")
    for socket in (watcher, player):
        assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    # The nudge carries nothing: the page refetches, and the seek is there.
    assert f'data-seek="{seek.pk}"' in await sync_to_async(lobby_html)(ren)

    await sync_to_async(seek_cancel)(seek_id=seek.pk, actor=aoi)
    for socket in (watcher, player):
        assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    assert f'data-seek="{seek.pk}"' not in await sync_to_async(lobby_html)(ren)
    assert await player.receive_nothing(timeout=0.1)  # ren's own lists did not change
    await watcher.disconnect()
    await player.disconnect()


async def test_the_challenged_player_hears_of_a_direct_challenge(
    aoi: Any, ren: Any, kai: Any
) -> None:
    target = await open_socket(ren)
    bystander = await open_socket(kai)
    await sync_to_async(seek_create)(creator=aoi, kind="direct", opponent="ren")
    assert await target.receive_json_from(timeout=2) == {"type": "mine"}
    assert await bystander.receive_nothing(timeout=0.2)  # not a lobby seek, not for kai
    await target.disconnect()
    await bystander.disconnect()


async def test_the_creators_page_follows_to_the_board_when_accepted(aoi: Any, ren: Any) -> None:
    seek = await sync_to_async(seek_create)(creator=aoi, kind="link")
    creator = await open_socket(aoi)
    accepted = await sync_to_async(seek_accept)(seek_id=seek.pk, actor=ren, token=seek.token)
    frames = [await creator.receive_json_from(timeout=2) for _ in range(2)]
    board = reverse("matches:match_board", args=[accepted.match_id])
    assert frames == [{"type": "mine"}, {"type": "started", "url": board}]
    await creator.disconnect()


async def test_messages_from_the_page_are_ignored(aoi: Any) -> None:
    socket = await open_socket(aoi)
    await socket.send_json_to({"type": "accept", "seek": 1})
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


async def test_a_resync_makes_the_page_refetch(aoi: Any) -> None:
    from channels.layers import get_channel_layer

    from matches.subscription_watch import RESYNC_MESSAGE_TYPE
    from play.broadcast import LOBBY_GROUP

    socket = await open_socket(aoi)
    await get_channel_layer().group_send(LOBBY_GROUP, {"type": RESYNC_MESSAGE_TYPE})
    assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    assert await socket.receive_json_from(timeout=2) == {"type": "mine"}
    await socket.disconnect()
