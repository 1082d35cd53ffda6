"""Reads for the player pages: search, a player's profile, their games, events and rivals.

What a profile shows is what the site already shows anyone (docs/players.md):

* **games**: finished matches only, the same as the record list (``matches.views_ui``), with
  the games of an event still in draft left out (a draft is seen only by the people running
  it). A game still being played appears only as "playing now", linked to its public board,
  which shows what every spectator sees: nothing hidden leaves the server through a profile.
* **events**: public (listed) events that are no longer drafts, with the player's place in
  the standings (final once the event is finished).
* **search** finds players by user name or display name, except those who hid their profile
  from search; a hidden profile's page still opens for whoever has its address (as on
  lichess, hiding keeps a player out of lists, it does not lock a page).

Every function runs a fixed number of queries whatever the number of games (the page lists
one page of 25 at a time); the places in the standings come from a cache keyed by each
event's version, so a warm profile computes no standings at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Count, Q, QuerySet
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from core.models import PlayerProfile
from matches.models import Match
from matches.player_games import player_games_version
from players.rating_chart import rating_chart_svg
from players.selectors_ratings import rating_history, ratings_of
from tournaments.models import Entry, Event
from tournaments.ranked_selectors import standings as ranked_standings
from tournaments.selectors import event_standings
from tournaments.services.ranked_tables import is_ranked

#: Rows per page of every list on the player pages.
PAGE_SIZE = 25
#: The longest search text taken (a longer one is cut, never an error).
QUERY_LIMIT = 100
#: How many games the "playing now" box lists.
PLAYING_NOW_LIMIT = 5
#: How many recent games the head-to-head box draws its list of opponents from.
RECENT_OPPONENT_GAMES = 200
#: How many of those opponents the picker offers (the most recent first, then by name).
RECENT_OPPONENTS = 50
PLACES_KEY = "players:places:{event_id}:{version}"
PLACES_TIMEOUT = 60 * 60 * 24
GAMES_KEY = "players:games:{user_id}:{version}:{name}:{digest}"
GAMES_TIMEOUT = 60 * 60

T = TypeVar("T")

User = get_user_model()


# -------------------------------------------------------------------------------- players


def player_by_username(username: str) -> Any | None:
    """The active account called ``username`` (with its profile), or ``None``."""
    return User.objects.filter(username=username, is_active=True).select_related("profile").first()


def player_search(query: str) -> QuerySet[PlayerProfile]:
    """Profiles whose user name or display name contains ``query`` (any case), hidden ones
    left out, by display name; every visible profile for an empty query."""
    profiles = PlayerProfile.objects.filter(
        hidden_from_search=False, user__is_active=True
    ).select_related("user")
    query = query.strip()[:QUERY_LIMIT]
    if query:
        profiles = profiles.filter(
            Q(user__username__icontains=query) | Q(display_name__icontains=query)
        )
    return profiles.order_by("display_name", "user__username")


@dataclass(frozen=True, slots=True)
class ProfileRating:
    """One rating of a profile: the pool's label, the rating as lists show it (``1642?`` while
    provisional), rated games, place in the pool's list, and the history chart."""

    key: str
    label: str
    rating: str
    provisional: bool
    games: int
    rank: int
    chart: SafeString


def profile_ratings(user: Any) -> list[ProfileRating]:
    """The player's site ratings, one per pool (game and format), each with its history drawn
    as a server-rendered SVG chart (``players.rating_chart``); empty when the player has no
    rated game. ``templates/players/_profile_ratings.html`` renders it."""
    found = []
    for current in ratings_of(user):
        label = str(current.pool.label)
        chart = rating_chart_svg(
            rating_history(user, current.pool.key),
            title=gettext("Rating history: %(pool)s") % {"pool": label},
        )
        found.append(
            ProfileRating(
                key=current.pool.key,
                label=label,
                rating=current.display,
                provisional=current.provisional,
                games=current.games,
                rank=current.rank,
                chart=chart,
            )
        )
    return found


# ---------------------------------------------------------------------------------- games


def _draft_event_ids() -> QuerySet[Event]:
    return Event.objects.filter(status=Event.Status.DRAFT).values("pk")


def _seated(user: Any) -> Q:
    return Q(red_player=user) | Q(blue_player=user)


def finished_games(
    user: Any, *, game: str = "", opponent_query: str = "", opponent: Any = None
) -> QuerySet[Match]:
    """``user``'s finished games anyone may see, newest first (see the module docstring).

    ``game`` keeps one game (a registry key); ``opponent_query`` keeps the games whose
    opponent's name or user name contains it; ``opponent`` keeps the games against that
    account (head-to-head).
    """
    games = (
        Match.objects.filter(_seated(user), status=Match.Status.FINISHED)
        .exclude(event_id__in=_draft_event_ids())
        .select_related("red_player", "blue_player")
        .only(
            "pk",
            "kind",
            "game",
            "variant",
            "time_control",
            "rated",
            "event_id",
            "meta",
            "winner",
            "method",
            "finished_at",
            "red_name",
            "blue_name",
            "red_player__username",
            "blue_player__username",
        )
        .order_by("-finished_at", "-pk")
    )
    if game:
        games = games.filter(game=game)
    query = opponent_query.strip()[:QUERY_LIMIT]
    if query:
        games = games.filter(
            Q(red_player=user)
            & (Q(blue_name__icontains=query) | Q(blue_player__username__icontains=query))
            | Q(blue_player=user)
            & (Q(red_name__icontains=query) | Q(red_player__username__icontains=query))
        )
    if opponent is not None:
        games = games.filter(
            Q(red_player=user, blue_player=opponent) | Q(blue_player=user, red_player=opponent)
        )
    return games


@dataclass(frozen=True)
class GameLine:
    """One finished game as the profile's owner played it."""

    match: Match
    colour: str  # "red" | "blue": the owner's seat
    opponent_name: str  # as the record names the opponent
    opponent_username: str  # "" for a seat without an account
    result: str  # "win" | "loss" | "draw" | "none" (no winner, e.g. both missed the set-up)
    has_record: bool  # online games have a step-through record; over-the-board ones do not


def _result(match: Match, colour: str) -> str:
    if match.winner == colour:
        return "win"
    if match.winner in (Match.Winner.RED, Match.Winner.BLUE):
        return "loss"
    if match.winner == Match.Winner.DRAW:
        return "draw"
    return "none"


def game_lines(user: Any, games: Any) -> list[GameLine]:
    """Each of ``games`` (finished, ``user`` seated) from ``user``'s side of the board."""
    lines = []
    for match in games:
        colour = "red" if match.red_player_id == user.pk else "blue"
        other = match.blue_player if colour == "red" else match.red_player
        lines.append(
            GameLine(
                match=match,
                colour=colour,
                opponent_name=match.blue_name if colour == "red" else match.red_name,
                opponent_username=other.username if other is not None else "",
                result=_result(match, colour),
                has_record=match.kind == Match.Kind.ONLINE,
            )
        )
    return lines


def _cached(user: Any, name: str, parts: tuple[Any, ...], compute: Callable[[], T]) -> T:
    """``compute()``, cached under the version of ``user``'s games (``matches.player_games``):
    a game of theirs that finishes, is corrected or changes hands makes a new version."""
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    key = GAMES_KEY.format(
        user_id=user.pk, version=player_games_version(user.pk), name=name, digest=digest
    )
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, GAMES_TIMEOUT)
    return cast(T, value)


class CachedGames:
    """The finished games of a query, for Django's ``Paginator``: the count and each page's
    ids come from the cache (keyed by the player's games version and the filters), the rows of
    the page from their primary keys, so a warm page never sorts the player's whole history."""

    def __init__(self, user: Any, games: QuerySet[Match], filters: tuple[Any, ...]) -> None:
        self.user = user
        self.games = games
        self.filters = filters

    def count(self) -> int:
        return _cached(self.user, "count", self.filters, self.games.count)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, window: slice) -> list[Match]:
        start, stop = window.start or 0, window.stop
        ids: list[int] = _cached(
            self.user,
            "ids",
            (*self.filters, start, stop),
            lambda: list(self.games.values_list("pk", flat=True)[start:stop]),
        )
        rows = self.games.filter(pk__in=ids).order_by().in_bulk()
        return [rows[pk] for pk in ids if pk in rows]


def games_for_pages(
    user: Any, *, game: str = "", opponent_query: str = "", opponent: Any = None
) -> CachedGames:
    """:func:`finished_games` with these filters, ready for a ``Paginator``."""
    games = finished_games(user, game=game, opponent_query=opponent_query, opponent=opponent)
    filters = (game, opponent_query.strip()[:QUERY_LIMIT], getattr(opponent, "pk", None))
    return CachedGames(user, games, filters)


@dataclass(frozen=True)
class HeadToHead:
    """``user``'s score against one opponent over their finished games."""

    opponent: Any
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def head_to_head(user: Any, opponent: Any) -> HeadToHead:
    """Wins, draws and losses of ``user`` against ``opponent`` (one query; cached)."""

    def count() -> dict[str, int]:
        red, blue = Match.Winner.RED, Match.Winner.BLUE
        won = Q(red_player=user, winner=red) | Q(blue_player=user, winner=blue)
        lost = Q(red_player=user, winner=blue) | Q(blue_player=user, winner=red)
        return finished_games(user, opponent=opponent).aggregate(
            wins=Count("pk", filter=won),
            draws=Count("pk", filter=Q(winner=Match.Winner.DRAW)),
            losses=Count("pk", filter=lost),
        )

    totals = _cached(user, "h2h", (opponent.pk,), count)
    return HeadToHead(opponent, totals["wins"], totals["draws"], totals["losses"])


def find_opponent(text: str) -> Any | None:
    """The account ``text`` names: its user name (any case), else a display name only one
    active account has."""
    text = text.strip()[:QUERY_LIMIT]
    if not text:
        return None
    accounts = User.objects.filter(is_active=True).select_related("profile")
    found = accounts.filter(username__iexact=text).first()
    if found is not None:
        return found
    named = list(accounts.filter(profile__display_name__iexact=text)[:2])
    return named[0] if len(named) == 1 else None


def recent_opponents(user: Any) -> list[tuple[str, str]]:
    """``(user name, name)`` of the accounts ``user`` met in their recent finished games, for
    the head-to-head picker (one query over at most ``RECENT_OPPONENT_GAMES`` games)."""

    def opponents() -> list[tuple[str, str]]:
        seen: dict[str, str] = {}
        for line in game_lines(user, finished_games(user)[:RECENT_OPPONENT_GAMES]):
            if line.opponent_username and line.opponent_username not in seen:
                seen[line.opponent_username] = line.opponent_name
        recent = list(seen.items())[:RECENT_OPPONENTS]
        return sorted(recent, key=lambda item: item[1].casefold())

    return _cached(user, "opponents", (), opponents)


def game_choices_played(user: Any) -> list[tuple[str, str]]:
    """``(key, name)`` of the games ``user`` has finished games of, for the game filter."""
    labels = dict(Match._meta.get_field("game").choices or [])
    keys = finished_games(user).order_by().values_list("game", flat=True).distinct()
    return sorted(((key, str(labels.get(key, key))) for key in keys), key=lambda c: c[1])


def playing_now(user: Any) -> list[Match]:
    """``user``'s games waiting to start or being played (public board only), newest first."""
    return list(
        Match.objects.filter(_seated(user), status__in=(Match.Status.PENDING, Match.Status.RUNNING))
        .exclude(event_id__in=_draft_event_ids())
        .only("pk", "kind", "game", "status", "red_name", "blue_name", "red_player_id")
        .order_by("-created_at", "-pk")[:PLAYING_NOW_LIMIT]
    )


# --------------------------------------------------------------------------------- events


def player_entries(user: Any) -> QuerySet[Entry]:
    """``user``'s entries in listed events that are no longer drafts, newest event first;
    waitlist places that never became entries are left out."""
    return (
        Entry.objects.filter(
            user=user,
            event__visibility=Event.Visibility.PUBLIC,
        )
        .exclude(event__status=Event.Status.DRAFT)
        .exclude(status=Entry.Status.WAITLISTED)
        .select_related("event")
        .order_by("-event__starts_on", "-event__pk")
    )


def _places(event: Event) -> dict[int, int]:
    """Entry id → place in ``event``'s standings (its final ranking once finished)."""
    if is_ranked(event):
        return {row.player: row.rank for row in ranked_standings(event)}
    return {line.entry.pk: line.row.rank for line in event_standings(event=event).lines}


def entry_places(entries: list[Entry]) -> dict[int, int]:
    """The place of each of ``entries`` (id → place; missing: no round played yet).

    Each event's places are cached under its version, which every change of its results
    bumps (``tournaments.broadcast``), so a cached place is never stale.
    """
    keys = {
        entry.pk: PLACES_KEY.format(event_id=entry.event_id, version=entry.event.version)
        for entry in entries
    }
    cached: dict[str, dict[int, int]] = cache.get_many(set(keys.values()))
    places: dict[int, int] = {}
    for entry in entries:
        key = keys[entry.pk]
        if key not in cached:
            cached[key] = (
                _places(entry.event) if entry.event.status != Event.Status.REGISTRATION else {}
            )
            cache.set(key, cached[key], PLACES_TIMEOUT)
        if entry.pk in cached[key]:
            places[entry.pk] = cached[key][entry.pk]
    return places
