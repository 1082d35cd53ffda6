"""Celery tasks: idempotent interfaces to the timeout services (ids in, nothing fetched here).

``match_check_timeout_task`` runs at a match's flag deadline (``eta``): ``matches.timeouts``
queues it after commit through ``queue_timeout_check``, which ``MatchesConfig.ready`` connects
to it (the timeout machinery sits below this module and never imports it).
``match_sweep_timeouts_task`` adjudicates every overdue clock at once (for an operator, or a
``celery beat`` where one runs). The worker's own backstop is the scheduler thread it starts
when ready (``matches.timeouts.start_in_worker``): it reads the deadlines from the database
every second and needs neither beat nor the broker, so a flag is recorded even when the task
that should have fired died with another worker. Everything here may run any number of times:
the service locks the match and adjudicates only a flag that has really fallen.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown

from matches import timeouts
from matches.services.timeouts import match_adjudicate_overdue, match_adjudicate_timeout


@shared_task(acks_late=True, ignore_result=True)
def match_check_timeout_task(match_id: int, expected_ply: int | None = None) -> bool:
    """Adjudicate ``match_id``'s flag if it has fallen (see ``match_adjudicate_timeout``)."""
    return match_adjudicate_timeout(match_id=match_id, expected_ply=expected_ply)


@shared_task(acks_late=True, ignore_result=True)
def match_sweep_timeouts_task() -> list[int]:
    """Adjudicate every running match whose flag deadline has passed."""
    return match_adjudicate_overdue()


def queue_timeout_check(*, match_id: int, eta: datetime) -> None:
    """Queue ``match_check_timeout_task`` for ``match_id`` at ``eta`` (the ``"celery"``
    backend's push path, ``matches.timeouts.TaskQueue``)."""
    match_check_timeout_task.apply_async(args=(match_id,), eta=eta)


@worker_ready.connect
def _start_timeout_scheduler(**_kwargs: Any) -> None:
    """The worker's embedded sweep; its first read adjudicates clocks that ran out while no
    process was up (restart recovery)."""
    timeouts.start_in_worker()


@worker_shutdown.connect
def _stop_timeout_scheduler(**_kwargs: Any) -> None:
    timeouts.scheduler.stop()
