"""The rows of notifications: one per notice to one account, and each account's e-mail choice.

``Notification`` keeps what happened (``kind`` and its ``params``, ``notifications.kinds``) and
where to look (``url``, a path on this site); its sentence is built when read, in the
reader's language. ``read_at`` is empty while unread: the bell counts those, through the
index on ``(recipient, read_at)``. ``topic`` names the thing a notice is about when that
thing must be told only once (``match:12:started``: the game started notice of match 12);
one account gets at most one notice of a kind per topic.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from notifications.kinds import URL_LIMIT, Kind

TOPIC_LIMIT = 100


class Notification(models.Model):
    """One notice to one account (see the module docstring)."""

    Kind = Kind

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notifications",
        verbose_name=_("recipient"),
    )
    kind = models.CharField(_("kind"), max_length=32, choices=Kind.choices)
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    url = models.CharField(_("address"), max_length=URL_LIMIT)
    topic = models.CharField(_("topic"), max_length=TOPIC_LIMIT, blank=True, default="")
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "read_at"], name="notification_unread"),
            models.Index(fields=["recipient", "-created_at"], name="notification_newest"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=Kind.values), name="notification_kind_known"
            ),
            models.CheckConstraint(
                condition=models.Q(url__startswith="/") & ~models.Q(url__startswith="//"),
                name="notification_url_is_site_path",
            ),
            models.UniqueConstraint(
                fields=["recipient", "kind", "topic"],
                condition=~models.Q(topic=""),
                name="notification_once_per_topic",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.recipient_id}"

    @property
    def is_unread(self) -> bool:
        return self.read_at is None


class EmailChoice(models.Model):
    """Which kinds of notification also go to an account's e-mail address.

    No row: the defaults (``notifications.kinds.DEFAULT_EMAIL_KINDS``). The row is written the
    first time the player saves their choice in the account settings.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notification_email_choice",
        verbose_name=_("account"),
    )
    kinds = models.JSONField(_("kinds sent by e-mail"), default=list, blank=True)

    class Meta:
        verbose_name = _("notification e-mail choice")
        verbose_name_plural = _("notification e-mail choices")

    def __str__(self) -> str:
        return f"{self.user_id}: {', '.join(self.kinds) or '-'}"
