"""Benchmark: the computer opponent's strength ladder and its CPU per decision, per game.

Run from the repository root::

    python3 benchmarks/bot.py                           # 200 games per pairing, both games
    python3 benchmarks/bot.py --games 20 --processes 2 --game junqi

For each game (軍師軍略 basic, 軍棋 standard) every level plays the random player (uniform
legal decisions, random 軍棋 set-ups: the site's reference bot) and the level below it, over
alternating colours (game ``i`` of a pairing gives the level red when ``i`` is even). Players
see only their seat's views, through ``opponent.arena.Referee``. A 軍師軍略 game stops at
``--turn-limit`` war turns (Q18's non-official cap; a draw here); 軍棋 games end by its rules
(the no-combat draw J15 included).

Printed per game: each pairing's score (wins + half the draws) with its 95 % interval (Wilson),
the Elo difference it implies with a 95 % interval (from the interval of the score; a perfect
score is counted as half a game short of it, so the estimate stays finite), and each level's
mean and 99th-percentile CPU seconds per decision (the player's own process CPU time, every
decision it was asked, forced ones included), the most CPU one game cost it, and how many
games it lost on time; and how the games a level did not win ended (the engine's termination,
``time`` or ``cap``). Every game is played on a sudden-death clock per seat (``--clock``,
20 minutes: 20+0), charged with the CPU time of each decision; the players are given what
remains, as on the site, and a seat whose clock runs out loses. Targets (issue 20): the top
level scores at least 95 % against random, each level at least 65 % against the level below
it; the default level spends at most 1 s of CPU per decision; no level loses on time at 20+0.

``--processes`` plays games in parallel worker processes (each game on one core); the CPU per
decision is each worker's own. ``--record FILE`` keeps every finished game in a JSON-lines file
as it ends; run again with the same arguments and file, the ladder plays only the games the
file does not hold and reports them all (the wall time is that of the last run only). A file
named ``*.gz`` is read and appended to compressed (each run adds a gzip member).
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from opponent.arena import Chooser, play_game, random_chooser
from opponent.levels import DEFAULT_LEVEL, LEVELS
from opponent.player import SearchPlayer

RANDOM = "random"


@dataclass(frozen=True)
class Task:
    game: str
    first: str  # the level measured
    second: str  # its opponent (a level below, or random)
    index: int
    seed: int
    turn_limit: int
    clock_ms: int


@dataclass(frozen=True)
class Played:
    task: Task
    score: float  # the first player's: 1 win, 0.5 draw, 0 loss
    cpu_first: list[float]
    cpu_second: list[float]
    decisions: int
    flagged: tuple[bool, bool]  # (the measured level, its opponent) lost on time
    ending: str  # opponent.arena.GameResult.ending


def _chooser(name: str, seed: int) -> Chooser:
    if name == RANDOM:
        return random_chooser(seed)
    player = SearchPlayer(name, seed=seed)

    def choose(view: Any, remaining_ms: int | None) -> str:
        return player.decide(view, remaining_ms=remaining_ms).action

    return choose


def play(task: Task) -> Played:
    first = _chooser(task.first, task.seed)
    second = _chooser(task.second, task.seed + 7919)
    seat = task.index % 2  # the measured level plays red in even games
    players = (first, second) if seat == 0 else (second, first)
    setup: dict[str, Any] = {}
    if task.game == "gunshi":
        setup = {"variant": "basic", "rulings": {"turn_limit": task.turn_limit}}
    result = play_game(
        task.game, players, setup=setup, max_decisions=20_000, clock_ms=task.clock_ms
    )
    score = 0.5 if result.winner is None else float(result.winner == seat)
    return Played(
        task,
        score,
        result.cpu[seat],
        result.cpu[1 - seat],
        result.decisions,
        flagged=(result.flagged == seat, result.flagged == 1 - seat),
        ending=result.ending,
    )


def to_json(item: Played) -> dict[str, Any]:
    """One line of a ``--record`` file (CPU seconds to 0.01 ms)."""
    data = dataclasses.asdict(item)
    for key in ("cpu_first", "cpu_second"):
        data[key] = [round(value, 5) for value in data[key]]
    return data


def open_record(path: Path, mode: str) -> IO[str]:
    """A ``--record`` file opened as text, through gzip when its name ends in ``.gz``."""
    if path.suffix == ".gz":
        return gzip.open(path, mode + "t", encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def read_record(path: Path, game: str) -> dict[tuple[Any, ...], Played]:
    """The games of ``game`` a ``--record`` file holds, by their task (none if it is missing)."""
    found: dict[tuple[Any, ...], Played] = {}
    if not path.exists():
        return found
    with open_record(path, "r") as record:
        lines = record.read().splitlines()
    for line in lines:
        data = json.loads(line)
        task = Task(**data.pop("task"))
        if task.game == game:
            data["flagged"] = tuple(data["flagged"])
            found[dataclasses.astuple(task)] = Played(task=task, **data)
    return found


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95 % interval of a proportion ``score`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(score: float, n: int) -> float:
    """The Elo difference a score implies, a perfect score counted half a game short."""
    clipped = min(max(score, 0.5 / n), 1 - 0.5 / n)
    return -400 * math.log10(1 / clipped - 1)


def p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


def _pairing(first: str, second: str) -> str:
    return f"L{first} v " + (second if second == RANDOM else f"L{second}")


def report(game: str, played: list[Played], levels: list[str], wall: float, read: int = 0) -> None:
    source = f", {read} of them read from the record" if read else ""
    print(f"\n== {game}: {len(played)} games{source}; {wall:.0f} s wall ==")
    print(
        f"{'pairing':<16}{'games':>6}{'W-D-L':>10}{'score':>8}{'95% CI':>16}"
        f"{'Elo':>7}{'Elo 95% CI':>16}"
    )
    cpu: dict[str, list[float]] = {name: [] for name in levels}
    game_cpu: dict[str, list[float]] = {name: [] for name in levels}
    time_losses: dict[str, int] = dict.fromkeys(levels, 0)
    pairs: dict[tuple[str, str], list[Played]] = {}
    for item in played:
        pairs.setdefault((item.task.first, item.task.second), []).append(item)
        sides = ((item.task.first, item.cpu_first), (item.task.second, item.cpu_second))
        for (name, spent), flagged in zip(sides, item.flagged, strict=True):
            if name in cpu:
                cpu[name] += spent
                game_cpu[name].append(sum(spent))
                time_losses[name] += flagged
    ordered = sorted(pairs.items())
    for (first, second), items in ordered:
        n = len(items)
        wins = sum(1 for i in items if i.score == 1.0)
        draws = sum(1 for i in items if i.score == 0.5)
        score = sum(i.score for i in items) / n
        low, high = wilson(score, n)
        print(
            f"{_pairing(first, second):<16}{n:>6}"
            f"{f'{wins}-{draws}-{n - wins - draws}':>10}{score:>8.1%}"
            f"{f'{low:.0%}–{high:.0%}':>16}{elo(score, n):>7.0f}"
            f"{f'{elo(low, n):.0f} to {elo(high, n):.0f}':>16}"
        )
    print("games the measured level did not win, by ending (lost / drawn):")
    for (first, second), items in ordered:
        endings: dict[str, list[int]] = {}
        for item in items:
            if item.score < 1.0:
                endings.setdefault(item.ending, [0, 0])[item.score == 0.5] += 1
        listed = ", ".join(f"{e} {lost}/{drawn}" for e, (lost, drawn) in sorted(endings.items()))
        print(f"  {_pairing(first, second):<14}{listed or 'none'}")
    print(
        f"{'level':<8}{'decisions':>10}{'mean CPU s':>12}{'p99 CPU s':>11}"
        f"{'max CPU s a game':>18}{'lost on time':>14}"
    )
    for name in levels:
        values = cpu[name]
        mean = statistics.fmean(values) if values else 0.0
        most = max(game_cpu[name], default=0.0)
        marker = "  (default)" if name == DEFAULT_LEVEL else ""
        print(
            f"L{name:<7}{len(values):>10}{mean:>12.3f}{p99(values):>11.3f}"
            f"{most:>18.1f}{time_losses[name]:>14}{marker}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--game", choices=("gunshi", "junqi", "both"), default="both")
    parser.add_argument("--levels", default=",".join(lv.name for lv in LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-limit", type=int, default=200)
    parser.add_argument(
        "--clock", type=float, default=20.0, help="minutes on each sudden-death clock (20+0)"
    )
    parser.add_argument(
        "--below-only", action="store_true", help="skip the pairings against random"
    )
    parser.add_argument(
        "--random-only", action="store_true", help="skip the pairings against the level below"
    )
    parser.add_argument(
        "--record",
        type=Path,
        help="a JSON-lines file of finished games, appended as each game ends and read first:"
        " a ladder cut short goes on where it stopped",
    )
    args = parser.parse_args()
    levels = args.levels.split(",")
    clock_ms = round(args.clock * 60_000)
    games = ("gunshi", "junqi") if args.game == "both" else (args.game,)
    print(f"bot ladder: {args.games} games per pairing, {args.processes} process(es)")
    for game in games:
        tasks = []
        for position, name in enumerate(levels):
            opponents = []
            if not args.below_only:
                opponents.append(RANDOM)
            if position and not args.random_only:
                opponents.append(levels[position - 1])
            for opponent in opponents:
                for index in range(args.games):
                    seed = args.seed * 1_000_003 + index * 101 + position
                    tasks.append(Task(game, name, opponent, index, seed, args.turn_limit, clock_ms))
        recorded = read_record(args.record, game) if args.record else {}
        played = [recorded[key] for key in map(dataclasses.astuple, tasks) if key in recorded]
        todo = [task for task in tasks if dataclasses.astuple(task) not in recorded]
        if played:
            print(f"{game}: {len(played)} games read from {args.record}", file=sys.stderr)
        start = time.time()
        with ProcessPoolExecutor(args.processes) as pool:
            for future in as_completed([pool.submit(play, task) for task in todo]):
                item = future.result()
                played.append(item)
                if args.record:
                    with open_record(args.record, "a") as record:
                        record.write(json.dumps(to_json(item)) + "\n")
                task = item.task
                print(
                    f"{game} {len(played)}/{len(tasks)}: {_pairing(task.first, task.second)} "
                    f"game {task.index}: {item.score} in {item.decisions} decisions",
                    file=sys.stderr,
                    flush=True,
                )
        report(game, played, levels, time.time() - start, read=len(tasks) - len(todo))


if __name__ == "__main__":
    main()
