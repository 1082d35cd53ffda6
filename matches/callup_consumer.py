"""The per-player sockets that call players to their games (``matches.callup``).

``ws/me/`` serves every open page of a signed-in user: an anonymous connection is refused
(closed with 4401 before it is accepted). The socket joins the user's own group, and only it:
a user can never listen to another user's calls, since the group comes from the session and
not from the address. ``tournaments.callup_consumer`` serves the pages of an entry's private
link the same way, authorised by the link's token.

Clients send nothing but keep-alives, which are ignored; the server sends only the nudge
``{"type": "called"}`` (no data: the page refetches its call banner over HTTP). ``ws/me/``
also carries the user's notifications (``notifications.live``): the socket joins the user's
notification group too and relays ``{"type": "notified"}`` (no data either: the page
refetches its bell), so a page keeps one socket for both.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from matches.callup import CALLED_FRAME, user_group
from notifications import live as notifications_live

#: Close codes: no signed-in user / no such private link.
CLOSE_NOT_SIGNED_IN = 4401
CLOSE_UNKNOWN_LINK = 4404


class CallConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """Joins the one group :meth:`recipient_group` names (``None``: refuse) and relays nudges."""

    group: str | None = None
    #: Further groups of the same recipient (``MeConsumer``: their notifications).
    extra_groups: tuple[str, ...] = ()
    refusal_code = CLOSE_NOT_SIGNED_IN

    async def recipient_group(self) -> str | None:
        raise NotImplementedError

    async def connect(self) -> None:
        self.group = await self.recipient_group()
        if self.group is None:
            await self.close(code=self.refusal_code)
            return
        for group in (self.group, *self.extra_groups):
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            for group in (self.group, *self.extra_groups):
                await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Clients send nothing but keep-alives; anything else is ignored."""

    async def player_called(self, event: dict[str, Any]) -> None:
        await self.send_json(CALLED_FRAME)

    async def layer_resync(self, event: dict[str, Any]) -> None:
        """The channel layer's subscription had a gap (``matches.subscription_watch``): a call
        may have been lost, so the page refetches its call banner as if called."""
        if self.group is not None:
            await self.send_json(CALLED_FRAME)
            if self.extra_groups:
                await self.send_json(notifications_live.FRAME)


class MeConsumer(CallConsumer):
    """``ws/me/``: the calls and the notifications of the signed-in user."""

    async def recipient_group(self) -> str | None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not user.is_active:
            return None
        self.extra_groups = (notifications_live.user_group(user.pk),)
        return user_group(user.pk)

    async def notification_created(self, event: dict[str, Any]) -> None:
        """A notification for this user was stored, or some were read on another page."""
        await self.send_json(notifications_live.FRAME)
