"""The rating lists: ``/ratings/`` (every pool) and ``/ratings/<pool>/`` (one pool's players,
best first, paginated, with a search box). Read-only pages for everyone."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from players.pools import pool_by_key
from players.selectors_ratings import (
    SEARCH_LIMIT,
    display_name,
    pool_ratings,
    pool_search,
    pools_overview,
    rank_in_pool,
    rating_now,
)

#: Players on one page of a pool's list.
PLAYERS_PER_PAGE = 50


@require_GET
def ratings_index(request: HttpRequest) -> HttpResponse:
    """Every rating pool with its number of rated players."""
    return render(request, "players/ratings/index.html", {"pools": pools_overview()})


@require_GET
def ratings_pool(request: HttpRequest, key: str) -> HttpResponse:
    """One pool's list; ``?q=`` searches it by name (players hidden from search are not
    found), ``?page=`` pages through it."""
    pool = pool_by_key(key)
    if pool is None:
        raise Http404("no such rating pool")
    query = request.GET.get("q", "").strip()[:SEARCH_LIMIT]
    rows = pool_search(pool, query) if query else pool_ratings(pool)
    page = Paginator(rows, PLAYERS_PER_PAGE).get_page(request.GET.get("page"))
    now = timezone.now()
    entries = []
    for offset, row in enumerate(page.object_list):
        rating = rating_now(row, now)
        entries.append(
            {
                "rank": rank_in_pool(row) if query else page.start_index() + offset,
                "name": display_name(row.user),
                "username": row.user.username,
                "rating": rating.display(),
                "provisional": rating.is_provisional(),
                "games": row.games,
                "last_played_at": row.last_played_at,
            }
        )
    context = {"pool": pool, "page": page, "entries": entries, "query": query}
    return render(request, "players/ratings/pool.html", context)
