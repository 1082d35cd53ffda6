"""``{{ notification|notification_text }}``, ``{{ notification|notification_title }}``: the
sentence and title of a notification in the page's language (``notifications.kinds``)."""

from __future__ import annotations

from django import template

from notifications.kinds import message, title
from notifications.models import Notification

register = template.Library()


@register.filter
def notification_text(notification: Notification) -> str:
    return message(notification.kind, notification.params)


@register.filter
def notification_title(notification: Notification) -> str:
    return title(notification.kind)
