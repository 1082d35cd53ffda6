"""Entries: the players of one event, each with an account or a private link."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Event

#: The range of an entry's rating (organisers type it or import it from CSV); ratings in use
#: for board games lie well inside it, and anything outside is a typing error.
MIN_RATING = 0
MAX_RATING = 9999


def new_entry_token() -> str:
    """A private link token for an entry (player without an account)."""
    return secrets.token_urlsafe(18)


class Entry(models.Model):
    """A player in one event: an account, or a walk-in with a private link.

    A player who registers for a full event is *waitlisted*: the entry holds their place in
    the queue (``waitlisted_at``, oldest first) and counts for nothing else (capacity,
    check-in, pairing, standings). When a place frees up, ``tournaments.waitlist`` makes the
    first waitlisted entry active (docs/tournaments.md, "Capacity and waitlist").
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WAITLISTED = "waitlisted", _("Waitlisted")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
    )
    name = models.CharField(_("name"), max_length=100)
    token = models.CharField(max_length=32, unique=True, default=new_entry_token)
    rating = models.IntegerField(
        _("rating"),
        null=True,
        blank=True,
        validators=[MinValueValidator(MIN_RATING), MaxValueValidator(MAX_RATING)],
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE
    )
    # Late entry: the first round this player is paired in, and the points granted for each
    # round before it (the organiser's choice, 0 by default).
    first_round = models.PositiveSmallIntegerField(_("first round"), default=1)
    missed_round_points = models.DecimalField(
        _("points per missed round"), default=Decimal(0), max_digits=5, decimal_places=2
    )
    # The player's number in exports (TRF starting rank): given to everyone in seed order when
    # round 1 is paired, and the next free number to a late entrant; never changed afterwards.
    start_number = models.PositiveIntegerField(_("start number"), null=True, blank=True)
    #: When a waitlisted player joined the queue (the queue's order, ties by id); kept after a
    #: promotion, so the record shows the player came from the waitlist.
    waitlisted_at = models.DateTimeField(_("joined the waitlist"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=Q(user__isnull=False),
                name="entry_once_per_user",
            ),
            models.UniqueConstraint(fields=["event", "name"], name="entry_name_unique_in_event"),
            models.UniqueConstraint(
                fields=["event", "start_number"],
                condition=Q(start_number__isnull=False),
                name="entry_start_number_unique_in_event",
            ),
            models.CheckConstraint(condition=Q(first_round__gte=1), name="entry_first_round_1"),
            models.CheckConstraint(
                condition=Q(missed_round_points__gte=0), name="entry_missed_points_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["active", "waitlisted", "withdrawn", "disqualified"]),
                name="entry_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_waitlisted(self) -> bool:
        return self.status == self.Status.WAITLISTED
