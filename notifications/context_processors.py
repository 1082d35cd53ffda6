"""``bell``: the header's notification bell of a signed-in user (``components/bell.html``).

Computed only when a template uses it (every page with the site header does, for a signed-in
user: one count and one short list, both on the ``(recipient, …)`` indexes)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from notifications.selectors import bell_of


def bell(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"bell": None}
    return {"bell": SimpleLazyObject(lambda: bell_of(user=user))}
