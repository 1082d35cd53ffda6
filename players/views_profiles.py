"""The player pages: search (``/players/``) and a player's profile (``/players/<username>/``).

Both only read, and show only what anyone may see (``players.selectors_profile``); they answer
GET alone. Lists are paginated by ``PAGE_SIZE``; a page number out of range shows the last page,
as the record list does.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from players import selectors_profile as profiles


@require_GET
def player_search(request: HttpRequest) -> HttpResponse:
    """Find a player by user name or display name; hidden profiles are not listed."""
    query = request.GET.get("q", "").strip()[: profiles.QUERY_LIMIT]
    page = Paginator(profiles.player_search(query), profiles.PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(request, "players/profile_search.html", {"page": page, "query": query})


def _opponent(request: HttpRequest, user: Any) -> tuple[Any, str]:
    """The head-to-head opponent asked for by ``?vs=``, and an error to show if not found."""
    text = request.GET.get("vs", "").strip()
    if not text:
        return None, ""
    opponent = profiles.find_opponent(text)
    if opponent is None:
        return None, _("No player called “%(name)s”: give a user name.") % {"name": text[:100]}
    if opponent.pk == user.pk:
        return None, _("Choose an opponent, not the player themself.")
    return opponent, ""


@require_GET
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's display name, ratings, events with places, games and head-to-head."""
    user = profiles.player_by_username(username)
    if user is None:
        raise Http404
    game = request.GET.get("game", "").strip()
    opponent_query = request.GET.get("opponent", "").strip()[: profiles.QUERY_LIMIT]
    opponent, opponent_error = _opponent(request, user)
    games = profiles.games_for_pages(
        user, game=game, opponent_query=opponent_query, opponent=opponent
    )
    games_page = Paginator(games, profiles.PAGE_SIZE).get_page(request.GET.get("page"))
    events_page = Paginator(profiles.player_entries(user), profiles.PAGE_SIZE).get_page(
        request.GET.get("events_page")
    )
    entries = list(events_page.object_list)
    places = profiles.entry_places(entries)
    filters = request.GET.copy()
    filters.pop("page", None)
    events_filters = request.GET.copy()
    events_filters.pop("events_page", None)
    profile = getattr(user, "profile", None)
    context = {
        "player": user,
        "display_name": profile.display_name if profile else user.get_username(),
        "hidden": bool(profile and profile.hidden_from_search),
        "own": request.user.is_authenticated and request.user.pk == user.pk,
        "ratings": profiles.profile_ratings(user),
        "playing_now": profiles.playing_now(user),
        "events_page": events_page,
        "events": [(entry, places.get(entry.pk)) for entry in entries],
        "games_page": games_page,
        "games": profiles.game_lines(user, games_page.object_list),
        "game_choices": profiles.game_choices_played(user),
        "game": game,
        "opponent_query": opponent_query,
        "vs": request.GET.get("vs", "").strip()[: profiles.QUERY_LIMIT],
        "opponent_error": opponent_error,
        "head_to_head": profiles.head_to_head(user, opponent) if opponent else None,
        "opponents": profiles.recent_opponents(user),
        "filters": filters.urlencode(),
        "events_filters": events_filters.urlencode(),
    }
    return render(request, "players/profile.html", context)
