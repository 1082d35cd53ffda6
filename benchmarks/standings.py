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


def time_standings(history: History, repeats: int) -> list[float]:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        rows = standings(history, points=PointsScheme(), tiebreaks=TIEBREAKS, seed=2026)
        timings.append(time.perf_counter() - start)
    assert len(rows) == len(history.entrants)
    return timings


def main(argv: list[str]) -> None:
    sizes = [int(argv[0])] if argv else [1_000, 10_000]
    repeats = int(argv[1]) if len(argv) > 1 else 7
    print(f"standings recompute, {ROUNDS} rounds, {len(TIEBREAKS)} tie-breaks:")
    print("  " + ", ".join(tb.code for tb in TIEBREAKS))
    for size in sizes:
        history = synthetic_event(size)
        timings = time_standings(history, repeats)
        print(
            f"  {size:>6} players, {len(history.bouts):>6} bouts: "
            f"median {statistics.median(timings) * 1000:7.1f} ms, "
            f"best {min(timings) * 1000:7.1f} ms, worst {max(timings) * 1000:7.1f} ms "
            f"({repeats} runs)"
        )
        points_only = []
        for _ in range(repeats):
            start = time.perf_counter()
            standings(history, tiebreaks=(BUCHHOLZ_CUT1, BUCHHOLZ, DRAWING_OF_LOTS), seed=2026)
            points_only.append(time.perf_counter() - start)
        print(
            f"  {'':>6} with BH-C1, BH, RND only:    "
            f"median {statistics.median(points_only) * 1000:7.1f} ms"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
