"""Celery tasks: idempotent interfaces to the timeout services (ids in, nothing fetched here).

``match_check_timeout_task`` runs at a match's flag deadline (``eta``, scheduled after commit
by ``matches.timeouts``); ``match_sweep_timeouts_task`` is the periodic backstop (celery beat,
``CELERY_BEAT_SCHEDULE`` in the settings) and also runs when a worker starts (restart
recovery). Both may run any number of times: the service locks the match and adjudicates only
a flag that has really fallen.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready


@shared_task(acks_late=True, ignore_result=True)
def match_check_timeout_task(match_id: int, expected_ply: int | None = None) -> bool:
    """Adjudicate ``match_id``'s flag if it has fallen (see ``match_adjudicate_timeout``)."""
    from matches.services import match_adjudicate_timeout

    return match_adjudicate_timeout(match_id=match_id, expected_ply=expected_ply)


@shared_task(acks_late=True, ignore_result=True)
def match_sweep_timeouts_task() -> list[int]:
    """Adjudicate every running match whose flag deadline has passed."""
    from matches.services import match_adjudicate_overdue

    return match_adjudicate_overdue()


@worker_ready.connect
def _sweep_on_worker_start(**_kwargs: Any) -> None:
    """Restart recovery: clocks that ran out while no worker was up are adjudicated at once."""
    match_sweep_timeouts_task.delay()
