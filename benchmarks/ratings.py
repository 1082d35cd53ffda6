"""Benchmark: replay 100,000 rated games from scratch, and the CPU of one rated update.

Run from the repository root::

    python3 benchmarks/ratings.py              # 100,000 games, 5 timed repeats
    python3 benchmarks/ratings.py 20000 3      # other size and repeats
    uv run python benchmarks/ratings.py --site           # also the stored path, on SQLite
    uv run python benchmarks/ratings.py 100000 1 --site  # the stored path's figures, one replay
    DATABASE_URL=postgres://… uv run python benchmarks/ratings.py --site   # … on PostgreSQL

The history is synthetic and seeded (every run times the same input): 2,000 players with a
hidden strength play over two years in four pools (軍師軍略 basic, expansion, deck-build and
軍棋), the stronger usually winning, one game in twenty drawn, a few minutes to days apart.
One game in twenty is a multi-player table (three to five players, ranked, ties allowed) in a
Plackett–Luce pool. The timed call is ``replay_results(history)``: what re-computation after a
corrected result runs. Targets (issue 19): the replay at most 10 s, and one rated result
adding at most 2 ms to the finishing transaction, timed here as ``rate_result`` (the pure part
of that transaction).

With ``--site`` the same history also goes through the site's stored path
(``players.services.ratings``, docs/ratings.md "On the site") on a fresh SQLite file, or on the
database ``DATABASE_URL`` names (its players' rating tables are emptied first: use a benchmark
database): (a) every pool re-computed from scratch from its stored rows (``pool_recompute``
from the first result: read, rate, delete and write every row; target 10 s CPU for 100,000
games), and (b) the CPU and wall time one rated match result adds inside its finishing
transaction (``rating_record_match`` for established players, in order: the instant update;
target 2 ms), median and p99 over 600 results. The machine may be shared: CPU time is the
steadier figure, and the load average is printed with them.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

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


def setup_site() -> str:
    """Django on ``DATABASE_URL`` (or a fresh SQLite file), migrated; returns the engine's name."""
    import os
    import tempfile

    if not os.environ.get("DATABASE_URL"):
        path = Path(tempfile.mkdtemp()) / "ratings-bench.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DJANGO_READ_DOT_ENV_FILE"] = "false"
    os.environ["DJANGO_DEBUG"] = "false"  # as in production: no query log
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    return str(connection.vendor)


def site_pool(key: str, system: RatingSystem) -> Any:
    from players.pools import Pool

    return Pool(key, system, "gunshi" if key.startswith("gunshi") else key)


def store_history(history: list[RatedResult]) -> dict[int, int]:
    """Accounts for the synthetic players and every change of the replayed history stored as
    rows (the state the site would be in); returns player number → user id."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from players.models import RatingPool, SiteRating, SiteRatingChange
    from players.services.rating_rows import (
        change_params,
        current_params,
        db_datetime,
        insert_changes,
        upsert_current,
    )

    users = get_user_model().objects
    SiteRatingChange.objects.all().delete()
    SiteRating.objects.all().delete()
    RatingPool.objects.all().delete()
    users.filter(username__startswith="bench-rating-").delete()
    made = users.bulk_create(
        [get_user_model()(username=f"bench-rating-{n}") for n in range(1, PLAYERS + 1)]
    )
    if made[0].pk is None:  # SQLite before RETURNING: read the ids back
        made = list(users.filter(username__startswith="bench-rating-").order_by("pk"))
    ids = {int(u.username.rsplit("-", 1)[1]): u.pk for u in made}
    mapped = [
        RatedResult(
            r.game_id,
            r.finished_at,
            r.rating_key,
            r.system,
            tuple(ids[p] for p in r.players),
            r.ranks,
        )
        for r in history
    ]
    done = replay_results(mapped)
    by_game = {r.game_id: r for r in mapped}
    rows = []
    for change in done.changes:
        result = by_game[change.game_id]
        source = "table" if result.system is RatingSystem.PLACKETT_LUCE else "match"
        position = result.players.index(change.player)
        at = db_datetime(result.finished_at)
        rows.append(change_params(change, result, source, position, at))
    with transaction.atomic():
        insert_changes(rows)
        systems = {r.rating_key: r.system.value for r in mapped}
        upsert_current(
            [
                current_params(player, key, systems[key], standing)
                for (player, key), standing in done.standings.items()
            ]
        )
    return ids


def time_site_replay(history: list[RatedResult]) -> tuple[float, float]:
    """Seconds (wall, CPU) to re-compute every pool from scratch through the stored rows: what
    a correction of a pool's first result runs inside the correcting transaction."""
    from datetime import datetime as dt

    from django.db import transaction

    from players.models import SiteRatingChange
    from players.services.rating_rows import lock_pool
    from players.services.ratings import pool_recompute

    pools = {r.rating_key: r.system for r in history}
    start, start_cpu = time.perf_counter(), time.process_time()
    for key, system in pools.items():
        pool = site_pool(key, system)
        with transaction.atomic():
            lock_pool(key, system.value)
            players = set(
                SiteRatingChange.objects.filter(rating_key=key).values_list("user_id", flat=True)
            )
            redone = pool_recompute(
                pool=pool, source="match", since=(dt.min.replace(tzinfo=UTC), 0), players=players
            )
            assert redone == sum(r.rating_key == key for r in history)
    return time.perf_counter() - start, time.process_time() - start_cpu


def time_site_result(
    history: list[RatedResult], ids: dict[int, int], count: int
) -> tuple[list[float], list[float]]:
    """Milliseconds (wall, CPU) ``rating_record_match`` adds inside a finishing transaction,
    per result."""
    from django.db import transaction

    from matches.models import Match
    from players.services.ratings import rating_record_match

    later = max(r.finished_at for r in history) + timedelta(days=3)
    rng = random.Random(5)
    samples, cpu = [], []
    next_id = max(r.game_id for r in history) + 1
    for i in range(count):
        red, blue = rng.sample(range(1, PLAYERS + 1), 2)
        match = Match(
            pk=next_id + i,
            kind="otb",
            game="gunshi",
            variant="basic",
            rated=True,
            status="finished",
            winner=rng.choice(["red", "blue"]),
            method="arbiter",
            finished_at=later + timedelta(minutes=i),
            red_player_id=ids[red],
            blue_player_id=ids[blue],
        )
        with transaction.atomic():
            start, start_cpu = time.perf_counter(), time.process_time()
            rating_record_match(match=match, previous=None)
            cpu.append((time.process_time() - start_cpu) * 1000)
            samples.append((time.perf_counter() - start) * 1000)
    return sorted(samples), sorted(cpu)


def time_bare_query(count: int = 300) -> tuple[float, float]:
    """Milliseconds (wall, CPU) of one trivial ORM query: the machine's yardstick, since a
    rated result is a handful of them."""
    from players.models import RatingPool

    start, start_cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        RatingPool.objects.filter(pk="none").exists()
    return (
        (time.perf_counter() - start) / count * 1000,
        (time.process_time() - start_cpu) / count * 1000,
    )


def site_figures(history: list[RatedResult]) -> None:
    import os

    vendor = setup_site()
    wall, cpu = time_bare_query()
    print(
        f"stored path ({vendor}), load average {os.getloadavg()[0]:.1f}: one bare ORM query "
        f"wall {wall:.2f} ms, CPU {cpu:.2f} ms (the yardstick)"
    )
    ids = store_history(history)
    print(f"  {len(history)} results stored as rows")
    seconds, cpu_seconds = time_site_replay(history)
    print(
        f"  {len(history)} games re-computed from stored rows (every pool from its first "
        f"result): CPU {cpu_seconds:6.2f} s, wall {seconds:6.2f} s, "
        f"{cpu_seconds / len(history) * 1e6:5.0f} µs CPU a game, "
        f"load average {os.getloadavg()[0]:.1f}  [target ≤ 10 s for 100,000]"
    )
    samples, cpu = time_site_result(history, ids, 600)
    for label, values in (("CPU ", cpu), ("wall", samples)):
        median, p99 = statistics.median(values), values[int(len(values) * 0.99)]
        print(
            f"  one rated result in its transaction    {label} median {median:5.2f} ms, "
            f"p99 {p99:5.2f} ms over {len(values)}  [target ≤ 2 ms]"
        )
    print(f"  load average {os.getloadavg()[0]:.1f} at the end")


def main(argv: list[str]) -> None:
    site = "--site" in argv
    argv = [a for a in argv if a != "--site"]
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
    if site:
        site_figures(history)


if __name__ == "__main__":
    main(sys.argv[1:])
