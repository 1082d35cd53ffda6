"""The live side of notifications: a nudge to every open page of the recipient.

Each signed-in page keeps one socket to ``ws/me/`` (``matches.callup_consumer.MeConsumer``,
the same socket that calls players to their games); that consumer joins the group
:func:`user_group` of its user besides its call group. A new notification sends the group the
nudge ``{"type": "notification.created"}``, which the consumer relays as the frame
:data:`FRAME` — ``{"type": "notified"}``, no text and no data. The page then refetches its
bell (``/notifications/bell/``), rendered by the server for that session: a frame can carry
nothing another reader could use, and no words of the site live in a script.

Only ``notifications.services`` sends, after the transaction that stored the row commits.
"""

from __future__ import annotations

import logging
from typing import Final

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

#: The channel-layer message type (the consumer's handler ``notification_created``).
MESSAGE_TYPE: Final = "notification.created"
#: The frame the recipient's sockets receive.
FRAME: Final = {"type": "notified"}


def user_group(user_id: int) -> str:
    """The channel-layer group of every open page of one signed-in user's notifications."""
    return f"notify.user.{int(user_id)}"


def announce(user_id: int) -> None:
    """Nudge the user's open pages. A failure is logged, never raised: the notification is
    stored, and the bell shows it on the next page or when the socket reconnects."""
    layer = get_channel_layer()
    if layer is None:  # pragma: no cover - CHANNEL_LAYERS is always configured
        return
    try:
        async_to_sync(layer.group_send)(user_group(user_id), {"type": MESSAGE_TYPE})
    except Exception:
        logger.exception("notification nudge failed")
