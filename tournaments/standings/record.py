"""Per-player round records: the one pass over a history that every tie-break reads.

:func:`build_record` turns a :class:`~tournaments.pairing.history.History` into, for each player
and each round counted, what happened (:class:`RoundKind`), the points awarded, the opponent
and the seat. Everything else (scores, FIDE's adjusted scores, Buchholz elements, …) is derived
from these arrays, so a recompute is O(players × rounds) after an O(bouts) build.

Points are held as integers in units of ``1 / unit``, where ``unit`` is the least common
denominator of every point value in play (1 with whole points, 2 with half-point byes).
Sums of integers are exact and much faster than sums of ``Fraction``; values are turned back
into fractions only when reported.

Rounds without any bout or absence for a player (before a late entry, after a withdrawal, when
the caller recorded nothing) count as a zero-point requested bye: FIDE C.07 art. 16.1.1 says
"any round after a participant withdraws is a zero-point-bye", and a late entrant was likewise
not available to play.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from tournaments.pairing.history import (
    AbsenceKind,
    BoutResult,
    Colour,
    History,
    PlayerId,
)
from tournaments.standings.points import PointsScheme

NO_OPPONENT = -1
NO_COLOUR = -1


class RoundKind:
    """What one round was for one player, in FIDE C.07 art. 16's categories.

    Plain ``int`` constants rather than an ``IntEnum``: the records hold one per player and
    round, and set membership on plain ints is several times faster than on enum members.
    """

    WON: Final = 0  # played over the board
    LOST: Final = 1
    FORFEIT_WON: Final = 2  # 16.2.2: the scheduled opponent did not play
    FORFEIT_LOST: Final = 3  # 16.2.4: did not play against the scheduled opponent
    DOUBLE_FORFEIT: Final = 4  # 16.2.4 for both players
    PAIRING_BYE: Final = 5  # 16.2.1
    FULL_POINT_BYE: Final = 6  # 16.2.1: absent, but granted a win's points
    REQUESTED_BYE: Final = 7  # 16.2.3 / 16.2.5: absent for less than a win
    PENDING: Final = 8  # paired, no result yet: counts as nothing at all
    DRAWN: Final = 9  # played over the board to a draw (games with draws)


PLAYED: Final = frozenset({RoundKind.WON, RoundKind.LOST, RoundKind.DRAWN})
FORFEITS: Final = frozenset(
    {RoundKind.FORFEIT_WON, RoundKind.FORFEIT_LOST, RoundKind.DOUBLE_FORFEIT}
)
BYES: Final = frozenset({RoundKind.PAIRING_BYE, RoundKind.FULL_POINT_BYE, RoundKind.REQUESTED_BYE})
UNPLAYED: Final = FORFEITS | BYES  # a game against a dummy (art. 16.4)
# A voluntary unplayed round (VUR, art. 16.1.2): a requested bye or a forfeit loss.
VOLUNTARY: Final = frozenset(
    {RoundKind.FORFEIT_LOST, RoundKind.DOUBLE_FORFEIT, RoundKind.REQUESTED_BYE}
)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """Round-by-round records of every entrant, in a canonical order (seed, then id).

    Player ``i`` is ``players[i]``; ``kinds[i][r]``, ``points[i][r]``, ``opponents[i][r]``
    (an index or ``NO_OPPONENT``) and ``colours[i][r]`` describe round ``r + 1``. The record
    is read-only by contract (the arrays are not copied into tuples, to keep a rebuild cheap).
    """

    players: tuple[PlayerId, ...]
    withdrawn: tuple[bool, ...]
    rounds: int
    unit: int  # point values are integers in units of 1/unit
    win: int
    loss: int
    draw: int  # PointsScheme.draw_equivalent, in units
    kinds: Sequence[Sequence[int]]  # RoundKind values
    points: Sequence[Sequence[int]]
    opponents: Sequence[Sequence[int]]
    colours: Sequence[Sequence[int]]
    score: tuple[int, ...]
    adjusted: tuple[int, ...]  # art. 16.3: the score the player's opponents see


def last_round(history: History) -> int:
    """The highest round number that has a bout or an absence (0 before round 1)."""
    return max(
        [b.round_number for b in history.bouts] + [a.round_number for a in history.absences],
        default=0,
    )


def _unit(values: Iterable[Fraction]) -> int:
    return math.lcm(1, *(v.denominator for v in values))


def build_record(history: History, scheme: PointsScheme, rounds: int) -> EventRecord:
    """Records of rounds ``1..rounds`` (later bouts and absences are ignored).

    Raises ``ValueError`` for a history that cannot be standings input: a player in a bout or
    absence who is not an entrant, a player twice in one round, a bout against oneself, a
    round number below 1, or an entrant listed twice.
    """
    entrants = sorted(history.entrants, key=lambda e: (e.seed, e.player))
    players = tuple(e.player for e in entrants)
    index = {p: i for i, p in enumerate(players)}
    if len(index) != len(players):
        raise ValueError("an entrant is listed twice")
    n = len(players)

    absences = [a for a in history.absences if a.round_number <= rounds]
    unit = _unit(
        [
            scheme.win,
            scheme.loss,
            scheme.draw_equivalent,
            scheme.forfeit_win,
            scheme.forfeit_loss,
            scheme.double_forfeit,
        ]
        + [a.points for a in absences]
    )

    def units(value: Fraction) -> int:
        return value.numerator * (unit // value.denominator)

    win, loss = units(scheme.win), units(scheme.loss)
    forfeit_win, forfeit_loss = units(scheme.forfeit_win), units(scheme.forfeit_loss)
    double_forfeit = units(scheme.double_forfeit)
    draw = units(scheme.draw_equivalent)

    unset = -1
    kinds = [[unset] * rounds for _ in range(n)]
    points = [[0] * rounds for _ in range(n)]
    opponents = [[NO_OPPONENT] * rounds for _ in range(n)]
    colours = [[NO_COLOUR] * rounds for _ in range(n)]

    def place(player: PlayerId, round_number: int) -> int:
        """The player's index, once it is checked that the round's slot is still free."""
        if round_number < 1:
            raise ValueError(f"round numbers start at 1, got {round_number}")
        i = index.get(player)
        if i is None:
            raise ValueError(f"player {player} is not an entrant")
        if kinds[i][round_number - 1] != unset:
            raise ValueError(f"player {player} appears twice in round {round_number}")
        return i

    # (red kind, blue kind, red points, blue points) per result
    outcomes = {
        BoutResult.RED_WON: (RoundKind.WON, RoundKind.LOST, win, loss),
        BoutResult.BLUE_WON: (RoundKind.LOST, RoundKind.WON, loss, win),
        BoutResult.RED_WON_BY_FORFEIT: (
            RoundKind.FORFEIT_WON,
            RoundKind.FORFEIT_LOST,
            forfeit_win,
            forfeit_loss,
        ),
        BoutResult.BLUE_WON_BY_FORFEIT: (
            RoundKind.FORFEIT_LOST,
            RoundKind.FORFEIT_WON,
            forfeit_loss,
            forfeit_win,
        ),
        BoutResult.DOUBLE_FORFEIT: (
            RoundKind.DOUBLE_FORFEIT,
            RoundKind.DOUBLE_FORFEIT,
            double_forfeit,
            double_forfeit,
        ),
        BoutResult.DRAW: (RoundKind.DRAWN, RoundKind.DRAWN, draw, draw),
        BoutResult.PENDING: (RoundKind.PENDING, RoundKind.PENDING, 0, 0),
    }
    red_seat, blue_seat = int(Colour.RED), int(Colour.BLUE)
    for bout in history.bouts:
        r = bout.round_number - 1
        if r >= rounds:
            continue
        i, j = index.get(bout.red, -1), index.get(bout.blue, -1)
        if r < 0 or i < 0 or j < 0 or i == j or kinds[i][r] != unset or kinds[j][r] != unset:
            # Off the fast path: find and report what is wrong.
            if bout.red == bout.blue:
                raise ValueError(f"player {bout.red} is paired against themself")
            place(bout.red, bout.round_number)
            place(bout.blue, bout.round_number)
        red_kind, blue_kind, red_points, blue_points = outcomes[bout.result]
        kinds[i][r], points[i][r], opponents[i][r], colours[i][r] = (
            red_kind,
            red_points,
            j,
            red_seat,
        )
        kinds[j][r], points[j][r], opponents[j][r], colours[j][r] = (
            blue_kind,
            blue_points,
            i,
            blue_seat,
        )
    for absence in absences:
        i = place(absence.player, absence.round_number)
        pts = units(absence.points)
        if absence.kind is AbsenceKind.PAIRING_BYE:
            kind = RoundKind.PAIRING_BYE
        elif pts >= win:
            kind = RoundKind.FULL_POINT_BYE
        else:
            kind = RoundKind.REQUESTED_BYE
        kinds[i][absence.round_number - 1], points[i][absence.round_number - 1] = kind, pts

    draw = units(scheme.draw_equivalent)
    score: list[int] = []
    adjusted: list[int] = []
    for i in range(n):
        row = kinds[i]
        if unset in row:  # nothing recorded: a zero-point requested bye (see module docstring)
            row[:] = [RoundKind.REQUESTED_BYE if k == unset else k for k in row]
        pts_row = points[i]
        own = sum(pts_row)
        score.append(own)
        if RoundKind.REQUESTED_BYE not in row:  # the common case: nothing to adjust
            adjusted.append(own)
            continue
        # Art. 16.3: a requested bye followed only by voluntary unplayed rounds (or in the
        # last round) counts as a draw for the opponents' tie-breaks; all else as awarded.
        total, only_vurs_after = 0, True
        for r in range(rounds - 1, -1, -1):
            kind = row[r]
            if kind == RoundKind.REQUESTED_BYE and only_vurs_after:
                total += draw
            else:
                total += pts_row[r]
                only_vurs_after = only_vurs_after and kind in VOLUNTARY
        adjusted.append(total)

    return EventRecord(
        players=players,
        withdrawn=tuple(not e.active for e in entrants),
        rounds=rounds,
        unit=unit,
        win=win,
        loss=loss,
        draw=draw,
        kinds=kinds,
        points=points,
        opponents=opponents,
        colours=colours,
        score=tuple(score),
        adjusted=tuple(adjusted),
    )
