"""Live updates of an event's public pages over WebSockets.

One group per event (``tournaments.broadcast.event_group``). The consumer is thin and
synchronous, as the Channels docs advise: ``connect`` checks through a selector that the event
is public, joins the group and accepts; the group handler only forwards the nudge. The nudge
carries the new version and what changed, never data: the page refetches its fragment over
HTTP, which serves it from the cache.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer

from tournaments.broadcast import event_group
from tournaments.selectors import event_public_by_id


class EventConsumer(JsonWebsocketConsumer):  # type: ignore[misc]
    """``ws/events/<event_id>/``: receive ``{"type": "changed", "version", "what"}`` frames."""

    group: str | None = None

    def connect(self) -> None:
        event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        if not event_public_by_id(event_id=event_id, user=self.scope.get("user")):
            self.close()
            return
        self.group = event_group(event_id)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()

    def disconnect(self, code: int) -> None:
        if self.group is not None:
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients send nothing but keep-alives; anything else is ignored."""

    def event_changed(self, event: dict[str, Any]) -> None:
        self.send_json({"type": "changed", "version": event["version"], "what": event["what"]})

    def layer_resync(self, event: dict[str, Any]) -> None:
        """The channel layer's subscription had a gap (``matches.subscription_watch``): nudges
        may have been lost, so the page refetches whatever it shows."""
        if self.group is not None:
            self.send_json({"type": "changed", "version": None, "what": ["resync"]})
