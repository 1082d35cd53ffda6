"""Benchmark: what one request for a past position costs (``matches:match_position``).

Run from the repository root (it makes its own SQLite database in a temporary directory and
uses the in-process cache)::

    uv run python benchmarks/positions.py                  # a game of about 470 plies
    uv run python benchmarks/positions.py --requests 2000 --seed 5

It plays one long random game through ``match_submit_action`` and then asks for random past
positions, as spectators, through the page's own URL (Django's test client: routing, the
view, the JSON), three ways:

* **before** — every request replays the game from its first decision (what the endpoint did
  before the cache: ``O(ply)`` decisions per request);
* **cold** — the cache and snapshots start empty: the first request walks the game once and
  stores snapshots, later ones start from the nearest snapshot;
* **warm** — every position asked before: served from the cache.

For each it prints requests per second, the mean and 95th-percentile time per request and the
mean number of decisions applied per request.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_READ_DOT_ENV_FILE"] = "false"
    os.environ.pop("REDIS_URL", None)  # the in-process cache: the figures are the site's own
    os.environ["MATCH_POSITION_REQUESTS_PER_WINDOW"] = "100000000"
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def play_long_game(seed: int, turn_limit: int) -> Any:
    """A running online match after every decision of a random game (the last one left out,
    so the game is still under way)."""
    from django.contrib.auth import get_user_model

    from engine import replay
    from engine.playout import random_playout
    from matches.services.decisions import match_submit_action
    from matches.services.lifecycle import match_create

    record, _ = random_playout(seed=seed, turn_limit=turn_limit)
    states = replay(replace(record, result=None))
    users = get_user_model().objects
    red = users.create_user("bench-red")
    blue = users.create_user("bench-blue")
    match = match_create(red_player=red, blue_player=blue, start=True, time_control="600+0")
    for ply, text in enumerate(record.actions[:-1]):
        match_submit_action(
            match_id=match.pk, seat=states[ply].to_act.label, action_text=text, expected_ply=ply
        )
    match.refresh_from_db()
    return match


def replay_from_start(match: Any, viewer_seat: str | None, ply: int) -> dict[str, Any]:
    """The endpoint's work before the cache: the game replayed from its first decision."""
    from matches.selectors import match_action_texts, match_rules, match_setup, seat_side

    rules = match_rules(match)
    state = rules.initial_state(match_setup(match))
    for text in match_action_texts(match)[:ply]:
        state = rules.apply(state, rules.parse_action(text))
    view = rules.view(state, seat_side(viewer_seat))
    view["legal_actions"] = []
    return view


def measure(label: str, plies: list[int], fetch: Callable[[int], None], applied: list[int]) -> None:
    times = []
    applied.clear()
    started = time.perf_counter()
    for ply in plies:
        t0 = time.perf_counter()
        fetch(ply)
        times.append((time.perf_counter() - t0) * 1000)
    elapsed = time.perf_counter() - started
    p95 = statistics.quantiles(times, n=20)[-1]
    print(
        f"{label:<7} {len(plies) / elapsed:9.1f} req/s   mean {statistics.fmean(times):7.2f} ms"
        f"   p95 {p95:7.2f} ms   decisions/request {len(applied) / len(plies):7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--turn-limit", type=int, default=120)
    parser.add_argument("--requests", type=int, default=600)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as directory:
        setup_django(Path(directory) / "bench.sqlite3")
        from django.core.cache import cache
        from django.test import Client

        # Production's cache is Redis; the in-process one culls at 300 entries by default.
        cache._max_entries = 1_000_000  # type: ignore[attr-defined]
        from django.urls import reverse

        from games.gunshi_rules import GunshiRules
        from matches import views_ui

        applied: list[int] = []
        original = GunshiRules.apply

        def counting(self: GunshiRules, state: Any, action: Any) -> Any:
            applied.append(1)
            return original(self, state, action)

        GunshiRules.apply = counting  # type: ignore[method-assign]

        match = play_long_game(args.seed, args.turn_limit)
        print(f"one game of {match.ply} plies; {args.requests} requests for random past positions")
        rng = random.Random(args.seed)
        plies = [rng.randrange(match.ply) for _ in range(args.requests)]
        client = Client(HTTP_HOST="localhost")

        def through_the_url(ply: int) -> None:
            response = client.get(reverse("matches:match_position", args=[match.pk, ply]))
            assert response.status_code == 200, response.status_code

        # "before": the same URL with the old selector put back for the run.
        cached = views_ui.match_position_view
        views_ui.match_position_view = replay_from_start  # type: ignore[assignment]
        measure("before", plies, through_the_url, applied)
        views_ui.match_position_view = cached
        cache.clear()
        measure("cold", plies, through_the_url, applied)
        measure("warm", plies, through_the_url, applied)


if __name__ == "__main__":
    main()
