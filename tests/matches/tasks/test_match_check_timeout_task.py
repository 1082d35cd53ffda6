"""Flag falls are adjudicated with nobody connected: the Celery task and the in-process
scheduler, restart recovery, and the one-pending-check-per-match rule.

These tests wait for real time to pass (a one-second clock) but assert no durations: only that
the loss on time gets recorded, never before the deadline.
"""

from __future__ import annotations

import datetime as dt
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.utils import timezone

from matches import timeouts
from matches.models import Match
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_create
from matches.services.timeouts import match_adjudicate_timeout
from matches.tasks import match_check_timeout_task, match_sweep_timeouts_task
from matches.timeouts import TimeoutScheduler, schedule_timeout_check
from tests.matches.helpers import random_action

WAIT_SECONDS = 15


def _wait_for(condition: Callable[[], bool]) -> bool:
    give_up = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < give_up:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _finished(match_id: int) -> Callable[[], bool]:
    return lambda: Match.objects.get(pk=match_id).status == Match.Status.FINISHED


def _blue_clock_running(*, control: str = "1s+0", at: dt.datetime | None = None) -> Match:
    """Red made its untimed first placement at ``at`` (default now): Blue's clock runs."""
    at = at or timezone.now()
    match = match_create(red_name="a", blue_name="b", time_control=control, start=True, now=at)
    seat, text = random_action(match, random.Random(1))
    return match_submit_action(
        match_id=match.pk, seat=seat, action_text=text, expected_ply=0, now=at
    )


@pytest.fixture
def scheduler(monkeypatch: pytest.MonkeyPatch) -> Iterator[TimeoutScheduler]:
    """A fresh in-process scheduler installed as the module's one (stopped afterwards)."""
    instance = TimeoutScheduler(sweep_seconds=0.2)
    monkeypatch.setattr(timeouts, "scheduler", instance)
    yield instance
    instance.stop()


@pytest.mark.django_db(transaction=True)
def test_the_in_process_scheduler_adjudicates_with_nobody_connected(
    scheduler: TimeoutScheduler,
) -> None:
    scheduler.start()
    match = _blue_clock_running()
    deadline = match.flag_deadline
    assert match.timeout_check_at == deadline
    assert _wait_for(_finished(match.pk))
    match.refresh_from_db()
    assert (match.winner, match.method) == ("red", "timeout")
    assert match.finished_at >= deadline  # never before the flag fell
    assert match.timeout_check_at is None
    log = match.clock_log.last()
    assert log.kind == "flag"
    assert log.remaining_blue_ms == 0


@pytest.mark.django_db(transaction=True)
def test_restart_recovery_adjudicates_overdue_clocks_at_start_up(
    scheduler: TimeoutScheduler,
) -> None:
    # The flag fell four minutes ago while no scheduler ran (the server was down).
    match = _blue_clock_running(control="1+0", at=timezone.now() - dt.timedelta(minutes=5))
    assert scheduler.pending() == 0
    scheduler.start()
    assert _wait_for(_finished(match.pk))
    assert Match.objects.get(pk=match.pk).method == "timeout"


@pytest.mark.django_db(transaction=True)
def test_deadlines_set_by_another_process_are_read_from_the_database(
    scheduler: TimeoutScheduler, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(timeouts, "schedule_timeout_check", lambda **kwargs: None)
    scheduler.start()
    match = _blue_clock_running()  # its check is not queued here: only the database knows
    assert _wait_for(_finished(match.pk))


@pytest.mark.django_db
def test_the_celery_task_adjudicates_an_overdue_clock() -> None:
    match = _blue_clock_running(control="1+0", at=timezone.now() - dt.timedelta(minutes=2))
    result = match_check_timeout_task.apply(args=(match.pk,))
    assert result.get() is True
    assert match_check_timeout_task.apply(args=(match.pk,)).get() is False  # idempotent
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")


@pytest.mark.django_db
def test_the_celery_task_before_the_deadline_does_nothing() -> None:
    match = _blue_clock_running(control="1+0")
    assert match_check_timeout_task.apply(args=(match.pk, 1)).get() is False
    assert Match.objects.get(pk=match.pk).status == "running"


@pytest.mark.django_db
def test_the_beat_sweep() -> None:
    overdue = _blue_clock_running(control="1+0", at=timezone.now() - dt.timedelta(minutes=2))
    running = _blue_clock_running(control="1+0")
    assert match_sweep_timeouts_task.apply().get() == [overdue.pk]
    assert Match.objects.get(pk=running.pk).status == "running"


def test_the_celery_backend_schedules_at_the_deadline(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.MATCH_TIMEOUT_BACKEND = "celery"
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        match_check_timeout_task, "apply_async", lambda **kwargs: calls.append(kwargs)
    )
    at = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    schedule_timeout_check(match_id=42, at=at)
    assert calls == [{"args": (42,), "eta": at}]


@pytest.mark.django_db(transaction=True)
def test_a_decision_is_broadcast_even_when_its_timeout_task_cannot_be_queued(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis restarting: queuing the task fails after commit, and the decision's update still
    goes out (the on-commit callback after it runs); the schedulers keep the flag."""
    from kombu.exceptions import OperationalError

    from matches import broadcast

    settings.MATCH_TIMEOUT_BACKEND = "celery"

    def broker_away(**_kwargs: Any) -> None:
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(match_check_timeout_task, "apply_async", broker_away)
    sent: list[list[tuple[str, dict[str, Any]]]] = []
    monkeypatch.setattr(broadcast, "_send", sent.append)
    match = match_create(red_name="A", blue_name="B", time_control="10+0", start=True)
    seat, text = random_action(match, random.Random(5))

    played = match_submit_action(
        match_id=match.pk, seat=seat, action_text=text, expected_ply=0, actor=None
    )

    assert played.ply == 1
    assert [group for group, _message in sent[-1]] == [
        f"match.{match.pk}.{audience}" for audience in broadcast.AUDIENCES
    ]


@pytest.mark.django_db
def test_a_celery_check_is_queued_no_further_ahead_than_the_horizon(
    settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """A task reserved by a worker that dies comes back after the short visibility timeout;
    a healthy worker must never hold one that long, so far deadlines are reached in hops."""
    settings.MATCH_TIMEOUT_BACKEND = "celery"
    settings.MATCH_TIMEOUT_ETA_HORIZON_SECONDS = 30.0
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] >= 2 * 30
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] <= 120
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        match_check_timeout_task, "apply_async", lambda **kwargs: calls.append(kwargs)
    )
    start = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        match = _blue_clock_running(control="20+0", at=start)
    (call,) = calls
    assert call["eta"] == match.timeout_check_at
    assert start < call["eta"] <= timezone.now() + dt.timedelta(seconds=30)
    assert match.flag_deadline - call["eta"] > dt.timedelta(minutes=19)
    # The hop, run at its instant, finds no flag and queues the next one.
    with django_capture_on_commit_callbacks(execute=True):
        assert match_adjudicate_timeout(match_id=match.pk, now=call["eta"]) is False
    assert len(calls) == 2
    assert Match.objects.get(pk=match.pk).timeout_check_at == calls[1]["eta"]


@pytest.fixture
def idle_scheduler(monkeypatch: pytest.MonkeyPatch) -> Iterator[TimeoutScheduler]:
    """A module scheduler that reads no database (for tests of who starts it)."""
    instance = TimeoutScheduler(adjudicate=lambda _id: False, upcoming=lambda _until: [])
    monkeypatch.setattr(timeouts, "scheduler", instance)
    yield instance
    instance.stop()


def test_a_celery_worker_starts_its_own_sweeping_scheduler(
    settings: Any, idle_scheduler: TimeoutScheduler
) -> None:
    """The sweep is part of the worker: no separate beat process to forget."""
    from celery.signals import worker_ready, worker_shutdown

    settings.MATCH_TIMEOUT_BACKEND = "celery"
    worker_ready.send(sender=None)
    assert idle_scheduler.running
    worker_shutdown.send(sender=None)
    assert not idle_scheduler.running


def test_server_processes_start_the_scheduler_on_the_celery_backend_too(
    settings: Any, idle_scheduler: TimeoutScheduler, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.MATCH_TIMEOUT_BACKEND = "celery"
    settings.MATCH_TIMEOUT_SCHEDULER_AUTOSTART = "auto"
    monkeypatch.setattr(timeouts.sys, "argv", ["/srv/.venv/bin/daphne", "config.asgi:application"])
    assert timeouts.autostart() is True
    assert idle_scheduler.running


def test_the_scheduler_keeps_the_earliest_check_per_match() -> None:
    fired: list[int] = []
    done = threading.Event()

    def adjudicate(match_id: int) -> bool:
        fired.append(match_id)
        if len(fired) == 2:
            done.set()
        return False

    instance = TimeoutScheduler(sweep_seconds=60, adjudicate=adjudicate, upcoming=lambda _u: [])
    instance.start()
    try:
        past = timezone.now() - dt.timedelta(seconds=1)
        later = timezone.now() + dt.timedelta(hours=1)
        with instance._cond:  # queue all three before the thread wakes
            instance.schedule(7, later)
            instance.schedule(7, past)  # earlier: replaces the later check
            instance.schedule(7, later)  # later again: ignored
            instance.schedule(3, past - dt.timedelta(seconds=1))
        assert done.wait(WAIT_SECONDS)
        assert fired == [3, 7]
        assert instance.pending() == 0
    finally:
        instance.stop()


def test_a_stopped_scheduler_queues_nothing() -> None:
    instance = TimeoutScheduler(adjudicate=lambda _m: False, upcoming=lambda _u: [])
    instance.schedule(1, timezone.now())
    assert instance.pending() == 0


@pytest.mark.parametrize(
    ("argv", "run_main", "expected"),
    [
        (["daphne", "config.asgi:application"], None, True),
        (["/usr/bin/uvicorn", "config.asgi:application"], None, True),
        (["manage.py", "runserver"], None, False),  # the autoreloader's watcher
        (["manage.py", "runserver"], "true", True),
        (["manage.py", "runserver", "--noreload"], None, True),
        (["manage.py", "migrate"], None, False),
        (["pytest"], None, False),
    ],
)
def test_the_scheduler_starts_only_in_server_processes(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], run_main: str | None, expected: bool
) -> None:
    if run_main is None:
        monkeypatch.delenv("RUN_MAIN", raising=False)
    else:
        monkeypatch.setenv("RUN_MAIN", run_main)
    assert timeouts._is_server_process(argv) is expected


def test_the_scheduler_starts_under_python_m_daphne(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m daphne`` runs as ``__main__.py``; the main module's spec names the server."""
    import sys
    import types
    from importlib.machinery import ModuleSpec

    main = types.ModuleType("__main__")
    main.__spec__ = ModuleSpec("daphne.__main__", None)
    monkeypatch.setitem(sys.modules, "__main__", main)
    assert timeouts._is_server_process(["/venv/lib/daphne/__main__.py", "-p", "8000"]) is True
