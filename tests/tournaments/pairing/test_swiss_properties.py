"""Swiss pairing over random tournaments, checked against brute force.

Hypothesis plays whole events (random results including forfeits, withdrawals, late entries,
players sitting a round out) and checks every round the pairing produces:

* every available player is paired exactly once, or is the single bye (odd counts only);
* nobody meets an earlier opponent, and ``PairingError`` is raised exactly when every complete
  pairing would need a rematch;
* on small fields, the pairing is the optimum of the documented criteria, computed here
  independently by enumerating every complete pairing: the bye goes to the lowest-ranked
  player without a bye, colour rules (±2, three in a row) break only when unavoidable, the
  summed squared score differences are minimal, then colour preferences are met as far as
  possible, then the pairs are as close as possible to the Dutch seed order. The colours
  counted are the ones actually allocated.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from unittest import mock

import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.sampling import examples
from tournaments.pairing import swiss
from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import (
    Absence,
    AbsenceKind,
    Bout,
    BoutResult,
    Colour,
    Entrant,
    History,
    PlayerId,
)
from tournaments.pairing.swiss import SwissRound, pair_round

R, B = Colour.RED, Colour.BLUE
BRUTE_FORCE_LIMIT = 9  # available players; with the bye vertex at most 945 complete pairings

RESULTS = (
    [BoutResult.RED_WON] * 45
    + [BoutResult.BLUE_WON] * 45
    + [BoutResult.RED_WON_BY_FORFEIT] * 4
    + [BoutResult.BLUE_WON_BY_FORFEIT] * 4
    + [BoutResult.DOUBLE_FORFEIT] * 2
)


# ------------------------------------------------------------- independent reference model


@dataclass(frozen=True)
class Seat:
    """What the reference knows about one available player (computed from the history)."""

    player: PlayerId
    rank: int
    score: Fraction
    colours: tuple[Colour, ...]
    had_bye: bool
    met: frozenset[PlayerId]


def reference_seats(history: History, unavailable: set[PlayerId]) -> list[Seat]:
    score = {e.player: Fraction(0) for e in history.entrants}
    for bout in history.bouts:
        if bout.winner is not None:
            score[bout.winner] += 1
    for absence in history.absences:
        score[absence.player] += absence.points
    available = sorted(
        (e for e in history.entrants if e.active and e.player not in unavailable),
        key=lambda e: (-score[e.player], e.seed, e.player),
    )
    seats = []
    for rank, e in enumerate(available):
        mine = sorted(
            (b for b in history.bouts if e.player in (b.red, b.blue)), key=lambda b: b.round_number
        )
        seats.append(
            Seat(
                player=e.player,
                rank=rank,
                score=score[e.player],
                colours=tuple((R if b.red == e.player else B) for b in mine if not b.forfeited),
                # FIDE C.04.1 d: a pairing bye or a forfeit win rules out another bye.
                had_bye=any(
                    a.player == e.player and a.kind is AbsenceKind.PAIRING_BYE
                    for a in history.absences
                )
                or any(b.forfeited and b.winner == e.player for b in mine),
                # A forfeited game is no meeting: the two may be paired again.
                met=frozenset(
                    b.blue if b.red == e.player else b.red for b in mine if not b.forfeited
                ),
            )
        )
    return seats


def breaks(colours: tuple[Colour, ...], colour: Colour) -> int:
    """1 if this colour makes the difference exceed ±2 or makes three in a row."""
    after = (*colours, colour)
    difference = after.count(R) - after.count(B)
    three = len(after) >= 3 and after[-3] == after[-2] == after[-1]
    return int(abs(difference) > 2 or three)


def preference(colours: tuple[Colour, ...]) -> tuple[Colour | None, int]:
    """(colour, strength) per FIDE C.04.3 A.6: 3 absolute, 2 strong, 1 mild, 0 none."""
    if not colours:
        return None, 0
    difference = colours.count(R) - colours.count(B)
    if abs(difference) >= 2:
        return (B if difference > 0 else R), 3
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return colours[-1].other, 3
    if difference:
        return (B if difference > 0 else R), 2
    return colours[-1].other, 1


Criteria = tuple[int, int, int, Fraction, int, int, int]


def complete_pairings(
    seats: list[Seat],
) -> Iterator[tuple[list[tuple[Seat, Seat]], Seat | None]]:
    """Every pairing of all seats without a rematch (one seat on the bye if the count is odd)."""

    def walk(
        rest: list[Seat], pairs: list[tuple[Seat, Seat]], bye: Seat | None
    ) -> Iterator[tuple[list[tuple[Seat, Seat]], Seat | None]]:
        if not rest:
            yield list(pairs), bye
            return
        first, others = rest[0], rest[1:]
        if len(rest) % 2 == 1 and bye is None:
            yield from walk(others, pairs, first)
        for i, second in enumerate(others):
            if second.player not in first.met:
                pairs.append((first, second))
                yield from walk(others[:i] + others[i + 1 :], pairs, bye)
                pairs.pop()

    yield from walk(seats, [], None)


def bye_criteria(seats: list[Seat], bye: Seat | None) -> tuple[int, int]:
    if bye is None:
        return 0, 0
    below = sum(1 for s in seats if s.had_bye == bye.had_bye and s.rank > bye.rank)
    return int(bye.had_bye), below


def seed_order(seats: list[Seat], a: Seat, b: Seat) -> int:
    """Distance from the Dutch ideal: in a score group of m, rank i meets rank i + m // 2; a
    float goes from the bottom of the higher group to the top of the lower one."""
    high, low = (a, b) if a.rank < b.rank else (b, a)
    group_high = [s.rank for s in seats if s.score == high.score]
    group_low = [s.rank for s in seats if s.score == low.score]
    if high.score == low.score:
        return abs(low.rank - high.rank - len(group_high) // 2)
    below_high = sum(1 for r in group_high if r > high.rank)
    above_low = sum(1 for r in group_low if r < low.rank)
    return below_high + above_low


def best_criteria(seats: list[Seat], pairs: list[tuple[Seat, Seat]], bye: Seat | None) -> Criteria:
    """The criteria of a pairing with the best colour allocation of each pair."""
    colour = 0
    squares = Fraction(0)
    wanted = strong = 0
    for a, b in pairs:
        colour += min(
            breaks(a.colours, R) + breaks(b.colours, B), breaks(a.colours, B) + breaks(b.colours, R)
        )
        squares += (a.score - b.score) ** 2
        (pa, sa), (pb, sb) = preference(a.colours), preference(b.colours)
        if pa is not None and pa == pb:
            wanted += 1
            strong += int(min(sa, sb) >= 2)
    seeds = sum(seed_order(seats, a, b) for a, b in pairs)
    return (*bye_criteria(seats, bye), colour, squares, wanted, strong, seeds)


def actual_criteria(seats: list[Seat], paired: SwissRound) -> Criteria:
    """The same criteria for a produced round, with the colours it actually allocated."""
    by_id = {s.player: s for s in seats}
    bye = by_id[paired.bye] if paired.bye is not None else None
    colour = 0
    squares = Fraction(0)
    missed = missed_strong = 0
    for bout in paired.bouts:
        red, blue = by_id[bout.red], by_id[bout.blue]
        colour += breaks(red.colours, R) + breaks(blue.colours, B)
        squares += (red.score - blue.score) ** 2
        for seat, got in ((red, R), (blue, B)):
            wants, strength = preference(seat.colours)
            if wants is not None and wants != got:
                missed += 1
                missed_strong += int(strength >= 2)
    seeds = sum(seed_order(seats, by_id[b.red], by_id[b.blue]) for b in paired.bouts)
    return (*bye_criteria(seats, bye), colour, squares, missed, missed_strong, seeds)


def pairable(seats: list[Seat], without: Seat | None = None) -> bool:
    """Whether the seats (less ``without``) can all be paired, by a maximum matching."""
    rest = [s for s in seats if s is not without]
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(range(len(rest)))
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i in range(len(rest))
            for j in range(i + 1, len(rest))
            if rest[j].player not in rest[i].met
        ]
    )
    return 2 * len(rx.max_weight_matching(graph, max_cardinality=True)) == len(rest)


# ------------------------------------------------------------------- random tournaments


def tournament(seed: int, players: int, rounds: int, check: object, *, churn: bool = True) -> int:
    """Play ``rounds`` random rounds, calling ``check(history, round, unavailable, paired)``.

    ``paired`` is the produced round or the ``PairingError`` raised; the event stops there.
    Returns the number of rounds paired.
    """
    rng = random.Random(seed)
    seeds = rng.sample(range(1, 10 * players + 1), players)
    history = History(tuple(Entrant(p, seeds[p - 1]) for p in range(1, players + 1)))
    for round_number in range(1, rounds + 1):
        entrants = list(history.entrants)
        absences = list(history.absences)
        active = [e for e in entrants if e.active]
        if churn and len(active) > 3 and rng.random() < 0.15:  # a withdrawal
            gone = rng.choice(active)
            entrants[entrants.index(gone)] = replace(gone, active=False)
        if churn and rng.random() < 0.15:  # a late entry, with points for the missed rounds
            newcomer = Entrant(len(entrants) + 1, rng.randint(1, 10 * players))
            entrants.append(newcomer)
            points = rng.choice([Fraction(0), Fraction(1, 2), Fraction(1)])
            absences.extend(
                Absence(r, newcomer.player, AbsenceKind.NOT_PLAYING, points)
                for r in range(1, round_number)
            )
        unavailable: set[PlayerId] = set()
        if churn and rng.random() < 0.1:
            unavailable.add(rng.choice([e.player for e in entrants if e.active]))
        history = History(tuple(entrants), history.bouts, tuple(absences))
        try:
            paired: SwissRound | PairingError = pair_round(
                history, round_number, unavailable=unavailable
            )
        except PairingError as error:
            paired = error
        check(history, round_number, unavailable, paired)  # type: ignore[operator]
        if isinstance(paired, PairingError):
            return round_number - 1
        bouts = tuple(Bout(round_number, b.red, b.blue, rng.choice(RESULTS)) for b in paired.bouts)
        new_absences = [
            Absence(round_number, p, AbsenceKind.NOT_PLAYING, Fraction(0)) for p in unavailable
        ]
        bye = paired.bye_absence(Fraction(1))
        if bye is not None:
            new_absences.append(bye)
        history = History(
            history.entrants, history.bouts + bouts, history.absences + tuple(new_absences)
        )
    return rounds


def check_cover(
    history: History, unavailable: set[PlayerId], paired: SwissRound | PairingError
) -> list[Seat]:
    seats = reference_seats(history, unavailable)
    if isinstance(paired, PairingError):
        assert paired.code in {"no_opponent_left", "no_complete_pairing", "not_enough_players"}
        if paired.code == "not_enough_players":
            assert len(seats) < 2
        else:  # unavoidable: no bye choice leaves a pairable field
            candidates = seats if len(seats) % 2 else [None]
            assert not any(pairable(seats, bye) for bye in candidates)
        return seats
    by_id = {s.player: s for s in seats}
    seen = [p for b in paired.bouts for p in (b.red, b.blue)]
    assert len(seen) == len(set(seen))
    assert (paired.bye is not None) == (len(seats) % 2 == 1)
    if paired.bye is not None:
        seen.append(paired.bye)
    assert sorted(seen) == sorted(by_id)
    for bout in paired.bouts:
        assert bout.blue not in by_id[bout.red].met, f"rematch {bout.red}-{bout.blue}"
    return seats


# ------------------------------------------------------------------------------ properties


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, BRUTE_FORCE_LIMIT - 1),
    rounds=st.integers(1, 7),
)
def test_small_events_are_paired_optimally(seed: int, players: int, rounds: int) -> None:
    def check(
        history: History,
        round_number: int,
        unavailable: set[PlayerId],
        paired: SwissRound | PairingError,
    ) -> None:
        seats = check_cover(history, unavailable, paired)
        if isinstance(paired, PairingError) or len(seats) > BRUTE_FORCE_LIMIT:
            return
        best = min(best_criteria(seats, pairs, bye) for pairs, bye in complete_pairings(seats))
        assert actual_criteria(seats, paired) == best

    tournament(seed, players, rounds, check)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(10, 40), rounds=st.integers(1, 8))
def test_larger_events_pair_everyone_and_give_the_bye_to_the_lowest_eligible(
    seed: int, players: int, rounds: int
) -> None:
    def check(
        history: History,
        round_number: int,
        unavailable: set[PlayerId],
        paired: SwissRound | PairingError,
    ) -> None:
        seats = check_cover(history, unavailable, paired)
        if isinstance(paired, PairingError) or paired.bye is None:
            return
        bye = next(s for s in seats if s.player == paired.bye)
        # Nobody preferable (no bye yet, or equally eligible and lower ranked) could have
        # had the bye with the rest still pairable.
        for other in seats:
            better = (not other.had_bye and bye.had_bye) or (
                other.had_bye == bye.had_bye and other.rank > bye.rank
            )
            if better:
                assert not pairable(seats, other), f"{other.player} should have had the bye"

    tournament(seed, players, rounds, check)


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(30, 90),
    rounds=st.integers(1, 9),
    window=st.integers(1, 4),
)
def test_restricted_and_chunked_matching_pair_everyone_without_rematches(
    seed: int, players: int, rounds: int, window: int
) -> None:
    def check(
        history: History,
        round_number: int,
        unavailable: set[PlayerId],
        paired: SwissRound | PairingError,
    ) -> None:
        check_cover(history, unavailable, paired)

    real_pair_round = swiss.pair_round

    def narrow(history: History, round_number: int, **options: object) -> SwissRound:
        return real_pair_round(history, round_number, window=window, **options)  # type: ignore[arg-type]

    with (
        mock.patch.multiple(swiss, CHUNK_LIMIT=24, CHUNK_SIZE=20, CHUNK_OVERLAP=6),
        mock.patch(f"{__name__}.pair_round", narrow),
    ):
        tournament(seed, players, rounds, check)


def random_history(seed: int, players: int, rounds: int) -> History:
    """Rounds of random pairings with random colours: far more colour conflicts than a Swiss."""
    rng = random.Random(seed)
    entrants = tuple(Entrant(p, rng.randint(1, 99)) for p in range(1, players + 1))
    bouts: list[Bout] = []
    absences: list[Absence] = []
    for round_number in range(1, rounds + 1):
        order = [e.player for e in entrants]
        rng.shuffle(order)
        sitting = order[rng.randint(0, 1) + len(order) % 2 :] if len(order) > 3 else order
        for p in order[: len(order) - len(sitting)]:
            kind = rng.choice([AbsenceKind.PAIRING_BYE, AbsenceKind.NOT_PLAYING])
            absences.append(Absence(round_number, p, kind, Fraction(rng.randint(0, 2), 2)))
        for red, blue in zip(sitting[::2], sitting[1::2], strict=False):
            bouts.append(Bout(round_number, red, blue, rng.choice(RESULTS)))
        if len(sitting) % 2:
            absences.append(
                Absence(round_number, sitting[-1], AbsenceKind.PAIRING_BYE, Fraction(1))
            )
    return History(entrants, tuple(bouts), tuple(absences))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, BRUTE_FORCE_LIMIT),
    rounds=st.integers(0, 6),
)
def test_random_histories_are_paired_optimally(seed: int, players: int, rounds: int) -> None:
    history = random_history(seed, players, rounds)
    try:
        paired: SwissRound | PairingError = pair_round(history, rounds + 1)
    except PairingError as error:
        paired = error
    seats = check_cover(history, set(), paired)
    if isinstance(paired, SwissRound):
        best = min(best_criteria(seats, pairs, bye) for pairs, bye in complete_pairings(seats))
        assert actual_criteria(seats, paired) == best
