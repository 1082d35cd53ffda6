"""Pages for the people who run an event: organisers, co-organisers and arbiters.

Every view finds the event through ``managed_event`` (a 404 for anyone else, so drafts stay
hidden), binds a form, calls one service and redirects back. Bad input never redirects: the
page comes back with the form and its errors beside the fields (``submit`` puts a service's
refusal there too), or with status 400 and the message for a one-button action. ``attempt``
turns the refusal of a one-button action (publish, withdraw) into a translated message.
Arbiters reach the dashboard, results, disputes, check-in and printouts;
settings, entries and rounds are for organisers and co-organisers.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from games import get_game
from matches.attention import tables_watch
from matches.models import Match
from tournaments import selectors, waitlist
from tournaments.forms import (
    TIME_CONTROL_PRESETS,
    CheckInForm,
    CsvImportForm,
    EntryAddForm,
    EventForm,
    PairForm,
    ReasonForm,
    ResultForm,
    RoleForm,
    StatusForm,
    SwapForm,
)
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.selectors import TIEBREAK_LABELS
from tournaments.services import entries as entry_services
from tournaments.services import entry_import as entry_import_services
from tournaments.services import events as event_services
from tournaments.services import field as field_services
from tournaments.services import publication as publication_services
from tournaments.services import ranked_tables
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.views_common import RefusedError, attempt, back, managed_event, submit


def _dashboard_url(event: Event) -> str:
    return reverse("tournaments:manage_event", kwargs={"slug": event.slug})


@login_required
def manage_list(request: HttpRequest) -> HttpResponse:
    events = selectors.event_list_managed(user=request.user).order_by("-starts_on")
    return render(request, "tournaments/manage/list.html", {"events": events})


def _render_event_form(request: HttpRequest, form: EventForm, event: Event | None) -> HttpResponse:
    context = {
        "form": form,
        "event": event,
        "tab": "manage" if event else None,
        "presets": TIME_CONTROL_PRESETS,
        "tiebreaks": TIEBREAK_LABELS.items(),
    }
    return render(request, "tournaments/manage/event_form.html", context)


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        name, starts_on = fields.pop("name"), fields.pop("starts_on")
        try:
            event = submit(
                form,
                lambda: event_services.event_create(
                    organiser=request.user,  # type: ignore[arg-type]
                    name=name,
                    starts_on=starts_on,
                    **fields,
                ),
            )
        except RefusedError:
            return _render_event_form(request, form, None)
        messages.success(request, _("Event created. Open registration when you are ready."))
        return redirect(_dashboard_url(event))
    return _render_event_form(request, form, None)


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        try:
            submit(
                form,
                lambda: event_services.event_update(
                    actor=request.user,  # type: ignore[arg-type]
                    event=event,
                    **form.service_fields(),
                ),
            )
        except RefusedError:
            return _render_event_form(request, form, event)
        messages.success(request, _("Settings saved."))
        return redirect(_dashboard_url(event))
    return _render_event_form(request, form, event)


def _render_dashboard(
    request: HttpRequest, event: Event, *, status: int = 200, **forms: Any
) -> HttpResponse:
    """The dashboard; ``forms`` replaces the empty forms with bound ones carrying errors."""
    entries = selectors.event_entries(event=event)
    active = [e for e in entries if e.status == Entry.Status.ACTIVE]
    rounds = selectors.event_rounds(event=event, public=False)
    latest = rounds[-1] if rounds else None
    not_checked_in = [e for e in active if not e.checked_in]
    # Only a plain Swiss stops at ``event.rounds``; a round robin ends with its schedule and a
    # bracket (also after a Swiss top cut) when it is complete, which the service tells.
    all_paired = (
        event.pairing_system == Event.PairingSystem.SWISS
        and latest is not None
        and latest.number >= event.rounds
    )
    context: dict[str, Any] = {
        "event": event,
        "role": selectors.event_role_of(user=request.user, event=event),
        "can_manage": selectors.event_can_manage(user=request.user, event=event),
        "ranked": ranked_tables.is_ranked(event),
        "entries": entries,
        "waitlist": waitlist.queue(event),
        "waitlist_moves": waitlist.queue_moves(event),
        "active_count": len(active),
        "checked_in_count": len(active) - len(not_checked_in),
        "not_checked_in": not_checked_in,
        "left_out": field_services.players_left_out(event=event),
        "rounds": rounds,
        "latest": latest,
        "can_pair": (latest is None or latest.status == Round.Status.COMPLETE) and not all_paired,
        "all_paired": all_paired,
        "recommended_rounds": field_services.recommended_rounds(len(active)),
        "max_rounds": field_services.max_swiss_rounds(len(active)),
        "waiting": selectors.round_waiting_games(round=latest) if latest else 0,
        "disputes": selectors.event_disputes(event=event),
        "awaiting": selectors.event_awaiting_confirmation(event=event),
        "audit": selectors.event_audit_log(event=event, limit=30),
        "roles": selectors.event_roles(event=event),
        "add_form": EntryAddForm(),
        "csv_form": CsvImportForm(),
        "role_form": RoleForm(),
        "result_form": ResultForm(
            game=get_game(event.game),
            elimination=latest is not None and latest.stage == Round.Stage.ELIMINATION,
        ),
        "pair_form": PairForm(),
        "check_in_form": CheckInForm(),
        "action_errors": [],
        "statuses": [
            (value, label)
            for value, label in Event.Status.choices
            if value in Event.ALLOWED_TRANSITIONS.get(event.status, ())
        ],
        "tab": "manage",
    }
    context.update(forms)
    return render(request, "tournaments/manage/dashboard.html", context, status=status)


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    return _render_dashboard(request, event)


def _refuse(request: HttpRequest, event: Event, form: Any) -> HttpResponse:
    """Bad input to a dashboard action: the dashboard again, status 400, with the errors."""
    errors = [
        f"{form.fields[name].label}: {error}"
        if name in form.fields and form.fields[name].label
        else str(error)
        for name, field_errors in form.errors.items()
        for error in field_errors
    ]
    return _render_dashboard(request, event, status=400, action_errors=errors)


@login_required
@require_POST
def event_status(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = StatusForm(request.POST)
    if not form.is_valid():
        return _refuse(request, event, form)
    attempt(
        request,
        lambda: event_services.event_set_status(
            actor=request.user,  # type: ignore[arg-type]
            event=event,
            status=form.cleaned_data["status"],
        ),
        _("Event status changed."),
    )
    return redirect(_dashboard_url(event))


@login_required
@require_POST
def role_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = RoleForm(request.POST)
    try:
        submit(
            form,
            lambda: event_services.event_role_add(
                actor=request.user,  # type: ignore[arg-type]
                event=event,
                user=form.cleaned_data["member"],
                role=form.cleaned_data["role"],
            ),
        )
    except RefusedError:
        return _render_dashboard(request, event, role_form=form)
    messages.success(request, _("Role added."))
    return redirect(_dashboard_url(event))


@login_required
@require_POST
def entry_add(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = EntryAddForm(request.POST)
    try:
        submit(
            form,
            lambda: entry_services.entry_add(
                actor=request.user,  # type: ignore[arg-type]
                event=event,
                name=form.cleaned_data["name"],
                user=form.cleaned_data["account"],
                rating=form.cleaned_data["rating"],
                missed_round_points=form.cleaned_data["missed_round_points"],
            ),
        )
    except RefusedError:
        # The form sits low on a long page: say at the top what happened, and the form's
        # action (``#add-player``) brings the browser down to the errors beside the fields.
        late = Round.objects.filter(event=event).exists()
        summary = (
            _("The late entry was not added: see the errors under “Late entry”.")
            if late
            else _("The player was not added: see the errors under “Add a player”.")
        )
        return _render_dashboard(request, event, add_form=form, action_errors=[summary])
    messages.success(request, _("Player added."))
    return redirect(_dashboard_url(event))


@login_required
@require_POST
def entry_import(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = CsvImportForm(request.POST, request.FILES)
    try:
        created = submit(
            form,
            lambda: entry_import_services.entry_import_csv(
                actor=request.user,  # type: ignore[arg-type]
                event=event,
                text=form.cleaned_data["csv"],
            ),
        )
    except RefusedError:
        summary = _("Nothing was imported: see the errors under “Import players (CSV)”.")
        return _render_dashboard(request, event, csv_form=form, action_errors=[summary])
    messages.success(request, _("%(count)s players imported.") % {"count": len(created)})
    return redirect(_dashboard_url(event))


@login_required
@require_POST
def entry_check_in_many(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Check in all present": the ticked players, or every listed one, in one go."""
    event = managed_event(request, slug, arbiter=True)
    listed = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE, checked_in=False)
    form = CheckInForm(request.POST, entries=listed)
    try:
        done = submit(
            form,
            lambda: entry_services.entry_check_in_many(
                actor=request.user,  # type: ignore[arg-type]
                event=event,
                entries=form.chosen(),
            ),
        )
    except RefusedError:
        return _refuse(request, event, form)
    messages.success(request, _("%(count)s players checked in.") % {"count": len(done)})
    return back(request, _dashboard_url(event))


ENTRY_ACTIONS = (
    "check_in",
    "check_out",
    "withdraw",
    "reinstate",
    "disqualify",
    "remove_from_waitlist",
)


@login_required
@require_POST
def entry_action(request: HttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    if action not in ENTRY_ACTIONS:
        raise Http404
    event = managed_event(request, slug, arbiter=action in ("check_in", "check_out"))
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    user: Any = request.user
    if action in ("check_in", "check_out"):
        attempt(
            request,
            lambda: entry_services.entry_check_in(
                actor=user, entry=entry, checked_in=action == "check_in"
            ),
        )
    elif action == "withdraw":
        attempt(
            request, lambda: entry_services.entry_withdraw(actor=user, entry=entry), _("Withdrawn.")
        )
    elif action == "remove_from_waitlist":
        attempt(
            request,
            lambda: entry_services.entry_leave_waitlist(actor=user, entry=entry),
            _("Removed from the waitlist."),
        )
    elif action == "reinstate":
        attempt(
            request,
            lambda: entry_services.entry_reinstate(actor=user, entry=entry),
            _("Reinstated."),
        )
    else:
        form = ReasonForm(request.POST)
        if not form.is_valid():
            return _refuse(request, event, form)
        attempt(
            request,
            lambda: entry_services.entry_disqualify(
                actor=user, entry=entry, reason=form.cleaned_data["reason"]
            ),
            _("Disqualified."),
        )
    return back(request, _dashboard_url(event))


@login_required
@require_POST
def round_pair(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    form = PairForm(request.POST)
    try:
        round_ = submit(
            form,
            lambda: round_services.round_pair(
                actor=request.user,  # type: ignore[arg-type]
                event=event,
                leave_out_absent=form.cleaned_data["leave_out_absent"],
            ),
        )
    except RefusedError:
        return _render_dashboard(request, event, status=400, pair_form=form)
    messages.success(request, _("Draft pairings made. Check them, then publish."))
    return redirect("tournaments:manage_round", slug=event.slug, number=round_.number)


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def _render_round(
    request: HttpRequest,
    event: Event,
    round_: Round,
    *,
    status: int = 200,
    swap_form: SwapForm | None = None,
    result_errors: dict[int, Any] | None = None,
) -> HttpResponse:
    players = Entry.objects.filter(
        Q(pairings_as_red__round=round_) | Q(pairings_as_blue__round=round_)
    ).order_by("name")
    pairings = list(selectors.round_pairings(round=round_))
    games = selectors.round_games(pairings=pairings)
    watched = tables_watch(games.values(), now=timezone.now())
    for pairing in pairings:  # a refused result shows its errors in the table's row
        pairing.form_errors = (result_errors or {}).get(pairing.pk, [])  # type: ignore[attr-defined]
        pairing.game = game = games.get(pairing.pk)  # type: ignore[attr-defined]
        pairing.watch = watched.get(game.pk) if game else None  # type: ignore[attr-defined]
    context = {
        "event": event,
        "round": round_,
        "pairings": pairings,
        "waiting": sum(1 for game in games.values() if game.status == Match.Status.PENDING),
        "flagged": sum(1 for watch in watched.values() if watch.needs_arbiter),
        "swap_form": swap_form or SwapForm(entries=players),
        "result_form": ResultForm(
            game=get_game(event.game), elimination=round_.stage == Round.Stage.ELIMINATION
        ),
        "result_errors": result_errors or {},
        "can_manage": selectors.event_can_manage(user=request.user, event=event),
        "rounds": selectors.event_rounds(event=event, public=False),
        "tab": "manage",
    }
    return render(request, "tournaments/manage/round.html", context, status=status)


@login_required
def round_manage(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    round_ = _round(event, number)
    if round_.stage == Round.Stage.RANKED_TABLES:
        return redirect("tournaments:ranked_round", slug=event.slug, number=number)
    return _render_round(request, event, round_)


@login_required
@require_POST
def round_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Start every game of the round still waiting for its players (organisers, arbiters)."""
    event = managed_event(request, slug, arbiter=True)
    round_ = _round(event, number)
    started = attempt(
        request,
        lambda: publication_services.round_start(actor=request.user, round=round_),  # type: ignore[arg-type]
    )
    if started is not None:
        count = len(started)
        text = ngettext("%(count)s game started.", "%(count)s games started.", count)
        messages.success(request, text % {"count": count})
    return redirect("tournaments:manage_round", slug=event.slug, number=number)


ROUND_ACTIONS: dict[str, tuple[Any, Any]] = {
    "publish": (publication_services.round_publish, gettext_lazy("Round published.")),
    "unpublish": (publication_services.round_unpublish, gettext_lazy("Round taken back to draft.")),
    "repair": (round_services.round_repair, gettext_lazy("Round paired again.")),
    "delete": (round_services.round_delete_draft, gettext_lazy("Draft deleted.")),
}


@login_required
@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    if action not in ROUND_ACTIONS:
        raise Http404
    event = managed_event(request, slug)
    round_ = _round(event, number)
    service, message = ROUND_ACTIONS[action]
    done = attempt(request, lambda: service(actor=request.user, round=round_), str(message))
    if done is None and action != "delete":
        return redirect("tournaments:manage_round", slug=event.slug, number=number)
    if action == "delete":
        return redirect(_dashboard_url(event))
    target = done if isinstance(done, Round) else round_
    return redirect("tournaments:manage_round", slug=event.slug, number=target.number)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = managed_event(request, slug)
    round_ = _round(event, number)
    form = SwapForm(request.POST, entries=Entry.objects.filter(event=event))
    try:
        submit(
            form,
            lambda: round_services.round_swap(
                actor=request.user,  # type: ignore[arg-type]
                round=round_,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                allow_rematch=form.cleaned_data["allow_rematch"],
            ),
        )
    except RefusedError:
        return _render_round(request, event, round_, swap_form=form)
    messages.success(request, _("Players swapped."))
    return redirect("tournaments:manage_round", slug=event.slug, number=number)


@login_required
@require_POST
def pairing_result(request: HttpRequest, slug: str, pairing_id: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    pairing = get_object_or_404(
        Pairing.objects.select_related("round"), pk=pairing_id, round__event=event
    )
    correcting = pairing.confirmation == Pairing.Confirmation.CONFIRMED
    form = ResultForm(request.POST, correcting=correcting, game=get_game(event.game))
    try:
        submit(
            form,
            lambda: result_services.result_set(
                actor=request.user,  # type: ignore[arg-type]
                pairing=pairing,
                result=form.cleaned_data["result"],
                method=form.cleaned_data.get("method") or "",
                reason=form.cleaned_data.get("reason") or "",
                **form.scores(),
            ),
        )
    except RefusedError:
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_round(request, event, pairing.round, result_errors={pairing.pk: errors})
    messages.success(request, _("Result corrected.") if correcting else _("Result saved."))
    fallback = reverse(
        "tournaments:manage_round", kwargs={"slug": event.slug, "number": pairing.round.number}
    )
    return back(request, fallback)


# ---------------------------------------------------------------------------------- printing


@login_required
def print_tables(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    round_ = _round(event, number)
    context = {"event": event, "round": round_, "pairings": selectors.round_pairings(round=round_)}
    return render(request, "tournaments/print/tables.html", context)


@login_required
def print_names(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    round_ = _round(event, number)
    context = {
        "event": event,
        "round": round_,
        "lines": selectors.round_pairings_by_name(round=round_),
    }
    return render(request, "tournaments/print/names.html", context)


@login_required
def print_slips(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    from tournaments.exports import result_slips

    event = managed_event(request, slug, arbiter=True)
    round_ = _round(event, number)
    context = {"event": event, "round": round_, "slips": result_slips(request, round_)}
    return render(request, "tournaments/print/slips.html", context)
