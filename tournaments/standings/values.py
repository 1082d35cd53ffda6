"""Per-player tie-break values computed from an :class:`EventRecord`.

Each function returns one value per player index together with a sort key (higher key ranks
higher). All arithmetic is on integers in the record's point units; values become exact
``Fraction`` objects only at the end.

Unplayed rounds follow FIDE C.07 art. 16 (text applied from 1 March 2026):

* the score an opponent contributes is their **adjusted score** (16.3, ``record.adjusted``);
* each unplayed round of the player's own is a game against a **dummy** whose score is the
  player's own score, but not more than the scheduled opponent's adjusted score for a forfeit
  (16.4.1), nor more than a draw's points times the number of rounds for a bye or absence
  (16.4.2);
* when a cut removes a lowest value, it removes a voluntary unplayed round first (16.5).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from fractions import Fraction

from tournaments.pairing.history import Colour, PlayerId
from tournaments.standings.record import (
    FORFEITS,
    NO_OPPONENT,
    PLAYED,
    UNPLAYED,
    VOLUNTARY,
    EventRecord,
    RoundKind,
)
from tournaments.standings.tiebreaks import (
    BlueWins,
    Buchholz,
    DrawingOfLots,
    GameScore,
    GamesWon,
    ManualOrder,
    OpponentsMatchWin,
    Progressive,
    SonnebornBerger,
    TieBreakValue,
    Wins,
)

# (reported value, sort key) per player index; a higher key ranks higher.
Values = tuple[Sequence[TieBreakValue], Sequence[Fraction | int]]


def opponent_elements(record: EventRecord, i: int) -> list[tuple[int, bool, int]]:
    """Player ``i``'s (opponent or dummy score, voluntary unplayed?, points scored) per round.

    Pending rounds give no element. Scores and points are in record units.
    """
    kinds, points, opponents = record.kinds[i], record.points[i], record.opponents[i]
    own, adjusted = record.score[i], record.adjusted
    bye_cap = record.draw * record.rounds  # 16.4.2
    elements: list[tuple[int, bool, int]] = []
    for r in range(record.rounds):
        kind = kinds[r]
        if kind in PLAYED:
            elements.append((adjusted[opponents[r]], False, points[r]))
        elif kind in UNPLAYED:
            j = opponents[r]
            cap = adjusted[j] if j != NO_OPPONENT else bye_cap  # 16.4.1 / 16.4.2
            elements.append((min(own, cap), kind in VOLUNTARY, points[r]))
    return elements


def fractions(numerators: Sequence[int], denominator: int) -> list[Fraction]:
    """``Fraction(n, denominator)`` for each ``n``, building each distinct value once.

    Standings values repeat a lot (scores, Buchholz sums), and building a ``Fraction`` costs a
    gcd; sharing immutable instances is safe.
    """
    made: dict[int, Fraction] = {}
    result: list[Fraction] = []
    for n in numerators:
        f = made.get(n)
        if f is None:
            f = made[n] = Fraction(n, denominator)
        result.append(f)
    return result


def _cut(values: list[tuple[int, bool]], lowest: int, highest: int) -> int:
    """Sum of ``values`` after the cuts of C.07 art. 14, with art. 16.5's VUR rule."""
    remaining = sorted(values)  # ascending by value; VUR flag breaks ties
    for _ in range(lowest):
        if not remaining:
            return 0
        vur_at = next((k for k, (_, vur) in enumerate(remaining) if vur), None)
        # The lowest VUR element is never below the lowest element, so 16.5.1 always cuts it.
        del remaining[0 if vur_at is None else vur_at]
    for _ in range(highest):
        if not remaining:
            return 0
        remaining.pop()
    return sum(v for v, _ in remaining)


def buchholz(
    record: EventRecord, tb: Buchholz, elements: Sequence[list[tuple[int, bool, int]]]
) -> Values:
    if tb.cut_lowest == 0:
        totals = [sum(score for score, _, _ in els) for els in elements]
    else:
        totals = [
            _cut([(score, vur) for score, vur, _ in els], tb.cut_lowest, tb.cut_highest)
            for els in elements
        ]
    # Keys: the same denominator for everyone, so the integers compare like the fractions.
    return fractions(totals, record.unit), totals


def sonneborn_berger(
    record: EventRecord, _tb: SonnebornBerger, elements: Sequence[list[tuple[int, bool, int]]]
) -> Values:
    totals = [sum(score * pts for score, _, pts in els) for els in elements]
    return fractions(totals, record.unit * record.unit), totals


def wins(record: EventRecord, _tb: Wins) -> Values:
    win = record.win
    counts = [
        sum(1 for k, p in zip(kinds, pts, strict=True) if p >= win and k != RoundKind.PENDING)
        for kinds, pts in zip(record.kinds, record.points, strict=True)
    ]
    return counts, counts


def games_won(record: EventRecord, _tb: GamesWon) -> Values:
    counts = [list(kinds).count(RoundKind.WON) for kinds in record.kinds]
    return counts, counts


def blue_wins(record: EventRecord, _tb: BlueWins) -> Values:
    blue = int(Colour.BLUE)
    counts = [
        sum(1 for k, c in zip(kinds, colours, strict=True) if k == RoundKind.WON and c == blue)
        for kinds, colours in zip(record.kinds, record.colours, strict=True)
    ]
    return counts, counts


def progressive(record: EventRecord, tb: Progressive) -> Values:
    skip = tb.cut_first
    totals = []
    for pts in record.points:
        running = total = 0
        for r, p in enumerate(pts):
            running += p
            if r >= skip:
                total += running
        totals.append(total)
    return fractions(totals, record.unit), totals


_MATCH_KINDS = PLAYED | FORFEITS


def opponents_match_win(record: EventRecord, tb: OpponentsMatchWin) -> Values:
    """Average of the opponents' match-win percentages (each at least ``tb.floor``).

    A match-win percentage is points / (win × rounds taken part in); rounds taken part in are
    bouts with a result (forfeits included) and pairing byes. All percentages are held over one
    common denominator, so each average is a single exact division.
    """
    win = record.win
    taking_part = _MATCH_KINDS | {RoundKind.PAIRING_BYE}
    denominator = math.lcm(tb.floor.denominator, *(win * n for n in range(1, record.rounds + 1)))
    floor = tb.floor.numerator * (denominator // tb.floor.denominator)
    mwp: list[int] = []
    for kinds, pts in zip(record.kinds, record.points, strict=True):
        n = earned = 0
        for k, p in zip(kinds, pts, strict=True):
            if k in taking_part:
                n += 1
                earned += p
        mwp.append(max(floor, earned * (denominator // (win * n))) if n else floor)
    made: dict[tuple[int, int], Fraction] = {}
    values: list[Fraction] = []
    for kinds, opponents in zip(record.kinds, record.opponents, strict=True):
        met = [opponents[r] for r, k in enumerate(kinds) if k in _MATCH_KINDS]
        key = (sum(mwp[j] for j in met), len(met))
        value = made.get(key)
        if value is None:
            value = made[key] = Fraction(key[0], denominator * key[1]) if met else Fraction(0)
        values.append(value)
    return values, values


def lot(seed: int, player: PlayerId) -> int:
    """The player's lot for ``seed``: the first 8 bytes of BLAKE2b("<seed>:<player>")."""
    digest = hashlib.blake2b(f"{seed}:{player}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def drawing_of_lots(record: EventRecord, _tb: DrawingOfLots, seed: int) -> Values:
    draw = sorted(range(len(record.players)), key=lambda i: (lot(seed, record.players[i]), i))
    position = [0] * len(draw)
    for pos, i in enumerate(draw, start=1):
        position[i] = pos
    return position, [-p for p in position]


def manual_order(record: EventRecord, tb: ManualOrder) -> Values:
    where = {p: pos for pos, p in enumerate(tb.order, start=1)}
    unknown = set(where) - set(record.players)
    if unknown:
        raise ValueError(f"the manual order names non-entrants: {sorted(unknown)}")
    values = [where.get(p) for p in record.players]
    keys = [-where.get(p, len(where) + 1) for p in record.players]
    return values, keys


def game_score(record: EventRecord, tb: GameScore) -> Values:
    totals = dict(tb.totals)
    values = [totals.get(p, 0) for p in record.players]
    return values, values
