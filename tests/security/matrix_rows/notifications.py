"""Notifications: each account reaches its own only."""

from __future__ import annotations

from tests.security.matrix_rows.base import Row, url
from tests.security.security_world import (
    LOGGED_IN,
    World,
)

# ---- notifications: each account reaches its own only


def _notices_for_everyone(w: World) -> None:
    """One unread notification for every account of the world."""
    from notifications.kinds import Kind
    from notifications.services import notify

    for user in w.users.values():
        notify(user, Kind.ROUND_PUBLISHED, params={"event": "Home", "round": 1}, url="/events/")


def _reds_notice(w: World) -> int:
    from notifications.models import Notification

    return int(Notification.objects.filter(recipient=w.users["red"]).latest("pk").pk)


NOTIFICATION_ROWS: list[Row] = [
    Row(
        "notifications:open",
        frozenset({"red"}),
        lambda w: (url("notifications:open", notification_id=_reds_notice(w)), {}),
        setup=_notices_for_everyone,
        reason="only its recipient opens a notification; anyone else's is not found (404)",
    ),
    Row(
        "notifications:read",
        frozenset({"red"}),
        lambda w: (url("notifications:read", notification_id=_reds_notice(w)), {}),
        setup=_notices_for_everyone,
        reason="only its recipient marks a notification read; anyone else's is not found (404)",
    ),
    Row(
        "notifications:read_all",
        LOGGED_IN,
        lambda w: (url("notifications:read_all"), {}),
        setup=_notices_for_everyone,
        reason="each account marks its own notifications, never another's",
    ),
    Row(
        "notifications:email_choice",
        LOGGED_IN,
        lambda w: (url("notifications:email_choice"), {"kinds": ["round_published"]}),
        reason="each account chooses its own e-mails",
    ),
]
