"""Reads of notifications: the bell, the list page, and who wants which kinds by e-mail."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.db.models import QuerySet

from notifications.kinds import DEFAULT_EMAIL_KINDS, Kind
from notifications.models import EmailChoice, Notification

#: How many notifications the bell's drop-down shows (the page shows them all, by pages).
BELL_ITEMS = 6


def notifications_of(*, user: Any) -> QuerySet[Notification]:
    """Every notification of ``user``, newest first."""
    return Notification.objects.filter(recipient_id=user.pk).order_by("-created_at", "-pk")


def unread_count(*, user: Any) -> int:
    return Notification.objects.filter(recipient_id=user.pk, read_at__isnull=True).count()


def bell_of(*, user: Any) -> dict[str, Any]:
    """What the header's bell shows: the unread count and the newest few notifications."""
    return {
        "unread": unread_count(user=user),
        "items": list(notifications_of(user=user)[:BELL_ITEMS]),
    }


def email_kinds_of(*, user_id: int) -> frozenset[str]:
    """The kinds that also go to this account's e-mail address (its choice, or the defaults)."""
    row = EmailChoice.objects.filter(user_id=user_id).values_list("kinds", flat=True).first()
    if row is None:
        return DEFAULT_EMAIL_KINDS
    return frozenset(kind for kind in row if kind in Kind.values)


def verified_address_of(*, user_id: int) -> str | None:
    """The account's verified e-mail address (the primary one first), or ``None``."""
    found: str | None = (
        EmailAddress.objects.filter(user_id=user_id, verified=True)
        .order_by("-primary", "pk")
        .values_list("email", flat=True)
        .first()
    )
    return found
