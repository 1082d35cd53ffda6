"""Writes of notifications: tell an account something, mark notices read, choose e-mails.

:func:`notify` is the entry point for the rest of the project (tournaments, matches, play)::

    from notifications.kinds import Kind
    from notifications.services import notify

    notify(user, Kind.CHALLENGE_RECEIVED, params={"challenger": "Kenji"}, url="/play/17/")

It stores the row in the caller's transaction (a rolled-back change notifies nobody), and after
commit nudges the recipient's open pages (``notifications.live``) and, when the recipient
chose e-mail for that kind and has a verified address, queues the mail
(``notifications.tasks``). Who may *read* or *mark* a notification is decided here too: only
its recipient (:func:`notification_open`, :func:`mark_read`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from notifications import live
from notifications.kinds import URL_LIMIT, Kind, check_params
from notifications.models import TOPIC_LIMIT, EmailChoice, Notification
from notifications.selectors import email_kinds_of, verified_address_of

logger = logging.getLogger(__name__)


class NotificationNotFoundError(Exception):
    """No such notification for this reader (another account's is not found either)."""


def check_url(url: str) -> str:
    """``url`` if it is a path on this site (``/events/x/me/``), else ``ValueError``: never
    another site, a scheme, a protocol-relative ``//host`` or a backslash trick."""
    if not isinstance(url, str) or not url.startswith("/") or len(url) > URL_LIMIT:
        raise ValueError("a notification links to a path on this site")
    parts = urlsplit(url)
    if url.startswith("//") or "\\" in url or parts.scheme or parts.netloc:
        raise ValueError("a notification links to a path on this site")
    if any(ord(char) < 32 or char.isspace() for char in url):
        raise ValueError("a notification's address has no spaces or control characters")
    return url


def _recipient_id(recipient: Any) -> int | None:
    if recipient is None:
        return None
    if isinstance(recipient, int):
        return recipient
    return int(recipient.pk)


def notify(
    recipient: Any,
    kind: str,
    *,
    params: Mapping[str, Any] | None = None,
    url: str,
    topic: str = "",
) -> Notification | None:
    """Tell ``recipient`` (an account or its id; ``None`` is no one) that ``kind`` happened.

    ``params`` hold the names and numbers the sentence needs (``notifications.kinds.PARAMS``),
    ``url`` the page to open (a path of this site). With a ``topic``, the account gets this
    kind of notice about that topic once: a second call returns ``None`` and sends nothing
    (two paths announcing the same game start, a signal delivered twice). An inactive
    account is not notified. Raises ``ValueError`` for an unknown kind, parameter or address.
    """
    if kind not in Kind.values:
        raise ValueError(f"unknown notification kind {kind!r}")
    stored = check_params(params or {})
    check_url(url)
    if len(topic) > TOPIC_LIMIT:
        raise ValueError("a notification topic is at most 100 characters")
    user_id = _recipient_id(recipient)
    if user_id is None:
        return None
    if not get_user_model().objects.filter(pk=user_id, is_active=True).exists():
        return None
    if topic and Notification.objects.filter(recipient_id=user_id, kind=kind, topic=topic).exists():
        return None
    try:
        with transaction.atomic():  # a savepoint: a lost race on the topic leaves no trace
            row = Notification.objects.create(
                recipient_id=user_id, kind=kind, params=stored, url=url, topic=topic
            )
    except IntegrityError:
        if topic:
            return None  # the same notice was stored meanwhile
        raise
    transaction.on_commit(lambda: live.announce(user_id))
    if kind in email_kinds_of(user_id=user_id) and verified_address_of(user_id=user_id):
        transaction.on_commit(lambda: _queue_email(row.pk))
    return row


def notify_each(
    recipients: Iterable[Any],
    kind: str,
    *,
    params: Mapping[str, Any] | None = None,
    url: str,
    topic: str = "",
) -> list[Notification]:
    """:func:`notify` for each recipient (``None`` skipped, each account once)."""
    seen: set[int] = set()
    rows = []
    for recipient in recipients:
        user_id = _recipient_id(recipient)
        if user_id is None or user_id in seen:
            continue
        seen.add(user_id)
        row = notify(user_id, kind, params=params, url=url, topic=topic)
        if row is not None:
            rows.append(row)
    return rows


def _queue_email(notification_id: int) -> None:
    from notifications.tasks import send_notification_email

    try:
        send_notification_email.delay(notification_id)
    except Exception:  # the broker is down: the notice is on the site all the same
        logger.exception("notification e-mail %s could not be queued", notification_id)


def notification_open(*, user: Any, notification_id: int) -> Notification:
    """The reader opens one of their notifications: it is marked read and returned (its
    ``url`` is where to go). Another account's notification, or none, raises
    :class:`NotificationNotFoundError`."""
    with transaction.atomic():
        row = (
            Notification.objects.select_for_update()
            .filter(pk=notification_id, recipient_id=user.pk)
            .first()
        )
        if row is None:
            raise NotificationNotFoundError
        if row.read_at is None:
            row.read_at = timezone.now()
            row.save(update_fields=["read_at"])
    return row


def mark_read(*, user: Any, ids: Iterable[int] | None = None) -> int:
    """Mark the reader's unread notifications ``ids`` read (``None``: all of them); returns
    how many changed. Ids of other accounts' notifications change nothing."""
    query = Notification.objects.filter(recipient_id=user.pk, read_at__isnull=True)
    if ids is not None:
        query = query.filter(pk__in=list(ids))
    changed = query.update(read_at=timezone.now())
    if changed:
        user_id = int(user.pk)
        transaction.on_commit(lambda: live.announce(user_id))  # the user's other open pages
    return changed


def email_kinds_set(*, user: Any, kinds: Iterable[str]) -> EmailChoice:
    """The account's choice of the kinds that also go by e-mail (unknown kinds: ValueError)."""
    chosen = sorted(set(kinds))
    unknown = [kind for kind in chosen if kind not in Kind.values]
    if unknown:
        raise ValueError(f"unknown notification kinds {unknown!r}")
    row, _created = EmailChoice.objects.update_or_create(
        user_id=user.pk, defaults={"kinds": chosen}
    )
    return row
