"""Swiss pairing by maximum-weight matching.

Every player available for the round is a vertex; an edge joins two players who may meet (they
have not met before). Each edge carries a penalty *vector* whose components are the pairing
criteria, most important first; the vectors are folded into one integer weight so that
rustworkx's ``max_weight_matching`` (Edmonds' blossom algorithm, maximum cardinality, exact
integer arithmetic) returns the pairing whose summed penalties are lexicographically smallest.
The exact criteria, the colour rules and the bye rule are written out in ``docs/pairing.md``;
the constants below carry the same names.

Criteria, most important first (a criterion is only traded for a higher one):

1. Everyone is paired (maximum cardinality); with an odd count one player gets the bye.
2. No rematch: there is no edge between players who have met (hard, never relaxed). As in
   FIDE C.04.1, a forfeited game is not a meeting (the two never played) unless the event
   says otherwise (``forfeit_counts_as_game``).
3. The bye goes to a player who has neither had a pairing bye nor won a game by forfeit
   (FIDE C.04.1 d), and among those to the lowest-ranked one for whom the rest can still be
   paired (``REPEAT_BYE``, then ``BYE_RANK``).
4. Absolute colour rules: the fewest players end the round with a colour difference beyond ±2
   or with the same colour three times in a row (``COLOUR_ABSOLUTE``; for each pair, the
   better of its two colour allocations counts).
5. Score groups: the sum over pairs of the squared score difference is minimal
   (``SCORE_DIFFERENCE``), so players meet their own score group and the fewest, smallest floats
   are made.
6. Colour preferences: the fewest players miss their preferred colour (``COLOUR_PREFERENCE``),
   then the fewest miss a strong preference (``COLOUR_STRONG``).
7. Seed order: within a score group the top half meets the bottom half in order (1 v m/2+1, as
   in the FIDE Dutch system); a float goes from the bottom of the higher group to the top of the
   lower group (``SEED_ORDER``).

Red moves first in 軍師軍略 and has the edge in the war phase, which is why colours are criteria
4 and 6 and are then allocated pair by pair by :func:`allocate_colours`.

Large events: a complete graph on 1,000 players has half a million edges, too many to weigh in
Python. Up to ``EXACT_LIMIT`` players the graph is complete and the result is the exact optimum
of the criteria. Above it, each player only gets edges to the ``window`` players after them on
the *pairing line* (score groups in order, each with its top half interleaved with its bottom
half, so Dutch opponents are neighbours) and the ``window`` players after them in rank order;
the window is widened (×4) until the matching pairs everyone. Above ``CHUNK_LIMIT`` players the
line is matched in overlapping chunks (a rolling horizon, see :func:`_match_in_chunks`).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import rustworkx as rx

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import (
    Absence,
    AbsenceKind,
    Bout,
    BoutResult,
    Colour,
    History,
    PlayerId,
)

EXACT_LIMIT = 128  # up to this many available players the candidate graph is complete
DEFAULT_WINDOW = 12  # neighbours per side in the restricted candidate graph
CHUNK_LIMIT = 2_000  # above this many players the round is matched chunk by chunk
CHUNK_SIZE = 500  # new players per chunk
CHUNK_OVERLAP = 100  # line positions at a chunk's end that are re-paired with the next chunk

# Penalty components, in lexicographic order (index into the penalty vector).
REPEAT_BYE = 0
BYE_RANK = 1
COLOUR_ABSOLUTE = 2
SCORE_DIFFERENCE = 3
COLOUR_PREFERENCE = 4
COLOUR_STRONG = 5
SEED_ORDER = 6
_COMPONENTS = 7
# Components that only bye edges carry: at most one such edge is in any matching.
_BYE_COMPONENTS = frozenset({REPEAT_BYE, BYE_RANK})


class PointsOf(Protocol):
    """What pairing needs from an event's points scheme.

    ``tournaments.standings.points.PointsScheme`` fits; pairing does not import it, so the
    pairing package stays a leaf that standings builds on.
    """

    def points_of(self, bout: Bout, player: PlayerId) -> Fraction: ...


class DefaultPoints:
    """Win 1, loss 0, forfeit win 1, forfeit loss 0, double forfeit 0 (the event defaults)."""

    def points_of(self, bout: Bout, player: PlayerId) -> Fraction:
        if player not in (bout.red, bout.blue):
            raise ValueError(f"player {player} is not in this bout")
        return Fraction(1) if bout.winner == player else Fraction(0)


class Strength(enum.IntEnum):
    """How strongly a player should get their preferred colour (FIDE C.04.3 A.6)."""

    NONE = 0  # no game played yet
    MILD = 1  # colours balanced: prefers to alternate from the last game
    STRONG = 2  # one colour ahead: prefers the other one
    ABSOLUTE = 3  # two ahead, or the same colour in the last two games: must get the other


@dataclass(frozen=True, slots=True)
class ColourPreference:
    colour: Colour | None
    strength: Strength
    difference: int  # games as Red minus games as Blue, forfeits excluded


def colour_preference(colours: Sequence[Colour]) -> ColourPreference:
    """The preference that follows from the colours a player has actually played, in order.

    >>> colour_preference([Colour.RED, Colour.RED]).strength.name
    'ABSOLUTE'
    >>> colour_preference([Colour.RED, Colour.BLUE, Colour.RED]).colour.name
    'BLUE'
    """
    if not colours:
        return ColourPreference(None, Strength.NONE, 0)
    difference = sum(1 if c is Colour.RED else -1 for c in colours)
    if difference >= 2:
        return ColourPreference(Colour.BLUE, Strength.ABSOLUTE, difference)
    if difference <= -2:
        return ColourPreference(Colour.RED, Strength.ABSOLUTE, difference)
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return ColourPreference(colours[-1].other, Strength.ABSOLUTE, difference)
    if difference == 1:
        return ColourPreference(Colour.BLUE, Strength.STRONG, difference)
    if difference == -1:
        return ColourPreference(Colour.RED, Strength.STRONG, difference)
    return ColourPreference(colours[-1].other, Strength.MILD, difference)


def breaks_colour_rules(colours: Sequence[Colour], colour: Colour) -> bool:
    """Whether playing ``colour`` after ``colours`` breaks an absolute colour rule.

    The rules: no colour difference beyond ±2, no same colour three times in a row (both counted
    over played games only).

    >>> breaks_colour_rules([Colour.RED, Colour.RED], Colour.RED)
    True
    >>> breaks_colour_rules([Colour.RED, Colour.BLUE, Colour.RED], Colour.RED)
    False
    """
    difference = sum(1 if c is Colour.RED else -1 for c in colours)
    difference += 1 if colour is Colour.RED else -1
    return abs(difference) > 2 or (len(colours) >= 2 and colours[-1] is colours[-2] is colour)


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """One available player as the pairing sees them for the round being paired."""

    player: PlayerId
    seed: int
    seed_position: int  # 1-based place in seed order among all entrants (FIDE pairing number)
    score: Fraction
    rank: int  # 0-based place in the pairing order (score desc, then seed)
    colours: tuple[tuple[int, Colour], ...]  # (round, colour) of played games, in round order
    preference: ColourPreference
    had_bye: bool  # has had a pairing bye or a forfeit win: not given the bye again
    opponents: frozenset[PlayerId]  # may not be paired with this player again


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A paired round: bouts in table order (table 1 first) and the pairing bye, if any."""

    round_number: int
    bouts: tuple[Bout, ...]
    bye: PlayerId | None

    def bye_absence(self, points: Fraction) -> Absence | None:
        """The absence to record for the bye, worth ``points`` (the event's pairing-bye value)."""
        if self.bye is None:
            return None
        return Absence(self.round_number, self.bye, AbsenceKind.PAIRING_BYE, points)


def recommended_rounds(player_count: int) -> int:
    """⌈log2 N⌉: enough rounds for a single player to finish with a perfect score."""
    if player_count < 1:
        return 0
    return (player_count - 1).bit_length()


def scores(history: History, points: PointsOf | None = None) -> dict[PlayerId, Fraction]:
    """Every entrant's score: points from finished bouts plus the points of their absences.

    ``points.points_of`` is asked once per kind of result and seat (a scheme prices results,
    not particular bouts), so scoring a large event costs a few integer additions per bout.
    """
    scheme = points if points is not None else DefaultPoints()
    values: dict[tuple[BoutResult, bool], Fraction] = {}
    earned: list[tuple[PlayerId, tuple[BoutResult, bool]]] = []
    for bout in history.bouts:
        if not bout.finished:
            continue
        for player, is_red in ((bout.red, True), (bout.blue, False)):
            key = (bout.result, is_red)
            if key not in values:
                values[key] = scheme.points_of(bout, player)
            earned.append((player, key))
    # Sum exactly in integers over a common denominator, then back to fractions.
    denominator = math.lcm(
        *(v.denominator for v in values.values()), *(a.points.denominator for a in history.absences)
    )
    units = {key: int(value * denominator) for key, value in values.items()}
    total = {e.player: 0 for e in history.entrants}
    for player, key in earned:
        total[player] += units[key]
    for absence in history.absences:
        total[absence.player] += int(absence.points * denominator)
    return {player: Fraction(value, denominator) for player, value in total.items()}


def pairing_order(history: History, points: PointsOf | None = None) -> tuple[PlayerId, ...]:
    """All entrants in the order pairing ranks them: score descending, then seed, then id."""
    total = scores(history, points)
    ordered = sorted(history.entrants, key=lambda e: (-total[e.player], e.seed, e.player))
    return tuple(e.player for e in ordered)


def pair_round(
    history: History,
    round_number: int,
    *,
    points: PointsOf | None = None,
    unavailable: Collection[PlayerId] = (),
    initial_colour: Colour = Colour.RED,
    window: int | None = None,
    forfeit_counts_as_game: bool = False,
) -> SwissRound:
    """Pair ``round_number`` of a Swiss from everything played before it.

    ``unavailable`` lists players who are entered and active but do not play this round (for
    example a requested bye); withdrawn players (``Entrant.active`` false) and players with a
    ``NOT_PLAYING`` absence in this round are left out as well. ``initial_colour`` is the colour
    the top seed gets in round 1 (drawn by lot in chess; Red by default). ``window`` forces the
    restricted candidate graph with that many neighbours per side (``None`` chooses: complete up
    to ``EXACT_LIMIT`` players, ``DEFAULT_WINDOW`` above). ``forfeit_counts_as_game`` forbids
    pairing again two players whose game was forfeited (FIDE pairs them again: they never
    played).

    Raises :class:`PairingError` when the history is not ready for this round or when no
    pairing without rematches exists.
    """
    players = swiss_players(
        history,
        round_number,
        points=points,
        unavailable=unavailable,
        forfeit_counts_as_game=forfeit_counts_as_game,
    )
    mates, bye = _match(players, window)
    bouts = [
        Bout(round_number, *allocate_colours(players[i], players[j], initial_colour))
        for i, j in mates
    ]
    by_id = {p.player: p for p in players}

    def table_key(bout: Bout) -> tuple[Fraction, Fraction, int]:
        a, b = by_id[bout.red], by_id[bout.blue]
        return (-max(a.score, b.score), -(a.score + b.score), min(a.rank, b.rank))

    bouts.sort(key=table_key)
    return SwissRound(round_number, tuple(bouts), None if bye is None else players[bye].player)


def swiss_players(
    history: History,
    round_number: int,
    *,
    points: PointsOf | None = None,
    unavailable: Collection[PlayerId] = (),
    forfeit_counts_as_game: bool = False,
) -> tuple[SwissPlayer, ...]:
    """The players to pair in ``round_number``, in pairing order, after checking the history.

    A player's ``opponents`` are those they may not meet again: everyone they played, and
    the opponents of forfeited games only when ``forfeit_counts_as_game``. ``had_bye`` is
    set by a pairing bye or a forfeit win, either of which makes the bye go to someone else.
    """
    entrants = {e.player: e for e in history.entrants}
    if len(entrants) != len(history.entrants):
        raise PairingError("unknown_player", "an entrant is listed twice")
    named = [p for b in history.bouts for p in (b.red, b.blue)]
    named += [a.player for a in history.absences]
    named += list(unavailable)
    unknown = sorted(set(named) - entrants.keys())
    if unknown:
        raise PairingError(
            "unknown_player", f"not entrants of this event: {_names(unknown)}", tuple(unknown)
        )
    if round_number < 1:
        raise PairingError("invalid_round", f"round {round_number} does not exist")
    later = sorted({b.round_number for b in history.bouts if b.round_number >= round_number})
    if later:
        raise PairingError(
            "invalid_round", f"round {later[0]} is already paired; cannot pair round {round_number}"
        )
    pending = [b for b in history.bouts if not b.finished]
    if pending:
        players = tuple(sorted({p for b in pending for p in (b.red, b.blue)}))
        raise PairingError(
            "round_incomplete",
            f"round {min(b.round_number for b in pending)} still has bouts without a result",
            players,
        )

    total = scores(history, points)
    out = set(unavailable)
    out.update(
        a.player
        for a in history.absences
        if a.round_number == round_number and a.kind is AbsenceKind.NOT_PLAYING
    )
    available = [e for e in history.entrants if e.active and e.player not in out]
    seed_order = sorted(history.entrants, key=lambda e: (e.seed, e.player))
    seed_position = {e.player: i + 1 for i, e in enumerate(seed_order)}
    available.sort(key=lambda e: (-total[e.player], e.seed, e.player))

    colours: dict[PlayerId, list[tuple[int, Colour]]] = {e.player: [] for e in available}
    opponents: dict[PlayerId, set[PlayerId]] = {e.player: set() for e in available}
    for bout in sorted(history.bouts, key=lambda b: b.round_number):
        for player in (bout.red, bout.blue):
            if player in opponents:
                if forfeit_counts_as_game or not bout.forfeited:
                    opponents[player].add(bout.opponent_of(player))
                if not bout.forfeited:
                    colours[player].append((bout.round_number, bout.colour_of(player)))
    byes = {a.player for a in history.absences if a.kind is AbsenceKind.PAIRING_BYE}
    byes.update(b.winner for b in history.bouts if b.forfeited and b.winner is not None)

    return tuple(
        SwissPlayer(
            player=e.player,
            seed=e.seed,
            seed_position=seed_position[e.player],
            score=total[e.player],
            rank=rank,
            colours=tuple(colours[e.player]),
            preference=colour_preference([c for _, c in colours[e.player]]),
            had_bye=e.player in byes,
            opponents=frozenset(opponents[e.player]),
        )
        for rank, e in enumerate(available)
    )


def allocate_colours(
    a: SwissPlayer, b: SwissPlayer, initial_colour: Colour = Colour.RED
) -> tuple[PlayerId, PlayerId]:
    """Who of a paired couple plays Red: returns ``(red, blue)``.

    In order (FIDE C.04.3 E.1–E.5, with Red in the place of White):

    0. The allocation that breaks fewer absolute colour rules (:func:`breaks_colour_rules`).
    1. If both preferences can be granted (different colours, or only one player has one),
       grant them.
    2. Otherwise the stronger preference wins (absolute > strong > mild); between two absolute
       preferences the larger colour difference wins.
    3. Otherwise alternate from the latest round in which both played with different colours.
    4. Otherwise the higher-ranked player gets their preference.
    5. If neither has a preference (neither has played), the higher-ranked player gets
       ``initial_colour`` if their seed position is odd and the other colour if it is even.
    """
    pa, pb = a.preference, b.preference
    colour_a: Colour
    a_red = _breaks(a, Colour.RED) + _breaks(b, Colour.BLUE)
    a_blue = _breaks(a, Colour.BLUE) + _breaks(b, Colour.RED)
    if a_red != a_blue:
        colour_a = Colour.RED if a_red < a_blue else Colour.BLUE
    elif pa.colour is not pb.colour:
        colour_a = pa.colour if pa.colour is not None else _other(pb.colour)
    elif pa.colour is not None:
        if pa.strength != pb.strength:
            colour_a = pa.colour if pa.strength > pb.strength else pa.colour.other
        elif pa.strength is Strength.ABSOLUTE and abs(pa.difference) != abs(pb.difference):
            colour_a = pa.colour if abs(pa.difference) > abs(pb.difference) else pa.colour.other
        else:
            colour_a = _alternate(a, b) or (pa.colour if a.rank < b.rank else pa.colour.other)
    else:
        higher = a if a.rank < b.rank else b
        colour = initial_colour if higher.seed_position % 2 == 1 else initial_colour.other
        colour_a = colour if higher is a else colour.other
    return (a.player, b.player) if colour_a is Colour.RED else (b.player, a.player)


def _breaks(player: SwissPlayer, colour: Colour) -> int:
    return int(breaks_colour_rules([c for _, c in player.colours], colour))


def _other(colour: Colour | None) -> Colour:
    if colour is None:
        raise ValueError("no colour to take the other of")
    return colour.other


def _alternate(a: SwissPlayer, b: SwissPlayer) -> Colour | None:
    """The colour that alternates ``a`` from the latest round in which a and b differed."""
    b_colours = dict(b.colours)
    for round_number, colour in reversed(a.colours):
        other = b_colours.get(round_number)
        if other is not None and other is not colour:
            return colour.other
    return None


# --------------------------------------------------------------------------------- matching


def _match(
    players: Sequence[SwissPlayer], window: int | None
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs of indices into ``players`` (higher-ranked first) and the index of the bye."""
    n = len(players)
    if n < 2:
        raise PairingError(
            "not_enough_players",
            f"{n} player{'s' if n != 1 else ''} available; at least 2 are needed to pair a round",
            tuple(p.player for p in players),
        )
    if window is not None and window < 1:
        raise ValueError("window must be at least 1")
    context = _Context(players)
    k = window if window is not None else (n if n <= EXACT_LIMIT else DEFAULT_WINDOW)
    if k < n and n > CHUNK_LIMIT:
        found = _match_in_chunks(context, k)
        if found is not None:
            return found
    everyone = context.line
    while True:
        k = min(k, n)
        solved = _solve(context, everyone, _candidate_pairs(context, everyone, k), n % 2 == 1)
        if solved is not None and not solved[2]:
            return solved[0], solved[1]
        if k >= n:
            raise _diagnose(players)
        k *= 4


def _match_in_chunks(context: _Context, k: int) -> tuple[list[tuple[int, int]], int | None] | None:
    """Pair a very large round chunk by chunk along the pairing line (rolling horizon).

    Each chunk is matched together with the players left over from the previous one; pairs
    that lie wholly before the chunk's last ``CHUNK_OVERLAP`` line positions are kept, the rest
    go on to the next chunk. The bye is decided in the last chunk, which holds the lowest score
    groups. ``None`` if the last chunk cannot pair everyone (the caller then solves globally).
    """
    line = context.line
    n = context.n
    mates: list[tuple[int, int]] = []
    carry: list[int] = []
    position = 0
    while position < n:
        end = min(n, position + CHUNK_SIZE)
        last = end == n
        members = carry + line[position:end]
        pairs = _candidate_pairs(context, members, k)
        found = _solve(context, members, pairs, last and n % 2 == 1)
        if found is None:
            return None
        chunk_mates, bye, left = found
        if last:
            if left:
                return None
            mates.extend(chunk_mates)
            return sorted(mates), bye
        tail = set(line[end - CHUNK_OVERLAP : end])
        carry = list(left)
        for i, j in chunk_mates:
            if i in tail or j in tail:
                carry.extend((i, j))
            else:
                mates.append((i, j))
        carry.sort(key=context.line_position.__getitem__)
        position = end
    return None  # pragma: no cover - the loop always ends in its last chunk


class _Context:
    """Per-round arrays the weights are computed from (index = pairing rank).

    The *pairing line* orders the players so that the ideal opponents are neighbours: score
    group by score group, the top half interleaved with the bottom half (S1[0], S2[0], S1[1],
    S2[1], …), so a group's last player sits next to the next group's first one, where a float
    goes. Candidate edges and chunks follow this line.
    """

    def __init__(self, players: Sequence[SwissPlayer]) -> None:
        self.players = players
        self.n = len(players)
        scale = math.lcm(*(p.score.denominator for p in players))
        self.units = [int(p.score * scale) for p in players]
        self.group_start = [0] * self.n
        self.group_end = [0] * self.n
        self.line: list[int] = []
        start = 0
        for i in range(1, self.n + 1):
            if i == self.n or players[i].score != players[start].score:
                for j in range(start, i):
                    self.group_start[j] = start
                    self.group_end[j] = i
                half = (i - start) // 2
                top, bottom = range(start, start + half), range(start + half, i)
                for a, b in zip(top, bottom, strict=False):
                    self.line.extend((a, b))
                self.line.extend(bottom[len(top) :])
                start = i
        self.line_position = [0] * self.n
        for position, i in enumerate(self.line):
            self.line_position[i] = position
        index = {p.player: i for i, p in enumerate(players)}
        self.met = [frozenset(index[o] for o in p.opponents if o in index) for p in players]
        self.pref = [(p.preference.colour, p.preference.strength) for p in players]
        self.breaks = [(_breaks(p, Colour.RED), _breaks(p, Colour.BLUE)) for p in players]


def _candidate_pairs(context: _Context, members: Sequence[int], k: int) -> list[tuple[int, int]]:
    """Candidate pairs (i < j) among ``members`` (in line order) for window ``k``.

    Each member is joined to the ``k`` members after it on the pairing line and to the ``k``
    members after it in rank order; every allowed pair when ``k`` covers all members.
    """
    met = context.met
    m = len(members)
    pairs: set[tuple[int, int]] = set()
    if k >= m - 1:
        ranks = sorted(members)
        pairs.update((a, b) for x, a in enumerate(ranks) for b in ranks[x + 1 :])
    else:
        for order in (members, sorted(members)):
            for x, a in enumerate(order):
                pairs.update((min(a, b), max(a, b)) for b in order[x + 1 : x + 1 + k])
    return sorted((i, j) for i, j in pairs if j not in met[i])


def _pair_penalty(context: _Context, i: int, j: int) -> tuple[int, ...]:
    """The penalty vector of pairing ranks ``i < j`` (see the module docstring)."""
    colour_i, strength_i = context.pref[i]
    colour_j, strength_j = context.pref[j]
    red_i, blue_i = context.breaks[i]
    red_j, blue_j = context.breaks[j]
    absolute = min(red_i + blue_j, blue_i + red_j)
    same = colour_i is not None and colour_i is colour_j
    strong = same and min(strength_i, strength_j) >= Strength.STRONG
    difference = context.units[i] - context.units[j]
    start_i, end_i = context.group_start[i], context.group_end[i]
    if start_i == context.group_start[j]:
        seed = abs((j - i) - (end_i - start_i) // 2)
    else:
        seed = (end_i - 1 - i) + (j - context.group_start[j])
    return (0, 0, absolute, difference * difference, int(same), int(strong), seed)


def _bye_penalties(context: _Context) -> list[tuple[int, ...]]:
    """The penalty vector of giving the bye to each rank."""
    out: list[tuple[int, ...]] = []
    below = {False: 0, True: 0}
    for i in reversed(range(context.n)):
        had = context.players[i].had_bye
        out.append((int(had), below[had], 0, 0, 0, 0, 0))
        below[had] += 1
    out.reverse()
    return out


def _solve(
    context: _Context, members: Sequence[int], pairs: Sequence[tuple[int, int]], with_bye: bool
) -> tuple[list[tuple[int, int]], int | None, list[int]] | None:
    """The optimal matching of ``members`` on the candidate pairs.

    Returns the pairs, the bye (when ``with_bye``) and the members left unmatched; ``None``
    when ``with_bye`` was asked and the bye went unassigned.
    """
    node = {i: x for x, i in enumerate(members)}
    edges: list[tuple[int, int, tuple[int, ...]]] = [
        (node[i], node[j], _pair_penalty(context, i, j)) for i, j in pairs
    ]
    dummy = len(members) if with_bye else None
    if dummy is not None:
        byes = _bye_penalties(context)
        edges.extend((node[i], dummy, byes[i]) for i in members)
    weights = _fold(
        [penalty for _, _, penalty in edges], pair_count=len(members) // 2, bye_edges=with_bye
    )
    graph: rx.PyGraph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(len(members) + with_bye))
    graph.add_edges_from([(u, v, w) for (u, v, _), w in zip(edges, weights, strict=True)])
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
    mates: list[tuple[int, int]] = []
    bye: int | None = None
    matched: set[int] = set()
    for u, v in matching:
        matched.update((u, v))
        if dummy in (u, v):
            bye = members[u if v == dummy else v]
        else:
            i, j = members[u], members[v]
            mates.append((min(i, j), max(i, j)))
    if with_bye and bye is None:
        return None
    left = [i for x, i in enumerate(members) if x not in matched]
    return sorted(mates), bye, left


def _identity(weight: int) -> int:
    return weight


def _fold(penalties: Sequence[tuple[int, ...]], *, pair_count: int, bye_edges: bool) -> list[int]:
    """Integer edge weights whose maximum-weight perfect matching is the lexicographic minimum.

    Component ``c`` gets the multiplier ``M[c] = 1 + Σ_{d > c} bound[d] * M[d]``, where
    ``bound[d]`` is the largest total component ``d`` can reach over any matching (the largest
    edge value times the number of pairs, or once for the bye components). One unit of a more
    important component then outweighs any amount of all less important ones. Weights are
    ``base - Σ penalty[c] * M[c]`` with ``base`` making every weight positive; rustworkx
    computes with 128-bit integers, which these weights stay far below.
    """
    maxima = [max(column, default=0) for column in zip(*penalties, strict=True)] or [0] * 7
    multipliers = [0] * _COMPONENTS
    running = 1
    for c in reversed(range(_COMPONENTS)):
        multipliers[c] = running
        edges_in_matching = (1 if bye_edges else 0) if c in _BYE_COMPONENTS else pair_count
        running += maxima[c] * edges_in_matching * multipliers[c]
    base = sum(maxima[c] * multipliers[c] for c in range(_COMPONENTS)) + 1
    if base * (pair_count + 1) >= 2**120:
        raise OverflowError("pairing weights exceed the matching's integer range")
    m0, m1, m2, m3, m4, m5, m6 = multipliers
    return [
        base - (a * m0 + b * m1 + c * m2 + d * m3 + e * m4 + f * m5 + g * m6)
        for a, b, c, d, e, f, g in penalties
    ]


def _diagnose(players: Sequence[SwissPlayer]) -> PairingError:
    """Explain why no complete rematch-free pairing exists."""
    ids = {p.player for p in players}
    stuck = sorted(p.player for p in players if not (ids - {p.player} - p.opponents))
    if len(stuck) > len(players) % 2:
        verb = "has" if len(stuck) == 1 else "have"
        return PairingError(
            "no_opponent_left",
            f"{_names(stuck)} {verb} already met every other available player",
            tuple(stuck),
        )
    n = len(players)
    graph: rx.PyGraph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n + n % 2))
    pairs = [
        (i, j)
        for i, p in enumerate(players)
        for j in range(i + 1, n)
        if players[j].player not in p.opponents
    ]
    if n % 2:
        pairs += [(i, n) for i in range(n)]  # whoever gets the bye
    graph.add_edges_from_no_data(pairs)
    matched = {v for edge in rx.max_weight_matching(graph, max_cardinality=True) for v in edge}
    left = tuple(sorted(p.player for i, p in enumerate(players) if i not in matched))
    return PairingError(
        "no_complete_pairing",
        f"no pairing of the {len(players)} available players avoids a rematch; "
        f"at best {_names(list(left))} would be left without an opponent",
        left,
    )


def _names(players: Iterable[PlayerId]) -> str:
    items = [str(p) for p in players]
    if len(items) == 1:
        return f"player {items[0]}"
    return "players " + ", ".join(items[:-1]) + " and " + items[-1]


__all__ = [
    "CHUNK_LIMIT",
    "CHUNK_OVERLAP",
    "CHUNK_SIZE",
    "DEFAULT_WINDOW",
    "EXACT_LIMIT",
    "ColourPreference",
    "DefaultPoints",
    "PairingError",
    "PointsOf",
    "Strength",
    "SwissPlayer",
    "SwissRound",
    "allocate_colours",
    "breaks_colour_rules",
    "colour_preference",
    "pair_round",
    "pairing_order",
    "recommended_rounds",
    "scores",
    "swiss_players",
]
