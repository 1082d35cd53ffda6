"""The event console: the tournament director's live view of every board of an event.

One page per event for its arbiters (``matches.permissions``): each board's clocks (counting
down in the browser from the server's snapshot), its state and the marks of the rules in
``matches.attention`` (no first decision, not joined, disconnected, stuck, overdue, low time,
disputed), a no-show forfeit where the rules allow one, and the event-wide actions (start
every waiting board, pause or resume all).

The page stays live without a reload: the event socket of an arbiter receives a data-free
``boards`` frame whenever a match of the event changes (``matches.broadcast``), and the page
then refetches the boards fragment (``arbiter_event_boards``) over HTTP; it also refetches at
the next instant a rule starts to hold by time alone (``data-next-change-ms``: a deadline), so
a forfeit control appears when the deadline passes. The fragment shows names, clocks and
states, nothing of a game's secrets.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET

from clock import epoch_ms
from matches import attention
from matches.errors import MatchError
from matches.models import Match
from matches.permissions import user_can_arbitrate_event
from matches.selectors import match_clock_snapshot
from matches.services import arbiter
from matches.views_arbiter import NOTE_LIMIT, clock_text

#: How often the console refetches anyway (presence changes announce nothing to the event).
REFRESH_SECONDS = 15


def _require_event_arbiter(request: HttpRequest, event_id: int) -> None:
    if not user_can_arbitrate_event(request.user, event_id):
        raise PermissionDenied(gettext("Only an arbiter of this event may use its console."))


def event_boards(*, event_id: int, now: datetime) -> dict[str, Any]:
    """The boards of the event console at ``now``: one row per match (its clock snapshot,
    remaining times as text and what ``attention`` says about it), the count of each rule
    and the milliseconds to the next instant a rule starts to hold."""
    matches = list(Match.objects.filter(event_id=event_id).order_by("status", "pk"))
    watched = attention.tables_watch(matches, now=now)
    now_ms = epoch_ms(now)
    rows = []
    counts = dict.fromkeys(attention.RULES, 0)
    for match in matches:
        clock = match_clock_snapshot(match=match, now_ms=now_ms)
        watch = watched.get(match.pk, attention.TableWatch())
        for code in watch.codes:
            counts[code] += 1
        rows.append(
            {
                "match": match,
                "clock": clock,
                "remaining": {s: clock_text(ms) for s, ms in clock["remaining_ms"].items()},
                "watch": watch,
                "needs_arbiter": watch.needs_arbiter,
            }
        )
    return {
        "boards": rows,
        "counts": {code: n for code, n in counts.items() if n},
        "waiting": sum(1 for m in matches if m.status == Match.Status.PENDING),
        "next_change_ms": attention.next_change_ms(watched.values(), now=now),
        "low_time_ms": attention.low_time_ms(),
        "refresh_ms": REFRESH_SECONDS * 1000,
    }


def _forfeit(request: HttpRequest, event_id: int) -> None:
    """The no-show forfeit of one board of the event, from its row."""
    match_id = request.POST.get("match", "")
    match = Match.objects.filter(pk=int(match_id) if match_id.isdigit() else 0).first()
    if match is None or match.event_id != event_id:
        messages.error(request, gettext("That board is not part of this event."))
        return
    try:
        arbiter.match_forfeit_absent(
            match_id=match.pk,
            seat=request.POST.get("seat", ""),
            reason=request.POST.get("note", "")[:NOTE_LIMIT],
            actor=request.user,
        )
    except MatchError as exc:
        messages.error(request, exc.message())
        return
    messages.success(
        request,
        gettext("%(red)s – %(blue)s: forfeited as a no-show.")
        % {"red": match.red_name, "blue": match.blue_name},
    )


@login_required
def arbiter_event_console(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every board of an event, live; start, pause or resume them all; forfeit a no-show."""
    _require_event_arbiter(request, event_id)
    if request.method == "POST":
        note = request.POST.get("note", "")[:NOTE_LIMIT]
        act = request.POST.get("act")
        if act == "start_all":
            started = arbiter.event_start_waiting(event_id=event_id, actor=request.user)
            text = ngettext("Started %(n)d board.", "Started %(n)d boards.", len(started))
            messages.success(request, text % {"n": len(started)})
        elif act == "pause_all":
            paused = arbiter.event_pause_all(event_id=event_id, actor=request.user, note=note)
            messages.success(request, gettext("Paused %(n)d boards.") % {"n": len(paused)})
        elif act == "resume_all":
            resumed = arbiter.event_resume_all(event_id=event_id, actor=request.user, note=note)
            messages.success(request, gettext("Resumed %(n)d boards.") % {"n": len(resumed)})
        elif act == "forfeit_absent":
            _forfeit(request, event_id)
        return redirect("matches:arbiter_event_console", event_id=event_id)
    context = {"event_id": event_id, **event_boards(event_id=event_id, now=timezone.now())}
    return render(request, "matches/arbiter_event.html", context)


@login_required
@require_GET
def arbiter_event_boards(request: HttpRequest, event_id: int) -> HttpResponse:
    """The boards fragment the live console refetches."""
    _require_event_arbiter(request, event_id)
    context = {"event_id": event_id, **event_boards(event_id=event_id, now=timezone.now())}
    response = render(request, "matches/_event_boards.html", context)
    response["Cache-Control"] = "no-store"
    return response
