"""Benchmark: replay 100,000 rated games from scratch, and the CPU of one rated update.

Run from the repository root::

    python3 benchmarks/ratings.py              # 100,000 games, 5 timed repeats
    python3 benchmarks/ratings.py 20000 3      # other size and repeats

The history is synthetic and seeded (every run times the same input): 2,000 players with a
hidden strength play over two years in four pools (軍師軍略 basic, expansion, deck-build and
軍棋), the stronger usually winning, one game in twenty drawn, a few minutes to days apart.
One game in twenty is a multi-player table (three to five players, ranked, ties allowed) in a
Plackett–Luce pool. The timed call is ``replay_results(history)``: what re-computation after a
corrected result runs. Targets (issue 19): the replay at most 10 s, and one rated result
adding at most 2 ms to the finishing transaction, timed here as ``rate_result`` (the pure part
of that transaction; the database writes are timed with the site).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ratings import PlayerRating, RatedResult, RatingSystem, rate_result, replay_results

PLAYERS = 2_000
POOLS = ("gunshi-basic", "gunshi-expansion", "gunshi-deckbuild", "junqi")
START = datetime(2026, 1, 1, tzinfo=UTC)
TWO_YEARS_S = 2 * 365 * 86_400


def synthetic_history(games: int, seed: int = 19) -> list[RatedResult]:
    """``games`` rated results in random order (replay sorts them), seeded."""
    rng = random.Random(seed)
    strength = [rng.gauss(1500, 300) for _ in range(PLAYERS + 1)]
    instants = sorted(rng.randrange(TWO_YEARS_S) for _ in range(games))
    history = []
    for game_id, second in enumerate(instants, start=1):
        finished_at = START + timedelta(seconds=second)
        if rng.random() < 0.05:
            seats = rng.sample(range(1, PLAYERS + 1), rng.randint(3, 5))
            noisy = sorted(seats, key=lambda p: -(strength[p] + rng.gauss(0, 250)))
            ranks = {p: noisy.index(p) + 1 for p in seats}
            if rng.random() < 0.2:  # a tie for some place
                ranks[noisy[-1]] = ranks[noisy[-2]]
            history.append(
                RatedResult(
                    game_id,
                    finished_at,
                    "sangoku",
                    RatingSystem.PLACKETT_LUCE,
                    tuple(seats),
                    tuple(ranks[p] for p in seats),
                )
            )
            continue
        first, second_player = rng.sample(range(1, PLAYERS + 1), 2)
        roll = rng.random()
        expected = 1 / (1 + 10 ** ((strength[second_player] - strength[first]) / 400))
        ranks2 = (1, 1) if roll < 0.05 else (1, 2) if rng.random() < expected else (2, 1)
        history.append(
            RatedResult(
                game_id,
                finished_at,
                rng.choice(POOLS),
                RatingSystem.GLICKO2,
                (first, second_player),
                ranks2,
            )
        )
    rng.shuffle(history)
    return history


def time_replay(history: list[RatedResult], repeats: int) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        done = replay_results(history)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        assert len(done.changes) == sum(len(r.players) for r in history)
    return wall, cpu


def time_one_update(
    history: list[RatedResult], system: RatingSystem, count: int
) -> tuple[float, float]:
    """Median and 99th-percentile CPU microseconds of ``rate_result`` for established players
    (the replayed standings), each result recorded again three days after the history ends."""
    done = replay_results(history)
    results = [r for r in history if r.system is system][:count]
    later = max(r.finished_at for r in history) + timedelta(days=3)
    samples = []
    for result in results:
        moved = RatedResult(
            result.game_id, later, result.rating_key, system, result.players, result.ranks
        )
        standings: dict[int, PlayerRating] = {
            p: done.standings[(p, result.rating_key)] for p in result.players
        }
        start = time.process_time_ns()
        rate_result(moved, standings)
        samples.append((time.process_time_ns() - start) / 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99)]


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 100_000
    repeats = int(argv[1]) if len(argv) > 1 else 5
    history = synthetic_history(games)
    tables = sum(r.system is RatingSystem.PLACKETT_LUCE for r in history)
    print(f"ratings replay: {games} games ({tables} multi-player tables), {PLAYERS} players,")
    print(f"{len(POOLS) + 1} pools, {repeats} runs (the machine is shared: CPU time is steadier)")
    wall, cpu = time_replay(history, repeats)
    print(
        f"  replay from scratch   wall median {statistics.median(wall):6.2f} s "
        f"(best {min(wall):5.2f}), CPU median {statistics.median(cpu):6.2f} s  [target ≤ 10 s]"
    )
    print(f"  per game              CPU {statistics.median(cpu) / games * 1e6:6.1f} µs")
    for system, label in (
        (RatingSystem.GLICKO2, "two-player game"),
        (RatingSystem.PLACKETT_LUCE, "table of 3-5"),
    ):
        median, p99 = time_one_update(history, system, 2_000)
        print(
            f"  one update, {label:<15} CPU median {median:6.1f} µs, p99 {p99:6.1f} µs"
            "  [target ≤ 2 ms]"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
