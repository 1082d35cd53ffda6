"""The signed-in player's language and time zone, applied to every request.

At log-in (``core.accounts.receivers``) and whenever the player saves their settings, the
profile's language, time zone and display name are copied into the session, so the middleware
(and the header's name) need no query per request. A session from before this copy existed is
filled from the profile on its first request.

Language: a player who chose one in their settings reads the site in it whatever the browser
asks for (the cookie of the language switcher, then Accept-Language); the switcher changes the
chosen language itself (``core.accounts.views.set_language``). A player who left it on "the
browser's language" is served like any visitor by Django's ``LocaleMiddleware``.

Time zone: ``django.utils.timezone.activate`` makes every template's ``date``/``time`` filter
and ``timezone.localtime`` show the player's zone for the rest of the request; a visitor sees
the site's ``TIME_ZONE``.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import TypedDict

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from core.models import PlayerProfile

#: The session key holding the signed-in player's ``Preferences``.
SESSION_KEY = "player_preferences"


class Preferences(TypedDict):
    language: str
    time_zone: str
    display_name: str  # the header's name of the player, without a query per page


def remember(request: HttpRequest, profile: PlayerProfile) -> None:
    """Copy ``profile``'s language, time zone and display name into the session of ``request``."""
    preferences: Preferences = {
        "language": profile.language,
        "time_zone": profile.time_zone,
        "display_name": profile.display_name,
    }
    request.session[SESSION_KEY] = preferences


def _preferences(request: HttpRequest, user: AbstractBaseUser) -> Preferences:
    stored = request.session.get(SESSION_KEY)
    if stored is None:
        from core.accounts.profiles import profile_for

        remember(request, profile_for(user))
        stored = request.session[SESSION_KEY]
    return stored  # type: ignore[no-any-return]


class PlayerPreferencesMiddleware:
    """Speak the signed-in player's chosen language and show times in their time zone.

    Placed after ``AuthenticationMiddleware`` (it needs ``request.user``) and after
    ``LocaleMiddleware`` (it overrides the language that one chose).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            timezone.deactivate()
            return self.get_response(request)
        preferences = _preferences(request, user)
        if preferences["language"]:
            translation.activate(preferences["language"])
            request.LANGUAGE_CODE = translation.get_language()
        try:
            timezone.activate(zoneinfo.ZoneInfo(preferences["time_zone"]))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            timezone.activate(zoneinfo.ZoneInfo(settings.TIME_ZONE))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
