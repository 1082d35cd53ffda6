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

from bisect import insort
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from players.models import SiteRatingChange
from players.pools import Pool, pool_of
from players.services.rating_rows import (
    ID_BATCH,
    ChangeRow,
    CurrentRow,
    change_params,
    current_params,
    db_datetime,
    delete_changes,
    delete_current,
    insert_changes,
    lock_pool,
    read_changes,
    read_current,
    rerated_params,
    result_of,
    standing_after,
    standing_now,
    update_rerated,
    upsert_current,
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


def _record(
    pool: Pool, source: str, game_id: int, result: RatedResult | None, *, first: bool
) -> None:
    """Rate ``result`` (None: the game no longer counts) for game ``game_id`` of the pool.

    ``first``: the game has never had a result, so it has no rows yet."""
    lock_pool(pool.key, pool.system.value)
    old: list[tuple[datetime, int, int]] = (
        []
        if first
        else list(
            SiteRatingChange.objects.filter(rating_key=pool.key, game_id=game_id).values_list(
                "finished_at", "game_id", "user_id"
            )
        )
    )
    if not old and result is None:
        return
    if not old and result is not None:
        current = read_current(pool.key, list(result.players))
        if all(row.last_played_at < result.finished_at for row in current.values()):
            _rate_in_order(pool, source, result, current)
            return
    points = [(at, game) for at, game, _user in old]
    if result is not None:
        points.append(result.order)
    players = {user for _at, _game, user in old} | set(result.players if result else ())
    pool_recompute(
        pool=pool, source=source, since=min(points), players=players, replace=(game_id, result)
    )


def _rate_in_order(
    pool: Pool, source: str, result: RatedResult, current: dict[int, CurrentRow]
) -> None:
    """The instant update: one result after every rated game of its players in the pool.

    Four statements with the lock: lock the pool, read both current rows, insert both history
    rows, upsert both current rows."""
    standings = {user: standing_now(row) for user, row in current.items()}
    changes = rate_result(result, standings)
    finished_at = db_datetime(result.finished_at)
    insert_changes(
        [change_params(change, result, source, i, finished_at) for i, change in enumerate(changes)]
    )
    upsert_current(
        [
            current_params(change.player, pool.key, pool.system.value, change.standing())
            for change in changes
        ]
    )


def _save_current(pool: Pool, standings: dict[int, PlayerRating | None]) -> None:
    """Store each player's new current rating (None: no rated game left in the pool)."""
    delete_current(pool.key, [user for user, standing in standings.items() if standing is None])
    upsert_current(
        [
            current_params(user, pool.key, pool.system.value, standing)
            for user, standing in standings.items()
            if standing is not None
        ]
    )


def _at_or_after(since: tuple[datetime, int]) -> Q:
    at, game_id = since
    return Q(finished_at__gt=at) | Q(finished_at=at, game_id__gte=game_id)


def _standings_before(
    pool: Pool, users: Iterable[int], since: tuple[datetime, int]
) -> dict[int, PlayerRating]:
    """Each of ``users``' standing just before ``since`` (a player with no rated game before it
    is missing): their latest history row before it, found for a batch of players a query."""
    latest = Window(
        RowNumber(),
        partition_by=[F("user_id")],
        order_by=[F("finished_at").desc(), F("game_id").desc()],
    )
    wanted = sorted(users)
    found: dict[int, PlayerRating] = {}
    for start in range(0, len(wanted), ID_BATCH):
        rows = (
            SiteRatingChange.objects.filter(
                rating_key=pool.key, user_id__in=wanted[start : start + ID_BATCH]
            )
            .exclude(_at_or_after(since))
            .annotate(latest=latest)
            .filter(latest=1)
        )
        found.update((row.user_id, standing_after(row)) for row in read_changes(rows))
    return found


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
    holds the pool's lock. Returns the number of results re-rated.

    The rows travel as tuples (``rating_rows``): one query reads the pool's rows from
    ``since`` on, one per batch of players their standings before it (none for a rebuild from
    the first result); the re-rated rows of stored results are re-written in place with one
    statement, and only the replaced game's rows are deleted and inserted."""
    later: dict[int, list[ChangeRow]] = {}
    for row in read_changes(
        SiteRatingChange.objects.filter(_at_or_after(since), rating_key=pool.key).order_by(
            "finished_at", "game_id", "position"
        )
    ):
        later.setdefault(row.game_id, []).append(row)
    order = [(rows[0].finished_at, game) for game, rows in later.items()]
    swapped: RatedResult | None = None
    if replace is not None:
        game_id, swapped = replace
        if game_id in later:
            order.remove((later[game_id][0].finished_at, game_id))
        if swapped is not None:
            insort(order, swapped.order)
    tainted = set(players)
    earlier = SiteRatingChange.objects.filter(rating_key=pool.key).exclude(_at_or_after(since))
    before: dict[int, PlayerRating] = {}
    if earlier.exists():  # a rebuild from the first result has nobody's standing before it
        involved = tainted | {row.user_id for rows in later.values() for row in rows}
        before = _standings_before(pool, involved, since)
    standings: dict[int, PlayerRating | None] = {}
    redone = 0
    rerated: list[tuple[Any, ...]] = []
    inserted: list[tuple[Any, ...]] = []
    for _at, game_id in order:
        rows = later.get(game_id, [])
        if swapped is not None and game_id == swapped.game_id:
            result = swapped
        elif tainted.isdisjoint(row.user_id for row in rows):
            for row in rows:  # unaffected: its rows stand
                standings[row.user_id] = standing_after(row)
            continue
        else:
            result = result_of(rows, pool.key)
        for user in result.players:
            if user not in standings:
                standings[user] = before.get(user)
        known = {u: s for u in result.players if (s := standings[u]) is not None}
        changes = rate_result(result, known)
        redone += 1
        tainted.update(result.players)
        for change in changes:
            standings[change.player] = change.standing()
        if result is swapped:
            finished_at = db_datetime(result.finished_at)
            inserted += [
                change_params(c, result, source, i, finished_at) for i, c in enumerate(changes)
            ]
        else:
            rerated += [rerated_params(change, pool.key) for change in changes]
    # The replaced game's old rows go (its new ones are inserted); every other stored result
    # re-rated keeps its rows, re-written in place.
    if replace is not None and replace[0] in later:
        delete_changes(pool.key, [replace[0]])
    update_rerated(rerated)
    insert_changes(inserted)
    for user in tainted - set(standings):
        standings[user] = before.get(user)
    _save_current(pool, {user: standings[user] for user in tainted})
    return redone
