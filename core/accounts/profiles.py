"""The player profile's checks and its one writer.

A display name is checked as an entry's name is (``tournaments.validation.check_name``: not
empty, at most 100 characters, no control, line-break or text-direction character), so a name
taken from an account can go wherever an entry's name goes, exports included. A time zone is an
IANA name that ``zoneinfo`` knows.
"""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from core.models import DISPLAY_NAME_LIMIT, TIME_ZONE_LIMIT, PlayerProfile
from matches.services.seats import match_names_follow
from tournaments.errors import TournamentError, message_for
from tournaments.services.accounts import entry_names_follow
from tournaments.validation import check_name


def check_display_name(name: Any) -> str:
    """The display name without surrounding spaces, or a ``ValidationError`` saying why not."""
    try:
        return check_name(name, limit=DISPLAY_NAME_LIMIT, field="display_name")
    except TournamentError as error:
        raise ValidationError(message_for(error), code=error.code) from None


@cache
def known_time_zones() -> frozenset[str]:
    """Every IANA time zone name this machine's zone database (or ``tzdata``) provides."""
    return frozenset(
        name for name in zoneinfo.available_timezones() if len(name) <= TIME_ZONE_LIMIT
    )


def check_time_zone(name: Any) -> str:
    """An IANA time zone name such as ``Asia/Tokyo``, or a ``ValidationError``."""
    if isinstance(name, str) and name in known_time_zones():
        return name
    raise ValidationError(
        _("“%(value)s” is not a time zone: choose one from the list, e.g. Asia/Tokyo."),
        code="invalid_time_zone",
        params={"value": name},
    )


def profile_for(user: AbstractBaseUser) -> PlayerProfile:
    """The profile of ``user``, created with the defaults if the account has none yet."""
    profile, _created = PlayerProfile.objects.get_or_create(
        user=user,
        defaults={"display_name": user.get_username(), "time_zone": settings.TIME_ZONE},
    )
    return profile


@transaction.atomic
def profile_update(
    *,
    user: AbstractBaseUser,
    display_name: str,
    language: str,
    time_zone: str,
    hidden_from_search: bool,
) -> PlayerProfile:
    """Check and save the player's profile; raises ``ValidationError`` (nothing saved)."""
    if language not in PlayerProfile.Language.values:
        raise ValidationError(_("Choose a language from the list."), code="invalid_language")
    profile = profile_for(user)
    old_name = profile.display_name
    profile.display_name = check_display_name(display_name)
    profile.language = language
    profile.time_zone = check_time_zone(time_zone)
    profile.hidden_from_search = hidden_from_search
    profile.save()
    # Events not yet finished and games not yet over follow the new name; finished ones keep
    # the name they were played under (docs/accounts.md, "Display names").
    entry_names_follow(user=user, old_name=old_name, new_name=profile.display_name)
    match_names_follow(user=user, old_name=old_name, new_name=profile.display_name)
    return profile
