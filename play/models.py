"""Seeks: a player's offer of one clocked game outside any event (docs/play.md).

Vocabulary
----------
* **Kind**: where the offer waits. ``lobby``: on the Play page's public list, for anyone to
  accept with one click; ``link``: behind a secret link (``token``) the creator sends to a
  friend; ``direct``: addressed to one account (``target``), who sees it on their Play page.
* **Colour**: the seat the creator asked for (``red`` moves first, ``blue``), or ``random``:
  drawn when the seek is accepted.
* **Status**: ``open`` until someone accepts it (``accepted``, with its ``match``), the creator
  cancels it (``cancelled``), the target of a direct challenge declines it (``declined``), or
  its time runs out (``expired``). An open seek whose ``expires_at`` has passed is treated as
  expired by every read even before the periodic task marks it (``play.tasks``).
* **Game**: the registry key (``games.get_game``), the 軍師軍略 format (``variant``: Rule 1 basic,
  Rule 2 expansion, Rule 3 deck-build, the event formats) and the 軍棋 variants
  (``junqi_variants``, the event choices), the time control in the clock's text form and
  whether the result is rated.

Models hold fields and constraints only; every change goes through ``play.services``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games import game_choices
from matches.models import OFFICIAL_TIME_CONTROL, Match


def new_seek_token() -> str:
    """The secret of a challenge link: whoever holds it may accept the challenge."""
    return secrets.token_urlsafe(18)


class Seek(models.Model):
    """One offered game; see the module docstring."""

    class Kind(models.TextChoices):
        LOBBY = "lobby", _("Lobby")
        LINK = "link", _("Challenge link")
        DIRECT = "direct", _("Challenge to a player")

    class Colour(models.TextChoices):
        RED = "red", _("Red")
        BLUE = "blue", _("Blue")
        RANDOM = "random", _("Random")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACCEPTED = "accepted", _("Accepted")
        CANCELLED = "cancelled", _("Cancelled")
        EXPIRED = "expired", _("Expired")
        DECLINED = "declined", _("Declined")

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("creator"),
        on_delete=models.CASCADE,
        related_name="seeks",
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind, default=Kind.LOBBY)
    #: The one account a direct challenge is addressed to (none for the other kinds).
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("challenged player"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="challenges_received",
    )
    game = models.CharField(_("game"), max_length=32, choices=game_choices, default="gunshi")
    variant = models.CharField(
        _("format"), max_length=16, choices=Match.Variant, default=Match.Variant.BASIC
    )
    junqi_variants = models.JSONField(_("軍棋 variants"), default=list, blank=True)
    time_control = models.CharField(_("time control"), max_length=40, default=OFFICIAL_TIME_CONTROL)
    rated = models.BooleanField(_("rated"), default=False)
    colour = models.CharField(_("colour"), max_length=6, choices=Colour, default=Colour.RANDOM)
    token = models.CharField(max_length=40, unique=True, default=new_seek_token, editable=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.OPEN, db_index=True
    )
    created_at = models.DateTimeField(_("created at"))
    expires_at = models.DateTimeField(_("expires at"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("accepted by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seeks_accepted",
    )
    match = models.OneToOneField(
        Match,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seek",
    )

    class Meta:
        verbose_name = _("seek")
        verbose_name_plural = _("seeks")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["lobby", "link", "direct"]), name="seek_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(colour__in=["red", "blue", "random"]), name="seek_colour_valid"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["open", "accepted", "cancelled", "expired", "declined"]),
                name="seek_status_valid",
            ),
            models.CheckConstraint(
                condition=Q(variant__in=["basic", "expansion", "deck_build"]),
                name="seek_variant_valid",
            ),
            # A direct challenge names its player, and only it does; never oneself.
            models.CheckConstraint(
                condition=(Q(kind="direct") & Q(target__isnull=False))
                | (~Q(kind="direct") & Q(target__isnull=True)),
                name="seek_target_iff_direct",
            ),
            models.CheckConstraint(
                condition=Q(target__isnull=True) | ~Q(target=F("creator")),
                name="seek_not_against_oneself",
            ),
            # Only a direct challenge can be declined.
            models.CheckConstraint(
                condition=~Q(status="declined") | Q(kind="direct"),
                name="seek_declined_only_direct",
            ),
            # Only an accepted seek has a game; an open one is not closed.
            models.CheckConstraint(
                condition=Q(status="accepted") | Q(match__isnull=True),
                name="seek_match_only_accepted",
            ),
            models.CheckConstraint(
                condition=(Q(status="open") & Q(closed_at__isnull=True))
                | (~Q(status="open") & Q(closed_at__isnull=False)),
                name="seek_closed_iff_not_open",
            ),
            models.CheckConstraint(
                condition=Q(accepted_by__isnull=True) | ~Q(accepted_by=F("creator")),
                name="seek_not_accepted_by_creator",
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="seek_expires_after_creation"
            ),
        ]
        indexes = [
            models.Index(fields=["kind", "status", "expires_at"], name="seek_lobby_open"),
            models.Index(fields=["creator", "created_at"], name="seek_creator_recent"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()} {self.game} {self.time_control}"


class ComputerAccount(models.Model):
    """The account that sits in the computer's seat at one level (docs/opponent.md, "On the
    site"). The row, not the user name, says that an account is the computer: a person who
    signed up as ``computer-1`` first is never mistaken for it. The account cannot log in (no
    usable password, inactive); it appears only as a match's player, its moves made by the
    ``bot`` worker (``play.computer_player``)."""

    level = models.PositiveSmallIntegerField(_("level"), unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="computer_account"
    )

    class Meta:
        ordering = ["level"]
        constraints = [
            models.CheckConstraint(
                condition=Q(level__gte=1) & Q(level__lte=4), name="play_computer_level_range"
            ),
        ]

    def __str__(self) -> str:
        return f"computer level {self.level}"
