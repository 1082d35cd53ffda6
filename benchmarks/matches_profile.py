"""Profile: where the CPU of one clocked-match decision goes, in one process.

Run from the repository root, with PostgreSQL (and, unless ``--layer memory``, Redis) up::

    uv run python benchmarks/matches_profile.py                      # 20 games, 3,000 decisions
    uv run python benchmarks/matches_profile.py --games 50 --decisions 5000 --top 40
    uv run python benchmarks/matches_profile.py --layer memory       # no Redis channel layer
    uv run python benchmarks/matches_profile.py --skip-games --service 1000

Everything runs in this process, on a separate database (``--database-url``, created and
migrated): the site's ASGI application (the real ``MatchConsumer``, its thread pool, the
services, the broadcast after commit) is driven through in-memory WebSocket connections
(``channels.testing.WebsocketCommunicator``) by the reference bots (``matches.bot``) playing
random games with no thinking time, ``--games`` at a time (a finished game is replaced by a
new one). Nothing goes over a real socket, so what is measured is the Python work of a
decision on both sides of the protocol.

It prints, per decision:

1. **service**: decisions made one at a time through
   ``services.decisions.match_submit_action`` in this thread (games replayed from fixed seeds,
   the broadcast after commit included — sent the way a worker outside a server sends it,
   through ``async_to_sync``): the median CPU time, and
   the SQL statements counted with ``CaptureQueriesContext`` (one example listed). The
   steadiest figure for comparing two versions on a shared machine;
2. **bot**: the CPU a reference bot spends on one frame (decode, choose, encode);
3. **CPU**: the game loop without the profiler — this process's CPU time (every thread) and the
   CPU time of the PostgreSQL backends serving the database (read from ``/proc``, so only
   when PostgreSQL runs on this machine), over the decisions sent, and the wall-clock rate;
4. **breakdown**: the game loop again under ``cProfile`` (CPU time of each thread) in every
   thread — the event loop with the consumers and the bots, and the service threads — merged:
   the share of a few groups (services, views, JSON, the channel layer, the ORM) and the top
   functions by cumulative time. The profiler's overhead inflates the absolute figures, more
   for code that makes many small calls; a sampling profiler of the whole process
   (``py-spy record --gil -f raw -- python benchmarks/matches_profile.py --skip-profile``)
   gives truer shares.

``--skip-games`` stops after steps 1–2; ``--skip-profile`` after step 3.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Groups of the breakdown: a label and the function names (``file:line(name)`` substrings)
#: whose cumulative time it reports. Groups overlap (a view includes its JSON encoding).
GROUPS = (
    ("service: match_submit_action", ("services.py", "(match_submit_action)")),
    ("broadcast: frames after commit", ("broadcast.py", "(send)")),
    ("  views (match_get_view)", ("selectors.py", "(match_get_view)")),
    ("  engine.observe", ("observation.py", "(observe)")),
    ("engine: apply_action", ("rules.py", "(apply_action)")),
    ("engine: state_to_dict", ("notation.py", "(state_to_dict)")),
    ("engine: state_from_dict", ("notation.py", "(state_from_dict)")),
    ("ORM: SQL execution", ("utils.py", "(_execute_with_wrappers)")),
    ("ORM: Model.save", ("base.py", "(save)")),
    ("channel layer: group_send", ("", "(group_send)")),
    ("json.dumps", ("__init__.py", "(dumps)")),
    ("json.loads", ("__init__.py", "(loads)")),
    ("consumer: _handle", ("consumers.py", "(_handle)")),
    ("bot: run_bot", ("bot.py", "(run_bot)")),
)


def configure(args: argparse.Namespace) -> None:
    """Production settings on the profile database; the chosen channel layer."""
    from benchmarks.matches import LAYERS, prepare_database, settings_env

    layer = "core" if args.layer == "memory" else args.layer
    env = settings_env(args.database_url, args.redis_url, layer, "celery")
    env["DJANGO_ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    prepare_database(args, env)
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings

    if args.layer == "memory":
        settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    else:
        settings.CHANNEL_LAYERS["default"]["BACKEND"] = LAYERS[args.layer]
    from channels.layers import channel_layers

    channel_layers.backends.clear()


async def play(games: int, decisions: int, seed: int, database_url: str = "") -> tuple[int, float]:
    """Keep ``games`` games going until ``decisions`` decisions were sent: the count sent and,
    with ``database_url``, the CPU seconds its PostgreSQL backends spent meanwhile."""
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from benchmarks.matches import create_matches
    from config.asgi import application
    from matches.bot import CommunicatorSocket, run_bot

    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    sent = 0
    done = asyncio.Event()

    def on_send(_ply: int, _action: str, _at: float) -> None:
        nonlocal sent
        sent += 1
        if sent >= decisions:
            done.set()

    async def seat(match_id: int, token: str, bot_seed: int) -> None:
        path = f"/ws/matches/{match_id}/?token={token}"
        communicator = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await communicator.connect(timeout=60)
        assert connected
        try:
            await run_bot(
                CommunicatorSocket(communicator, timeout=60), seed=bot_seed, on_send=on_send
            )
        finally:
            await communicator.disconnect()

    async def slot(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        while not done.is_set():
            [(match_id, red, blue)] = await sync_to_async(create_matches)(1, "20+0")
            seeds = rng.randrange(2**31), rng.randrange(2**31)
            await asyncio.gather(seat(match_id, red, seeds[0]), seat(match_id, blue, seeds[1]))

    before = await asyncio.to_thread(database_cpu, database_url) if database_url else {}
    tasks = [asyncio.ensure_future(slot(index)) for index in range(games)]
    await done.wait()
    after = await asyncio.to_thread(database_cpu, database_url) if database_url else {}
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return sent, sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def database_cpu(database_url: str) -> dict[int, float]:
    """CPU seconds so far of each PostgreSQL backend serving this database (same machine)."""
    import psycopg

    from benchmarks.matches import cpu_seconds

    with psycopg.connect(database_url) as connection:
        query = "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
        pids = [pid for (pid,) in connection.execute(query).fetchall()]
    # A backend that is gone, or runs on another machine, reads 0 and is left out.
    return {pid: seconds for pid in pids if (seconds := cpu_seconds(pid)) > 0}


def timed_run(args: argparse.Namespace) -> None:
    """The game loop without the profiler: CPU of this process and of the database."""
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    sent, database = asyncio.run(play(args.games, args.decisions, 1, args.database_url))
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
    print(
        f"CPU per decision: {cpu / sent * 1e6:8.0f} µs in this process, "
        f"{database / sent * 1e6:.0f} µs in PostgreSQL  ({sent} decisions, {args.games} games, "
        f"{sent / wall:.0f} decisions/s wall, load average {os.getloadavg()[0]:.1f})"
    )


def service_loop(samples: int) -> None:
    """Play ``samples`` decisions through the service entry point, one at a time in this
    thread (the broadcast after commit included): their SQL statements and their CPU time.

    The games are replayed from fixed seeds, so two versions of the code do the same work;
    the median is steadier than the whole-process figure on a shared machine."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from benchmarks.matches import create_matches
    from matches.models import Match
    from matches.selectors import match_game_state, match_legal_actions
    from matches.services.decisions import match_submit_action

    rng = random.Random(7)
    counts: list[int] = []
    times: list[float] = []
    example: list[str] = []
    [(match_id, _red, _blue)] = create_matches(1, "20+0")
    while len(counts) < samples:
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.RUNNING:
            [(match_id, _red, _blue)] = create_matches(1, "20+0")
            continue
        seat = match_game_state(match).to_act.label
        legal = match_legal_actions(match=match, viewer_seat=seat)["actions"]
        action = rng.choice(legal)
        with CaptureQueriesContext(connection) as queries:
            started = time.thread_time()
            match_submit_action(
                match_id=match_id, seat=seat, action_text=action, expected_ply=match.ply
            )
            times.append(time.thread_time() - started)
        counts.append(len(queries))
        example = [query["sql"][:110] for query in queries.captured_queries]
    times.sort()
    print(
        f"service: {times[len(times) // 2] * 1e6:.0f} µs CPU per decision (median; "
        f"SQL and broadcast included), {sum(counts) / len(counts):.2f} SQL statements "
        f"(over {len(counts)} decisions):"
    )
    for sql in example:
        print(f"  {sql}")


def bytes_per_decision(plies: tuple[int, ...]) -> None:
    """The SQL text of a decision (statements with their values) at a few plies of one random
    game played through the services: constant when nothing grows with the game. Measured with
    client-side binding (``MATCH_SERVER_BINDING = False``), where the values are in the text;
    bound on the server, the same values travel as parameters."""
    from django.conf import settings

    server_binding = getattr(settings, "MATCH_SERVER_BINDING", True)
    settings.MATCH_SERVER_BINDING = False
    try:
        sizes = _decision_sizes(plies)
    finally:
        settings.MATCH_SERVER_BINDING = server_binding
    figures = ", ".join(f"decision {ply}: {size} bytes" for ply, size in sorted(sizes.items()))
    print(f"written per decision (INSERT and UPDATE text): {figures}")


def _decision_sizes(plies: tuple[int, ...]) -> dict[int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from benchmarks.matches import create_matches
    from matches.models import Match
    from matches.selectors import match_game_state, match_legal_actions
    from matches.services.decisions import match_submit_action

    rng = random.Random(8)
    sizes: dict[int, int] = {}
    while len(sizes) < len(plies):
        sizes.clear()
        [(match_id, _red, _blue)] = create_matches(1, "20+0")
        match = Match.objects.get(pk=match_id)
        while match.status == Match.Status.RUNNING and len(sizes) < len(plies):
            seat = match_game_state(match).to_act.label
            action = rng.choice(match_legal_actions(match=match, viewer_seat=seat)["actions"])
            connection.queries_log.clear()  # a full log would capture nothing
            with CaptureQueriesContext(connection) as queries:
                match = match_submit_action(
                    match_id=match_id, seat=seat, action_text=action, expected_ply=match.ply
                )
            if match.ply in plies:
                sizes[match.ply] = sum(
                    len(query["sql"].encode())
                    for query in queries.captured_queries
                    if query["sql"].startswith(("INSERT", "UPDATE"))
                )
    return sizes


def profiled_run(args: argparse.Namespace) -> None:
    """The game loop again with a profiler in every thread; prints the merged breakdown."""
    profiles: list[cProfile.Profile] = []
    lock = threading.Lock()

    def start_profiler(*_args: Any) -> None:
        profile = cProfile.Profile(time.thread_time)
        with lock:
            profiles.append(profile)
        profile.enable()  # replaces this hook for the rest of the thread

    threading.setprofile(start_profiler)
    main = cProfile.Profile(time.thread_time)
    main.enable()
    sent, _database = asyncio.run(play(args.games, args.decisions, seed=2))
    main.disable()
    threading.setprofile(None)  # type: ignore[arg-type]
    for profile in profiles:
        profile.disable()
    stats = pstats.Stats(main)
    for profile in profiles:
        with lock:
            try:
                stats.add(profile)
            except TypeError:  # a thread that never ran Python code under the profiler
                continue
    report_groups(stats, sent)
    stream = io.StringIO()
    stats.stream = stream  # type: ignore[attr-defined]
    stats.sort_stats("cumulative").print_stats(args.top)
    print(stream.getvalue())


def report_groups(stats: pstats.Stats, sent: int) -> None:
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(tottime for (_cc, _nc, tottime, _ct, _callers) in entries.values())
    print(f"profiled: {total / sent * 1e6:.0f} µs per decision (all threads, profiler included)")
    for label, (file_part, name_part) in GROUPS:
        cumulative = 0.0
        for (filename, _line, name), (_cc, _nc, _tt, ct, _callers) in entries.items():
            if name_part == f"({name})" and file_part in filename:
                cumulative += ct
        print(f"  {label:<34} {cumulative / sent * 1e6:8.0f} µs  {cumulative / total:6.1%}")


def bot_cost(frames: int) -> None:
    """The reference bot's CPU per frame: a recorded game's frames fed to ``run_bot``."""
    from engine import Phase, apply_action, legal_actions, new_game, observe
    from matches.bot import run_bot

    rng = random.Random(3)
    state, texts = new_game(), []
    while state.phase is not Phase.OVER and len(texts) < frames:
        view = {
            "status": "running",
            "seat": "red",
            "result": None,
            "clock": {"paused": False},
            "game": observe(state, state.to_act),
        }
        texts.append(json.dumps({"type": "update", "ply": state.ply, "view": view}))
        state = apply_action(state, rng.choice(legal_actions(state)))

    class Replay:
        def __init__(self) -> None:
            self.index = 0

        async def send(self, message: str) -> None:
            json.loads(message)

        async def recv(self) -> str:
            if self.index == len(texts):
                over = {**view, "status": "aborted"}
                return json.dumps({"type": "update", "ply": 0, "view": over})
            self.index += 1
            return texts[self.index - 1]

    start = time.process_time()
    asyncio.run(run_bot(Replay()))
    cpu = time.process_time() - start
    size = sum(map(len, texts)) / len(texts)
    print(f"bot: {cpu / len(texts) * 1e6:.0f} µs per frame (mean frame {size:.0f} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--top", type=int, default=30, help="functions listed by cumulative time")
    parser.add_argument("--service", type=int, default=500, help="decisions timed one by one")
    parser.add_argument(
        "--layer", choices=["memory", "core", "pubsub", "pipelined"], default="pipelined"
    )
    parser.add_argument("--skip-profile", action="store_true")
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/gunshi_profile"
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/7")
    args = parser.parse_args()
    configure(args)
    print(f"{args.layer} channel layer, {os.cpu_count()} CPUs")
    service_loop(args.service)
    bytes_per_decision((10, 100, 600))
    bot_cost(args.decisions)
    if args.skip_games:
        return
    timed_run(args)
    if not args.skip_profile:
        profiled_run(args)


if __name__ == "__main__":
    main()
