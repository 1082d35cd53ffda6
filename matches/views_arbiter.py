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
from matches import attention, services
from matches.errors import MatchError
from matches.models import Match
from matches.permissions import user_can_arbitrate
from matches.selectors import (
    match_audit_log,
    match_clock_log,
    match_clock_snapshot,
    match_no_show_pending,
)

SEAT_CHOICES = [("red", _("Red")), ("blue", _("Blue"))]
NOTE_LIMIT = 500


class AdjustTimeForm(forms.Form):
    seat = forms.ChoiceField(label=_("Player"), choices=SEAT_CHOICES)
    seconds = forms.IntegerField(
        label=_("Seconds"),
        help_text=_("Positive to add time, negative to remove it."),
        min_value=-services.MAX_TIME_ADJUSTMENT_MS // 1000,
        max_value=services.MAX_TIME_ADJUSTMENT_MS // 1000,
    )
    reason = forms.CharField(label=_("Reason"), max_length=NOTE_LIMIT)

    def clean_seconds(self) -> int:
        seconds: int = self.cleaned_data["seconds"]
        if seconds == 0:
            raise forms.ValidationError(_("Give a number of seconds other than 0."))
        return seconds


class SetResultForm(forms.Form):
    """The arbiter's result of one match; "draw" only for a game with draws
    (``GameDefinition.draws``: never 軍師軍略)."""

    winner = forms.ChoiceField(label=_("Winner"), choices=Match.Winner.choices)
    method = forms.ChoiceField(label=_("Method"), choices=Match.Method.choices)
    reason = forms.CharField(label=_("Reason"), max_length=NOTE_LIMIT)

    def __init__(self, *args: Any, draws: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        winner = self.fields["winner"]
        if not draws and isinstance(winner, forms.ChoiceField):
            winner.choices = [c for c in Match.Winner.choices if c[0] != Match.Winner.DRAW]


def clock_text(ms: int) -> str:
    """Remaining time as a clock shows it: ``m:ss.t`` (tenths below one minute)."""
    minutes, rest = divmod(max(ms, 0), 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{minutes}:{seconds:02d}" if minutes else f"0:{seconds:02d}.{millis // 100}"


def _remaining(clock: dict[str, Any]) -> dict[str, str]:
    return {seat: clock_text(ms) for seat, ms in clock["remaining_ms"].items()}


def _reports(match: Match) -> list[dict[str, str]]:
    """The players' pending over-the-board reports, for the dispute panel."""
    winners, methods = dict(Match.Winner.choices), dict(Match.Method.choices)
    return [
        {
            "seat": str(label),
            "winner": str(winners.get(report.get("winner"), report.get("winner"))),
            "method": str(methods.get(report.get("method"), report.get("method"))),
        }
        for seat, label in SEAT_CHOICES
        if (report := match.otb_reports.get(seat))
    ]


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
    draws = get_game(match.game).draws
    result_form = SetResultForm(prefix="result", draws=draws)
    if request.method == "POST":
        act = request.POST.get("act")
        note = request.POST.get("note", "")[:NOTE_LIMIT]
        if act == "start":
            _run(request, services.match_start, gettext("The game has started."), match_id=match.pk)
        elif act == "forfeit_absent":
            _run(
                request,
                services.match_forfeit_absent,
                gettext("Forfeited as a no-show."),
                match_id=match.pk,
                seat=request.POST.get("seat", ""),
                reason=note,
            )
        elif act == "pause":
            _run(
                request,
                services.match_pause,
                gettext("Clock paused."),
                match_id=match.pk,
                note=note,
            )
        elif act == "resume":
            _run(
                request,
                services.match_resume,
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
                    services.match_adjust_time,
                    gettext("Time adjusted."),
                    match_id=match.pk,
                    seat=data["seat"],
                    delta_ms=data["seconds"] * 1000,
                    reason=data["reason"],
                )
        elif act == "no_show":
            _run(
                request,
                services.match_apply_no_show,
                gettext("No-show recorded."),
                match_id=match.pk,
                reason=note,
            )
        elif act == "result":
            result_form = SetResultForm(request.POST, prefix="result", draws=draws)
            if result_form.is_valid():
                data = result_form.cleaned_data
                _run(
                    request,
                    services.match_set_result,
                    gettext("Result set."),
                    match_id=match.pk,
                    winner=data["winner"],
                    method=data["method"],
                    reason=data["reason"],
                )
        if not (adjust_form.errors or result_form.errors):
            return redirect("matches:arbiter_console", match_id=match.pk)
        match.refresh_from_db()
    now = timezone.now()
    clock = match_clock_snapshot(match=match, now_ms=epoch_ms(now))
    return render(
        request,
        "matches/arbiter_console.html",
        {
            "match": match,
            "reports": _reports(match),
            "no_show": _no_show(match),
            "clock": clock,
            "remaining": _remaining(clock),
            "clock_log": match_clock_log(match=match),
            "audit_log": match_audit_log(match=match),
            "adjust_form": adjust_form,
            "result_form": result_form,
            "absent": _absent_seats(match, now),
        },
    )
