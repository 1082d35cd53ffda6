"""Benchmark: machine instructions the engine executes for a few random games, per format.

Run from the repository root (needs valgrind: ``apt-get install valgrind``)::

    python3 benchmarks/engine_instructions.py              # 3 games per format, seeds 1..3
    python3 benchmarks/engine_instructions.py --games 10

Wall and CPU time swing with the load of a shared machine; the count of instructions the
interpreter executes does not, so it compares two versions of the engine to a fraction of a
per cent. Each format is measured with valgrind's callgrind in two child processes of the same
Python: one imports the engine and plays the command line's random games (``random_playout``,
seeds S..S+N-1, the default turn cap), the other only imports it. The difference is the
games' count; it is printed with the decisions played and the count per decision.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys
sys.path.insert(0, {root!r})
from engine.cli import FORMATS
from engine.playout import random_playout
game_format = FORMATS[{name!r}]()
decisions = 0
for seed in range({start}, {stop}):
    decisions += random_playout(seed=seed, format=game_format)[1].ply
print(decisions)
"""


def instructions(code: str) -> tuple[int, str]:
    """Instructions callgrind counts for ``python -c code``, and the child's output."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(  # noqa: S603 - our own fixed command line
            [
                valgrind,
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/callgrind.out",
                sys.executable,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1)), done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", action="append", help="basic, rule2, rule3 (default: all)")
    args = parser.parse_args()
    from engine.cli import FORMATS

    names = args.format or list(FORMATS)
    start, stop = args.seed, args.seed + args.games
    print(f"{args.games} random games per format, seeds {start}..{stop - 1}, callgrind")
    for name in names:
        played, out = instructions(CHILD.format(root=str(ROOT), name=name, start=start, stop=stop))
        imported, _ = instructions(CHILD.format(root=str(ROOT), name=name, start=0, stop=0))
        count, decisions = played - imported, int(out)
        print(
            f"  {name:<6} {count / 1e6:8.1f} M instructions  {decisions:6d} decisions"
            f"  {count / decisions / 1e3:7.1f} k per decision"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
