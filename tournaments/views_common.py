"""What every tournament view shares: finding the event, and turning refusals into messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404

from tournaments import selectors
from tournaments.errors import TournamentError, message_for
from tournaments.models import Event
from tournaments.pairing.errors import PairingError

T = TypeVar("T")


def visible_event(request: HttpRequest, slug: str) -> Event:
    """The event, if this visitor may see it (drafts: only the people running it)."""
    event = get_object_or_404(Event.objects.select_related("organiser"), slug=slug)
    if not selectors.event_is_visible(event=event, user=request.user):
        raise Http404
    return event


def managed_event(request: HttpRequest, slug: str, *, arbiter: bool = False) -> Event:
    """The event, if the user runs it (organiser or co-organiser; arbiters when allowed).

    Anyone else gets a 404, so the existence of a draft is not revealed.
    """
    event = get_object_or_404(Event.objects.select_related("organiser"), slug=slug)
    allowed = (
        selectors.event_can_arbitrate(user=request.user, event=event)
        if arbiter
        else selectors.event_can_manage(user=request.user, event=event)
    )
    if not allowed:
        raise Http404
    return event


def attempt(request: HttpRequest, action: Callable[[], T], success: str = "") -> T | None:
    """Run a service call; a refusal becomes an error message (one place for all views)."""
    try:
        value = action()
    except (TournamentError, PairingError) as error:
        messages.error(request, message_for(error))
        if isinstance(error, TournamentError):
            for line, problems in sorted(error.rows.items()):
                for problem in problems:
                    messages.error(request, f"{line}: {problem}" if line else problem)
        return None
    if success:
        messages.success(request, success)
    return value


class RefusedError(Exception):
    """``submit`` found bad input or the service refused; the form now carries the message."""


def submit(form: Any, action: Callable[[], T]) -> T:
    """Validate the bound ``form``, then run a service call; bad input or a refusal raises
    ``RefusedError`` so the view re-renders the page with the form instead of redirecting.

    ``action`` runs only for a valid form (it may read ``form.cleaned_data``). A refusal's
    message goes beside the field it names (``TournamentError.field``, mapped by the form's
    ``add_service_error`` when it has one), else above the form.
    """
    if not form.is_valid():
        raise RefusedError
    try:
        return action()
    except (TournamentError, PairingError) as error:
        if hasattr(form, "add_service_error"):
            form.add_service_error(error)
        else:
            name = getattr(error, "field", None)
            form.add_error(name if name in form.fields else None, message_for(error))
            if isinstance(error, TournamentError):
                for line, problems in sorted(error.rows.items()):
                    for problem in problems:
                        form.add_error(None, f"{line}: {problem}" if line else problem)
        raise RefusedError from error


def back(request: HttpRequest, fallback: str) -> HttpResponse:
    """Redirect to the page the form was posted from (same site only), else ``fallback``."""
    target = request.POST.get("next") or ""
    if not target.startswith("/") or target.startswith("//"):
        target = fallback
    return HttpResponseRedirect(target)


def form_errors(request: HttpRequest, form: Any) -> None:
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else str(error))
