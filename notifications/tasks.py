"""The e-mail of a notification, sent by a Celery worker after the notice is committed.

``send_notification_email`` takes the notification's id (nothing else crosses the broker),
checks again that its recipient still wants that kind by e-mail and still has a verified
address, and writes the mail in the recipient's language: the one chosen in their settings,
else the site's default (Japanese). The mail holds the same sentence as the bell and the
full address of the page (``SITE_URL``), nothing more. Running twice sends twice at worst;
a notification deleted meanwhile sends nothing.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from notifications.kinds import message, title
from notifications.models import Notification
from notifications.selectors import email_kinds_of, verified_address_of


def reader_language(user: Any) -> str:
    """The language the recipient reads the site in when signed in: their chosen one, else
    the site's default."""
    profile = getattr(user, "profile", None)
    chosen = getattr(profile, "language", "") if profile is not None else ""
    return chosen or settings.LANGUAGE_CODE


def site_url(path: str) -> str:
    """``path`` on this site, as a full address for a mail."""
    return f"{str(getattr(settings, 'SITE_URL', '')).rstrip('/')}{path}"


@shared_task(ignore_result=True)
def send_notification_email(notification_id: int) -> bool:
    """Mail notification ``notification_id`` to its recipient; returns whether it was sent."""
    row = (
        Notification.objects.select_related("recipient__profile").filter(pk=notification_id).first()
    )
    if row is None or not row.recipient.is_active:
        return False
    if row.kind not in email_kinds_of(user_id=row.recipient_id):
        return False
    address = verified_address_of(user_id=row.recipient_id)
    if address is None:
        return False
    with translation.override(reader_language(row.recipient)):
        context = {
            "title": title(row.kind),
            "message": message(row.kind, row.params),
            "link": site_url(row.url),
            "settings_link": site_url(reverse("core:account_settings") + "#notifications"),
        }
        subject = render_to_string("notifications/email_subject.txt", context).strip()
        body = render_to_string("notifications/email_body.txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
    return True
