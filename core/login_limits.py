"""Login rate limiting: django-axes, for the site's log-in page and the admin's alike.

Both log-in pages authenticate through Django's ``authenticate(request, ...)``, so one
authentication backend placed first (``settings.AUTHENTICATION_BACKENDS``) refuses a locked-out
attempt before the password is checked, and axes' signal handlers count the failures. A
``(username, client address)`` pair is locked out for ``AXES_COOLOFF_TIME`` after
``AXES_FAILURE_LIMIT`` failures in a row (``config/settings/base.py``): a guesser is stopped
without letting anyone lock a player out from every other address.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
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
