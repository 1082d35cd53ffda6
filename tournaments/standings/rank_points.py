"""Standings of ranked tables (三国盛衰記): places, rank points and tie-breaks.

A table's result is each seat's victory points (VP) and, for a destroyed power, the turn it
was eliminated. From it (profile §3.4–3.5, docs/tournaments.md "Ranked tables"):

* **Places**: survivors by VP, most first; eliminated players below every survivor, a later
  elimination above an earlier one. Equal VP (or the same elimination turn) share a place:
  VP 12, 12, 9 → places 1, 1, 3.
* **Rank points** (profile §3.11): at a table of ``n`` players 1st scores ``n``, 2nd ``n − 1``,
  down to 1 for last; players sharing a place share the points of the places they cover
  equally: two players sharing 1st at a table of 4 get (4 + 3) / 2 = 3.5 each.
* **Normalised rank points** (an event option for mixed table sizes, ruling "Normalised rank
  points" in docs/tournaments.md): a place scores the share of the other players at the table
  it finished ahead of, ``(n − place) / (n − 1)``: 1 for a winner and 0 for last at every
  table size, so a 3-player table's winner scores what a 5-player table's does. Shared places
  share the covered places' points the same way.
* **Standings**: total rank points, then the tie-breaks: (1) the sum over the player's tables
  of their VP minus the table winner's VP (0 for a winner, closer to 0 is better; raw VP are
  not compared across tables), (2) the number of 1st places (shared ones count), (3) the
  drawing of lots from the event's seed.

Standard library only (``mypy --strict``), like the rest of ``tournaments.standings``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

PlayerId = int


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a reported table: its victory points and elimination turn (or None)."""

    player: PlayerId
    victory_points: int
    eliminated_turn: int | None = None


@dataclass(frozen=True, slots=True)
class ScoredSeat:
    """A seat with its place, rank points and VP difference to the table's winner."""

    player: PlayerId
    place: int
    rank_points: Fraction
    victory_points: int
    vp_behind_winner: int


@dataclass(frozen=True, slots=True)
class RankStandingRow:
    """One line of the standings (ranks are never shared: the drawing of lots decides last)."""

    rank: int
    player: PlayerId
    rank_points: Fraction
    vp_difference: int
    firsts: int
    lot: int
    tables: int


def _order_key(seat: SeatResult) -> tuple[int, int]:
    """Smaller ranks higher: survivors (0, −VP) before the eliminated (1, −turn)."""
    if seat.eliminated_turn is None:
        return (0, -seat.victory_points)
    return (1, -seat.eliminated_turn)


def places(seats: Sequence[SeatResult]) -> dict[PlayerId, int]:
    """Each player's place at the table (1 = first; equal results share a place)."""
    keys = {seat.player: _order_key(seat) for seat in seats}
    return {
        player: 1 + sum(1 for other in keys.values() if other < key) for player, key in keys.items()
    }


def rank_points_for(
    place: int, sharing: int, table_size: int, *, normalised: bool = False
) -> Fraction:
    """The rank points of a place shared by ``sharing`` players at a table of ``table_size``:
    the average of the points of the places ``place`` … ``place + sharing − 1``.

    A place scores ``n + 1 − place`` (1st scores the table size), or ``(n − place) / (n − 1)``
    when ``normalised`` (1st scores 1, last 0, at any table size).

    >>> rank_points_for(1, 1, 3, normalised=True), rank_points_for(2, 1, 3, normalised=True)
    (Fraction(1, 1), Fraction(1, 2))
    """
    covered = range(place, place + sharing)
    if normalised:
        if table_size < 2:
            return Fraction(0)
        return Fraction(sum(table_size - p for p in covered), sharing * (table_size - 1))
    return Fraction(sum(table_size + 1 - p for p in covered), sharing)


def score_table(seats: Sequence[SeatResult], *, normalised: bool = False) -> list[ScoredSeat]:
    """Places, rank points and VP behind the winner for every seat of one table."""
    placed = places(seats)
    sharing = {p: list(placed.values()).count(p) for p in set(placed.values())}
    winners_vp = max((s.victory_points for s in seats if placed[s.player] == 1), default=0)
    scored = [
        ScoredSeat(
            player=s.player,
            place=placed[s.player],
            rank_points=rank_points_for(
                placed[s.player], sharing[placed[s.player]], len(seats), normalised=normalised
            ),
            victory_points=s.victory_points,
            vp_behind_winner=s.victory_points - winners_vp,
        )
        for s in seats
    ]
    return sorted(scored, key=lambda s: (s.place, s.player))


def lot_order(players: Iterable[PlayerId], seed: int) -> dict[PlayerId, int]:
    """Each player's position in the drawing of lots with ``seed`` (1 = ranks highest)."""
    order = sorted(set(players))
    random.Random(seed).shuffle(order)  # noqa: S311 - a published, checkable draw
    return {player: position for position, player in enumerate(order, start=1)}


def rank_standings(
    players: Iterable[PlayerId],
    tables: Iterable[Sequence[SeatResult]],
    *,
    seed: int,
    normalised: bool = False,
) -> list[RankStandingRow]:
    """The standings of ``players`` from the reported ``tables`` (every round's, any order).

    A player without a table yet has 0 rank points and ranks by lot among equals. With
    ``normalised`` every table scores normalised rank points (the tie-breaks do not change).
    """
    everyone = set(players)
    points: dict[PlayerId, Fraction] = {p: Fraction(0) for p in everyone}
    difference = dict.fromkeys(everyone, 0)
    firsts = dict.fromkeys(everyone, 0)
    played = dict.fromkeys(everyone, 0)
    for table in tables:
        for seat in score_table(table, normalised=normalised):
            if seat.player not in everyone:
                continue
            points[seat.player] += seat.rank_points
            difference[seat.player] += seat.vp_behind_winner
            firsts[seat.player] += 1 if seat.place == 1 else 0
            played[seat.player] += 1
    lots = lot_order(everyone, seed)

    def key(player: PlayerId) -> tuple[Fraction, int, int]:
        return (-points[player], -difference[player], -firsts[player])

    ordered = sorted(everyone, key=lambda p: (key(p), lots[p]))
    rows: list[RankStandingRow] = []
    for index, player in enumerate(ordered):
        rank = index + 1
        rows.append(
            RankStandingRow(
                rank=rank,
                player=player,
                rank_points=points[player],
                vp_difference=difference[player],
                firsts=firsts[player],
                lot=lots[player],
                tables=played[player],
            )
        )
    return rows
