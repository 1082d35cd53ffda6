"""Flag falls without anyone connected: scheduling the timeout check.

Nothing ticks on the server: a running match stores its ``flag_deadline`` (the instant the
running seat's time is up). A flag fall must still be recorded as a loss within 250 ms even if
no browser is connected, so after every change a *timeout check* is scheduled at the deadline;
when it fires it calls ``services.timeouts.match_adjudicate_timeout``, which locks the match and
adjudicates only if the flag has really fallen (idempotent). The loss is dated at the flag
instant, not at the moment it was adjudicated.

**One pending check per match.** Most decisions move the deadline *later* (the mover's time is
charged only up to the decision; lag credit adds to it) or hand the clock to the other seat.
Scheduling a check per decision would queue one stale check per decision, each costing a locked
read when it fires. Instead ``Match.timeout_check_at`` remembers when the match's pending check
fires; a new one is scheduled only when the deadline moves *earlier* than that. When a check
fires and finds no flag (the deadline moved on), it re-arms itself for the current deadline.

**No single process is trusted with a flag** (docs/production.md). Every process that can
adjudicate runs a ``TimeoutScheduler``, a daemon thread that reads the upcoming deadlines from
the database every ``MATCH_TIMEOUT_SWEEP_SECONDS`` and fires a check at each of them:

* each ASGI server process starts one in ``MatchesConfig.ready()`` (``autostart``);
* each Celery worker starts one when it is ready (``start_in_worker``, from ``matches.tasks``):
  the sweep is part of the worker, not a separate ``beat`` an operator could forget.

Any one of them is enough, and they race harmlessly under the row lock. **Backends** (setting
``MATCH_TIMEOUT_BACKEND``) add the push path on top:

* ``"celery"`` (the default when ``REDIS_URL`` is set): also ``tasks.match_check_timeout_task``
  with ``eta`` = the deadline, but never more than ``MATCH_TIMEOUT_ETA_HORIZON_SECONDS`` ahead
  (a check that fires early re-arms itself), so that a task reserved by a worker that dies is
  redelivered after the broker's short visibility timeout (``CELERY_BROKER_TRANSPORT_OPTIONS``)
  without duplicates of healthy tasks piling up;
* ``"inprocess"`` (the embedded default, no broker): the local scheduler only;
* ``"none"``: nothing is scheduled and no scheduler starts (tests that drive the services by
  hand).

**Below the services and the tasks.** The services arm checks through this module, and the
Celery tasks start its scheduler; it imports neither. What it needs from them is connected at
app ready (``MatchesConfig.ready`` calls ``connect``): the adjudication the scheduler runs
(``matches.services.timeouts.match_adjudicate_timeout``) and the task the Celery backend queues
(``matches.tasks.queue_timeout_check``). An import-linter contract (pyproject.toml) keeps the
order: tasks above services above this module.
"""

from __future__ import annotations

import heapq
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

if TYPE_CHECKING:
    from matches.models import Match

logger = logging.getLogger(__name__)

BACKENDS = ("celery", "inprocess", "none")


class Adjudicator(Protocol):
    """Adjudicates ``match_id``'s flag if it has fallen; True when it did."""

    def __call__(self, *, match_id: int) -> bool: ...


class TaskQueue(Protocol):
    """Queues the Celery check of ``match_id`` to run at ``eta``."""

    def __call__(self, *, match_id: int, eta: datetime) -> None: ...


@dataclass(slots=True)
class _Connections:
    adjudicate: Adjudicator | None = None
    queue_task: TaskQueue | None = None


_connected = _Connections()


def connect(*, adjudicate: Adjudicator, queue_task: TaskQueue) -> None:
    """Plug in the layers above: what the scheduler runs at a deadline, and how the Celery
    backend queues its task (``MatchesConfig.ready``; see the module docstring)."""
    _connected.adjudicate = adjudicate
    _connected.queue_task = queue_task


def _queue_task(*, match_id: int, eta: datetime) -> None:
    if _connected.queue_task is None:
        raise RuntimeError("no timeout task queue connected (matches.timeouts.connect)")
    _connected.queue_task(match_id=match_id, eta=eta)


def timeout_backend() -> str:
    backend = getattr(settings, "MATCH_TIMEOUT_BACKEND", "inprocess")
    if backend not in BACKENDS:
        raise ValueError(f"MATCH_TIMEOUT_BACKEND must be one of {BACKENDS}, not {backend!r}")
    return str(backend)


def arm_timeout_check(match: Match, *, fired_at: datetime | None = None) -> None:
    """Make sure a check is pending for ``match``'s flag deadline (call before saving it).

    Schedules one (after commit) when the match runs with a deadline and its pending check is
    later than the deadline, missing, or due by ``fired_at`` (a check running at ``fired_at``
    re-arms). Clears the marker when nothing can flag.
    """
    from matches.models import Match

    deadline = match.flag_deadline
    if match.status != Match.Status.RUNNING or deadline is None:
        match.timeout_check_at = None
        return
    pending = match.timeout_check_at
    fired = fired_at is not None and pending is not None and pending <= fired_at
    if pending is not None and pending <= deadline and not fired:
        return
    fires_at = _check_instant(deadline, now=fired_at)
    match.timeout_check_at = fires_at
    match_id = match.pk
    transaction.on_commit(
        lambda: schedule_timeout_check(match_id=match_id, at=deadline, fires_at=fires_at)
    )


def _check_instant(deadline: datetime, *, now: datetime | None) -> datetime:
    """When the pending check fires: the deadline, or on Celery no later than the horizon."""
    if timeout_backend() != "celery":
        return deadline
    seconds = float(getattr(settings, "MATCH_TIMEOUT_ETA_HORIZON_SECONDS", 30.0))
    return min(deadline, (now or timezone.now()) + timedelta(seconds=seconds))


def schedule_timeout_check(
    *, match_id: int, at: datetime, fires_at: datetime | None = None
) -> None:
    """Check ``match_id``'s flag at its deadline ``at`` on the configured backend.

    The local scheduler (when it runs in this process) is told on every backend but
    ``"none"``; the Celery task fires at ``fires_at`` (default ``at``), an instant no later
    than the deadline.
    """
    backend = timeout_backend()
    if backend == "none":
        return
    scheduler.schedule(match_id, at)
    if backend == "celery":
        try:
            _queue_task(match_id=match_id, eta=fires_at or at)
        except Exception:
            # The broker is away (Redis restarting): the schedulers, which read the deadlines
            # from the database, record the flag. Raising here would also skip the commit's
            # later callbacks — the broadcast of the decision that armed this check.
            logger.exception("match %s: the timeout task could not be queued", match_id)


# ----------------------------------------------------------------------- in-process


def _adjudicate(match_id: int) -> bool:
    if _connected.adjudicate is None:
        raise RuntimeError("no timeout adjudication connected (matches.timeouts.connect)")
    return _connected.adjudicate(match_id=match_id)


def _upcoming(until: datetime) -> list[tuple[int, datetime]]:
    from matches.selectors import match_upcoming_deadlines

    return [
        (match_id, deadline) for match_id, _ply, deadline in match_upcoming_deadlines(until=until)
    ]


class TimeoutScheduler:
    """A daemon thread that runs timeout checks at their deadlines (no broker needed).

    ``schedule(match_id, at)`` queues a check; every ``sweep_seconds`` the thread also queues
    every running match whose deadline falls within the next ``2 × sweep_seconds`` (and at
    start-up, every overdue one), so checks survive a restart and matches changed by other
    processes are covered too. Only the earliest queued check per match is kept.
    """

    def __init__(
        self,
        *,
        sweep_seconds: float = 1.0,
        adjudicate: Callable[[int], bool] = _adjudicate,
        upcoming: Callable[[datetime], list[tuple[int, datetime]]] = _upcoming,
    ) -> None:
        self.sweep_seconds = sweep_seconds
        self._adjudicate = adjudicate
        self._upcoming = upcoming
        self._heap: list[tuple[float, int]] = []
        self._due: dict[int, float] = {}  # match id -> earliest queued check (epoch seconds)
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self.checks_run = 0

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        with self._cond:
            if self.running:
                return
            self._stopping = False
            self._thread = threading.Thread(
                target=self._run, name="match-timeout-scheduler", daemon=True
            )
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        with self._cond:
            self._thread = None
            self._heap.clear()
            self._due.clear()

    def schedule(self, match_id: int, at: datetime) -> None:
        """Queue a check of ``match_id`` at ``at`` (ignored when not started)."""
        when = at.timestamp()
        with self._cond:
            if not self.running:
                return
            current = self._due.get(match_id)
            if current is not None and current <= when:
                return
            self._due[match_id] = when
            heapq.heappush(self._heap, (when, match_id))
            self._cond.notify_all()

    def pending(self) -> int:
        with self._cond:
            return len(self._due)

    def _pop_due(self) -> list[int]:
        now = time.time()
        due = []
        while self._heap and self._heap[0][0] <= now:
            when, match_id = heapq.heappop(self._heap)
            if self._due.get(match_id) == when:
                del self._due[match_id]
                due.append(match_id)
        return due

    def _sync(self) -> None:
        until = timezone.now() + timedelta(seconds=2 * self.sweep_seconds)
        for match_id, deadline in self._upcoming(until):
            self.schedule(match_id, deadline)

    def _run(self) -> None:
        next_sync = 0.0  # sync at once: restart recovery
        try:
            while True:
                with self._cond:
                    if self._stopping:
                        return
                    now = time.time()
                    wake = next_sync
                    if self._heap:
                        wake = min(wake, self._heap[0][0])
                    if wake > now:
                        self._cond.wait(wake - now)
                        continue
                    due = self._pop_due()
                for match_id in due:
                    self._check(match_id)
                if time.time() >= next_sync:
                    try:
                        self._sync()
                    except Exception:
                        logger.exception("timeout scheduler: reading deadlines failed")
                    next_sync = time.time() + self.sweep_seconds
                    close_old_connections()
        finally:
            close_old_connections()

    def _check(self, match_id: int) -> None:
        try:
            self._adjudicate(match_id)
        except Exception:
            logger.exception("timeout check failed for match %s", match_id)
        finally:
            self.checks_run += 1


scheduler = TimeoutScheduler(
    sweep_seconds=float(getattr(settings, "MATCH_TIMEOUT_SWEEP_SECONDS", 1.0))
)

_SERVER_PROGRAMS = ("daphne", "uvicorn", "gunicorn", "hypercorn")


def _is_server_process(argv: list[str]) -> bool:
    """True in a process that serves requests (not ``migrate``, ``shell``, tests …)."""
    program = os.path.basename(argv[0]) if argv else ""
    # `python -m daphne …` runs as `__main__.py`: its module spec still names the server.
    main_spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    main_module = getattr(main_spec, "name", "") or ""
    if any(name in program or main_module.startswith(name) for name in _SERVER_PROGRAMS):
        return True
    if "runserver" in argv:
        # With the autoreloader, the parent only watches files; the child (RUN_MAIN) serves.
        return "--noreload" in argv or os.environ.get("RUN_MAIN") == "true"
    return False


def autostart() -> bool:
    """Start the in-process scheduler when the settings ask for it in this process.

    ``MATCH_TIMEOUT_SCHEDULER_AUTOSTART``: ``"auto"`` (default: in server processes only),
    ``True`` or ``False``. Never with the ``"none"`` backend.
    """
    if timeout_backend() == "none":
        return False
    mode = getattr(settings, "MATCH_TIMEOUT_SCHEDULER_AUTOSTART", "auto")
    if mode is False or (mode == "auto" and not _is_server_process(sys.argv)):
        return False
    scheduler.start()
    return True


def start_in_worker() -> bool:
    """Start the scheduler inside a Celery worker (its embedded sweep); see the module
    docstring. ``MATCH_TIMEOUT_WORKER_SCHEDULER = False`` turns it off."""
    if timeout_backend() == "none" or not getattr(settings, "MATCH_TIMEOUT_WORKER_SCHEDULER", True):
        return False
    scheduler.start()
    return True
