"""Login rate limiting: django-axes, for the site's log-in page and the admin's alike.

Both log-in pages authenticate through Django's ``authenticate(request, ...)``, so one
authentication backend placed first (``settings.AUTHENTICATION_BACKENDS``) refuses a locked-out
attempt before the password is checked, and axes' signal handlers count the failures. A
``(username, client address)`` pair is locked out for ``AXES_COOLOFF_TIME`` after
``AXES_FAILURE_LIMIT`` failures in a row (``config/settings/base.py``): a guesser is stopped
without letting anyone lock a player out from every other address.

The site's log-in page (allauth's, ``core.accounts.forms.SiteLoginForm``) takes a user name or an
e-mail address in its ``username`` field: :func:`attempted_username` counts an attempt by
address against the account's user name, so typing one or the other gives a guesser no more
tries.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.contrib.auth import get_user_model
from django.http import HttpRequest


class LoginLimitBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """Axes' lockout check, for log-ins that come with a request.

    A call without a request (a management command, the test client's ``login()``) has no
    client to limit: it passes on to the next backend instead of failing.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)  # type: ignore[no-any-return]


def attempted_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """The user name an attempt is counted against (``AXES_USERNAME_CALLABLE``): the typed user
    name, or the user name of the account whose verified e-mail address was typed."""
    typed = (credentials or {}).get("username") or ""
    if not typed and request is not None:
        typed = request.POST.get("username", "")
    typed = str(typed).strip()
    if "@" in typed:
        from allauth.account.models import EmailAddress

        address = (
            EmailAddress.objects.filter(email__iexact=typed, verified=True)
            .select_related("user")
            .first()
        )
        if address is not None:
            return str(address.user.get_username())
        user_model = get_user_model()
        if not user_model.objects.filter(**{user_model.USERNAME_FIELD: typed}).exists():
            return typed.lower()
    return typed
