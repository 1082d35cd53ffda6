"""``ws/me/`` carries notifications: a new one reaches every open page of its recipient as the
bare frame ``{"type": "notified"}`` (no text, no data), and no other account's page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from notifications.kinds import Kind
from notifications.services import mark_read, notify

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    from channels.layers import channel_layers

    channel_layers.backends.clear()


def _cookie_for(user: Any) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode())]


async def _open(user: Any) -> WebsocketCommunicator:
    from config.asgi import application

    headers = await database_sync_to_async(_cookie_for)(user)
    socket = WebsocketCommunicator(application, "/ws/me/", headers=ORIGIN + headers)
    connected, _code = await socket.connect(timeout=5)
    assert connected
    return socket


async def _frames(socket: WebsocketCommunicator) -> list[Any]:
    frames = []
    while not await socket.receive_nothing(timeout=0.5):
        frames.append(json.loads(await socket.receive_from()))
    return frames


async def test_a_notification_arrives_live_to_its_recipient_only(
    django_user_model: Any, password: str
) -> None:
    make = database_sync_to_async(django_user_model.objects.create_user)
    kenji = await make(username="kenji", password=password)
    lina = await make(username="lina", password=password)
    kenji_tabs = [await _open(kenji), await _open(kenji)]
    lina_tab = await _open(lina)
    try:
        await database_sync_to_async(notify)(
            kenji,
            Kind.GAME_STARTED,
            params={"opponent": "Lina"},
            url="/matches/7/",
        )
        for tab in kenji_tabs:
            assert await _frames(tab) == [{"type": "notified"}]  # every open page of kenji
        assert await _frames(lina_tab) == []

        # Read on one page: kenji's other pages refresh their bell too; lina hears nothing.
        await database_sync_to_async(mark_read)(user=kenji)
        for tab in kenji_tabs:
            assert await _frames(tab) == [{"type": "notified"}]
        assert await _frames(lina_tab) == []
    finally:
        for tab in (*kenji_tabs, lina_tab):
            await tab.disconnect()


async def test_the_frame_carries_nothing_of_the_notification(
    django_user_model: Any, password: str
) -> None:
    kenji = await database_sync_to_async(django_user_model.objects.create_user)(
        username="kenji", password=password
    )
    tab = await _open(kenji)
    try:
        await database_sync_to_async(notify)(
            kenji,
            Kind.ROUND_PUBLISHED,
            params={"event": "Secret Cup", "round": 3, "table": 9},
            url="/events/secret-cup/me/",
        )
        raw = await tab.receive_from(timeout=5)
        assert raw == '{"type": "notified"}'
        assert "Secret" not in raw
    finally:
        await tab.disconnect()
