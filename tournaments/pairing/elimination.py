"""Single and double elimination brackets as plain values.

A :class:`Bracket` is a tuple of :class:`BracketMatch` values. Each match names where its two
players come from (``sources``: a seed, or the winner or loser of an earlier match) and where
its winner and loser go next (``winner_to``, ``loser_to``: a match id and a slot, or ``None``
when the player's event ends there). Match ids are 1..M in a playable order: every source of a
match has a smaller id. The Django layer stores these values as rows and calls
:func:`bracket_progress` with the winners recorded so far to learn who plays whom next, which
matches can be played, and the final placings.

Seeding. Entrants are given in seed order (``entrants[0]`` is seed 1). The bracket size P is the
next power of two; seed s meets seed P + 1 − s in the first round, and the first-round lines
are ordered so that seeds 1 and 2 can only meet in the final, 1 and 4 / 2 and 3 in the semi-
finals, and so on (for 16: 1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15; see
:func:`seeding_order`). Missing seeds (P − N of them) are byes, so the byes go to the top
seeds; a match against a bye is not created and its player enters the next round directly.

Double elimination. Losers of winners-bracket round 1 meet each other in losers round 1; the
losers of winners round k ≥ 2 drop into losers round 2k − 2, against the survivors of the
losers bracket, in reversed order when k is even and with the two halves swapped when k is odd
(so that players who met in the winners bracket do not meet again at once). Losers rounds
alternate between these drop-in rounds and rounds among the losers bracket's own survivors.
The grand final puts the winners-bracket champion (slot 0) against the losers-bracket champion
(slot 1); with ``grand_final_reset`` a second grand final is played only if the losers-bracket
champion wins the first, so that every player but the champion leaves after two losses.

Placings. Players leaving in the same round share a place (two semi-final losers are both
3rd without a third-place match; four quarter-final losers are all 5th), as in Challonge.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import PlayerId


class BracketKind(enum.StrEnum):
    SINGLE = "single"
    DOUBLE = "double"


class Section(enum.StrEnum):
    WINNERS = "winners"  # the only section of a single elimination bracket
    LOSERS = "losers"
    GRAND_FINAL = "grand_final"
    THIRD_PLACE = "third_place"


class SourceKind(enum.StrEnum):
    SEED = "seed"  # ref is the seed number, 1 = top seed
    WINNER = "winner"  # ref is a match id
    LOSER = "loser"  # ref is a match id


@dataclass(frozen=True, slots=True)
class Source:
    kind: SourceKind
    ref: int


@dataclass(frozen=True, slots=True)
class Destination:
    match: int
    slot: int  # 0 or 1: the index into that match's ``sources``


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of a bracket.

    ``round`` counts from 1 within the ``section``; ``slot`` is the 1-based position of the
    match in its round, top to bottom. ``winner_place``/``loser_place`` are the final places of
    a winner whose event ends here (``winner_to`` is ``None``) and of a loser eliminated here
    (``loser_to`` is ``None``). A ``reset`` match (the second grand final) is only played if
    the player in slot 1 of the match before it (the losers-bracket champion) won that match.
    """

    id: int
    section: Section
    round: int
    slot: int
    sources: tuple[Source, Source]
    winner_to: Destination | None
    loser_to: Destination | None
    winner_place: int | None
    loser_place: int | None
    reset: bool = False

    @property
    def code(self) -> str:
        """A short label for pages and logs: ``W2-3``, ``L1-1``, ``GF``, ``GF2``, ``3P``."""
        if self.section is Section.GRAND_FINAL:
            return "GF2" if self.reset else "GF"
        if self.section is Section.THIRD_PLACE:
            return "3P"
        return f"{'W' if self.section is Section.WINNERS else 'L'}{self.round}-{self.slot}"


@dataclass(frozen=True, slots=True)
class Bracket:
    kind: BracketKind
    entrants: tuple[PlayerId, ...]  # in seed order: entrants[0] is seed 1
    matches: tuple[BracketMatch, ...]  # matches[i].id == i + 1

    def match(self, match_id: int) -> BracketMatch:
        if not 1 <= match_id <= len(self.matches):
            raise KeyError(match_id)
        return self.matches[match_id - 1]


@dataclass(frozen=True, slots=True)
class BracketProgress:
    """Where a bracket stands given the winners recorded so far.

    ``players[i]`` holds the two players of match ``i + 1`` as far as they are known (slot
    order). ``playable`` lists the matches whose two players are known and that have no result
    yet; ``skipped`` the reset grand final when it turned out not to be needed. ``placings``
    holds the final place of every player whose event is over.
    """

    players: tuple[tuple[PlayerId | None, PlayerId | None], ...]
    playable: tuple[int, ...]
    skipped: tuple[int, ...]
    placings: Mapping[PlayerId, int] = field(default_factory=dict)
    complete: bool = False
    champion: PlayerId | None = None


def seeding_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket-line order for a power-of-two ``size``; lines 2i and 2i+1 meet.

    >>> seeding_order(8)
    (1, 8, 5, 4, 3, 6, 7, 2)
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        # Each line splits in two; the seed keeps the upper line at even positions and the
        # lower one at odd positions, which keeps seeds 1 and 2 at the two ends.
        order = [
            x
            for i, seed in enumerate(order)
            for x in ((seed, total - seed) if i % 2 == 0 else (total - seed, seed))
        ]
    return tuple(order)


def single_elimination(entrants: Sequence[PlayerId], *, third_place: bool = False) -> Bracket:
    """A single elimination bracket for ``entrants`` in seed order."""
    builder = _Builder(entrants)
    builder.winners_bracket()
    if third_place and builder.rounds >= 2:
        semis = builder.rounds - 1
        builder.add(
            (Section.THIRD_PLACE, 1, 0),
            (("loser", (Section.WINNERS, semis, 0)), ("loser", (Section.WINNERS, semis, 1))),
        )
    return builder.build(BracketKind.SINGLE)


def double_elimination(entrants: Sequence[PlayerId], *, grand_final_reset: bool = True) -> Bracket:
    """A double elimination bracket for ``entrants`` in seed order."""
    builder = _Builder(entrants)
    builder.winners_bracket()
    m = builder.rounds
    size = builder.size
    w = Section.WINNERS
    lose = Section.LOSERS
    if m == 1:
        lb_champion: _Ref = ("loser", (w, 1, 0))
    else:
        for i in range(size // 4):
            builder.add((lose, 1, i), (("loser", (w, 1, 2 * i)), ("loser", (w, 1, 2 * i + 1))))
        for k in range(2, m + 1):
            drop_round = 2 * k - 2
            count = size >> k
            for i in range(count):
                builder.add(
                    (lose, drop_round, i),
                    (("winner", (lose, drop_round - 1, i)), ("loser", (w, k, _drop(k, i, count)))),
                )
            if k < m:
                for i in range(count // 2):
                    builder.add(
                        (lose, drop_round + 1, i),
                        (
                            ("winner", (lose, drop_round, 2 * i)),
                            ("winner", (lose, drop_round, 2 * i + 1)),
                        ),
                    )
        lb_champion = ("winner", (lose, 2 * m - 2, 0))
    final = (Section.GRAND_FINAL, 1, 0)
    builder.add(final, (("winner", (w, m, 0)), lb_champion))
    if grand_final_reset:
        builder.add((Section.GRAND_FINAL, 2, 0), (("winner", final), ("loser", final)))
    return builder.build(BracketKind.DOUBLE)


def _drop(k: int, i: int, count: int) -> int:
    """Which loser of winners round k meets losers-bracket match i of the drop-in round."""
    if k % 2 == 0:
        return count - 1 - i
    return (i + count // 2) % count


# Internal representation while building: a match is keyed (section, original round, index);
# a source is ("seed", n) or ("winner" | "loser", key).
_Key = tuple[Section, int, int]
_Ref = tuple[str, object]

_SECTION_ORDER = {
    Section.WINNERS: 1,
    Section.THIRD_PLACE: 0,
    Section.LOSERS: 2,
    Section.GRAND_FINAL: 3,
}


class _Builder:
    def __init__(self, entrants: Sequence[PlayerId]) -> None:
        if len(entrants) < 2:
            raise PairingError(
                "invalid_entrants", f"a bracket needs at least 2 entrants, not {len(entrants)}"
            )
        if len(set(entrants)) != len(entrants):
            raise PairingError("invalid_entrants", "an entrant is listed twice")
        self.entrants = tuple(entrants)
        self.count = len(entrants)
        self.rounds = (self.count - 1).bit_length()
        self.size = 1 << self.rounds
        self.protos: dict[_Key, tuple[_Ref, _Ref]] = {}

    def add(self, key: _Key, sources: tuple[_Ref, _Ref]) -> None:
        self.protos[key] = sources

    def winners_bracket(self) -> None:
        order = seeding_order(self.size)
        for i in range(self.size // 2):
            high, low = sorted(order[2 * i : 2 * i + 2])  # the higher seed takes slot 0
            self.add((Section.WINNERS, 1, i), (("seed", high), ("seed", low)))
        for r in range(2, self.rounds + 1):
            for i in range(self.size >> r):
                self.add(
                    (Section.WINNERS, r, i),
                    (
                        ("winner", (Section.WINNERS, r - 1, 2 * i)),
                        ("winner", (Section.WINNERS, r - 1, 2 * i + 1)),
                    ),
                )

    def build(self, kind: BracketKind) -> Bracket:
        # 1. Resolve byes in creation order (sources are always created first). A match with a
        #    bye is dropped: its real player (if any) stands in for its winner, and its loser
        #    is a bye.
        bye: _Ref = ("bye", None)
        resolved: dict[_Key, tuple[_Ref, _Ref]] = {}
        advancer: dict[_Key, _Ref] = {}

        def resolve(ref: _Ref) -> _Ref:
            kind_, target = ref
            if kind_ == "seed":
                return ref if isinstance(target, int) and target <= self.count else bye
            key = _as_key(target)
            if key in resolved:
                return ref
            return advancer[key] if kind_ == "winner" else bye

        for key, (a, b) in self.protos.items():
            ra, rb = resolve(a), resolve(b)
            if ra[0] != "bye" and rb[0] != "bye":
                resolved[key] = (ra, rb)
            else:
                advancer[key] = rb if ra[0] == "bye" else ra

        # 2. Number the kept matches in playing order.
        def stage(key: _Key) -> tuple[int, int, int, int]:
            # Winners round r is played alongside losers round 2r - 3 (after round 1); the
            # third-place match alongside the final; the grand final after everything.
            section, rnd, index = key
            if section is Section.WINNERS:
                step = 1 if rnd == 1 else 2 * rnd - 2
            elif section is Section.THIRD_PLACE:
                step = 2 * self.rounds - 2
            elif section is Section.LOSERS:
                step = rnd + 1
            else:
                step = 2 * self.rounds + rnd
            return (step, _SECTION_ORDER[section], rnd, index)

        keys = sorted(resolved, key=stage)
        ids = {key: n + 1 for n, key in enumerate(keys)}
        round_numbers: dict[Section, dict[int, int]] = {}
        for key in keys:
            section_rounds = round_numbers.setdefault(key[0], {})
            section_rounds.setdefault(key[1], 0)
        for rounds in round_numbers.values():
            for new, old in enumerate(sorted(rounds), start=1):
                rounds[old] = new
        slots: dict[tuple[Section, int], int] = {}

        def source(ref: _Ref) -> Source:
            kind_, target = ref
            if kind_ == "seed":
                if not isinstance(target, int):
                    raise TypeError(f"not a seed: {target!r}")
                return Source(SourceKind.SEED, target)
            return Source(SourceKind(kind_), ids[_as_key(target)])

        sources = {key: (source(resolved[key][0]), source(resolved[key][1])) for key in keys}
        winner_to: dict[int, Destination] = {}
        loser_to: dict[int, Destination] = {}
        for key in keys:
            for slot, src in enumerate(sources[key]):
                if src.kind is SourceKind.WINNER:
                    winner_to[src.ref] = Destination(ids[key], slot)
                elif src.kind is SourceKind.LOSER:
                    loser_to[src.ref] = Destination(ids[key], slot)

        # 3. Places, best first: players whose event ends in a later round rank higher.
        winner_place: dict[int, int] = {}
        loser_place: dict[int, int] = {}
        tiers: dict[tuple[int, int], list[int]] = {}
        for key in keys:
            section, rnd, _ = key
            if section is Section.GRAND_FINAL:
                tier = (3, 0)
            elif section is Section.THIRD_PLACE:
                tier = (2, 0)
            elif section is Section.WINNERS and kind is BracketKind.SINGLE and rnd == self.rounds:
                tier = (3, 0)
            else:
                tier = (1 if section is Section.LOSERS else 0, rnd)
            tiers.setdefault(tier, []).append(ids[key])
        place = 1
        for tier in sorted(tiers, reverse=True):
            members = tiers[tier]
            if tier == (3, 0):  # the final (and its reset): 1st and 2nd
                for match_id in members:
                    winner_place[match_id] = 1
                    loser_place[match_id] = 2
                place = 3
                continue
            finishing = [m for m in members if m not in winner_to]
            for match_id in finishing:
                winner_place[match_id] = place
            place += len(finishing)
            eliminated = [m for m in members if m not in loser_to]
            for match_id in eliminated:
                loser_place[match_id] = place
            place += len(eliminated)

        matches = []
        for key in keys:
            match_id = ids[key]
            section, rnd, _ = key
            new_round = round_numbers[section][rnd]
            slots[(section, new_round)] = slots.get((section, new_round), 0) + 1
            reset = section is Section.GRAND_FINAL and rnd == 2
            matches.append(
                BracketMatch(
                    id=match_id,
                    section=section,
                    round=new_round,
                    slot=slots[(section, new_round)],
                    sources=sources[key],
                    winner_to=winner_to.get(match_id),
                    loser_to=loser_to.get(match_id),
                    winner_place=winner_place.get(match_id),
                    loser_place=loser_place.get(match_id),
                    reset=reset,
                )
            )
        return Bracket(kind, self.entrants, tuple(matches))


def _as_key(target: object) -> _Key:
    if not isinstance(target, tuple):
        raise TypeError(f"not a match key: {target!r}")
    section, rnd, index = target
    return (Section(section), int(rnd), int(index))


def bracket_progress(bracket: Bracket, winners: Mapping[int, PlayerId]) -> BracketProgress:
    """Who plays in each match, what can be played next, and the placings so far.

    ``winners`` maps match ids to the player who won. Raises :class:`PairingError`
    (``invalid_result``) for a result on an unknown match, on a match whose players are not
    both known yet, on a skipped reset, or naming a player who is not in the match.
    """
    unknown = sorted(set(winners) - {m.id for m in bracket.matches})
    if unknown:
        raise PairingError("invalid_result", f"no match {unknown[0]} in this bracket")
    players: list[tuple[PlayerId | None, PlayerId | None]] = []
    losers: dict[int, PlayerId] = {}
    playable: list[int] = []
    skipped: list[int] = []
    placings: dict[PlayerId, int] = {}
    champion: PlayerId | None = None

    def who(src: Source) -> PlayerId | None:
        if src.kind is SourceKind.SEED:
            return bracket.entrants[src.ref - 1]
        if src.kind is SourceKind.WINNER:
            return winners.get(src.ref)
        return losers.get(src.ref)

    for match in bracket.matches:
        pair = (who(match.sources[0]), who(match.sources[1]))
        players.append(pair)
        if match.reset:
            before = bracket.match(match.sources[0].ref)
            first_winner = winners.get(before.id)
            if first_winner is not None and first_winner == players[before.id - 1][0]:
                skipped.append(match.id)
                if match.id in winners:
                    raise PairingError(
                        "invalid_result",
                        f"match {match.code} is not played: the winners-bracket champion "
                        "won the first grand final",
                    )
                continue
        winner = winners.get(match.id)
        if winner is None:
            if pair[0] is not None and pair[1] is not None:
                playable.append(match.id)
            continue
        if pair[0] is None or pair[1] is None:
            raise PairingError(
                "invalid_result", f"match {match.code} cannot have a result yet", (winner,)
            )
        if winner not in pair:
            raise PairingError(
                "invalid_result",
                f"player {winner} is not in match {match.code}",
                (winner,),
            )
        loser = pair[1] if winner == pair[0] else pair[0]
        losers[match.id] = loser
        final_without_reset = (
            match.section is Section.GRAND_FINAL
            and not match.reset
            and (match.winner_to is None or winner == pair[0])
        )
        if match.loser_to is None or final_without_reset:
            placings[loser] = _place(match.loser_place)
        if match.winner_to is None or final_without_reset:
            placings[winner] = _place(match.winner_place)
            if match.winner_place == 1:
                champion = winner
    complete = len(placings) == len(bracket.entrants)
    return BracketProgress(
        players=tuple(players),
        playable=tuple(playable),
        skipped=tuple(skipped),
        placings=placings,
        complete=complete,
        champion=champion,
    )


def _place(value: int | None) -> int:
    if value is None:
        raise ValueError("bracket match without a place for a player leaving there")
    return value
