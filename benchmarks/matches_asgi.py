"""ASGI application for benchmarks/matches.py: the site's application plus two bare WebSocket
routes on the same stack (daphne, Channels, the Redis channel layer), as the baseline.

* ``ws/bench/echo/``: the server sends each text frame straight back (no channel layer).
* ``ws/bench/relay/<pair>/``: each frame goes through the channel layer to every socket of the
  pair (both "seats" receive it), like a match update without the database and the engine.

Run by the benchmark as ``daphne benchmarks.matches_asgi:application``; never part of the site.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from config.asgi import application as site_application  # noqa: E402
from matches.routing import websocket_urlpatterns  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=text_data)


class RelayConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    async def connect(self) -> None:
        self.group = f"bench.relay.{self.scope['url_route']['kwargs']['pair']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "relay.frame", "text": text_data})

    async def relay_frame(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {
        "http": site_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter(
                    [
                        path("ws/bench/echo/", EchoConsumer.as_asgi()),
                        path("ws/bench/relay/<int:pair>/", RelayConsumer.as_asgi()),
                        *websocket_urlpatterns,
                    ]
                )
            )
        ),
    }
)
