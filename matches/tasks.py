"""Celery tasks: idempotent interfaces to the timeout services (ids in, nothing fetched here).

``match_check_timeout_task`` runs at a match's flag deadline (``eta``, scheduled after commit
by ``matches.timeouts``); ``match_sweep_timeouts_task`` adjudicates every overdue clock at once
(for an operator, or a ``celery beat`` where one runs). The worker's own backstop is the
scheduler thread it starts when ready (``matches.timeouts.start_in_worker``): it reads the
deadlines from the database every second and needs neither beat nor the broker, so a flag is
recorded even when the task that should have fired died with another worker. Everything here
may run any number of times: the service locks the match and adjudicates only a flag that has
really fallen.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown


@shared_task(acks_late=True, ignore_result=True)
def match_check_timeout_task(match_id: int, expected_ply: int | None = None) -> bool:
    """Adjudicate ``match_id``'s flag if it has fallen (see ``match_adjudicate_timeout``)."""
    from matches.services.timeouts import match_adjudicate_timeout

    return match_adjudicate_timeout(match_id=match_id, expected_ply=expected_ply)


@shared_task(acks_late=True, ignore_result=True)
def match_sweep_timeouts_task() -> list[int]:
    """Adjudicate every running match whose flag deadline has passed."""
    from matches.services.timeouts import match_adjudicate_overdue

    return match_adjudicate_overdue()


@worker_ready.connect
def _start_timeout_scheduler(**_kwargs: Any) -> None:
    """The worker's embedded sweep; its first read adjudicates clocks that ran out while no
    process was up (restart recovery)."""
    from matches.timeouts import start_in_worker

    start_in_worker()


@worker_shutdown.connect
def _stop_timeout_scheduler(**_kwargs: Any) -> None:
    from matches.timeouts import scheduler

    scheduler.stop()
