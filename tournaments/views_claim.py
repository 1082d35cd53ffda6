"""Claiming an entry played through its private link (``/events/play/<token>/claim/``).

The signed-in player confirms (POST, with Django's CSRF token) that the entry of this link is
theirs; ``tournaments.services.accounts.entry_claim`` decides and does it. A visitor who is
not signed in is sent to log in (or sign up) and back. A refusal shows on the same page with
HTTP 400 and changes nothing (docs/accounts.md, "Claiming an entry").
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments import selectors
from tournaments.errors import TournamentError, message_for
from tournaments.models import Entry, Pairing
from tournaments.services.accounts import entry_claim


def _render(request: HttpRequest, entry: Entry, token: str, error: str = "") -> HttpResponse:
    tables = Pairing.objects.filter(red=entry).count() + Pairing.objects.filter(blue=entry).count()
    context = {
        "entry": entry,
        "event": entry.event,
        "token": token,
        "tables": tables,
        "error": error,
        "yours": entry.user_id == request.user.pk,
        "taken": entry.user_id is not None and entry.user_id != request.user.pk,
    }
    return render(request, "tournaments/claim_entry.html", context, status=400 if error else 200)


@login_required
@require_http_methods(["GET", "POST"])
def claim_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The confirm page (GET) and the claim itself (POST)."""
    entry = selectors.entry_for_token(token=token)
    if entry is None:
        raise Http404
    if request.method == "GET":
        return _render(request, entry, token)
    try:
        entry_claim(user=request.user, token=token)
    except TournamentError as error:
        entry.refresh_from_db()
        return _render(request, entry, token, message_for(error))
    messages.success(
        request,
        _("“%(name)s” in %(event)s is now yours: its games show on your profile.")
        % {"name": entry.name, "event": entry.event.name},
    )
    return redirect("players:profile", username=request.user.get_username())
