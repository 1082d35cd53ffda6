"""Benchmark: the CPU that post-game analysis spends on a 300-decision game of each game.

Run from the repository root::

    python3 benchmarks/analysis.py                      # both games, the analysis budget
    python3 benchmarks/analysis.py --level 3 --game gunshi --decisions 300

For each game (軍師軍略 basic, 軍棋 standard) it plays a seeded random game of ``--decisions``
decisions (the site's reference bot on both seats; 軍師軍略 games that end sooner are followed
by another, until the count is reached), then analyses every decision from its mover's view
with ``opponent.analysis.Analyst``, as the site's analysis job does. Printed per game: the
decisions, how many were searched, skipped (軍棋 set-ups) and forced, the total CPU seconds of
this process and the mean, 99th-percentile and largest CPU per decision.

Target (issue 20): a 300-decision game is analysed in at most 60 s of CPU on one core at the
analysis budget (``opponent.levels.ANALYSIS_LEVEL``); ``--level 3`` measures the default
level's budget instead, to show why the analysis has a budget of its own.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from opponent.analysis import Analyst
from opponent.arena import Referee, random_chooser
from opponent.levels import ANALYSIS_LEVEL, Level, level
from opponent.view import GUNSHI, JUNQI, SeatView


def random_decisions(game: str, count: int, seed: int) -> list[tuple[SeatView, str]]:
    """``count`` (view, decision) pairs of seeded random games, each view its mover's."""
    pairs: list[tuple[SeatView, str]] = []
    game_seed = seed
    while len(pairs) < count:
        referee = Referee(game, {}, seed=game_seed)
        chooser = random_chooser(game_seed)
        while len(pairs) < count:
            seat = referee.to_act()
            if seat is None:
                break
            view = referee.view(seat)
            played = chooser(view, None)
            pairs.append((view, played))
            referee.apply(played)
        game_seed += 1
    return pairs


def measure(game: str, budget: Level, decisions: int, seed: int) -> None:
    pairs = random_decisions(game, decisions, seed)
    analyst = Analyst(budget, seed=seed)
    cpu: list[float] = []
    searched = forced = skipped = 0
    previous: SeatView | None = None
    for view, played in pairs:
        if previous is not None and view.ply <= previous.ply:
            analyst = Analyst(budget, seed=seed)  # a new game: fresh beliefs
        previous = view
        start = time.process_time()
        result = analyst.analyse(view, played)
        cpu.append(time.process_time() - start)
        if result is None:
            skipped += 1
        elif result.forced:
            forced += 1
        else:
            searched += 1
    ordered = sorted(cpu)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    total = sum(cpu)
    verdict = "within" if total <= 60.0 else "OVER"
    print(
        f"{game:7s} budget {budget.name:8s} decisions {len(cpu):4d} "
        f"(searched {searched}, forced {forced}, skipped {skipped})  "
        f"total CPU {total:6.1f} s ({verdict} 60 s)  "
        f"per decision mean {statistics.mean(cpu):.3f} s "
        f"p99 {p99:.3f} s max {ordered[-1]:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=(GUNSHI, JUNQI, "both"), default="both")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--level", default="analysis", help="analysis (default) or 1-4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = ANALYSIS_LEVEL if args.level == "analysis" else level(args.level)
    games = (GUNSHI, JUNQI) if args.game == "both" else (args.game,)
    for game in games:
        measure(game, budget, args.decisions, args.seed)


if __name__ == "__main__":
    main()
