"""The audit log: every act of an organiser, arbiter or player on an event."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .entries import Entry
from .events import Event
from .rounds import Pairing


class AuditLog(models.Model):
    """One act of an organiser, arbiter or player on an event, kept for the record."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    actor_entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=40)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    pairing = models.ForeignKey(
        Pairing, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_log"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"], name="audit_event_time")]

    def __str__(self) -> str:
        return f"{self.event} {self.action}"
