"""A player's own page: their table, result report and confirmation, check-in, withdrawal.

Players act only for themselves: through their account (``/events/<slug>/me/``) or through
the private link of their entry (``/events/play/<token>/``) when they have no account, as in
Tabbycat. Every action goes through a service that checks the player is at that table.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import get_game
from matches.models import Match
from matches.views_start import board_url
from tournaments import selectors, views_ranked, waitlist
from tournaments.forms import PlayerResultForm
from tournaments.models import Entry, Pairing, Round
from tournaments.services.entries import entry_check_in, entry_leave_waitlist, entry_withdraw
from tournaments.services.ranked_tables import is_ranked
from tournaments.services.results import result_confirm, result_report
from tournaments.views_common import attempt, form_errors
from tournaments.views_entry import entry_link_callup, home_url, own_entry


def _board_link(entry: Entry, pairing: Pairing | None, token: str | None) -> str:
    """The player's own seat on their table's live board (or clock), if the table has one.

    Through an account the session finds the seat; through the private entry link the board
    link carries the seat's own private token instead."""
    if pairing is None or pairing.match_id is None:
        return ""
    game = Match.objects.filter(pk=pairing.match_id).first()
    if game is None:
        return ""
    seat_token = ""
    if token is not None:
        seat_token = game.red_token if pairing.red_id == entry.pk else game.blue_token
    return board_url(game, seat_token)


def _home(request: HttpRequest, entry: Entry, token: str | None) -> HttpResponse:
    if entry.is_waitlisted:
        return _waitlisted_home(request, entry, token)
    if is_ranked(entry.event):
        return views_ranked.player_page(request, entry, token)
    pairing = selectors.entry_current_pairing(entry=entry)
    context = {
        "board_link": _board_link(entry, pairing, token),
        "event": entry.event,
        "entry": entry,
        "pairing": pairing,
        "form": PlayerResultForm(
            game=get_game(entry.event.game),
            elimination=pairing is not None and pairing.round.stage == Round.Stage.ELIMINATION,
        ),
        "lines": selectors.entry_history(entry=entry, public=True),
        "token": token,
        "action_base": home_url(entry, token),
        "can_confirm": (
            pairing is not None
            and pairing.confirmation == Pairing.Confirmation.AWAITING
            and not pairing.disputed
            and pairing.reported_by_id != entry.pk
        ),
        "tab": "me",
        **entry_link_callup(entry, token),
    }
    return render(request, "tournaments/player_home.html", context)


def _waitlisted_home(request: HttpRequest, entry: Entry, token: str | None) -> HttpResponse:
    """A waitlisted player's page: their place in the queue and the way out of it."""
    context = {
        "event": entry.event,
        "entry": entry,
        "waitlist_position": waitlist.position_of(entry),
        "token": token,
        "action_base": home_url(entry, token),
        "tab": "me",
    }
    return render(request, "tournaments/player_home.html", context)


@login_required
def player_home(request: HttpRequest, slug: str) -> HttpResponse:
    return _home(request, own_entry(request, slug, None), None)


def player_token(request: HttpRequest, token: str) -> HttpResponse:
    return _home(request, own_entry(request, None, token), token)


def _pairing_of(entry: Entry, pairing_id: int) -> Pairing:
    return get_object_or_404(Pairing, pk=pairing_id, round__event_id=entry.event_id)


def _act_report(request: HttpRequest, entry: Entry, pairing_id: int, token: str | None) -> None:
    form = PlayerResultForm(request.POST, game=get_game(entry.event.game))
    if not form.is_valid():
        form_errors(request, form)
        return
    pairing = _pairing_of(entry, pairing_id)
    attempt(
        request,
        lambda: result_report(
            entry=entry,
            pairing=pairing,
            result=form.cleaned_data["result"],
            method=form.cleaned_data.get("method") or "",
            **form.scores(),
        ),
        _("Your result was recorded."),
    )


@require_POST
def report(
    request: HttpRequest, pairing_id: int, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    _act_report(request, entry, pairing_id, token)
    return redirect(home_url(entry, token))


@require_POST
def confirm(
    request: HttpRequest, pairing_id: int, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    pairing = _pairing_of(entry, pairing_id)
    attempt(
        request,
        lambda: result_confirm(entry=entry, pairing=pairing),
        _("Result confirmed."),
    )
    return redirect(home_url(entry, token))


@require_POST
def check_in(
    request: HttpRequest, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    attempt(
        request,
        lambda: entry_check_in(
            entry=entry,
            checked_in=True,
            actor=request.user if token is None else None,  # type: ignore[arg-type]
            by_token=token is not None,
        ),
        _("You are checked in."),
    )
    return redirect(home_url(entry, token))


@require_POST
def withdraw(
    request: HttpRequest, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    attempt(
        request,
        lambda: entry_withdraw(
            entry=entry,
            actor=request.user if token is None else None,  # type: ignore[arg-type]
            by_token=token is not None,
        ),
        _("You have withdrawn from the event."),
    )
    return redirect(home_url(entry, token))


@require_POST
def leave_waitlist(
    request: HttpRequest, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    """A waitlisted player gives up their place in the queue (back to the event page)."""
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    left = attempt(
        request,
        lambda: (
            entry_leave_waitlist(
                entry=entry,
                actor=request.user if token is None else None,  # type: ignore[arg-type]
                by_token=token is not None,
            )
            or True
        ),
        _("You have left the waitlist."),
    )
    if left:
        return redirect("tournaments:event_detail", slug=entry.event.slug)
    return redirect(home_url(entry, token))
