"""Live updates of an event's public pages over WebSockets.

One group per event (``tournaments.broadcast.event_group``). The consumer is thin and
synchronous, as the Channels docs advise: ``connect`` checks through a selector that the event
is public, joins the group and accepts; the group handler only forwards the nudge. The nudge
carries the new version and what changed, never data: the page refetches its fragment over
HTTP, which serves it from the cache.

The socket of one of the event's arbiters also joins the event's boards group
(``matches.broadcast.event_boards_group``): every change of a match of the event sends it a
``{"type": "boards"}`` frame, again without data, on which the arbiter console refetches its
boards (docs/matches.md, "The event console").
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer

from matches.broadcast import event_boards_group
from matches.permissions import user_can_arbitrate_event
from tournaments.broadcast import event_group
from tournaments.selectors import event_public_by_id


class EventConsumer(JsonWebsocketConsumer):  # type: ignore[misc]
    """``ws/events/<event_id>/``: receive ``{"type": "changed", "version", "what"}`` frames."""

    group: str | None = None
    boards_group: str | None = None

    def connect(self) -> None:
        event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        user = self.scope.get("user")
        if not event_public_by_id(event_id=event_id, user=user):
            self.close()
            return
        self.group = event_group(event_id)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        if user_can_arbitrate_event(user, event_id):
            self.boards_group = event_boards_group(event_id)
            async_to_sync(self.channel_layer.group_add)(self.boards_group, self.channel_name)
        self.accept()

    def disconnect(self, code: int) -> None:
        for group in (self.group, self.boards_group):
            if group is not None:
                async_to_sync(self.channel_layer.group_discard)(group, self.channel_name)

    def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients send nothing but keep-alives; anything else is ignored."""

    def event_changed(self, event: dict[str, Any]) -> None:
        self.send_json({"type": "changed", "version": event["version"], "what": event["what"]})

    def boards_changed(self, event: dict[str, Any]) -> None:
        """A match of the event changed (arbiters' sockets only): the console refetches."""
        self.send(text_data=event["text"])

    def layer_resync(self, event: dict[str, Any]) -> None:
        """The channel layer's subscription had a gap (``matches.subscription_watch``): nudges
        may have been lost, so the page refetches whatever it shows (an arbiter's console its
        boards too)."""
        if self.group is not None:
            self.send_json({"type": "changed", "version": None, "what": ["resync"]})
        if self.boards_group is not None:
            self.send_json({"type": "boards"})
