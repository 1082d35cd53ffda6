"""The command line: ``python -m junqi random|replay``.

* ``random --games N --seed S [--options NAME ...] [--check]`` plays N random games (game i
  from seed S+i) and prints each game's result, then the results by termination, the plies and
  the games per second. ``--check`` verifies the invariants of ``junqi.playout`` after every ply.
* ``replay FILE`` reads a §10.6 record, replays it ply by ply and prints it; the first bad ply is
  named with the reason.

Exit status: 0 success, 1 an invalid record or a broken invariant, 2 bad usage or an unreadable
file.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .errors import JunqiError
from .movement import moves
from .options import Options
from .playout import check_ply, start_random
from .record import GameRecord, parse_record, record_text, replay
from .rules import apply_move
from .state import Phase

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def _random(args: argparse.Namespace) -> int:
    try:
        options = Options.from_names(args.options or [])
    except JunqiError as error:
        print(f"bad option: {error.detail}", file=sys.stderr)
        return EXIT_USAGE
    by_termination: Counter[str] = Counter()
    total_plies = 0
    started = time.perf_counter()
    cpu = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        rng = random.Random(seed)  # noqa: S311 (reproducible games)
        state = start_random(rng, options)
        while state.phase is Phase.PLAY:
            src, dst = rng.choice(moves(state, state.to_move))
            after = apply_move(state, src, dst)
            if args.check and (problems := check_ply(state, after)):
                print(f"seed {seed} ply {after.ply}: {'; '.join(problems)}", file=sys.stderr)
                return EXIT_INVALID
            state = after
        assert state.outcome is not None
        result = state.outcome
        by_termination[f"{result.termination.value} {result.result}"] += 1
        total_plies += state.ply
        if not args.quiet:
            print(
                f"game {i + 1} seed {seed}: {result.result} {result.termination.value},"
                f" {state.ply} plies"
            )
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu
    print(
        f"{args.games} games, {total_plies} plies ({total_plies / max(args.games, 1):.1f} per game)"
    )
    for key, n in sorted(by_termination.items()):
        print(f"  {key}: {n}")
    print(
        f"{args.games / max(wall, 1e-9):.1f} games/s (wall),"
        f" {args.games / max(cpu, 1e-9):.1f} games/s (CPU)"
    )
    return EXIT_OK


def _replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        record = parse_record(text)
        states = replay(record)
    except JunqiError as error:
        print(f"invalid record: {error.detail}", file=sys.stderr)
        return EXIT_INVALID
    final = states[-1]
    print(
        record_text(
            GameRecord.of(
                final,
                event=record.event,
                round=record.round,
                date=record.date,
                red=record.red,
                blue=record.blue,
            )
        ),
        end="",
    )
    print()
    print(final)
    if final.outcome is None:
        print("in progress")
    else:
        print(f"{final.outcome.result} {final.outcome.termination.value}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m junqi", description="軍棋 rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("random", help="play random games")
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--options", nargs="*", help="non-default options, e.g. flying_bombs")
    play.add_argument("--check", action="store_true", help="check invariants after every ply")
    play.add_argument("--quiet", action="store_true", help="print only the summary")
    rep = commands.add_parser("replay", help="validate and print a game record")
    rep.add_argument("file")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return EXIT_USAGE if stop.code else EXIT_OK
    if args.command == "random":
        return _random(args)
    return _replay(args)
