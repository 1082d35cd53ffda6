"""The standings table: points first, then the event's tie-breaks in order.

Ranking follows FIDE C.07 art. 4.2: players are ordered by score, then each tie-break in the
list is applied to every group of players still tied, and only to them. Per-player tie-breaks
split a group by value; direct encounter orders the group by its own games. Players still tied
when the list is exhausted share a rank ("1, 2, 2, 4"), unless a final drawing of lots or
manual order separates them; inside a shared rank rows are listed by seed, then player id.

Withdrawn players keep their results and stay in the table with ``withdrawn=True``: their
games count for their opponents' tie-breaks and hiding them would make those unexplainable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import groupby

from tournaments.pairing.history import Colour, History, PlayerId
from tournaments.standings.direct_encounter import order_group
from tournaments.standings.points import PointsScheme
from tournaments.standings.record import (
    PLAYED,
    EventRecord,
    RoundKind,
    build_record,
    last_round,
)
from tournaments.standings.tiebreaks import (
    BlueWins,
    Buchholz,
    DirectEncounter,
    DrawingOfLots,
    GameScore,
    GamesWon,
    ManualOrder,
    OpponentsMatchWin,
    Progressive,
    SonnebornBerger,
    TieBreak,
    TieBreakValue,
    Wins,
)
from tournaments.standings.values import (
    Values,
    blue_wins,
    buchholz,
    drawing_of_lots,
    fractions,
    game_score,
    games_won,
    manual_order,
    opponent_elements,
    opponents_match_win,
    progressive,
    sonneborn_berger,
    wins,
)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings.

    ``tiebreaks`` holds one value per tie-break, in the order they were asked for (see each
    tie-break's docstring for its unit). Counts are over the rounds counted:

    * ``played``: bouts finished over the board; ``wins`` + ``losses`` + ``draws`` ==
      ``played`` (``draws``: drawn games, for a game with draws; a draw is not a win);
    * ``forfeit_wins`` / ``forfeit_losses``: bouts decided by a forfeit (a double forfeit is a
      forfeit loss for both);
    * ``byes``: pairing byes; ``absent``: rounds not played for any other reason (late entry,
      withdrawal, requested bye);
    * ``red`` / ``blue``: seats in bouts played over the board (forfeits excluded, as FIDE
      counts colours);
    * ``pending``: bouts paired but without a result yet.
    """

    rank: int
    player: PlayerId
    points: Fraction
    tiebreaks: tuple[TieBreakValue, ...]
    played: int
    wins: int
    losses: int
    forfeit_wins: int
    forfeit_losses: int
    byes: int
    absent: int
    red: int
    blue: int
    pending: int
    withdrawn: bool
    draws: int = 0


class _Context:
    """The record plus what several tie-breaks share, computed at most once."""

    def __init__(self, record: EventRecord, seed: int | None) -> None:
        self.record = record
        self.seed = seed

    @cached_property
    def elements(self) -> list[list[tuple[int, bool, int]]]:
        return [opponent_elements(self.record, i) for i in range(len(self.record.players))]

    def values(self, tb: TieBreak) -> Values:
        record = self.record
        match tb:
            case Buchholz():
                return buchholz(record, tb, self.elements)
            case SonnebornBerger():
                return sonneborn_berger(record, tb, self.elements)
            case Wins():
                return wins(record, tb)
            case GamesWon():
                return games_won(record, tb)
            case BlueWins():
                return blue_wins(record, tb)
            case Progressive():
                return progressive(record, tb)
            case OpponentsMatchWin():
                return opponents_match_win(record, tb)
            case DrawingOfLots():
                if self.seed is None:
                    raise ValueError("drawing of lots needs the event's seed")
                return drawing_of_lots(record, tb, self.seed)
            case ManualOrder():
                return manual_order(record, tb)
            case GameScore():
                return game_score(record, tb)
        raise TypeError(f"not a per-player tie-break: {tb!r}")


def _split_by_key(group: list[int], key: Sequence[Fraction | int]) -> list[list[int]]:
    ordered = sorted(group, key=lambda i: key[i], reverse=True)
    return [list(members) for _, members in groupby(ordered, key=lambda i: key[i])]


def standings(
    history: History,
    *,
    points: PointsScheme = PointsScheme(),  # noqa: B008 - frozen value, safe as a default
    tiebreaks: Sequence[TieBreak] = (),
    after_round: int | None = None,
    seed: int | None = None,
) -> tuple[StandingRow, ...]:
    """The standings after ``after_round`` (default: the last round in ``history``).

    ``seed`` is the event's published seed, needed only by :class:`DrawingOfLots`. The result
    depends only on the contents of ``history``, never on the order of its bouts, absences or
    entrants. Bouts still pending count as nothing (no points, no tie-break element); for
    official standings pass the last complete round as ``after_round``.

    Raises ``ValueError`` for inconsistent input (see :func:`build_record`), for an
    ``after_round`` outside ``0..last round``, or for lots without a seed.
    """
    last = last_round(history)
    rounds = last if after_round is None else after_round
    if not 0 <= rounds <= last:
        raise ValueError(f"after_round must be between 0 and {last}, got {after_round}")
    record = build_record(history, points, rounds)
    n = len(record.players)

    context = _Context(record, seed)
    classes = _split_by_key(list(range(n)), record.score)
    reported: list[Sequence[TieBreakValue]] = []
    for tb in tiebreaks:
        refined: list[list[int]] = []
        if isinstance(tb, DirectEncounter):
            places: list[TieBreakValue] = [1] * n
            for group in classes:
                parts = order_group(record, group, include_forfeits=tb.include_forfeits)
                place = 1
                for part in parts:
                    for i in part:
                        places[i] = place
                    place += len(part)
                refined.extend(parts)
            reported.append(places)
        else:
            value, key = context.values(tb)
            for group in classes:
                refined.extend(_split_by_key(group, key) if len(group) > 1 else [group])
            reported.append(value)
        classes = refined

    scores = fractions(record.score, record.unit)
    rows: list[StandingRow] = []
    rank = 1
    for group in classes:
        # Inside a shared rank, index order is seed order, then player id.
        rows.extend(
            _row(record, i, rank, scores[i], tuple(v[i] for v in reported)) for i in sorted(group)
        )
        rank += len(group)
    return tuple(rows)


def _row(
    record: EventRecord,
    i: int,
    rank: int,
    points: Fraction,
    values: tuple[TieBreakValue, ...],
) -> StandingRow:
    kinds = record.kinds[i]
    played_colours = [c for k, c in zip(kinds, record.colours[i], strict=True) if k in PLAYED]
    return StandingRow(
        rank=rank,
        player=record.players[i],
        points=points,
        tiebreaks=values,
        played=len(played_colours),
        wins=kinds.count(RoundKind.WON),
        losses=kinds.count(RoundKind.LOST),
        draws=kinds.count(RoundKind.DRAWN),
        forfeit_wins=kinds.count(RoundKind.FORFEIT_WON),
        forfeit_losses=kinds.count(RoundKind.FORFEIT_LOST) + kinds.count(RoundKind.DOUBLE_FORFEIT),
        byes=kinds.count(RoundKind.PAIRING_BYE),
        absent=kinds.count(RoundKind.FULL_POINT_BYE) + kinds.count(RoundKind.REQUESTED_BYE),
        red=played_colours.count(Colour.RED),
        blue=played_colours.count(Colour.BLUE),
        pending=kinds.count(RoundKind.PENDING),
        withdrawn=record.withdrawn[i],
    )
