"""Benchmark: pair round 9 of a synthetic Swiss of 1,000 (and 10,000) players.

Run from the repository root::

    python3 benchmarks/pairing.py                  # 1,000 players, 5 timed runs
    python3 benchmarks/pairing.py --large          # also 10,000 players (3 timed runs)
    python3 benchmarks/pairing.py --players 2000 5000 --repeat 3
    python3 benchmarks/pairing.py --build-with-pairing   # rounds 1-8 paired by pair_round too

The event is built once per size from a fixed seed, so every run times the same input. Rounds
1-8 are paired quickly by default: players sorted by score and seed, each paired with the
next player they have not met, colours given to whoever is due Red; results favour the
stronger seed (win probability from the seed gap), with ~2 % forfeits and ~0.5 % double
forfeits, a few withdrawals and late entries, and a pairing bye whenever the count is odd.
``--build-with-pairing`` pairs those rounds with ``swiss.pair_round`` instead (slower to
build, and the histories then have the colour balance the real system produces).

The timed call is exactly what the organiser's "pair round 9" does: ``swiss.pair_round(history,
9)`` from the plain history values. Printed: min and median wall time and CPU time of the
process over the runs, then what the produced round looks like (how many pairs float across
score groups and by how much, colour-rule breaks, missed colour preferences), so a faster
setting cannot hide a worse pairing. Target (issue 4): at most 1 s at 1,000 players on the
project's 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import swiss
from tournaments.pairing.history import (
    Absence,
    AbsenceKind,
    Bout,
    BoutResult,
    Colour,
    Entrant,
    History,
)

ROUNDS_PLAYED = 8


def _result(rng: random.Random, red_seed: int, blue_seed: int, players: int) -> BoutResult:
    roll = rng.random()
    if roll < 0.005:
        return BoutResult.DOUBLE_FORFEIT
    if roll < 0.015:
        return BoutResult.RED_WON_BY_FORFEIT
    if roll < 0.025:
        return BoutResult.BLUE_WON_BY_FORFEIT
    gap = (blue_seed - red_seed) / players  # positive when Red is the stronger seed
    red_wins = rng.random() < 1 / (1 + 10 ** (-4 * gap))
    return BoutResult.RED_WON if red_wins else BoutResult.BLUE_WON


def _quick_round(history: History, round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    """A fast Swiss-like round: adjacent players in pairing order, skipping earlier opponents."""
    players = swiss.swiss_players(history, round_number)
    waiting = list(players)
    bye = None
    if len(waiting) % 2:
        candidates = [p for p in reversed(waiting) if not p.had_bye]
        chosen = candidates[0] if candidates else waiting[-1]
        waiting.remove(chosen)
        bye = chosen.player
    couples = []
    while waiting:
        first = waiting.pop(0)
        index = next((i for i, p in enumerate(waiting) if p.player not in first.opponents), 0)
        second = waiting.pop(index)
        couples.append(swiss.allocate_colours(first, second))
    return couples, bye


def build_event(players: int, *, seed: int, with_pairing: bool) -> History:
    rng = random.Random(seed)
    entrants = [Entrant(p, p) for p in range(1, players + 1)]
    history = History(tuple(entrants))
    for round_number in range(1, ROUNDS_PLAYED + 1):
        entrants = list(history.entrants)
        absences = list(history.absences)
        for _ in range(players // 500):  # withdrawals
            index = rng.randrange(len(entrants))
            entrants[index] = Entrant(entrants[index].player, entrants[index].seed, active=False)
        if round_number <= 3:
            for _ in range(players // 1000):  # late entries, half a point per missed round
                newcomer = Entrant(len(entrants) + 1, len(entrants) + 1)
                entrants.append(newcomer)
                absences += [
                    Absence(r, newcomer.player, AbsenceKind.NOT_PLAYING, Fraction(1, 2))
                    for r in range(1, round_number)
                ]
        history = History(tuple(entrants), history.bouts, tuple(absences))
        if with_pairing:
            paired = swiss.pair_round(history, round_number)
            couples = [(b.red, b.blue) for b in paired.bouts]
            bye = paired.bye
        else:
            couples, bye = _quick_round(history, round_number)
        seeds = {e.player: e.seed for e in history.entrants}
        bouts = tuple(
            Bout(round_number, red, blue, _result(rng, seeds[red], seeds[blue], players))
            for red, blue in couples
        )
        byes = (Absence(round_number, bye, AbsenceKind.PAIRING_BYE, Fraction(1)),) if bye else ()
        history = History(history.entrants, history.bouts + bouts, history.absences + byes)
    return history


def describe(history: History, paired: swiss.SwissRound) -> str:
    players = {p.player: p for p in swiss.swiss_players(history, paired.round_number)}
    gaps: Counter[Fraction] = Counter()
    breaks = missed = 0
    for bout in paired.bouts:
        red, blue = players[bout.red], players[bout.blue]
        gaps[abs(red.score - blue.score)] += 1
        for seat, colour in ((red, Colour.RED), (blue, Colour.BLUE)):
            history_colours = [c for _, c in seat.colours]
            breaks += swiss.breaks_colour_rules(history_colours, colour)
            wanted = seat.preference.colour
            missed += wanted is not None and wanted is not colour
    return (
        f"{len(paired.bouts)} tables, bye {'yes' if paired.bye is not None else 'no'}; "
        f"pairs by score gap {', '.join(f'{g}: {n}' for g, n in sorted(gaps.items()))}; "
        f"colour-rule breaks {breaks}; missed colour preferences {missed}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000])
    parser.add_argument("--large", action="store_true", help="also time 10,000 players")
    parser.add_argument("--repeat", type=int, default=None, help="timed runs (5, or 3 if large)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--build-with-pairing", action="store_true")
    args = parser.parse_args()
    sizes = list(args.players) + ([10_000] if args.large and 10_000 not in args.players else [])

    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(
        f"swiss: exact up to {swiss.EXACT_LIMIT} players, window {swiss.DEFAULT_WINDOW}, "
        f"chunks of {swiss.CHUNK_SIZE} (overlap {swiss.CHUNK_OVERLAP}) above {swiss.CHUNK_LIMIT}"
    )
    for size in sizes:
        started = time.perf_counter()
        history = build_event(size, seed=args.seed, with_pairing=args.build_with_pairing)
        built = time.perf_counter() - started
        repeat = args.repeat or (3 if size > 5000 else 5)
        walls, cpus = [], []
        paired = None
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            paired = swiss.pair_round(history, ROUNDS_PLAYED + 1)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        assert paired is not None
        print(
            f"{size:>6} players (event built in {built:.1f} s, {len(history.bouts)} bouts): "
            f"round {ROUNDS_PLAYED + 1} wall min {min(walls):.3f} s, "
            f"median {statistics.median(walls):.3f} s; "
            f"cpu min {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s"
        )
        print(f"         {describe(history, paired)}")


if __name__ == "__main__":
    main()
