"""The player's own entry, as both player pages find it: the two-player page
(``tournaments.views_player``) and the ranked-table page (``tournaments.views_ranked``).

A player reaches their entry through their account (``/events/<slug>/me/``) or through the
private link of their entry (``/events/play/<token>/``); each page links back to the same way
in, and a private link's page shows its own call banner.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.urls import reverse

from tournaments import selectors
from tournaments.callup_selectors import callup_for_entry
from tournaments.models import Entry
from tournaments.views_common import visible_event


def own_entry(request: HttpRequest, slug: str | None, token: str | None) -> Entry:
    """The entry of the private link ``token``, or the signed-in player's entry in the event
    ``slug`` (404 for none)."""
    if token is not None:
        entry = selectors.entry_for_token(token=token)
        if entry is None:
            raise Http404
        return entry
    assert slug is not None  # noqa: S101 - the URL patterns pass one of the two
    event = visible_event(request, slug)
    entry = selectors.entry_for_user(event=event, user=request.user)
    if entry is None:
        raise Http404
    return entry


def home_url(entry: Entry, token: str | None) -> str:
    """The player's own page, the way they came in (private link or account)."""
    if token is not None:
        return reverse("tournaments:player_token", kwargs={"token": token})
    return reverse("tournaments:player_home", kwargs={"slug": entry.event.slug})


def entry_link_callup(entry: Entry, token: str | None) -> dict[str, Any]:
    """The call banner of a private link's page (a signed-in user's comes from the context
    processor): the player without an account is called to their games there too."""
    return {"callup": callup_for_entry(entry, token)} if token is not None else {}
