"""Cross-site WebSocket hijacking: a page on another site cannot open a socket with a player's
session cookie (the browser sends it along), so it can neither read the player's view nor act.

Both sockets (the match and the event) sit behind Channels' origin check: a handshake from a
foreign ``Origin`` is refused before any consumer runs, whoever's cookie it carries.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from tests.security.security_world import build_world

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    from channels.layers import channel_layers

    channel_layers.backends.clear()


def _cookie(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


async def _connects(path: str, origin: bytes, cookie: bytes) -> bool:
    from config.asgi import application

    headers = [(b"origin", origin), (b"host", b"testserver"), (b"cookie", cookie)]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=10)
    if connected and "/matches/" in path:
        assert (await communicator.receive_json_from(timeout=10))["type"] == "snapshot"
    await communicator.disconnect()
    return bool(connected)


@pytest.mark.parametrize(
    "origin", [b"http://evil.example", b"null", b"http://testserver.evil.example"]
)
async def test_a_foreign_origin_cannot_open_a_players_socket(origin: bytes) -> None:
    world = await database_sync_to_async(build_world)()
    cookie = await database_sync_to_async(_cookie)(world.users["red"])
    paths = (f"/ws/matches/{world.online_match.pk}/", f"/ws/events/{world.home.pk}/", "/ws/lobby/")
    for path in paths:
        assert await _connects(path, b"http://testserver", cookie), path  # the site itself may
        assert not await _connects(path, origin, cookie), (path, origin)
