"""The player's profile: how the site names, speaks to and times a signed-in player.

One row per account (``PlayerProfile.user``), created with the account (``core.accounts.receivers``)
and, for accounts older than profiles, by migration ``0002``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The longest display name, the same limit as an entry's name (``tournaments.validation``).
DISPLAY_NAME_LIMIT = 100
#: The longest IANA time zone name stored ("America/Argentina/ComodRivadavia" is 32).
TIME_ZONE_LIMIT = 64


class PlayerProfile(models.Model):
    """A player's display name and preferences.

    ``language`` empty means "follow the browser" (cookie, then Accept-Language), as every
    visitor's language does; a chosen language overrides both for as long as the player is
    signed in. ``time_zone`` is an IANA name every date and time of the site is shown in.
    ``hidden_from_search`` keeps the profile out of player search (profile pages use it).
    """

    class Language(models.TextChoices):
        BROWSER = "", _("The browser's language")
        JAPANESE = "ja", _("Japanese")
        ENGLISH = "en", _("English")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="profile",
        verbose_name=_("account"),
    )
    display_name = models.CharField(_("display name"), max_length=DISPLAY_NAME_LIMIT)
    language = models.CharField(
        _("language"), max_length=8, choices=Language.choices, default="", blank=True
    )
    time_zone = models.CharField(_("time zone"), max_length=TIME_ZONE_LIMIT)
    hidden_from_search = models.BooleanField(_("hide my profile from search"), default=False)

    class Meta:
        verbose_name = _("player profile")
        verbose_name_plural = _("player profiles")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(display_name=""), name="profile_display_name_not_empty"
            ),
            models.CheckConstraint(
                condition=models.Q(language__in=["", "ja", "en"]), name="profile_language_known"
            ),
            models.CheckConstraint(
                condition=~models.Q(time_zone=""), name="profile_time_zone_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name
