"""The Play page, its live lists, the challenge page and the four buttons (docs/play.md).

Each view binds a form or reads a selector, calls one service and renders or redirects. A
refusal is shown, never swallowed: a form error (HTTP 400, or 429 for the account's limits), or
a message on the page the player came from; a request for someone else's offer is answered 403.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _t
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play import services
from play.computer_services import computer_game_create, computer_game_unfinished
from play.errors import PlayError
from play.forms import ComputerGameForm, SeekForm
from play.models import Seek
from play.selectors import (
    challenge_rows,
    lobby_rows,
    own_rows,
    seek_by_token,
    seek_effective_status,
    seek_row,
)


def _lists(request: HttpRequest) -> dict[str, Any]:
    user = request.user
    return {
        "lobby": lobby_rows(viewer=user),
        "mine": own_rows(user=user),
        "challenges": challenge_rows(user=user),
    }


def _play_page(request: HttpRequest, form: SeekForm, status: int = 200) -> HttpResponse:
    context = {"form": form, **_lists(request)}
    return render(request, "play/play.html", context, status=status)


@require_http_methods(["GET", "POST"])
def play_home(request: HttpRequest) -> HttpResponse:
    """GET: the create form, the lobby, the player's own offers and challenges.
    POST: create a game offer (signed-in players)."""
    if request.method == "GET":
        return _play_page(request, SeekForm())
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("play:home"))
    form = SeekForm(request.POST)
    if not form.is_valid():
        return _play_page(request, form, status=400)
    try:
        seek = services.seek_create(creator=request.user, **form.service_fields())
    except PlayError as exc:
        form.add_service_error(exc)
        return _play_page(request, form, status=exc.http_status)
    if seek.kind == Seek.Kind.LOBBY:
        messages.success(request, _t("Your game is in the lobby: it starts when someone accepts."))
        return HttpResponseRedirect(reverse("play:home"), status=303)
    return HttpResponseRedirect(reverse("play:challenge", args=[seek.token]), status=303)


@require_GET
def play_lists(request: HttpRequest) -> HttpResponse:
    """The live part of the Play page, refetched on each nudge of the lobby socket."""
    return render(request, "play/_lists.html", _lists(request))


def _refused(request: HttpRequest, error: PlayError, back: str) -> HttpResponse:
    """Someone else's offer: a 403 or 404 page; any other refusal: a message on ``back``."""
    if error.http_status in (403, 404):
        context = {"message": error.message(), "back": back}
        return render(request, "play/refused.html", context, status=error.http_status)
    messages.error(request, error.message())
    return HttpResponseRedirect(back, status=303)


def _board(seek: Seek) -> HttpResponse:
    assert seek.match_id is not None  # noqa: S101 - an accepted seek has its game
    return HttpResponseRedirect(reverse("matches:match_board", args=[seek.match_id]), status=303)


@require_POST
def seek_accept(request: HttpRequest, seek_id: int) -> HttpResponse:
    """One click in the lobby (or on a challenge to the player): the game starts."""
    back = reverse("play:home")
    if not request.user.is_authenticated:
        return redirect_to_login(back)
    try:
        seek = services.seek_accept(seek_id=seek_id, actor=request.user)
    except PlayError as exc:
        return _refused(request, exc, back)
    return _board(seek)


@require_POST
def seek_cancel(request: HttpRequest, seek_id: int) -> HttpResponse:
    """The creator withdraws an open offer."""
    back = reverse("play:home")
    if not request.user.is_authenticated:
        return redirect_to_login(back)
    try:
        services.seek_cancel(seek_id=seek_id, actor=request.user)
    except PlayError as exc:
        return _refused(request, exc, back)
    messages.success(request, _t("Your game offer is cancelled."))
    return HttpResponseRedirect(back, status=303)


def _challenge(token: str) -> Seek:
    seek = seek_by_token(token)
    if seek is None:
        raise Http404("no such challenge")
    return seek


@require_GET
def challenge(request: HttpRequest, token: str) -> HttpResponse:
    """The challenge page: who challenges whom, the settings, Accept (and Decline)."""
    seek = _challenge(token)
    user = request.user
    is_creator = user.is_authenticated and seek.creator_id == user.pk
    if seek.kind == Seek.Kind.DIRECT and not is_creator and seek.target_id != user.pk:
        if user.is_authenticated:
            raise Http404("a challenge to another player")
        return redirect_to_login(request.get_full_path())
    is_player = (
        seek.match is not None
        and user.is_authenticated
        and user.pk
        in (
            seek.match.red_player_id,
            seek.match.blue_player_id,
        )
    )
    context = {
        "row": seek_row(seek),
        "status": seek_effective_status(seek),
        "is_creator": is_creator,
        "is_player": is_player,
        "link": request.build_absolute_uri(reverse("play:challenge", args=[seek.token])),
    }
    return render(request, "play/challenge.html", context)


@require_POST
def challenge_accept(request: HttpRequest, token: str) -> HttpResponse:
    """Accept the challenge of a link (or one addressed to the player): to the board."""
    seek = _challenge(token)
    back = reverse("play:challenge", args=[seek.token])
    if not request.user.is_authenticated:
        return redirect_to_login(back)
    try:
        seek = services.seek_accept(seek_id=seek.pk, actor=request.user, token=token)
    except PlayError as exc:
        return _refused(request, exc, back)
    return _board(seek)


@require_POST
def challenge_decline(request: HttpRequest, token: str) -> HttpResponse:
    """The challenged player says no."""
    seek = _challenge(token)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("play:challenge", args=[seek.token]))
    try:
        services.seek_decline(seek_id=seek.pk, actor=request.user)
    except PlayError as exc:
        return _refused(request, exc, reverse("play:home"))
    messages.success(request, _t("You declined the challenge."))
    return HttpResponseRedirect(reverse("play:home"), status=303)


def _computer_page(request: HttpRequest, form: ComputerGameForm, status: int = 200) -> HttpResponse:
    context = {"form": form, "unfinished": computer_game_unfinished(request.user)}
    return render(request, "play/computer.html", context, status=status)


@require_http_methods(["GET", "POST"])
def play_computer(request: HttpRequest) -> HttpResponse:
    """GET: the "Play the computer" form. POST: start an unrated game against the computer at
    the chosen level and go to the board (signed-in players)."""
    if request.method == "GET":
        return _computer_page(request, ComputerGameForm())
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("play:computer"))
    form = ComputerGameForm(request.POST)
    if not form.is_valid():
        return _computer_page(request, form, status=400)
    try:
        match = computer_game_create(player=request.user, **form.service_fields())
    except PlayError as exc:
        form.add_service_error(exc)
        return _computer_page(request, form, status=exc.http_status)
    return HttpResponseRedirect(reverse("matches:match_board", args=[match.pk]), status=303)
