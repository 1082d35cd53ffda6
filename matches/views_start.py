"""Starting a game from the board page: a player joins their seat, an arbiter starts the board.

Both are plain POST forms (with CSRF) on the board page's start panel
(``templates/matches/_start_panel.html``), so they work without scripts. The seat is
authenticated as on the socket: the player's account, or the seat's private link (its token,
posted back by the form). The services decide what is allowed, under the match's row lock: a
second join or start changes nothing (docs/matches.md, "Starting a game").
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _t
from django.views.decorators.http import require_POST

from matches.errors import MatchError
from matches.models import Match, Seat
from matches.permissions import user_can_arbitrate
from matches.selectors import match_resolve_seat
from matches.services import lifecycle


def board_url(match: Match, token: str = "") -> str:
    """The live board of ``match`` (the seat's private link when ``token`` is given)."""
    url = reverse("matches:match_board", args=[match.pk])
    return f"{url}?{urlencode({'token': token})}" if token else url


def start_panel(request: HttpRequest, match: Match, seat: str | None) -> dict[str, Any]:
    """What the board's start panel shows to this viewer while the game waits to start."""
    now = timezone.now()
    start_by: datetime | None = match.start_by
    return {
        "seat": seat,
        "token": request.GET.get("token", ""),
        "joined": {Seat.RED.value: match.red_joined_at, Seat.BLUE.value: match.blue_joined_at},
        "me_joined": seat is not None and getattr(match, f"{seat}_joined_at") is not None,
        "start_by": start_by,
        "overdue": start_by is not None and now >= start_by,
        "arbiter": user_can_arbitrate(request.user, match),
    }


def _seat_of(request: HttpRequest, match: Match) -> tuple[str | None, str]:
    token = request.POST.get("token", "")
    return match_resolve_seat(match=match, user=request.user, token=token), token


#: The tag of the flash that says "wait for your opponent": true only until the game starts.
START_PENDING_TAG = "start-pending"


@require_POST
def match_join(request: HttpRequest, match_id: int) -> HttpResponse:
    """A player presses "I am at the board": the game starts once both seats have."""
    match = get_object_or_404(Match, pk=match_id)
    token = request.POST.get("token", "")
    try:
        seat, token = _seat_of(request, match)
        match = lifecycle.match_join(match_id=match.pk, seat=seat, actor=request.user)
    except MatchError as exc:
        messages.error(request, exc.message())
        return HttpResponseRedirect(board_url(match, token), status=303)
    if match.status == Match.Status.RUNNING:
        messages.success(request, _t("Both players are here: the game has started."))
    else:
        # Tagged: the board takes it away once the game starts (static/js/start_panel.js).
        messages.success(
            request,
            _t("You have joined. The game starts when your opponent joins."),
            extra_tags=START_PENDING_TAG,
        )
    return HttpResponseRedirect(board_url(match, token), status=303)


@login_required
@require_POST
def match_start(request: HttpRequest, match_id: int) -> HttpResponse:
    """An arbiter starts the game now, whether or not both players have joined."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        lifecycle.match_start(match_id=match.pk, actor=request.user)
    except MatchError as exc:
        match.refresh_from_db(fields=["status"])
        if exc.code == "invalid_transition" and match.status == Match.Status.RUNNING:
            messages.info(request, MatchError("already_started").message())
        else:
            messages.error(request, exc.message())
    else:
        messages.success(request, _t("The game has started."))
    target = request.POST.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = board_url(match)
    return HttpResponseRedirect(target, status=303)
