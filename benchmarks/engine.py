"""Benchmark: random full basic games per second and the cost of one engine step, on one core.

Run from the repository root::

    python3 benchmarks/engine.py                      # 200 games, seeds 1..200, turn cap 300
    python3 benchmarks/engine.py --games 500 --seed 7 --turn-limit 200

Games are the command line's random games (``engine.playout``): every decision is drawn
uniformly from ``legal_actions`` with a seeded ``random.Random``, so every run times the same
games. Random play rarely finishes quickly, so games stop without a winner after ``--turn-limit``
war turns (both sides counted; the non-official ruling Q18); the share of capped games is
printed. Two passes are made over the same games:

1. whole games, timed end to end: games per second and decisions per game;
2. each step timed alone: one ``legal_actions(state)`` plus ``apply_unchecked`` of the chosen
   decision; median, p99 and mean in microseconds of the thread's CPU time.

Everything runs in one process and thread (one core). Games per second are given by the wall
clock and by CPU time: on a busy shared machine the second is the engine's own speed.
Target (issue 2): at least 100 random full basic games per second on one core. On the shared
2-vCPU development machine (Python 3.11.7) the engine plays about 133–136 basic games per CPU
second, median step 10.6–11.2 µs, p99 43–46 µs (95 games, 14.6–15.0 µs and 64–66 µs before the
second optimisation pass; docs/engine.md, "Performance"); the wall-clock rate there varies by a
third or more with the load of other jobs. ``benchmarks/engine_instructions.py`` counts
instructions instead, which do not vary.

A third pass plays the same seeds in each official tournament format (Rule 1 basic, Rule 2
expansion, Rule 3 deck-build) and prints each one's games per CPU second against the basic
game's (target, issue 5: formats 2 and 3 within 2x of the basic format).

The last pass measures both engines the way a search player drives them (``engine.search``,
``junqi.search``): random games played to the end by ``playout`` with an injected
``random.Random``, as games and decisions per CPU second of the process, the median of
``--repeat`` runs (target, practice-opponent issue: at least 200 games per CPU second each).
軍棋 games start from random set-ups (``junqi.playout.random_playout``, seeds as above).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import junqi.playout
from engine import search
from engine.cli import FORMATS
from engine.formats import GameFormat
from engine.playout import DEFAULT_TURN_LIMIT, playout_rulings, random_playout
from engine.rules import apply_unchecked, legal_actions, new_game
from engine.state import Termination


def whole_games(
    seeds: range, turn_limit: int, game_format: GameFormat | None = None
) -> tuple[float, float, int, int, int]:
    """Wall and CPU seconds, decisions, war turns and capped games over all ``seeds``."""
    decisions = turns = capped = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        _, final = random_playout(seed=seed, turn_limit=turn_limit, format=game_format)
        decisions += final.ply
        turns += final.turn
        assert final.outcome is not None
        capped += final.outcome.termination is Termination.TURN_LIMIT
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu, decisions, turns, capped


def step_times(seeds: range, turn_limit: int) -> list[int]:
    """CPU nanoseconds of each legal_actions + apply_unchecked step of the same games.

    The thread's CPU clock leaves out time the scheduler gives to other processes, which on a
    shared machine would otherwise dominate the tail.
    """
    rulings = playout_rulings(None, turn_limit)
    clock = time.thread_time_ns
    times: list[int] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(rulings=rulings)
        while state.to_act is not None:
            start = clock()
            actions = legal_actions(state)
            index = rng.randrange(len(actions))  # the same draw as random_playout
            state = apply_unchecked(state, actions[index])
            times.append(clock() - start)
    return times


def search_games(seeds: range, turn_limit: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``engine.search.playout`` over the basic games of ``seeds``."""
    start = new_game(rulings=playout_rulings(None, turn_limit))
    decisions = 0
    cpu = time.process_time()
    for seed in seeds:
        decisions += search.playout(start, random.Random(seed)).ply
    return time.process_time() - cpu, decisions


def junqi_games(seeds: range) -> tuple[float, int]:
    """CPU seconds and moves of the 軍棋 random games of ``seeds`` (set-ups included)."""
    plies = 0
    cpu = time.process_time()
    for seed in seeds:
        plies += junqi.playout.random_playout(seed).ply
    return time.process_time() - cpu, plies


def both_engines(seeds: range, turn_limit: int, repeat: int) -> None:
    """Print the median games and decisions per CPU second of both engines' search paths."""
    print(f"search path, {len(seeds)} games, median of {repeat} runs (per CPU second):")
    for name, run in (
        ("軍師軍略", lambda: search_games(seeds, turn_limit)),
        ("軍棋", lambda: junqi_games(seeds)),
    ):
        runs = [run() for _ in range(repeat)]
        cpu = statistics.median(seconds for seconds, _ in runs)
        decisions = runs[0][1]
        print(
            f"  {name:<4}  {len(seeds) / cpu:8.1f} games  {decisions / cpu:10,.0f} decisions"
            f"  ({decisions / len(seeds):.0f} decisions per game)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT)
    parser.add_argument("--repeat", type=int, default=5, help="runs of the search-path pass")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, one process and thread")
    print(f"load average before the run: {load} ({os.cpu_count()} CPUs)")
    print(
        f"{args.games} random basic games, seeds {seeds.start}..{seeds.stop - 1}, "
        f"turn limit {args.turn_limit} war turns"
    )
    wall, cpu, decisions, turns, capped = whole_games(seeds, args.turn_limit)
    print(f"games per second:      {args.games / wall:8.1f}   ({wall:.2f} s wall clock)")
    print(f"games per CPU second:  {args.games / cpu:8.1f}   ({cpu:.2f} s of CPU)")
    print(f"decisions per game:    {decisions / args.games:8.1f}")
    print(f"war turns per game:    {turns / args.games:8.1f}")
    print(f"games capped:          {capped:8d}   ({100 * capped / args.games:.0f} %)")

    times = sorted(step_times(seeds, args.turn_limit))
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"step (legal_actions + apply_unchecked), CPU time, {len(times)} steps:")
    print(f"  median {statistics.median(times) / 1000:8.1f} us")
    print(f"  p99    {p99 / 1000:8.1f} us")
    print(f"  mean   {statistics.fmean(times) / 1000:8.1f} us")
    print(f"  max    {times[-1] / 1000:8.1f} us")

    format_seeds = range(args.seed, args.seed + max(1, args.games // 4))
    print(f"per format, {len(format_seeds)} games each (games per CPU second, ratio to basic):")
    basic_rate = 0.0
    for name, make_format in FORMATS.items():
        _, cpu, decisions, _, _ = whole_games(format_seeds, args.turn_limit, make_format())
        rate = len(format_seeds) / cpu
        basic_rate = basic_rate or rate
        print(
            f"  {name:<6} {rate:8.1f} games/CPU s  {decisions / len(format_seeds):7.1f} decisions"
            f"  x{basic_rate / rate:.2f} the basic game's time"
        )
    both_engines(seeds, args.turn_limit, args.repeat)


if __name__ == "__main__":
    main()
