"""``ws/lobby/``: the Play page's live updates (docs/play.md, docs/protocol.md).

Thin and synchronous, like the event socket: ``connect`` joins the lobby group and, for a
signed-in account, that account's own group (``play.broadcast``), then accepts; the group
handler only forwards the frame. Frames carry no data but the board address of a game that has
just started for this account; the page refetches its fragment over HTTP.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer

from play.broadcast import LOBBY_GROUP, user_group


class LobbyConsumer(JsonWebsocketConsumer):  # type: ignore[misc]
    """Receive ``{"type": "lobby"}``, ``{"type": "mine"}`` and ``{"type": "started", "url"}``."""

    groups_joined: tuple[str, ...] = ()

    def connect(self) -> None:
        user = self.scope.get("user")
        groups = [LOBBY_GROUP]
        if user is not None and user.is_authenticated:
            groups.append(user_group(user.pk))
        for group in groups:
            async_to_sync(self.channel_layer.group_add)(group, self.channel_name)
        self.groups_joined = tuple(groups)
        self.accept()

    def disconnect(self, code: int) -> None:
        for group in self.groups_joined:
            async_to_sync(self.channel_layer.group_discard)(group, self.channel_name)

    def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients send nothing but keep-alives; anything else is ignored."""

    def play_frame(self, event: dict[str, Any]) -> None:
        self.send_json(event["frame"])

    def layer_resync(self, event: dict[str, Any]) -> None:
        """The channel layer's subscription had a gap: nudges may have been lost, so the page
        refetches what it shows."""
        self.send_json({"type": "lobby"})
        if len(self.groups_joined) > 1:
            self.send_json({"type": "mine"})
