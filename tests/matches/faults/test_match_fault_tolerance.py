"""Flags and results survive the loss of any one process (docs/production.md).

Each test starts the production process set itself — a private Redis, a Celery worker, a
Daphne — on the suite's PostgreSQL test database, plays real games through the HTTP API with
short clocks, kills or restarts one process mid-game, and checks that:

* every flag that falls is recorded, dated at the flag instant, and committed at most
  ``LATE_LIMIT`` after it (by a path that survived: the ASGI process's or the worker's own
  scheduler, never the lost task);
* no result already recorded is lost;
* no clock time is charged twice (each seat's clock log balances; charged stretches never
  overlap).

They skip on SQLite (one process only) and print the measured "deadline → loss committed"
figures. Each wait is bounded.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import redis
from django.db import connection

from clock import ClockState
from matches.models import Match, MatchEvent
from matches.selectors import match_clock_log
from matches.services.lifecycle import match_create
from tests.matches.faults.processes import (
    Cluster,
    api_post,
    cluster,
    require_postgresql_and_redis_server,
    wait_until,
)
from tests.matches.helpers import random_action

pytestmark = [pytest.mark.faults, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

LATE_LIMIT = dt.timedelta(seconds=1)
WAIT_SECONDS = 30
CONTROL = "4s+0"
CHARGES = ("press", "switch", "stop")


@pytest.fixture
def processes(tmp_path: Path) -> Cluster:
    require_postgresql_and_redis_server()
    with cluster(tmp_path) as started:
        yield started


def _wait_for(condition: Callable[[], bool], seconds: float = WAIT_SECONDS) -> bool:
    return wait_until(condition, seconds)


def _new_match(name: str) -> Match:
    return match_create(
        red_name=f"{name}-red", blue_name=f"{name}-blue", time_control=CONTROL, start=True
    )


def _token(match: Match, seat: str) -> str:
    return match.red_token if seat == "red" else match.blue_token


def _decide(url: str, match_id: int, rng: random.Random) -> int:
    """One random legal decision of the side to act, through the API; the HTTP status."""
    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.RUNNING:
        return 0
    seat, text = random_action(match, rng)
    status, _ = api_post(
        f"{url}/api/matches/{match_id}/actions/",
        _token(match, seat),
        {"action": text, "ply": match.ply},
    )
    return status


def _timeout_lateness(match: Match) -> dt.timedelta:
    """How long after the flag fell the loss was committed (the audit row's insert time)."""
    event = match.events.get(kind=MatchEvent.Kind.TIMEOUT)
    fell_at = dt.datetime.fromtimestamp(event.detail["deadline"] / 1000, tz=dt.UTC)
    assert match.finished_at == fell_at  # the loss is dated when the clock ran out
    return event.created_at - fell_at


def _assert_no_time_charged_twice(match: Match) -> None:
    """Each seat's log balances to its clock, and the charged stretches never overlap."""
    clock = ClockState.from_dict(match.clock)
    entries = match_clock_log(match=match)
    assert [entry["seq"] for entry in entries] == list(range(len(entries)))
    for seat, label in enumerate(("red", "blue")):
        mine = [entry for entry in entries if entry["seat"] == label and entry["kind"] != "start"]
        spent = sum(entry["charged_ms"] for entry in mine)
        added = sum(entry["increment_ms"] + entry["delta_ms"] for entry in mine)
        assert clock.time_control.initial_ms - spent + added == clock.remaining_ms[seat], label
    stretch_end = 0
    for entry in entries:
        if entry["kind"] in (*CHARGES, "flag"):
            began = entry["at"] - entry["elapsed_ms"]
            assert began >= stretch_end, f"stretch of entry {entry['seq']} overlaps the previous"
            stretch_end = began + entry["charged_ms"] if entry["kind"] == "flag" else entry["at"]


def _report(label: str, lateness: list[dt.timedelta]) -> None:
    figures = ", ".join(f"{late.total_seconds() * 1000:.0f}" for late in lateness)
    print(f"\n{label}: flag deadline -> loss committed (ms): {figures}")


def test_a_worker_killed_after_reserving_the_timeout_task_loses_no_flag(
    processes: Cluster,
) -> None:
    processes.redis()
    _, url = processes.asgi()
    worker = processes.worker()
    match = _new_match("worker-kill")
    assert _decide(url, match.pk, random.Random(1)) == 200  # Red's placement: Blue's clock runs
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    broker = redis.Redis.from_url(processes.redis_url)
    # The worker has taken the task for the deadline off the queue and holds it (unacked).
    assert _wait_for(lambda: broker.hlen("unacked") == 1 and broker.llen("celery") == 0, 10)
    assert match.flag_deadline - dt.datetime.now(dt.UTC) > dt.timedelta(seconds=1)
    worker.kill()

    assert _wait_for(lambda: Match.objects.get(pk=match.pk).status == Match.Status.FINISHED)
    match.refresh_from_db()
    assert (match.winner, match.method) == ("red", "timeout")
    lateness = _timeout_lateness(match)
    _report("worker killed", [lateness])
    assert dt.timedelta(0) <= lateness <= LATE_LIMIT
    assert broker.hlen("unacked") == 1  # the lost task never ran: another path recorded it
    _assert_no_time_charged_twice(match)


def _play_until(url: str, match_ids: list[int], stop: threading.Event, seed: int) -> None:
    rng = random.Random(seed)
    try:
        while not stop.is_set():
            for match_id in match_ids:
                _decide(url, match_id, rng)
            time.sleep(0.05)
    finally:
        connection.close()  # this thread's own connection to the test database


def test_the_asgi_server_killed_mid_game_loses_no_result_and_no_flag(
    processes: Cluster,
) -> None:
    processes.redis()
    processes.worker()
    server, url = processes.asgi()
    resigned = _new_match("resigned")
    playing = [_new_match(f"live-{n}") for n in range(3)]
    assert _decide(url, resigned.pk, random.Random(2)) == 200
    status, _ = api_post(f"{url}/api/matches/{resigned.pk}/resign/", resigned.blue_token, {})
    assert status == 200
    stop = threading.Event()
    player = threading.Thread(
        target=_play_until, args=(url, [m.pk for m in playing], stop, 3), daemon=True
    )
    player.start()
    time.sleep(1.5)  # decisions in flight when the server dies
    server.kill()
    stop.set()
    player.join(15)

    def all_finished() -> bool:
        return not Match.objects.filter(pk__in=[m.pk for m in playing], status="running").exists()

    assert _wait_for(all_finished)
    resigned.refresh_from_db()
    assert (resigned.status, resigned.winner, resigned.method) == ("finished", "red", "resignation")
    lateness = []
    for match in playing:
        match.refresh_from_db()
        assert match.ply > 1
        if match.method == Match.Method.TIMEOUT:
            lateness.append(_timeout_lateness(match))
        _assert_no_time_charged_twice(match)
    _report("ASGI server killed", lateness)
    assert lateness
    assert all(dt.timedelta(0) <= late <= LATE_LIMIT for late in lateness)


def test_redis_restarted_mid_game_loses_no_flag(processes: Cluster) -> None:
    broker_process = processes.redis()
    processes.worker()
    _, url = processes.asgi()
    early = [_new_match(f"early-{n}") for n in range(2)]
    rng = random.Random(4)
    for match in early:
        assert _decide(url, match.pk, rng) == 200  # tasks queued in Redis for their deadlines
    broker = redis.Redis.from_url(processes.redis_url)
    assert _wait_for(lambda: broker.hlen("unacked") == len(early), 10)
    broker_process.kill()  # every queued and reserved task is gone with it
    time.sleep(0.5)
    processes.redis()
    late = _new_match("after-restart")
    assert _wait_for(lambda: _decide(url, late.pk, rng) == 200, 15)  # play goes on

    matches = [*early, late]
    assert _wait_for(
        lambda: not Match.objects.filter(pk__in=[m.pk for m in matches], status="running").exists()
    )
    lateness = []
    for match in matches:
        match.refresh_from_db()
        assert (match.winner, match.method) == ("red", "timeout")
        lateness.append(_timeout_lateness(match))
        _assert_no_time_charged_twice(match)
    _report("Redis restarted", lateness)
    assert all(dt.timedelta(0) <= late <= LATE_LIMIT for late in lateness)
