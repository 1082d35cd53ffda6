"""The call banner as a fragment: what an open page fetches when its player's socket is nudged
(``static/js/callup.js``; ``matches.callup``).

``/me/called/`` serves the signed-in user (anyone else: the 403 page, and a page whose
session ended keeps what it shows), ``/events/play/<token>/called/`` the player of an entry's
private link (an unknown link: 404). ``?path=`` is the address of the page asking: the game
call is left out on that game's own board, as on a full page. Never cached: a call is news.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.callup_selectors import callup_for_entry, callup_for_user

TEMPLATE = "components/callup_banner.html"
PATH_LIMIT = 500


def _page_path(request: HttpRequest) -> str:
    path = request.GET.get("path", "")
    return path if path.startswith("/") and len(path) <= PATH_LIMIT else ""


@never_cache
@require_GET
def user_calls(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        raise PermissionDenied  # the site's 403 page; the page's script keeps what it shows
    context = {"callup": callup_for_user(request.user), "page_path": _page_path(request)}
    return render(request, TEMPLATE, context)


@never_cache
@require_GET
def entry_calls(request: HttpRequest, token: str) -> HttpResponse:
    entry = selectors.entry_for_token(token=token)
    if entry is None:
        raise Http404
    context = {"callup": callup_for_entry(entry, token), "page_path": _page_path(request)}
    return render(request, TEMPLATE, context)
