"""Benchmark: a player's profile page with 10,000 finished games, server time through Django.

Run from the repository root (it makes its own SQLite database in a temporary directory)::

    uv run python benchmarks/profile.py                  # 10,000 games, 30 warm requests
    uv run python benchmarks/profile.py --games 50000 --requests 50

It builds one player with ``--games`` finished games (online and over the board, 軍師軍略 and
軍棋, against 200 opponents, every result and method, written with bulk inserts) and 30
finished public events of one table each, in which the player has a place. It then sends the
profile page's requests through Django's test ``Client`` (the whole stack: middleware,
selectors, templates; no network) and prints the median and the slowest of the warm requests
(after one request that fills the caches: the page's game ids and count under the player's
games version, the places in the standings), with ``DEBUG`` off as in production:

* the profile as it opens (first page of games, events, head-to-head picker);
* page 200 of the games; the games filtered by game and by an opponent's name;
* a head-to-head against one opponent (its totals and the games between the two);
* for comparison on the same machine, the site's record list (25 games, no cache).

Target (issue 19): at most 50 ms for the profile at 10,000 games, warm cache.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OPPONENTS = 200
EVENTS = 30
TARGET_MS = 50.0


def setup_django(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_READ_DOT_ENV_FILE"] = "false"
    os.environ["DJANGO_DEBUG"] = "false"  # as in production: no debug rendering, no query log
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_player(games: int, seed: int = 1) -> str:
    """The player ``bench-player`` with ``games`` finished games and ``EVENTS`` events."""
    from django.contrib.auth import get_user_model

    from core.accounts.profiles import profile_for
    from matches.models import Match
    from tournaments.models import Entry, Event, Pairing, Round

    rng = random.Random(seed)
    users = get_user_model()
    me = users.objects.create_user("bench-player", password="bench-pass-1")  # noqa: S106 - a throwaway database
    profile = profile_for(me)
    profile.display_name = "ベンチ 太郎"
    profile.save()
    rivals = [users.objects.create_user(f"rival-{i:03d}") for i in range(OPPONENTS)]
    start = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
    methods = {
        "gunshi": ["general_captured", "intrusion", "resignation", "timeout"],
        "junqi": ["flag", "no_move", "resignation", "draw_agreed"],
    }
    rows = []
    for i in range(games):
        rival = rng.choice(rivals)
        game = "junqi" if i % 5 == 0 else "gunshi"
        method = rng.choice(methods[game])
        winner = "draw" if method == "draw_agreed" else rng.choice(["red", "blue"])
        me_red = i % 2 == 0
        rows.append(
            Match(
                kind="otb" if i % 7 == 0 else "online",
                status="finished",
                game=game,
                red_player=me if me_red else rival,
                blue_player=rival if me_red else me,
                red_name="ベンチ 太郎" if me_red else rival.username,
                blue_name=rival.username if me_red else "ベンチ 太郎",
                time_control=rng.choice(["20+0", "10+5", "3+2"]),
                winner=winner,
                method=method,
                finished_at=start + dt.timedelta(minutes=37 * i),
            )
        )
    Match.objects.bulk_create(rows, batch_size=2000)

    for n in range(EVENTS):
        event = Event.objects.create(
            name=f"Bench Cup {n:02d}",
            slug=f"bench-cup-{n:02d}",
            organiser=rivals[0],
            starts_on=dt.date(2024, 1, 1) + dt.timedelta(days=7 * n),
            status=Event.Status.FINISHED,
            rounds=1,
        )
        mine = Entry.objects.create(event=event, user=me, name="ベンチ 太郎")
        theirs = Entry.objects.create(event=event, user=rivals[n + 1], name=f"rival-{n + 1:03d}")
        round_ = Round.objects.create(event=event, number=1, status=Round.Status.COMPLETE)
        Pairing.objects.create(
            round=round_,
            table=1,
            red=mine,
            blue=theirs,
            result=rng.choice([Pairing.Result.RED_WON, Pairing.Result.BLUE_WON]),
        )
    return me.username


def time_requests(client: object, path: str, requests: int) -> tuple[float, float]:
    """Median and slowest server time (ms) of ``requests`` warm GETs of ``path``."""
    response = client.get(path)  # type: ignore[attr-defined]
    assert response.status_code == 200, (path, response.status_code)
    times = []
    for _ in range(requests):
        began = time.perf_counter()
        response = client.get(path)  # type: ignore[attr-defined]
        times.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        setup_django(Path(directory) / "bench.sqlite3")
        from django.test import Client
        from django.urls import reverse

        began = time.perf_counter()
        username = build_player(args.games)
        print(f"built {args.games:,} games, {EVENTS} events in {time.perf_counter() - began:.1f} s")
        client = Client(SERVER_NAME="127.0.0.1", headers={"accept-language": "en"})
        profile = reverse("players:profile", args=[username])
        cases = [
            ("record list (for comparison)", reverse("matches:record_list")),
            ("profile (first page)", profile),
            ("games, page 200", f"{profile}?page=200"),
            ("games of 軍棋 against rival-01", f"{profile}?game=junqi&opponent=rival-01"),
            ("head-to-head with rival-007", f"{profile}?vs=rival-007"),
        ]
        for label, path in cases:
            median, slowest = time_requests(client, path, args.requests)
            print(f"{label:34} median {median:6.1f} ms   slowest {slowest:6.1f} ms")
        median, _ = time_requests(client, profile, args.requests)
        verdict = "meets" if median <= TARGET_MS else "MISSES"
        print(f"target: profile ≤ {TARGET_MS:.0f} ms at {args.games:,} games: {verdict}")
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
