"""The arbiter console of one match (the event's console of every board at once is
``matches.views_event_console``).

An arbiter (``matches.permissions``: the event's organiser, co-organisers and arbiters, and
superusers) starts games that wait for their players (one board, or every waiting board of the
event), forfeits a player absent at the start deadline, pauses and resumes clocks, adds or
removes time with a reason and sets a result. Every act goes through the services, which
write it to the match's audit log and clock log; the page shows both logs as the evidence for
any dispute. The page never shows the players' secrets: the audit log hides decision texts
until the game is over.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clock import epoch_ms
from games import get_game
from matches import attention
from matches.audit_sentences import audit_lines, clock_lines, clock_text
from matches.errors import MatchError
from matches.models import Match
from matches.permissions import user_can_arbitrate
from matches.result_methods import game_result_method_choices
from matches.selectors import (
    match_audit_log,
    match_clock_log,
    match_clock_snapshot,
    match_no_show_pending,
)
from matches.services import arbiter, lifecycle

SEAT_CHOICES = [("red", _("Red")), ("blue", _("Blue"))]
NOTE_LIMIT = 500


class AdjustTimeForm(forms.Form):
    seat = forms.ChoiceField(label=_("Player"), choices=SEAT_CHOICES)
    seconds = forms.IntegerField(
        label=_("Seconds"),
        help_text=_("Positive to add time, negative to remove it."),
        min_value=-arbiter.MAX_TIME_ADJUSTMENT_MS // 1000,
        max_value=arbiter.MAX_TIME_ADJUSTMENT_MS // 1000,
    )
    reason = forms.CharField(label=_("Reason"), max_length=NOTE_LIMIT)

    def clean_seconds(self) -> int:
        seconds: int = self.cleaned_data["seconds"]
        if seconds == 0:
            raise forms.ValidationError(_("Give a number of seconds other than 0."))
        return seconds


class SetResultForm(forms.Form):
    """The arbiter's result of one match: only the methods of the match's own game
    (``matches.result_methods``), "draw" only for a game with draws (never 軍師軍略), a
    reason for the log, and an explicit confirmation (a result changes the standings)."""

    winner = forms.ChoiceField(label=_("Winner"), choices=Match.Winner.choices)
    method = forms.ChoiceField(label=_("Method"), choices=Match.Method.choices)
    reason = forms.CharField(label=_("Reason"), max_length=NOTE_LIMIT)
    confirm = forms.BooleanField(
        label=_("Yes, set this result: it goes to the standings at once."),
        error_messages={"required": _("Tick the box to confirm the result.")},
    )

    def __init__(self, *args: Any, game: str = "gunshi", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        winners = Match.Winner.choices
        if not get_game(game).draws:
            winners = [c for c in winners if c[0] != Match.Winner.DRAW]
        self.fields["winner"].choices = winners  # type: ignore[attr-defined]
        self.fields["method"].choices = game_result_method_choices(game)  # type: ignore[attr-defined]


def _remaining(clock: dict[str, Any]) -> dict[str, str]:
    return {seat: clock_text(ms) for seat, ms in clock["remaining_ms"].items()}


#: The acts that decide a game without the result form: the ``confirm`` box must be ticked
#: (checked here, on the server; the result form has its own required ``confirm`` field).
CONFIRMED_ACTS = frozenset({"forfeit_absent", "no_show"})


def _no_show(match: Match) -> dict[str, Any] | None:
    """The no-show deadline the match waits on, with the seat's label (``None``: none)."""
    pending = match_no_show_pending(match)
    if pending is not None:
        pending["seat_label"] = dict(SEAT_CHOICES)[pending["seat"]]
    return pending


def _match_for_arbiter(request: HttpRequest, match_id: int) -> Match:
    match = get_object_or_404(Match, pk=match_id)
    if not user_can_arbitrate(request.user, match):
        raise PermissionDenied(gettext("Only an arbiter of this match may use its console."))
    return match


def _run(request: HttpRequest, service: Any, done: str, **kwargs: Any) -> bool:
    """Call one service; report success or its translated error as a message."""
    try:
        service(actor=request.user, **kwargs)
    except MatchError as exc:
        messages.error(request, exc.message())
        return False
    messages.success(request, done)
    return True


def _absent_seats(match: Match, now: datetime) -> list[str]:
    """Seats the arbiter may forfeit as no-shows now: past the start deadline, a pending
    match's seats that have not joined, or the seat a started match waits for in vain
    (``attention.no_show_seats``, rules ``NOT_JOINED`` and ``NO_FIRST_DECISION``)."""
    decided = attention.decided_seats([match])[match.pk]
    return [s for s in attention.no_show_seats(match, decided, now) if s != attention.BOTH]


@login_required
def arbiter_console(request: HttpRequest, match_id: int) -> HttpResponse:
    """One board: clocks, pause/resume, time adjustment, result, and both logs."""
    match = _match_for_arbiter(request, match_id)
    adjust_form = AdjustTimeForm(prefix="adjust")
    result_form = SetResultForm(prefix="result", game=match.game)
    if request.method == "POST":
        act = request.POST.get("act", "")
        note = request.POST.get("note", "")[:NOTE_LIMIT]
        unconfirmed = act in CONFIRMED_ACTS and request.POST.get("confirm") != "on"
        if unconfirmed:
            messages.error(request, gettext("Tick the box to confirm: this decides the game."))
        elif act == "start":
            _run(
                request, lifecycle.match_start, gettext("The game has started."), match_id=match.pk
            )
        elif act == "forfeit_absent":
            _run(
                request,
                arbiter.match_forfeit_absent,
                gettext("Forfeited as a no-show."),
                match_id=match.pk,
                seat=request.POST.get("seat", ""),
                reason=note,
            )
        elif act == "pause":
            _run(
                request,
                arbiter.match_pause,
                gettext("Clock paused."),
                match_id=match.pk,
                note=note,
            )
        elif act == "resume":
            _run(
                request,
                arbiter.match_resume,
                gettext("Clock resumed."),
                match_id=match.pk,
                note=note,
            )
        elif act == "adjust":
            adjust_form = AdjustTimeForm(request.POST, prefix="adjust")
            if adjust_form.is_valid():
                data = adjust_form.cleaned_data
                _run(
                    request,
                    arbiter.match_adjust_time,
                    gettext("Time adjusted."),
                    match_id=match.pk,
                    seat=data["seat"],
                    delta_ms=data["seconds"] * 1000,
                    reason=data["reason"],
                )
        elif act == "no_show":
            _run(
                request,
                arbiter.match_apply_no_show,
                gettext("No-show recorded."),
                match_id=match.pk,
                reason=note,
            )
        elif act == "result":
            result_form = SetResultForm(request.POST, prefix="result", game=match.game)
            if result_form.is_valid():
                data = result_form.cleaned_data
                _run(
                    request,
                    arbiter.match_set_result,
                    gettext("Result set."),
                    match_id=match.pk,
                    winner=data["winner"],
                    method=data["method"],
                    reason=data["reason"],
                )
        if not (unconfirmed or adjust_form.errors or result_form.errors):
            return redirect("matches:arbiter_console", match_id=match.pk)
        status = 400
        match.refresh_from_db()
    else:
        act, note, status = "", "", 200
    now = timezone.now()
    clock = match_clock_snapshot(match=match, now_ms=epoch_ms(now))
    return render(
        request,
        "matches/arbiter_console.html",
        {
            "match": match,
            "no_show": _no_show(match),
            "clock": clock,
            "remaining": _remaining(clock),
            "clock_log": clock_lines(match_clock_log(match=match)),
            "audit_log": audit_lines(match_audit_log(match=match)),
            "adjust_form": adjust_form,
            "result_form": result_form,
            "absent": _absent_seats(match, now),
            # A refused act shows its form again with what was typed.
            "posted": {"act": act, "note": note},
            "now_zone": timezone.get_current_timezone_name(),
            # Stopped on a flag that disputes a report: only a result moves it on.
            "held": match.disputed and clock["flagged"] is not None,
        },
        status=status,
    )
