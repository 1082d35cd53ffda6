"""Pages of ranked-table events (三国盛衰記): the organiser's tables and result entry, a
seated player's report and confirmation, and the public tables fragment and standings.

Every state change goes through ``tournaments.services.ranked_tables`` (settings, tables, the
session) or ``ranked_results`` (results), which decide who may act (organisers, co-organisers
and arbiters of the event; a seated player for their own table). A refusal shows its message
and answers 400 with the page again; nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import get_game
from tournaments import ranked_selectors, selectors
from tournaments.errors import TournamentError, message_for
from tournaments.models import Entry, Event, GameTable, RankPointsScale, Round
from tournaments.services import ranked_results, ranked_tables
from tournaments.views_common import managed_event
from tournaments.views_entry import entry_link_callup, home_url, own_entry


def _manage_url(event: Event, number: int | None = None) -> str:
    if number is None:
        return reverse("tournaments:ranked_manage", kwargs={"slug": event.slug})
    return reverse("tournaments:ranked_round", kwargs={"slug": event.slug, "number": number})


def _run(request: HttpRequest, action: Callable[[], Any], success: str) -> bool:
    """Run a service call: success → a message; refusal → an error message, False."""
    try:
        action()
    except TournamentError as error:
        messages.error(request, message_for(error))
        return False
    messages.success(request, success)
    return True


def claim_from_post(table: GameTable, data: Any) -> list[dict[str, Any]]:
    """The result claim a form posted: ``vp_<entry>`` and ``out_<entry>`` for every seat."""
    return [
        {
            "entry": seat.entry_id,
            "victory_points": data.get(f"vp_{seat.entry_id}", "").strip(),
            "eliminated_turn": data.get(f"out_{seat.entry_id}", "").strip() or None,
        }
        for seat in table.seats.all()
    ]


# --------------------------------------------------------------------------------- organiser


def _render_manage(request: HttpRequest, event: Event, *, status: int = 200) -> HttpResponse:
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    latest = rounds[-1] if rounds else None
    game = get_game(event.game)
    context = {
        "event": event,
        "game": game,
        "rounds": rounds,
        "latest": latest,
        "next_number": (latest.number + 1) if latest else 1,
        "can_manage": selectors.event_can_manage(user=request.user, event=event),
        "can_assign": (latest is None or latest.status == Round.Status.COMPLETE)
        and (latest.number if latest else 0) < event.rounds,
        "playing": len(ranked_tables._playing(event, (latest.number + 1) if latest else 1)),
        "scales": RankPointsScale.choices,
        "scale_locked": latest is not None,
        "tab": "manage",
    }
    return render(request, "tournaments/ranked/manage.html", context, status=status)


@login_required
@require_GET
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    if not ranked_tables.is_ranked(event):
        raise Http404
    return _render_manage(request, event)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def settings(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    values = [_int(request.POST.get(k)) for k in ("table_size_min", "table_size_max", "minutes")]
    low, high, minutes = values
    if low is None or high is None or minutes is None:
        messages.error(request, _("Give whole numbers for the table sizes and the minutes."))
        return _render_manage(request, event, status=400)
    done = _run(
        request,
        lambda: ranked_tables.ranked_settings_update(
            actor=request.user,  # type: ignore[arg-type]
            event=event,
            table_size_min=low,
            table_size_max=high,
            session_minutes=minutes,
            rank_points_scale=request.POST.get("rank_points_scale") or None,
        ),
        _("Table settings saved."),
    )
    if not done:
        return _render_manage(request, event, status=400)
    return redirect(_manage_url(event))


@login_required
@require_POST
def assign(request: HttpRequest, slug: str) -> HttpResponse:
    event = managed_event(request, slug)
    holder: dict[str, Round] = {}

    def act() -> None:
        holder["round"] = ranked_tables.tables_assign(
            actor=request.user,  # type: ignore[arg-type]
            event=event,
        )

    if not _run(request, act, _("Tables assigned as a draft.")):
        event.refresh_from_db()
        return _render_manage(request, event, status=400)
    return redirect(_manage_url(event, holder["round"].number))


def _render_round(
    request: HttpRequest, event: Event, round_: Round, *, status: int = 200
) -> HttpResponse:
    tables = ranked_selectors.round_tables(round_=round_)
    # "Start from this claim": the arbiter's form of one table shows a player's claim (GET only).
    chosen = _int(request.GET.get("table"))
    tables = [
        ranked_selectors.with_claim_inputs(view, request.GET.get("use", ""))
        if view.table.pk == chosen
        else view
        for view in tables
    ]
    context = {
        "event": event,
        "round": round_,
        "tables": tables,
        # The start button is offered while a table of a published round has not started.
        "session_waiting": round_.status in (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS)
        and any(view.table.started_at is None for view in tables),
        "can_manage": selectors.event_can_manage(user=request.user, event=event),
        "rounds": Round.objects.filter(event=event).order_by("number"),
        "tab": "manage",
    }
    return render(request, "tournaments/ranked/round.html", context, status=status)


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number, stage=Round.Stage.RANKED_TABLES)


@login_required
@require_GET
def round_manage(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    return _render_round(request, event, _round(event, number))


ROUND_ACTIONS: dict[str, tuple[Callable[..., Any], bool]] = {
    # action: (service, organisers only: arbiters may start the session)
    "publish": (ranked_tables.tables_publish, True),
    "delete": (ranked_tables.tables_delete_draft, True),
    "start": (ranked_tables.tables_start_session, False),
}


@login_required
@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    if action not in ROUND_ACTIONS:
        raise Http404
    service, managers_only = ROUND_ACTIONS[action]
    event = managed_event(request, slug, arbiter=not managers_only)
    round_ = _round(event, number)
    done = _run(
        request,
        lambda: service(actor=request.user, round=round_),
        {
            "publish": _("Tables published."),
            "delete": _("Draft deleted."),
            "start": _("Session started."),
        }[action],
    )
    if not done:
        return _render_round(request, event, round_, status=400)
    if action == "delete":
        return redirect(_manage_url(event))
    return redirect(_manage_url(event, number))


def _table(event: Event, table_id: int) -> GameTable:
    return get_object_or_404(
        GameTable.objects.select_related("round"), pk=table_id, round__event=event
    )


@login_required
@require_POST
def table_result(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    table = _table(event, table_id)
    done = _run(
        request,
        lambda: ranked_results.table_result_set(
            actor=request.user,  # type: ignore[arg-type]
            table=table,
            seats=claim_from_post(table, request.POST),
            reason=request.POST.get("reason", ""),
        ),
        _("Result saved."),
    )
    if not done:
        return _render_round(request, event, table.round, status=400)
    return redirect(_manage_url(event, table.round.number) + f"#table-{table.number}")


@login_required
@require_POST
def table_details(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = managed_event(request, slug, arbiter=True)
    table = _table(event, table_id)
    powers = {
        seat.entry_id: request.POST.get(f"power_{seat.entry_id}", "") for seat in table.seats.all()
    }
    done = _run(
        request,
        lambda: ranked_tables.table_details_set(
            actor=request.user,  # type: ignore[arg-type]
            table=table,
            scenario=request.POST.get("scenario", ""),
            powers=powers,
        ),
        _("Scenario and powers saved."),
    )
    if not done:
        return _render_round(request, event, table.round, status=400)
    return redirect(_manage_url(event, table.round.number) + f"#table-{table.number}")


# ------------------------------------------------------------------------------------ player


def player_page(
    request: HttpRequest, entry: Entry, token: str | None, *, status: int = 200
) -> HttpResponse:
    """A seated player's page: their table, its session clock, and the report form."""
    table = ranked_selectors.entry_current_table(entry=entry)
    view = None
    if table is not None:
        view = next(
            v for v in ranked_selectors.round_tables(round_=table.round) if v.table == table
        )
    context = {
        "event": entry.event,
        "entry": entry,
        "token": token,
        "view": view,
        "table": table,
        "action_base": home_url(entry, token),
        "has_confirmed": table is not None and entry.pk in {table.reported_by_id, *table.agreed},
        "can_confirm": table is not None
        and table.confirmation == GameTable.Confirmation.AWAITING
        and not table.disputed
        and entry.pk not in {table.reported_by_id, *table.agreed},
        "tab": "me",
        **entry_link_callup(entry, token),
    }
    return render(request, "tournaments/ranked/player.html", context, status=status)


def _player_table(entry: Entry, table_id: int) -> GameTable:
    return get_object_or_404(GameTable, pk=table_id, round__event_id=entry.event_id)


@require_POST
def player_report(
    request: HttpRequest, table_id: int, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    table = _player_table(entry, table_id)
    done = _run(
        request,
        lambda: ranked_results.table_result_report(
            entry=entry, table=table, seats=claim_from_post(table, request.POST)
        ),
        _("Your result was recorded."),
    )
    if not done:
        return player_page(request, entry, token, status=400)
    return redirect(home_url(entry, token))


@require_POST
def player_confirm(
    request: HttpRequest, table_id: int, slug: str | None = None, token: str | None = None
) -> HttpResponse:
    if token is None and not request.user.is_authenticated:
        raise Http404
    entry = own_entry(request, slug, token)
    table = _player_table(entry, table_id)
    done = _run(
        request,
        lambda: ranked_results.table_result_confirm(entry=entry, table=table),
        _("Result confirmed."),
    )
    if not done:
        return player_page(request, entry, token, status=400)
    return redirect(home_url(entry, token))


# ------------------------------------------------------------------------------------ public


def standings_html(event: Event) -> str:
    """The ranked standings table (rendered into the cached public standings fragment)."""
    lines = ranked_selectors.standing_lines(event=event)
    complete = Round.objects.filter(event=event, status=Round.Status.COMPLETE).count()
    return render_to_string(
        "tournaments/ranked/_standings.html",
        {"event": event, "lines": lines, "complete_rounds": complete},
    )


def tables_html(event: Event, round_: Round) -> str:
    """A round's tables: who sits where, their powers, the session clock and the results."""
    return render_to_string(
        "tournaments/ranked/_tables.html",
        {
            "event": event,
            "round": round_,
            "tables": ranked_selectors.round_tables(round_=round_),
            "rounds": Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT),
        },
    )
