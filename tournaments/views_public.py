"""Pages anyone may see: event list, event page, pairings, results, standings, bracket, players.

Only published data appears here: draft rounds never, draft events only to the people running
them. The busy pages (standings, a round's pairings, the bracket) are served from a cache of
rendered fragments keyed by event, version and language: every change bumps the version
(``tournaments.broadcast``), so a cached fragment is never stale, and a cache hit costs no
database query at all. The surrounding page (header, language switcher with its CSRF token) is
rendered per request, so nothing personal is ever cached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import broadcast, selectors, views_ranked, waitlist
from tournaments.bracket_svg import bracket_svg
from tournaments.models import Entry, Event, Round
from tournaments.services import ranked_tables
from tournaments.services.entries import entry_register
from tournaments.services.field import recommended_rounds
from tournaments.views_common import attempt, visible_event

FRAGMENT_TIMEOUT = 60 * 60
SLUG_KEY = "tournaments:slug:{slug}"
FRAGMENT_KEY = "tournaments:fragment:{event_id}:{version}:{lang}:{name}"
PAGE_KEY = "tournaments:page:{event_id}:{version}:{lang}:{path}"
CSRF_PLACEHOLDER = "__tournaments_csrf_placeholder__"


def event_list(request: HttpRequest) -> HttpResponse:
    """Listed events (public and no longer drafts)."""
    events = selectors.event_list_public()
    managed = (
        selectors.event_list_managed(user=request.user) if request.user.is_authenticated else []
    )
    return render(request, "tournaments/event_list.html", {"events": events, "managed": managed})


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    entries = selectors.event_entries(event=event)
    own_entry = selectors.entry_for_user(event=event, user=request.user)
    context = {
        "event": event,
        "entries": entries,
        "active_count": sum(1 for e in entries if e.status == Entry.Status.ACTIVE),
        "waitlist": waitlist.queue(event),
        "own_position": waitlist.position_of(own_entry) if own_entry else None,
        "ranked": ranked_tables.is_ranked(event),
        "rounds": selectors.event_rounds(event=event, public=True),
        "own_entry": own_entry,
        "role": selectors.event_role_of(user=request.user, event=event),
        "tiebreaks": [
            (code, selectors.TIEBREAK_LABELS.get(code, code))
            for code in selectors.event_tiebreak_codes(event)
        ],
        "recommended_rounds": recommended_rounds(len(entries)),
        "tab": "event",
    }
    return render(request, "tournaments/event_detail.html", context)


@login_required
@require_POST
def event_register(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    entry = attempt(
        request,
        lambda: entry_register(event=event, user=request.user),  # type: ignore[arg-type]
    )
    if entry is not None and entry.is_waitlisted:
        messages.success(
            request,
            _("The event is full: you are on the waitlist, position %(position)s.")
            % {"position": waitlist.position_of(entry)},
        )
    elif entry is not None:
        messages.success(request, _("You are registered."))
    return redirect("tournaments:event_detail", slug=event.slug)


# ------------------------------------------------------------------------- cached fragments


def public_fragment(
    request: HttpRequest, slug: str, name: str, build: Callable[[Event], dict[str, Any]]
) -> dict[str, Any]:
    """The rendered fragment ``name`` of the event ``slug``: from the cache when possible.

    ``build(event)`` returns ``{"title": ..., "html": ..., **anything}``; it runs on a miss and
    its result is cached under the event's current version. Drafts are never cached.
    """
    event_id = cache.get(SLUG_KEY.format(slug=slug))
    event: Event | None = None
    if event_id is None:
        event = visible_event(request, slug)
        event_id = event.pk
        cache.set(SLUG_KEY.format(slug=slug), event_id, None)
    version = cache.get(broadcast.VERSION_KEY.format(event_id=event_id))
    if version is None:
        event = event or visible_event(request, slug)
        version = broadcast.cached_version(event_id=event.pk, db_version=event.version)
    key = FRAGMENT_KEY.format(event_id=event_id, version=version, lang=get_language(), name=name)
    payload: dict[str, Any] | None = cache.get(key)
    if payload is not None:
        return payload | {"version": version}
    event = event or visible_event(request, slug)
    payload = build(event)
    payload.setdefault("event_id", event.pk)
    payload.setdefault("slug", event.slug)
    payload.setdefault("event_name", event.name)
    latest = Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).last()
    payload.setdefault("latest_round", latest.number if latest else None)
    payload.setdefault("has_bracket", event.bracket_matches.exists())
    if event.status != Event.Status.DRAFT:
        cache.set(key, payload, FRAGMENT_TIMEOUT)
    else:
        payload["draft"] = True
    return payload | {"version": version}


def _page(
    request: HttpRequest, payload: dict[str, Any], name: str, fragment_url: str, tab: str
) -> HttpResponse:
    """The page around a fragment. For anonymous visitors (the crowd watching standings) the
    whole page is cached too, with a placeholder where the CSRF token of the language switcher
    goes; each response gets the visitor's own token, exactly as a fresh render would."""
    if payload.get("draft"):
        visible_event(request, payload["slug"])  # permission check; drafts are never cached
    key = None
    if (
        not request.user.is_authenticated
        and not payload.get("draft")
        and not request.GET
        and not len(messages.get_messages(request))
    ):
        key = PAGE_KEY.format(
            event_id=payload["event_id"],
            version=payload["version"],
            lang=get_language(),
            path=request.path,
        )
        html = cache.get(key)
        if html is not None:
            return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))
    role = None
    if request.user.is_authenticated:
        event = Event.objects.filter(pk=payload["event_id"]).first()
        role = event and selectors.event_role_of(user=request.user, event=event)
    context = {
        "role": role,
        "payload": payload,
        "fragment_name": name,
        "fragment_url": fragment_url,
        "tab": tab,
        "slug": payload["slug"],
        "event_name": payload["event_name"],
        "event_id": payload["event_id"],
    }
    if key is None:
        return render(request, "tournaments/fragment_page.html", context)
    context["csrf_token"] = CSRF_PLACEHOLDER
    html = render_to_string("tournaments/fragment_page.html", context, request=request)
    cache.set(key, html, FRAGMENT_TIMEOUT)
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def _fragment(request: HttpRequest, payload: dict[str, Any]) -> HttpResponse:
    if payload.get("draft"):
        visible_event(request, payload["slug"])
    return HttpResponse(payload["html"])


def _build_standings(event: Event) -> dict[str, Any]:
    if ranked_tables.is_ranked(event):
        return {"title": _("Standings"), "html": views_ranked.standings_html(event)}
    table = selectors.event_standings(event=event)
    html = render_to_string("tournaments/_standings_table.html", {"table": table, "event": event})
    return {"title": _("Final ranking") if table.final else _("Standings"), "html": html}


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    payload = public_fragment(request, slug, "standings", _build_standings)
    return _page(request, payload, "standings", request.path + "fragment/", "standings")


def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return _fragment(request, public_fragment(request, slug, "standings", _build_standings))


def _build_round(number: int) -> Callable[[Event], dict[str, Any]]:
    def build(event: Event) -> dict[str, Any]:
        round_ = Round.objects.filter(event=event, number=number).first()
        if round_ is None or not round_.is_public:
            raise Http404
        if round_.stage == Round.Stage.RANKED_TABLES:
            html = views_ranked.tables_html(event, round_)
            return {"title": _("Round %(number)s") % {"number": number}, "html": html}
        html = render_to_string(
            "tournaments/_round_pairings.html",
            {
                "event": event,
                "round": round_,
                "pairings": selectors.round_pairings(round=round_),
                "rounds": selectors.event_rounds(event=event, public=True),
            },
        )
        return {"title": _("Round %(number)s") % {"number": number}, "html": html}

    return build


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    payload = public_fragment(request, slug, f"round-{number}", _build_round(number))
    return _page(request, payload, "pairings", request.path + "fragment/", "rounds")


def round_fragment(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _fragment(
        request, public_fragment(request, slug, f"round-{number}", _build_round(number))
    )


def _build_bracket(event: Event) -> dict[str, Any]:
    matches = selectors.event_bracket(event=event)
    html = render_to_string(
        "tournaments/_bracket.html",
        {"event": event, "svg": bracket_svg(matches), "matches": matches},
    )
    return {"title": _("Bracket"), "html": html}


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    payload = public_fragment(request, slug, "bracket", _build_bracket)
    return _page(request, payload, "bracket", request.path + "fragment/", "bracket")


def bracket_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return _fragment(request, public_fragment(request, slug, "bracket", _build_bracket))


def player_detail(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    event = visible_event(request, slug)
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    context = {
        "event": event,
        "entry": entry,
        "lines": selectors.entry_history(entry=entry, public=True),
        "tab": "standings",
    }
    return render(request, "tournaments/player_detail.html", context)
