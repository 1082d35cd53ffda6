"""Fuzzer for the 軍棋 engine: random games, checking the invariants after every ply.

Run from the repository root::

    nice -n 10 python3 benchmarks/junqi_fuzz.py --games 10000 --seed 1
    python3 benchmarks/junqi_fuzz.py --games 500 --seed 7 --deep-every 1

Game i is played from seed S+i under one of the option sets below in turn (the standard game,
each §9 variant alone, all of them together), so every variant is fuzzed. After every ply the
cheap invariants of ``junqi.playout.check_ply`` are checked: piece counts and conservation (each
side's 25 pieces are on the board, removed or carried), one piece per station (the board is a
60-cell tuple), immobile pieces (flag, mine, frozen HQ piece) never moved, camps never attacked,
the move text and the full ply text round-trip. Every ``--deep-every`` plies (default 1: every
ply) the costly ones too: ``state_to_dict`` round-trip through JSON and the hidden-information
leak check on ``observe`` for Red, Blue and a spectator. Every game must end (termination) within
the bound the no-combat rule gives; its record must round-trip through ``record_text`` /
``parse_record`` / ``replay``.

Exit status 0 when nothing broke, 1 with the first problem (seed, ply) on stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from junqi.movement import moves
from junqi.options import Options
from junqi.playout import check_ply, leaks, start_random
from junqi.record import GameRecord, parse_record, record_text, replay
from junqi.rules import apply_move
from junqi.state import Phase

OPTION_SETS = (
    Options(),
    Options(flying_bombs=True),
    Options(exploding_mines=True),
    Options(carry_flag=True),
    Options(open_pieces=True),
    Options(free_hq=True),
    Options(centre_railway=False),
    Options(
        flying_bombs=True, exploding_mines=True, carry_flag=True, open_pieces=True, free_hq=True
    ),
)
#: At most this many plies: each combat removes a piece (at most 50), and at most
#: ``no_combat_limit`` plies pass between two combats.
MAX_PLIES = 51 * 60


def fuzz(games: int, seed: int, deep_every: int, progress: int = 0) -> int:
    terminations: Counter[str] = Counter()
    plies = 0
    deep_checks = 0
    cpu = time.process_time()
    wall = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        options = OPTION_SETS[i % len(OPTION_SETS)]
        rng = random.Random(game_seed)
        state = start_random(rng, options)
        problems = leaks(state)
        while state.phase is Phase.PLAY and not problems:
            src, dst = rng.choice(moves(state, state.to_move))
            after = apply_move(state, src, dst)
            deep = after.ply % deep_every == 0 or after.phase is Phase.OVER
            deep_checks += deep
            problems = check_ply(state, after, deep=deep)
            if after.ply > MAX_PLIES:
                problems.append("the game did not end")
            state = after
        if not problems:
            record = GameRecord.of(state, event="fuzz", round=str(i + 1))
            again = parse_record(record_text(record))
            if again != record or replay(again)[-1] != state:
                problems.append("the record does not round-trip")
        if problems:
            print(f"seed {game_seed} ({options.names()}) ply {state.ply}:", file=sys.stderr)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
        assert state.outcome is not None
        terminations[state.outcome.termination.value] += 1
        plies += state.ply
        if progress and (i + 1) % progress == 0:
            used = time.process_time() - cpu
            print(f"  {i + 1} games, {plies} plies, CPU {used:.1f} s: no problem", flush=True)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    print(f"{games} games from seed {seed}: no invariant broken")
    print(f"{plies} plies ({plies / games:.1f} per game), {deep_checks} plies deep-checked")
    for name, n in sorted(terminations.items()):
        print(f"  {name}: {n}")
    print(f"CPU {cpu:.1f} s, wall {wall:.1f} s, {games / cpu:.2f} games per CPU second")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deep-every", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print a line every N games")
    args = parser.parse_args()
    return fuzz(args.games, args.seed, max(args.deep_every, 1), max(args.progress, 0))


if __name__ == "__main__":
    raise SystemExit(main())
