"""Template context from the tournaments app: the signed-in player's calls.

``callup`` feeds the call banner of every page (``components/callup.html``) for a signed-in
user; the page of an entry's private link puts its own (``tournaments.views_player``). Computed
only when a template uses it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from tournaments.callup_selectors import callup_for_user


def callup(request: HttpRequest) -> dict[str, Any]:
    """``callup``: the user's game and calls (a dict), or None for a visitor."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"callup": None}
    return {"callup": SimpleLazyObject(lambda: callup_for_user(user))}
