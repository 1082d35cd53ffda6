"""Benchmark: recompute the standings of a synthetic 9-round Swiss of 1,000 and 10,000 players.

Run from the repository root::

    python3 benchmarks/standings.py            # 1,000 and 10,000 players
    python3 benchmarks/standings.py 2000 5     # other sizes, 5 timed repeats

The events are built once per size (seeded, so every run times the same input): players are
paired within their score group in round order (rematches allowed, which standings do not
care about), the stronger seed usually wins, and a sprinkling of forfeits, double forfeits,
withdrawals, late entries and pairing byes exercises every branch of the unplayed-round rules.
The timed call is exactly what the live standings page does after a result comes in:
``standings(history, ...)`` with a full tie-break list, from the plain history values.
Target (issue 4): at most 100 ms at 1,000 players.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing.history import (
    Absence,
    AbsenceKind,
    Bout,
    BoutResult,
    Entrant,
    History,
)
from tournaments.standings import (
    BLUE_WINS,
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    DIRECT_ENCOUNTER,
    DRAWING_OF_LOTS,
    GAMES_WON,
    MEDIAN_BUCHHOLZ,
    OPPONENTS_MATCH_WIN,
    PROGRESSIVE,
    SONNEBORN_BERGER,
    WINS,
    PointsScheme,
    TieBreak,
    standings,
)

ROUNDS = 9
TIEBREAKS = (
    BUCHHOLZ_CUT1,
    BUCHHOLZ,
    MEDIAN_BUCHHOLZ,
    SONNEBORN_BERGER,
    DIRECT_ENCOUNTER,
    WINS,
    GAMES_WON,
    BLUE_WINS,
    PROGRESSIVE,
    OPPONENTS_MATCH_WIN,
    DRAWING_OF_LOTS,
)
SHORT = (BUCHHOLZ_CUT1, BUCHHOLZ, DRAWING_OF_LOTS)
Timings = tuple[list[float], list[float]]


def synthetic_event(players: int, rounds: int = ROUNDS, seed: int = 1) -> History:
    """A finished Swiss-like event of ``players`` entrants over ``rounds`` rounds."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    late = {p: rng.randint(2, 3) for p in rng.sample(ids, players // 50)}  # join in round 2-3
    withdraw = {p: rng.randint(4, rounds) for p in rng.sample(ids, players // 25)}
    score = dict.fromkeys(ids, 0)
    bouts: list[Bout] = []
    absences: list[Absence] = []
    for r in range(1, rounds + 1):
        present = []
        for p in ids:
            if late.get(p, 1) > r or withdraw.get(p, rounds + 1) <= r:
                absences.append(Absence(r, p, AbsenceKind.NOT_PLAYING, Fraction(0)))
            else:
                present.append(p)
        present.sort(key=lambda p: (-score[p], rng.random()))
        if len(present) % 2:
            bye = present.pop()
            absences.append(Absence(r, bye, AbsenceKind.PAIRING_BYE, Fraction(1)))
            score[bye] += 1
        for k in range(0, len(present), 2):
            red, blue = present[k], present[k + 1]
            if rng.random() < 0.5:
                red, blue = blue, red
            roll = rng.random()
            if roll < 0.01:
                result = BoutResult.DOUBLE_FORFEIT
            elif roll < 0.03:
                result = rng.choice([BoutResult.RED_WON_BY_FORFEIT, BoutResult.BLUE_WON_BY_FORFEIT])
            else:
                stronger_red = red < blue  # lower id = higher seed
                red_wins = rng.random() < (0.65 if stronger_red else 0.35)
                result = BoutResult.RED_WON if red_wins else BoutResult.BLUE_WON
            bout = Bout(r, red, blue, result)
            if bout.winner is not None:
                score[bout.winner] += 1
            bouts.append(bout)
    entrants = tuple(Entrant(p, seed=p, active=p not in withdraw) for p in ids)
    return History(entrants=entrants, bouts=tuple(bouts), absences=tuple(absences))


def time_standings(history: History, tiebreaks: tuple[TieBreak, ...], repeats: int) -> Timings:
    """Wall-clock and CPU seconds of each of ``repeats`` recomputes."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        rows = standings(history, points=PointsScheme(), tiebreaks=tiebreaks, seed=2026)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    assert len(rows) == len(history.entrants)
    return wall, cpu


def describe(label: str, timings: Timings) -> str:
    wall, cpu = timings
    ms = 1000
    return (
        f"  {label:<34} wall median {statistics.median(wall) * ms:7.1f} ms "
        f"(best {min(wall) * ms:6.1f}), CPU median {statistics.median(cpu) * ms:7.1f} ms"
    )


def main(argv: list[str]) -> None:
    sizes = [int(argv[0])] if argv else [1_000, 10_000]
    repeats = int(argv[1]) if len(argv) > 1 else 7
    print(f"standings recompute, {ROUNDS} rounds, {repeats} runs each (the machine is shared:")
    print("CPU time is the steadier figure; wall time includes waiting for a core)")
    for size in sizes:
        history = synthetic_event(size)
        print(f"{size} players, {len(history.bouts)} bouts, {len(history.absences)} absences:")
        full = time_standings(history, TIEBREAKS, repeats)
        print(
            describe(
                f"{len(TIEBREAKS)} tie-breaks ({', '.join(tb.code for tb in TIEBREAKS[:3])}, …)",
                full,
            )
        )
        print(describe("BH-C1, BH, RND", time_standings(history, SHORT, repeats)))
        print(describe("points only", time_standings(history, (), repeats)))


if __name__ == "__main__":
    main(sys.argv[1:])
