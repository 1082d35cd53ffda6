"""Benchmark: the tournaments Django layer at 1,000 and 10,000 players, and the cached page.

Run from the repository root (it makes its own SQLite database in a temporary directory)::

    uv run python benchmarks/tournaments.py                 # 1,000 and 10,000 players
    uv run python benchmarks/tournaments.py --players 1000 --requests 1000

For each size it builds an event with 8 complete Swiss rounds (players are paired inside score
groups, the stronger seed usually wins, a few forfeits), then times, through the services and
selectors exactly as the pages call them:

* ``round_pair`` for round 9 (history from the database, the Swiss matching, the rows written);
* ``event_standings`` (history from the database plus the standings with five tie-breaks),
  and the pure ``standings(...)`` call alone.

Then it starts Daphne on 127.0.0.1 with the 1,000-player database and sends a bounded number of
requests (keep-alive connections from a few client threads, local only) to the cached public
standings page and to a bare Django view on the same server that returns a constant, and
prints both rates. Issue 4's targets: pairing ≤ 1 s at 1,000 players, standings ≤ 100 ms,
cached page ≥ half the bare view's rate.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROUNDS_PLAYED = 8
ASGI_APP = "config.asgi:application"


def setup_django(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_READ_DOT_ENV_FILE"] = "false"
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_event(players: int, seed: int = 1) -> object:
    """An event with ``players`` entries and 8 complete rounds, written with bulk inserts."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Entry, Event, Pairing, Round
    from tournaments.services.events import event_create

    rng = random.Random(seed)
    user_model = get_user_model()
    host, _ = user_model.objects.get_or_create(username=f"bench-host-{players}")
    event = event_create(
        organiser=host,
        name=f"Bench {players}",
        starts_on=__import__("datetime").date(2026, 1, 1),
        rounds=9,
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    Entry.objects.bulk_create(
        Entry(event=event, name=f"Player {i:05d}", rating=3000 - i) for i in range(players)
    )
    ids = list(Entry.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))
    strength = {pk: players - i for i, pk in enumerate(ids)}
    score = dict.fromkeys(ids, 0)
    for number in range(1, ROUNDS_PLAYED + 1):
        round_ = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETE)
        order = sorted(ids, key=lambda pk: (-score[pk], -strength[pk]))
        rows = []
        bye = order.pop() if len(order) % 2 else None
        for table, k in enumerate(range(0, len(order), 2), start=1):
            a, b = order[k], order[k + 1]
            red, blue = (a, b) if (number + table) % 2 else (b, a)
            roll = rng.random()
            if roll < 0.01:
                result = Pairing.Result.RED_WON_BY_FORFEIT
            elif (strength[red] > strength[blue]) == (roll < 0.75):
                result = Pairing.Result.RED_WON
            else:
                result = Pairing.Result.BLUE_WON
            winner = red if result != Pairing.Result.BLUE_WON else blue
            score[winner] += 1
            rows.append(
                Pairing(
                    round=round_,
                    table=table,
                    red_id=red,
                    blue_id=blue,
                    result=result,
                    confirmation=Pairing.Confirmation.CONFIRMED,
                )
            )
        if bye is not None:
            score[bye] += 1
            rows.append(
                Pairing(round=round_, table=len(rows) + 1, red_id=bye, result=Pairing.Result.BYE)
            )
        Pairing.objects.bulk_create(rows, batch_size=2000)
    event.refresh_from_db()
    return event


def time_calls(label: str, call: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    print(f"  {label:<44} best {best * 1000:8.1f} ms   median {median * 1000:8.1f} ms")
    return median


def bench_size(players: int, repeat: int) -> None:
    from django.db import transaction

    from tournaments import selectors
    from tournaments.services.rounds import round_pair
    from tournaments.standings import standings

    print(f"\n{players:,} players, {ROUNDS_PLAYED} complete rounds")
    start = time.perf_counter()
    event = build_event(players)
    print(f"  (set-up: {time.perf_counter() - start:.1f} s)")

    def pair() -> None:
        # Pair round 9 and roll it back, so every repeat pairs the same history.
        with transaction.atomic():
            round_pair(actor=event.organiser, event=event)
            transaction.set_rollback(True)

    time_calls("round_pair(round 9) through the services", pair, repeat)
    time_calls(
        "event_standings (database + tie-breaks)",
        lambda: selectors.event_standings(event=event),
        repeat,
    )
    data = selectors.event_history(event=event)
    points = selectors.points_scheme(event)
    tiebreaks = selectors.event_tiebreaks(event)
    time_calls(
        "standings() on the history values alone",
        lambda: standings(data.history, points=points, tiebreaks=tiebreaks, seed=event.lot_seed),
        repeat,
    )


# ------------------------------------------------------------------------------ HTTP load

BENCH_SETTINGS = """
from config.settings.local import *  # noqa
DEBUG = False
ROOT_URLCONF = "bench_urls"
LOGGING = {"version": 1, "disable_existing_loggers": True}
"""

BENCH_URLS = """
from django.http import HttpResponse
from django.urls import include, path

def bare(request):
    return HttpResponse("ok")

urlpatterns = [path("bench/bare/", bare), path("", include("config.urls"))]
"""


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def load(port: int, path: str, requests: int, threads: int) -> float:
    """Requests per second for ``requests`` GETs of ``path`` over ``threads`` connections."""
    per_thread = requests // threads
    errors: list[str] = []

    def worker() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(per_thread):
            conn.request("GET", path, headers={"Accept-Language": "en"})
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                errors.append(f"{path}: HTTP {response.status}")
        conn.close()

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    start = time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise RuntimeError(errors[0])
    return per_thread * threads / elapsed


def bench_http(db_path: Path, slug: str, requests: int, threads: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="gunshi-bench-"))
    (tmp / "bench_settings.py").write_text(BENCH_SETTINGS)
    (tmp / "bench_urls.py").write_text(BENCH_URLS)
    env = dict(os.environ)
    env |= {
        "DJANGO_SETTINGS_MODULE": "bench_settings",
        "DATABASE_URL": f"sqlite:///{db_path}",
        "PYTHONPATH": f"{tmp}{os.pathsep}{ROOT}",
    }
    port = _port()
    server = subprocess.Popen(  # noqa: S603 - fixed command, local only
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(150):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        page = f"/events/{slug}/standings/"
        load(port, page, 20, 1)  # warm the cache (the first request renders 1,000 rows)
        load(port, "/bench/bare/", 20, 1)
        print(f"\nHTTP on Daphne, {requests} requests over {threads} keep-alive connections")
        bare = load(port, "/bench/bare/", requests, threads)
        cached = load(port, page, requests, threads)
        fragment = load(port, page + "fragment/", requests, threads)
        print(f"  bare Django view                     {bare:8.0f} req/s")
        print(f"  cached standings page (1,000 rows)   {cached:8.0f} req/s  ({cached / bare:.0%})")
        print(
            f"  cached standings fragment            {fragment:8.0f} req/s  ({fragment / bare:.0%})"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="*", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--no-http", action="store_true")
    args = parser.parse_args()
    db_path = Path(tempfile.mkdtemp(prefix="gunshi-bench-db-")) / "bench.sqlite3"
    setup_django(db_path)
    for players in args.players:
        bench_size(players, args.repeat)
    if not args.no_http:
        from tournaments.models import Event

        event = Event.objects.order_by("pk").first()
        assert event is not None
        bench_http(db_path, event.slug, args.requests, args.threads)


if __name__ == "__main__":
    main()
