"""Benchmark: concurrent clocked games over the real WebSocket stack (PostgreSQL + Redis).

Run from the repository root, with PostgreSQL and Redis up::

    uv run python benchmarks/matches.py                        # 100 games, 60 s
    uv run python benchmarks/matches.py --games 300 --seconds 90 --servers 4
    uv run python benchmarks/matches.py --server daphne --channel-layer core --no-pool  # before

What it does, on 127.0.0.1 only:

1. Production settings (``config.settings.production``: PostgreSQL, Redis channel layer,
   Celery timeout tasks) on a separate database (``--database``, created and migrated);
2. the stack of deploy/local_stack.py: ``--servers`` ASGI processes (``--server`` uvicorn or
   daphne) serving ``benchmarks/matches_asgi.py`` (the site plus two bare WebSocket routes), a
   Celery worker (timeout checks at the flag deadline; with ``--timeouts inprocess`` only
   each server's own scheduler thread) and a private nginx in front (the production
   locations of deploy/nginx/) through which every client connects (``--direct``: straight
   to the processes instead);
3. **baseline**: ``--games`` pairs of sockets exchange frames through the bare routes with the
   same pacing as the games: *echo* (the server sends the frame back) and *relay* (the frame
   goes through the Redis channel layer to both sockets of the pair);
4. **games**: ``--games`` matches, each with two reference bots (``matches.bot``) playing
   random legal decisions after ``--think-ms`` (± 50 %) of thought, for ``--seconds``. The move
   round trip is from sending a decision to the moment *both* seats have the update for it;
5. **flags**, during the games: ``--flags`` matches with a 2-second clock in which Red makes its
   first placement and then nobody moves; a spectator socket waits for the result. Flag →
   loss latency is the time from the flag deadline to the committed loss (``finished_at``,
   server side) and to the spectator receiving the result (client side).

Figures: p50/p99 round trips, decisions per second, flag latencies, and the servers' CPU
time per decision over the measured seconds (ASGI processes, Celery worker, PostgreSQL, Redis,
nginx, read from ``/proc``; the flag games and presence heartbeats are in it too). Targets
(docs/matches.md, *Performance notes*): move round trip p99 ≤ 5× the echo baseline at 50 games
and ≤ 50 ms at 300; flag → loss unchanged or better.
The clients run in this process (one asyncio loop), sharing the machine with the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOST = "127.0.0.1"
RAMP_SECONDS = 0.005  # clients connect one after another, 5 ms apart
WARM_UP_SECONDS = 5.0  # samples of the first seconds after the ramp are not counted


LAYERS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "pipelined": "matches.channel_layer.PipelinedPubSubChannelLayer",
}


def settings_env(
    database_url: str, redis_url: str, layer: str, timeouts: str, *, pool: bool = True
) -> dict[str, str]:
    """The production settings of deploy/local_stack.py with the benchmark's choices."""
    from deploy.local_stack import production_env

    return production_env(
        database_url,
        redis_url,
        CHANNEL_LAYER_BACKEND=LAYERS[layer],
        MATCH_TIMEOUT_BACKEND=timeouts,
        # Without the pool: persistent connections, as before the pool existed.
        DATABASE_POOL="true" if pool else "false",
        CONN_MAX_AGE="600",
        CHANNEL_LAYER_PREFIX=f"bench-{os.getpid()}",
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def describe(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    if not ms:
        return f"{name:<34} (no samples)"
    return (
        f"{name:<34} n={len(ms):>6}  p50={percentile(ms, 50):7.1f} ms  "
        f"p99={percentile(ms, 99):7.1f} ms  max={max(ms):7.1f} ms"
    )


#: The server programs whose CPU time counts as the servers', by the name the kernel gives
#: them (``/proc/<pid>/comm``); the ASGI processes and the Celery worker are the stack's own.
SERVER_PROGRAMS = {"postgres": "PostgreSQL", "redis-server": "Redis", "nginx": "nginx"}


def cpu_seconds(pid: int) -> float:
    """CPU seconds so far (user + system) of one process, 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_cpu(stack_pids: dict[str, list[int]]) -> dict[str, dict[int, float]]:
    """CPU seconds so far of every server process on this machine, by part: the stack's ASGI
    processes and worker, and every PostgreSQL, Redis and nginx process (the machine runs
    nothing else of theirs; the clients, in this process, are not counted)."""
    parts: dict[str, dict[int, float]] = {
        part: {pid: cpu_seconds(pid) for pid in pids} for part, pids in stack_pids.items()
    }
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            program = (entry / "comm").read_text().strip()
        except OSError:
            continue
        part = SERVER_PROGRAMS.get(program)
        if part is not None:
            parts.setdefault(part, {})[int(entry.name)] = cpu_seconds(int(entry.name))
    return parts


def cpu_spent(
    before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
) -> dict[str, float]:
    """CPU seconds each part spent between two ``server_cpu`` readings (processes that
    started meanwhile count from zero)."""
    return {
        part: sum(seconds - before.get(part, {}).get(pid, 0.0) for pid, seconds in pids.items())
        for part, pids in after.items()
    }


@contextmanager
def services(
    args: argparse.Namespace, env: dict[str, str]
) -> Iterator[tuple[list[str], dict[str, list[int]]]]:
    """Start the stack of deploy/local_stack.py (the ASGI servers, a Celery worker unless the
    time-outs are in-process, nginx in front); yield the base URLs the clients connect to (the
    proxy's, or with ``--direct`` each ASGI process's own: clients spread over them) and the
    stack's own process ids by part (``ASGI``, ``worker``)."""
    from deploy.local_stack import local_stack

    directory = Path(args.log)
    with local_stack(
        env,
        asgi=args.servers,
        server=args.server,
        application="benchmarks.matches_asgi:application",
        worker=args.timeouts == "celery",
        directory=directory,
    ) as stack:
        time.sleep(2)  # let the Celery worker connect
        pids = {
            "ASGI": [p.pid for name, p in stack.processes.items() if name.startswith("asgi")],
            "worker": [p.pid for name, p in stack.processes.items() if name == "worker"],
        }
        yield (stack.asgi_urls if args.direct else [stack.url]), pids


def prepare_database(args: argparse.Namespace, env: dict[str, str]) -> None:
    """Create the benchmark database if needed, migrate it and vacuum it."""
    import psycopg
    from psycopg import sql

    name = args.database_url.rsplit("/", 1)[-1]
    admin = args.database_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone() is None:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    # Earlier runs leave dead rows behind (every decision updates its match row); where
    # autovacuum is off, as on some development machines, they pile up from run to run and
    # slow PostgreSQL down. Every run starts from a vacuumed database.
    with psycopg.connect(args.database_url, autocommit=True) as connection:
        connection.execute("VACUUM ANALYZE")


# --------------------------------------------------------------------------- baseline


async def open_socket(target: str, origin: str) -> Any:
    """A connected client socket; handshakes dropped by a busy server are retried."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidHandshake

    for attempt in range(1, 6):
        try:
            return await connect(target, origin=origin, proxy=None, compression=None, max_size=None)  # type: ignore[arg-type]
        except (OSError, InvalidHandshake):
            if attempt == 5:
                raise
            await asyncio.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


async def baseline(urls: list[str], pairs: int, think: float, seconds: float) -> dict[str, Any]:

    echo: list[float] = []
    relay: list[float] = []
    payload = json.dumps({"type": "action", "action": "b2-b3", "ply": 1, "pad": "x" * 64})

    async def echo_client(index: int) -> None:
        url = urls[index % len(urls)]
        rng = random.Random(index)
        await asyncio.sleep(index * RAMP_SECONDS)
        async with await open_socket(url.replace("http", "ws") + "/ws/bench/echo/", url) as ws:
            while time.monotonic() < stop:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.perf_counter()
                await ws.send(payload)
                await ws.recv()
                if sent > measure_from:
                    echo.append(time.perf_counter() - sent)

    async def relay_pair(index: int) -> None:
        url = urls[index % len(urls)]
        rng = random.Random(index)
        target = url.replace("http", "ws") + f"/ws/bench/relay/{index}/"
        await asyncio.sleep(index * RAMP_SECONDS)
        async with (
            await open_socket(target, url) as first,
            await open_socket(target, url) as second,
        ):
            await asyncio.sleep(0.5)
            while time.monotonic() < stop:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.perf_counter()
                await first.send(payload)
                await asyncio.gather(first.recv(), second.recv())
                if sent > measure_from:
                    relay.append(time.perf_counter() - sent)

    ramp = pairs * RAMP_SECONDS
    stop = time.monotonic() + ramp + WARM_UP_SECONDS + seconds
    measure_from = time.perf_counter() + ramp + WARM_UP_SECONDS
    await asyncio.gather(*(echo_client(i) for i in range(pairs)))
    stop = time.monotonic() + ramp + WARM_UP_SECONDS + seconds
    measure_from = time.perf_counter() + ramp + WARM_UP_SECONDS
    await asyncio.gather(*(relay_pair(i) for i in range(pairs)))
    return {"echo": echo, "relay": relay}


# ------------------------------------------------------------------------------ games


def create_matches(count: int, control: str) -> list[tuple[int, str, str]]:
    from matches.services.lifecycle import match_create

    created = []
    for index in range(count):
        match = match_create(
            red_name=f"bench red {index}",
            blue_name=f"bench blue {index}",
            time_control=control,
            start=True,
            meta={"benchmark": True},
        )
        created.append((match.pk, match.red_token, match.blue_token))
    return created


def first_placement(match_id: int) -> float:
    """Red's untimed first placement (Blue's clock starts); returns the deadline (epoch s)."""
    from engine import legal_actions
    from matches.models import Match
    from matches.selectors import match_game_state
    from matches.services.decisions import match_submit_action

    match = Match.objects.get(pk=match_id)
    action = legal_actions(match_game_state(match))[0].to_str()
    match = match_submit_action(match_id=match_id, seat="red", action_text=action, expected_ply=0)
    assert match.flag_deadline is not None
    return match.flag_deadline.timestamp()


async def games(
    urls: list[str],
    count: int,
    flags: int,
    think: float,
    seconds: float,
    server_pids: dict[str, list[int]] | None = None,
) -> dict[str, Any]:

    from matches.bot import play_bot

    created = await asyncio.to_thread(create_matches, count, "20+0")
    flag_matches = await asyncio.to_thread(create_matches, flags, "2s+0")
    sent: dict[tuple[int, int], float] = {}
    sent_wall: dict[tuple[int, int], float] = {}
    delivery: list[float] = []
    computed: dict[tuple[int, int], float] = {}
    received: dict[tuple[int, int], list[float]] = {}
    flag_client: list[float] = []
    deadlines: dict[int, float] = {}

    def hooks(match_id: int) -> dict[str, Any]:
        def on_send(ply: int, _action: str, at: float) -> None:
            sent[(match_id, ply)] = at
            sent_wall[(match_id, ply)] = time.time()

        def on_frame(frame: dict[str, Any], at: float) -> None:
            if frame.get("type") == "update":
                received.setdefault((match_id, frame["ply"]), []).append(at)
                computed[(match_id, frame["ply"])] = frame["view"]["clock"]["now"] / 1000
                # Server clock when the view was computed (after commit) to arrival here.
                delivery.append(time.time() - frame["view"]["clock"]["now"] / 1000)

        return {"on_send": on_send, "on_frame": on_frame}

    async def seat(index: int, match_id: int, token: str, seed: int) -> None:
        url = urls[index % len(urls)]
        await asyncio.sleep(index * RAMP_SECONDS)
        await play_bot(
            base_url=url,
            match_id=match_id,
            seat_token=token,
            seed=seed,
            think_seconds=think,
            think_jitter=0.5,
            **hooks(match_id),
        )

    async def flag(index: int, match_id: int) -> None:
        await asyncio.sleep(ramp + WARM_UP_SECONDS + index * (seconds * 0.6 / max(1, flags)))
        url = urls[index % len(urls)]
        async with await open_socket(
            url.replace("http", "ws") + f"/ws/matches/{match_id}/", url
        ) as ws:
            await ws.recv()  # snapshot
            deadlines[match_id] = await asyncio.to_thread(first_placement, match_id)
            async for message in ws:
                frame = json.loads(message)
                if frame.get("type") == "update" and frame["view"]["result"]:
                    flag_client.append(time.time() - deadlines[match_id])
                    return

    ramp = 2 * count * RAMP_SECONDS
    tasks = [
        asyncio.ensure_future(seat(2 * i + s, match_id, token, 2 * i + s))
        for i, (match_id, red, blue) in enumerate(created)
        for s, token in enumerate((red, blue))
    ]
    flag_tasks = [asyncio.ensure_future(flag(i, m)) for i, (m, _r, _b) in enumerate(flag_matches)]
    await asyncio.sleep(ramp + WARM_UP_SECONDS)
    measure_from = time.perf_counter()
    cpu_before = server_cpu(server_pids or {})
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - measure_from
    cpu = cpu_spent(cpu_before, server_cpu(server_pids or {}))
    for task in tasks:
        task.cancel()
    done = await asyncio.wait_for(asyncio.gather(*flag_tasks, return_exceptions=True), 30)
    await asyncio.gather(*tasks, return_exceptions=True)

    round_trips = []
    measured = {key: at for key, at in sent.items() if measure_from < at < measure_from + seconds}
    for key, at in measured.items():
        times = received.get(key_after(key))
        if times is not None and len(times) >= 2:
            round_trips.append(max(times[:2]) - at)
    inbound, service = await asyncio.to_thread(
        server_delays, {k: sent_wall[k] for k in measured if k in sent_wall}, computed
    )
    flag_server = await asyncio.to_thread(server_flag_latencies, deadlines)
    await asyncio.to_thread(abort_all, [m for m, _r, _b in created])
    return {
        "round_trips": round_trips,
        "inbound": inbound,
        "service": service,
        "delivery": delivery[len(delivery) // 5 :],
        "decisions": len(measured),
        "server_cpu": cpu,
        "elapsed": elapsed,
        "flag_client": flag_client,
        "flag_server": flag_server,
        "flag_errors": [repr(d) for d in done if isinstance(d, BaseException)],
    }


def key_after(key: tuple[int, int]) -> tuple[int, int]:
    """The update for a decision sent at ply p carries ply p + 1."""
    return (key[0], key[1] + 1)


def server_delays(
    sent_wall: dict[tuple[int, int], float], computed: dict[tuple[int, int], float]
) -> tuple[list[float], list[float]]:
    """From a bot sending a decision to the service holding the lock (its clock-log time), and
    from there to the views computed after commit (the update's server clock); a decision's
    clock-log time is on its move row."""
    from matches.models import MatchMove

    inbound, service = [], []
    match_ids = {match_id for match_id, _ply in sent_wall}
    for match_id, ply, at in MatchMove.objects.filter(
        match_id__in=match_ids, clock_at__isnull=False
    ).values_list("match_id", "ply", "clock_at"):
        sent_at = sent_wall.get((match_id, ply - 1))
        if sent_at is not None:
            inbound.append(at / 1000 - sent_at)
            if (match_id, ply) in computed:
                service.append(computed[(match_id, ply)] - at / 1000)
    return inbound, service


def server_flag_latencies(deadlines: dict[int, float]) -> list[float]:
    from matches.models import Match

    return [
        match.finished_at.timestamp() - deadlines[match.pk]
        for match in Match.objects.filter(pk__in=list(deadlines))
        if match.method == "timeout" and match.finished_at is not None
    ]


def abort_all(match_ids: list[int]) -> None:
    from matches.errors import MatchError
    from matches.services.lifecycle import match_abort

    for match_id in match_ids:
        with suppress(MatchError):
            match_abort(match_id=match_id, reason="benchmark over")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think-ms", type=int, default=1000)
    parser.add_argument("--flags", type=int, default=20)
    parser.add_argument("--servers", type=int, default=2, help="ASGI processes")
    parser.add_argument("--server", choices=["uvicorn", "daphne"], default="uvicorn")
    parser.add_argument(
        "--direct",
        action="store_true",
        help="connect straight to the ASGI processes instead of through nginx",
    )
    parser.add_argument(
        "--no-pool",
        dest="pool",
        action="store_false",
        help="persistent connections (CONN_MAX_AGE) instead of the psycopg pool",
    )
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument(
        "--timeouts",
        choices=["celery", "inprocess"],
        default="celery",
        help="flag adjudication: Celery worker + beat, or each server's in-process scheduler",
    )
    parser.add_argument(
        "--channel-layer",
        choices=sorted(LAYERS),
        default="pipelined",
        help="the Redis channel layer (pipelined: the settings' default, pub/sub with a "
        "decision's frames in one round trip; pubsub: channels_redis's own; core: the oldest)",
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/gunshi_bench")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/3")
    parser.add_argument(
        "--log",
        default=str(Path(tempfile.gettempdir()) / "gunshi-bench-matches"),
        help="directory for the processes' logs and nginx's files",
    )
    args = parser.parse_args()

    env = settings_env(
        args.database_url, args.redis_url, args.channel_layer, args.timeouts, pool=args.pool
    )
    prepare_database(args, env)
    os.environ.update(env)
    import django

    django.setup()

    think = args.think_ms / 1000
    print(
        f"{args.games} concurrent games, {args.servers} {args.server} processes "
        f"{'(direct)' if args.direct else 'behind nginx'}, think {args.think_ms} ms "
        f"± 50 %, {args.seconds:.0f} s, {args.channel_layer} channel layer, "
        f"{'psycopg pool' if args.pool else 'CONN_MAX_AGE'}, "
        f"{args.timeouts} time-outs, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
    )
    with services(args, env) as (urls, pids):
        if not args.skip_baseline:
            base = asyncio.run(baseline(urls, args.games, think, min(args.seconds, 20)))
            print(describe("baseline: echo round trip", base["echo"]))
            print(describe("baseline: relay to both sockets", base["relay"]))
        result = asyncio.run(games(urls, args.games, args.flags, think, args.seconds, pids))
    print(describe("move round trip (both seats updated)", result["round_trips"]))
    print(describe("  of which send -> service (lock)", result["inbound"]))
    print(describe("  lock -> committed, views computed", result["service"]))
    print(describe("  view computed -> frame received", result["delivery"]))
    print(f"{'decisions per second':<34} {result['decisions'] / result['elapsed']:.1f}")
    decisions = max(1, result["decisions"])
    parts = ", ".join(
        f"{part} {seconds / decisions * 1000:.2f}"
        for part, seconds in sorted(result["server_cpu"].items(), key=lambda item: -item[1])
    )
    total = sum(result["server_cpu"].values()) / decisions * 1000
    print(f"{'server CPU per decision':<34} {total:.2f} ms ({parts} ms)")
    print(describe("flag -> loss committed (server)", result["flag_server"]))
    print(describe("flag -> result at spectator", result["flag_client"]))
    if result["flag_errors"]:
        print("flag errors:", result["flag_errors"][:3])
    if not args.skip_baseline and base["echo"]:
        ratio = percentile(result["round_trips"], 99) / percentile(base["echo"], 99)
        print(f"{'p99 move / p99 echo':<34} {ratio:.1f}x")


if __name__ == "__main__":
    main()
