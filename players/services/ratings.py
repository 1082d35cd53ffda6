"""Rated results recorded in the transaction that records the result, and pools re-computed
after a correction (docs/ratings.md, "On the site").

Entry points (connected in ``PlayersConfig.ready``):

* ``rating_record_match``: a match's result was set or corrected
  (``matches.signals.match_result_recorded``, inside the match's transaction);
* ``rating_record_table``: a ranked table's result became final or was corrected
  (``tournaments.signals.table_result_confirmed``, inside the table's transaction).

Which results count (``match_rated_result``): a match created rated (``Match.rated``: the
event's option), between two accounts, won or drawn over the board or with at least one
decision by each side online; no-shows, forfeits, missed set-ups and results without a
winner are not rated, like lichess, which rates no game in which a move was not played.

A result that arrives in order (after every rated game of its players in the pool) is one
instant update (``ratings.rate_result``) on the stored standings. A correction, a void, or a
result older than a player's last rated game re-computes the pool from that point in order:
every later result that shares a player with a re-computed one, transitively, is re-rated,
and the others keep their rows. The stored ratings are then exactly what a from-scratch
``ratings.replay_results`` of the pool's rated results gives.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from players.models import RatingPool, SiteRating, SiteRatingChange
from players.pools import Pool, pool_of
from players.services.rating_rows import (
    change_row,
    current_row,
    insert_rows,
    results_of,
    standing_of,
)
from ratings import PlayerRating, RatedResult, RatingSystem, rate_result

#: Match methods that never rate: nothing was played (docs/ratings.md, "Which games count").
UNRATED_METHODS = frozenset({"forfeit", "no_show", "setup_timeout"})
#: An online game is rated once each side has made a decision (lichess: two moves).
MIN_ONLINE_PLIES = 2
_RANKS = {"red": (1, 2), "blue": (2, 1), "draw": (1, 1)}


def match_rated_result(match: Any) -> RatedResult | None:
    """The rated result a match's current result makes, or None when it does not count."""
    if not match.rated or match.status != "finished" or match.finished_at is None:
        return None
    red, blue = match.red_player_id, match.blue_player_id
    if red is None or blue is None or red == blue:
        return None
    if match.winner not in _RANKS or match.method in UNRATED_METHODS:
        return None
    if match.kind == "online" and match.ply < MIN_ONLINE_PLIES:
        return None
    pool = pool_of(match.game, match.variant)
    if pool is None or pool.system is not RatingSystem.GLICKO2:
        return None
    return RatedResult(
        game_id=match.pk,
        finished_at=match.finished_at,
        rating_key=pool.key,
        system=pool.system,
        players=(red, blue),
        ranks=_RANKS[match.winner],
    )


def table_rated_result(table: Any, finished_at: datetime) -> RatedResult | None:
    """The rated result of a ranked table's confirmed placings, or None when it does not count.

    Only players with accounts are rated, by their places among themselves; a table with fewer
    than two of them is not rated."""
    event = table.round.event
    pool = pool_of(event.game)
    if not event.rated or pool is None or pool.system is not RatingSystem.PLACKETT_LUCE:
        return None
    seats = [
        (seat.place, seat.entry.user_id)
        for seat in table.seats.select_related("entry")
        if seat.entry.user_id is not None and seat.place is not None
    ]
    if len({user for _place, user in seats}) != len(seats) or len(seats) < 2:
        return None
    seats.sort()
    return RatedResult(
        game_id=table.pk,
        finished_at=finished_at,
        rating_key=pool.key,
        system=pool.system,
        players=tuple(user for _place, user in seats),
        ranks=tuple(place for place, _user in seats),
    )


def rating_record_match(*, match: Any, previous: dict[str, str] | None = None, **_: Any) -> None:
    """Rate (or re-rate, or un-rate) the match whose result was just set or corrected.

    ``previous`` is None for a first result. Called inside the match's transaction."""
    if not match.rated:  # an unrated match never had rating rows
        return
    result = match_rated_result(match)
    pool = pool_of(match.game, match.variant)
    if pool is None or (result is None and previous is None):
        return
    _record(pool, SiteRatingChange.Source.MATCH, match.pk, result, first=previous is None)


def rating_record_table(*, table: Any, corrected: bool = False, **_: Any) -> None:
    """Rate (or re-rate) a ranked table whose result just became final or was corrected.

    A correction keeps the table's first confirmation time, so it stays where it was in the
    pool's order. Called inside the table's transaction."""
    pool = pool_of(table.round.event.game)
    if pool is None or pool.system is not RatingSystem.PLACKETT_LUCE:
        return
    earlier = (
        SiteRatingChange.objects.filter(rating_key=pool.key, game_id=table.pk)
        .values_list("finished_at", flat=True)
        .first()
    )
    result = table_rated_result(table, earlier or timezone.now())
    if result is None and not corrected:
        return
    _record(pool, SiteRatingChange.Source.TABLE, table.pk, result, first=not corrected)


def _lock_pool(pool: Pool) -> None:
    """Lock the pool's row (created on first use): one rating transaction at a time per pool."""
    if RatingPool.objects.select_for_update().filter(pk=pool.key).exists():
        return
    RatingPool.objects.bulk_create(
        [RatingPool(key=pool.key, system=pool.system.value)], ignore_conflicts=True
    )
    RatingPool.objects.select_for_update().get(pk=pool.key)


def _record(
    pool: Pool, source: str, game_id: int, result: RatedResult | None, *, first: bool
) -> None:
    """Rate ``result`` (None: the game no longer counts) for game ``game_id`` of the pool.

    ``first``: the game has never had a result, so it has no rows yet."""
    _lock_pool(pool)
    old = (
        [] if first else list(SiteRatingChange.objects.filter(rating_key=pool.key, game_id=game_id))
    )
    if not old and result is None:
        return
    if not old and result is not None:
        current = {
            row.user_id: row
            for row in SiteRating.objects.filter(rating_key=pool.key, user__in=result.players)
        }
        if all(row.last_played_at < result.finished_at for row in current.values()):
            _rate_in_order(pool, source, result, current)
            return
    points = [(row.finished_at, row.game_id) for row in old]
    if result is not None:
        points.append(result.order)
    players = {row.user_id for row in old} | set(result.players if result else ())
    pool_recompute(
        pool=pool, source=source, since=min(points), players=players, replace=(game_id, result)
    )


def _rate_in_order(
    pool: Pool, source: str, result: RatedResult, current: dict[int, SiteRating]
) -> None:
    """The instant update: one result after every rated game of its players in the pool."""
    standings = {user: standing_of(row) for user, row in current.items()}
    changes = rate_result(result, standings)
    insert_rows(
        SiteRatingChange,
        [change_row(change, result, source, i) for i, change in enumerate(changes)],
    )
    _save_current(pool, {change.player: change.standing() for change in changes}, current)


def _save_current(
    pool: Pool, standings: dict[int, PlayerRating | None], current: dict[int, SiteRating]
) -> None:
    """Store each player's new current rating (None: no rated game left in the pool): the old
    rows go and the new ones are written in one statement each, for two players or for a
    whole pool re-computed."""
    if current:
        SiteRating.objects.filter(pk__in=[row.pk for row in current.values()]).delete()
    insert_rows(
        SiteRating,
        [
            current_row(user, pool.key, pool.system.value, standing)
            for user, standing in standings.items()
            if standing is not None
        ],
    )


def _at_or_after(since: tuple[datetime, int]) -> Q:
    at, game_id = since
    return Q(finished_at__gt=at) | Q(finished_at=at, game_id__gte=game_id)


def _standing_before(pool: Pool, user: int, since: tuple[datetime, int]) -> PlayerRating | None:
    row = (
        SiteRatingChange.objects.filter(rating_key=pool.key, user_id=user)
        .exclude(_at_or_after(since))
        .order_by("-finished_at", "-game_id")
        .first()
    )
    return standing_of(row) if row is not None else None


def pool_recompute(
    *,
    pool: Pool,
    source: str,
    since: tuple[datetime, int],
    players: Iterable[int],
    replace: tuple[int, RatedResult | None] | None = None,
) -> int:
    """Re-rate the pool's results from ``since`` on (``(finished_at, game_id)``), in order.

    ``replace`` swaps one game's result for another (None: the game is no longer rated).
    ``players`` are those whose ratings changed at ``since``: a later result is re-rated when
    it shares a player with one re-rated before it, and keeps its rows otherwise. The caller
    holds the pool's lock. Returns the number of results re-rated."""
    later_rows = list(
        SiteRatingChange.objects.filter(_at_or_after(since), rating_key=pool.key).order_by(
            "finished_at", "game_id", "position"
        )
    )
    sources = {row.game_id: row.source for row in later_rows}
    results = results_of(later_rows)
    if replace is not None:
        game_id, result = replace
        results.pop(game_id, None)
        if result is not None:
            results[game_id] = result
            sources[game_id] = source
    # From the pool's first result on (a rebuild), nobody has a standing before ``since``.
    earlier = SiteRatingChange.objects.filter(rating_key=pool.key).exclude(_at_or_after(since))
    any_earlier = earlier.exists()
    kept: dict[int, list[SiteRatingChange]] = {}
    for row in later_rows:
        kept.setdefault(row.game_id, []).append(row)
    tainted = set(players)
    standings: dict[int, PlayerRating | None] = {}
    redone: list[int] = []
    new_rows: list[SiteRatingChange] = []
    for result in sorted(results.values(), key=lambda r: r.order):
        if tainted.isdisjoint(result.players):
            for row in kept[result.game_id]:  # unaffected: its rows stand
                standings[row.user_id] = standing_of(row)
            continue
        for user in result.players:
            if user not in standings:
                standings[user] = _standing_before(pool, user, since) if any_earlier else None
        known = {u: s for u in result.players if (s := standings[u]) is not None}
        changes = rate_result(result, known)
        redone.append(result.game_id)
        tainted.update(result.players)
        for i, change in enumerate(changes):
            standings[change.player] = change.standing()
            new_rows.append(change_row(change, result, sources[result.game_id], i))
    gone = {row.game_id for row in later_rows} - set(results)
    SiteRatingChange.objects.filter(rating_key=pool.key, game_id__in=[*redone, *gone]).delete()
    insert_rows(SiteRatingChange, new_rows)
    for user in tainted - set(standings):
        standings[user] = _standing_before(pool, user, since) if any_earlier else None
    current = {
        row.user_id: row for row in SiteRating.objects.filter(rating_key=pool.key, user__in=tainted)
    }
    _save_current(pool, {user: standings[user] for user in tainted}, current)
    return len(redone)
