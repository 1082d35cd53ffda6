"""Signal receivers: every account gets a profile, and log-in remembers its preferences.

Connected in ``core.apps.CoreConfig.ready``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from core.accounts.preferences import remember
from core.accounts.profiles import profile_for
from core.models import PlayerProfile


def create_profile(sender: Any, instance: AbstractBaseUser, created: bool, **kwargs: Any) -> None:
    """A new account (sign-up, an organiser's import, the admin, a script) gets its profile:
    display name its user name, language the browser's, time zone the site's."""
    if created and not kwargs.get("raw"):
        PlayerProfile.objects.get_or_create(
            user=instance,
            defaults={"display_name": instance.get_username(), "time_zone": settings.TIME_ZONE},
        )


def remember_preferences(
    sender: Any, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    """At log-in, copy the player's language and time zone into the new session."""
    if request is not None and hasattr(request, "session"):
        remember(request, profile_for(user))
