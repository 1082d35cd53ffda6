"""Benchmark: random 軍棋 games per second and decisions per second, on one core.

Run from the repository root::

    python3 benchmarks/junqi.py                 # 200 games, seeds 1..200
    python3 benchmarks/junqi.py --games 500 --seed 7

Games are ``junqi.playout`` random games (random legal set-ups, then a uniformly random legal
move each ply until the game ends by the rules; the no-combat rule J15 bounds every game). Two
passes over the same games:

1. whole games: games per CPU second and per wall second, plies per game;
2. decisions: one ``moves(state, side)`` (legal-move generation) plus ``apply_move`` of the
   chosen move, the unit a match server spends per move, as decisions per CPU second; and
   ``legal_actions`` alone (the list a client receives) per CPU second.

Everything runs in one process and thread. CPU time is the engine's own speed on a shared
machine; wall time varies with the load of other jobs.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from junqi.movement import moves
from junqi.playout import random_playout, start_random
from junqi.rules import apply_move, legal_actions
from junqi.state import GameState, Phase


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")

    cpu, wall = time.process_time(), time.perf_counter()
    plies = sum(random_playout(args.seed + i).ply for i in range(args.games))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(
        f"{args.games} games, {plies / args.games:.1f} plies per game: "
        f"{args.games / cpu:.1f} games/s (CPU), {args.games / wall:.1f} games/s (wall)"
    )

    positions: list[GameState] = []
    for i in range(min(args.games, 50)):
        rng = random.Random(args.seed + i)
        state = start_random(rng)
        while state.phase is Phase.PLAY:
            positions.append(state)
            src, dst = rng.choice(moves(state, state.to_move))
            state = apply_move(state, src, dst)
    rng = random.Random(args.seed)
    cpu = time.process_time()
    for state in positions:
        src, dst = rng.choice(moves(state, state.to_move))
        apply_move(state, src, dst)
    decision = time.process_time() - cpu
    cpu = time.process_time()
    for state in positions:
        legal_actions(state, state.to_move)
    listing = time.process_time() - cpu
    print(
        f"{len(positions)} positions: {len(positions) / decision:,.0f} decisions/s "
        f"(move generation + apply, CPU), {len(positions) / listing:,.0f} legal_actions/s (CPU)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
