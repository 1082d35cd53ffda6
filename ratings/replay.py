"""Rated results, one at a time or a whole history replayed from scratch.

Vocabulary
----------
* **Pool** (``rating_key``): the set of games one rating is for, such as 軍師軍略 basic, 軍師軍略
  expansion, deck-build or 軍棋, each a separate rating. The caller names the pools; this
  module only keeps them apart. Each pool has one **system**: Glicko-2 for two-player games,
  Plackett–Luce for multi-player tables.
* **Rated result** (``RatedResult``): one finished rated game: its id, when it finished, its
  pool, its players and their placings (``ranks``: 1 = first, equal ranks tie). A two-player
  game is ``(1, 2)`` when the first player won, ``(2, 1)`` when the second won, ``(1, 1)`` for a
  draw.
* **Standing** (``PlayerRating``): a player's rating in one pool, the number of rated games it
  rests on and when the last of them finished (Glicko-2 grows the deviation by the time since).
* **Rating change** (``RatingChange``): one player's rating before and after one game: the
  history a profile's chart draws and a game page's "+12".

``rate_result`` is what the transaction that records a result calls: the players' standings in
the pool before, the changes after. ``replay`` folds ``rate_result`` over a whole history in
order of ``(finished_at, game_id)`` from newcomers' ratings; it is the re-computation after a
correction, and by construction gives exactly what applying the same results one by one in that
order gave. Ties on ``finished_at`` are broken by ``game_id``, so the order, and every rating,
does not depend on the order the history is read in.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from ratings.errors import RatingError
from ratings.glicko2 import DEFAULT_PARAMETERS, Glicko2Parameters, Rating, rate_game
from ratings.placings import TableRating, check_ranks, rate_table

PlayerId = int
AnyRating = Rating | TableRating
SECONDS_PER_DAY = 86_400.0


class RatingSystem(enum.StrEnum):
    """How a pool's ratings are computed."""

    GLICKO2 = "glicko2"  # two-player games: one Glicko-2 instant update per game
    PLACKETT_LUCE = "plackett_luce"  # multi-player tables: OpenSkill's Plackett–Luce model


@dataclass(frozen=True, slots=True)
class RatedResult:
    """One finished rated game, as the rating mathematics needs it."""

    game_id: int
    finished_at: datetime
    rating_key: str
    system: RatingSystem
    players: tuple[PlayerId, ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.finished_at.utcoffset() is None:
            raise RatingError("finished_at must be timezone-aware", code="naive_datetime")
        check_ranks(len(self.players), self.ranks)
        if len(set(self.players)) != len(self.players):
            raise RatingError(
                f"game {self.game_id} lists a player twice", code="player_listed_twice"
            )
        if self.system is RatingSystem.GLICKO2 and len(self.players) != 2:
            raise RatingError(
                f"a Glicko-2 game has two players, not {len(self.players)}",
                code="not_two_players",
            )

    @property
    def first_score(self) -> float:
        """A two-player game's score for its first player: 1 win, 0.5 draw, 0 loss."""
        first, second = self.ranks
        return 1.0 if first < second else 0.0 if first > second else 0.5

    @property
    def order(self) -> tuple[datetime, int]:
        """Results are rated in this order: by finishing time, then by game id."""
        return (self.finished_at, self.game_id)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's standing in one pool."""

    rating: AnyRating
    games: int
    last_played_at: datetime | None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating before and after one rated game."""

    game_id: int
    finished_at: datetime
    rating_key: str
    player: PlayerId
    before: AnyRating
    after: AnyRating
    games: int
    """Rated games in the pool, this one included."""

    def standing(self) -> PlayerRating:
        """The player's standing in the pool after this game."""
        return PlayerRating(self.after, self.games, self.finished_at)


def newcomer(
    system: RatingSystem, parameters: Glicko2Parameters = DEFAULT_PARAMETERS
) -> PlayerRating:
    """The standing of a player with no rated game in a pool of ``system``."""
    if system is RatingSystem.GLICKO2:
        return PlayerRating(parameters.initial, 0, None)
    return PlayerRating(TableRating(), 0, None)


def _idle_days(standing: PlayerRating, result: RatedResult) -> float:
    if standing.last_played_at is None:
        return 0.0
    seconds = (result.finished_at - standing.last_played_at).total_seconds()
    if seconds < 0:
        raise RatingError(
            f"game {result.game_id} finished before the player's last rated game in "
            f"{result.rating_key!r}: re-compute the pool with replay_results()",
            code="result_out_of_order",
        )
    return seconds / SECONDS_PER_DAY


def rate_result(
    result: RatedResult,
    standings: Mapping[PlayerId, PlayerRating],
    *,
    parameters: Glicko2Parameters = DEFAULT_PARAMETERS,
) -> tuple[RatingChange, ...]:
    """The rating changes one result makes, one per player in the order of ``result.players``.

    ``standings`` holds the players' standings in the result's pool before the game; a player
    missing from it is a newcomer. A result older than a player's last rated game in the pool is
    refused (``result_out_of_order``): the pool must then be re-computed with ``replay``.
    """
    before = [standings.get(p) or newcomer(result.system, parameters) for p in result.players]
    after: tuple[AnyRating, ...]
    if result.system is RatingSystem.GLICKO2:
        first, second = (standing.rating for standing in before)
        if not (isinstance(first, Rating) and isinstance(second, Rating)):
            raise RatingError("a Glicko-2 pool holds Glicko-2 ratings", code="wrong_system")
        idle = (_idle_days(before[0], result), _idle_days(before[1], result))
        after = rate_game(first, second, result.first_score, idle_days=idle, parameters=parameters)
    else:
        tables = [standing.rating for standing in before]
        if not all(isinstance(rating, TableRating) for rating in tables):
            raise RatingError("a table pool holds table ratings", code="wrong_system")
        for standing in before:
            _idle_days(standing, result)  # the same order check as Glicko-2 pools
        after = rate_table([r for r in tables if isinstance(r, TableRating)], result.ranks)
    return tuple(
        RatingChange(
            game_id=result.game_id,
            finished_at=result.finished_at,
            rating_key=result.rating_key,
            player=player,
            before=before[index].rating,
            after=after[index],
            games=before[index].games + 1,
        )
        for index, player in enumerate(result.players)
    )


@dataclass(frozen=True, slots=True)
class Replay:
    """A history replayed: every player's final standing per pool, and every change in order."""

    standings: Mapping[tuple[PlayerId, str], PlayerRating]
    changes: tuple[RatingChange, ...]


def replay_results(
    results: Iterable[RatedResult], *, parameters: Glicko2Parameters = DEFAULT_PARAMETERS
) -> Replay:
    """Re-compute every rating from scratch by rating ``results`` in order of ``order``.

    A game id may appear only once, and a pool only under one system.

    >>> from datetime import UTC, datetime
    >>> day = datetime(2026, 5, 1, tzinfo=UTC)
    >>> history = [
    ...     RatedResult(2, day, "junqi", RatingSystem.GLICKO2, (7, 9), (2, 1)),
    ...     RatedResult(1, day, "junqi", RatingSystem.GLICKO2, (7, 9), (1, 2)),
    ... ]
    >>> done = replay_results(history)
    >>> [(c.game_id, c.player, round(c.after.rating)) for c in done.changes]
    [(1, 7, 1662), (1, 9, 1338), (2, 7, 1433), (2, 9, 1567)]
    >>> done.standings[(9, "junqi")].games
    2
    """
    ordered = sorted(results, key=lambda result: result.order)
    standings: dict[tuple[PlayerId, str], PlayerRating] = {}
    systems: dict[str, RatingSystem] = {}
    seen: set[int] = set()
    changes: list[RatingChange] = []
    for result in ordered:
        if result.game_id in seen:
            raise RatingError(f"game {result.game_id} appears twice", code="duplicate_game")
        seen.add(result.game_id)
        if systems.setdefault(result.rating_key, result.system) is not result.system:
            raise RatingError(
                f"pool {result.rating_key!r} mixes rating systems", code="wrong_system"
            )
        key = result.rating_key
        current = {p: standings[(p, key)] for p in result.players if (p, key) in standings}
        for change in rate_result(result, current, parameters=parameters):
            standings[(change.player, key)] = change.standing()
            changes.append(change)
    return Replay(standings, tuple(changes))
