"""Past positions of an online match, as one seat saw them, at a bounded cost per request.

A *past position* is the game state after decision ``ply`` (0: the start). Decisions are only
ever appended to a match, so the state after ``ply`` is fixed once ``ply`` is behind the
match's current ply, and so is each seat's view of it. Two caches use that:

* **views** — the finished answer for ``(match, ply, viewer)``, where the viewer is ``red``,
  ``blue`` or ``spectator``. The key names the viewer, so one seat's view (which holds its own
  general and cards) is never served to another seat or to a spectator.
* **snapshots** — the full state (secrets included, never sent anywhere) every
  ``SNAPSHOT_EVERY`` plies. A view not cached yet starts from the nearest snapshot at or
  below ``ply`` and applies at most ``SNAPSHOT_EVERY - 1`` decisions, instead of replaying
  the game from its first decision; the snapshots it passes on the way are stored.

The current position is never cached: it is the match's own state, already in memory, and a
result decided outside the game may still rewrite it once (軍棋's ``conclude``). Both caches live in
Django's default cache (Redis in production: shared by every process), so they survive a
restart of one process and expire on their own (``POSITION_CACHE_SECONDS``).
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from django.core.cache import cache

from matches.errors import MatchError
from matches.models import Match, MatchMove
from matches.selectors import match_game_state, match_rules, match_setup, seat_side

#: A full state is kept every this many plies (a cache miss applies fewer decisions than this).
SNAPSHOT_EVERY: Final = 16
#: How long a cached view or snapshot lives (seconds): a day covers any event day.
POSITION_CACHE_SECONDS: Final = 24 * 60 * 60


def _match_tag(match: Match) -> str:
    """The match in a cache key: its id and a digest of its random seat token, so a key never
    outlives its match (a database rebuilt under a long-lived cache reuses ids)."""
    digest = hashlib.sha256(match.red_token.encode()).hexdigest()[:16]
    return f"{match.pk}-{digest}"


def _view_key(match: Match, ply: int, viewer_seat: str | None) -> str:
    return f"match-position:{_match_tag(match)}:{ply}:{viewer_seat or 'spectator'}"


def _snapshot_key(match: Match, ply: int) -> str:
    return f"match-snapshot:{_match_tag(match)}:{ply}"


def _snapshot_plies(ply: int) -> list[int]:
    """The plies at or below ``ply`` that may hold a snapshot, nearest first (0 excluded:
    the start position is built from the set-up)."""
    return list(range(ply - ply % SNAPSHOT_EVERY, 0, -SNAPSHOT_EVERY))


def _state_after(match: Match, ply: int) -> Any:
    """The game state after decision ``ply`` (``0 <= ply < match.ply``), from the nearest
    snapshot; the snapshots passed on the way are stored."""
    rules = match_rules(match)
    candidates = _snapshot_plies(ply)
    found = cache.get_many([_snapshot_key(match, p) for p in candidates])
    start, state = 0, None
    for p in candidates:
        data = found.get(_snapshot_key(match, p))
        if data is not None:
            start, state = p, rules.state_from_dict(data)
            break
    if state is None:
        state = rules.initial_state(match_setup(match))
    new_snapshots: dict[str, Any] = {}
    texts = MatchMove.objects.filter(match_id=match.pk, ply__gt=start, ply__lte=ply)
    for at, text in texts.order_by("ply").values_list("ply", "action"):
        state = rules.apply(state, rules.parse_action(text))
        if at % SNAPSHOT_EVERY == 0:
            new_snapshots[_snapshot_key(match, at)] = rules.state_to_dict(state)
    if new_snapshots:
        cache.set_many(new_snapshots, POSITION_CACHE_SECONDS)
    return state


def match_position_view(*, match: Match, viewer_seat: str | None, ply: int) -> dict[str, Any]:
    """The position after decision ``ply`` of an online match, as ``viewer_seat`` saw it then.

    This is what the live board shows when a player steps back through the move list: the
    game's own ``rules.view`` of that past state for that seat (so nothing the seat could not see
    at the time, and never its opponent's secrets), with no legal decisions (nobody acts in a
    past position). Raises ``MatchError`` for an over-the-board match (``wrong_kind``) or a ply
    beyond the match's (``bad_message``).
    """
    if match.kind != Match.Kind.ONLINE:
        raise MatchError("wrong_kind", ply=match.ply)
    if not 0 <= ply <= match.ply:
        raise MatchError("bad_message", ply=match.ply, detail=f"ply {ply} of {match.ply}")
    if ply == match.ply:  # the current position: the match's own state, never cached
        view = match_rules(match).view(match_game_state(match), seat_side(viewer_seat))
        view["legal_actions"] = []
        return view
    key = _view_key(match, ply, viewer_seat)
    cached: dict[str, Any] | None = cache.get(key)
    if cached is not None:
        return cached
    view = match_rules(match).view(_state_after(match, ply), seat_side(viewer_seat))
    view["legal_actions"] = []
    cache.set(key, view, POSITION_CACHE_SECONDS)
    return view


def match_seat_frame_view(*, match: Match, seat: str, ply: int) -> dict[str, Any]:
    """The game view the seat's own frame carried after decision ``ply`` (0: the start).

    This is what a client playing ``seat`` received over its socket (docs/protocol.md §2) when
    the match stood at ``ply``: the game's ``rules.view`` of that state for that seat, with the
    decisions it was offered then (a past position on the board shows none, see
    ``match_position_view``). A player that keeps no socket open (the computer opponent,
    ``play.computer_player``) reads the frames it would have received here. Only a seat, never
    a spectator, and only up to the match's ply (``bad_message`` otherwise).
    """
    if match.kind != Match.Kind.ONLINE:
        raise MatchError("wrong_kind", ply=match.ply)
    if seat not in ("red", "blue") or not 0 <= ply <= match.ply:
        raise MatchError("bad_message", ply=match.ply, detail=f"seat {seat!r} ply {ply}")
    state = match_game_state(match) if ply == match.ply else _state_after(match, ply)
    return match_rules(match).view(state, seat_side(seat))
