"""The analysis job as a Celery task, on a queue of its own (``analysis``).

An analysis takes up to a minute of one core: it runs in a worker that consumes the
``analysis`` queue (``celery -A config worker -Q analysis``; ``make dev`` starts one, and
production runs one per docs/production.md), never in a web request or in the workers that
adjudicate clocks. The task is acknowledged when it starts (not ``acks_late``): a redelivery
could start a second copy of a long job, and a job whose worker died is found stale and queued
again by the next request instead (``analysis.services.is_restartable``).
"""

from __future__ import annotations

from celery import shared_task

from analysis.services import analysis_run

QUEUE = "analysis"


@shared_task(ignore_result=True)
def analysis_run_task(analysis_id: int) -> None:
    """Run the analysis job ``analysis_id`` (``analysis.services.analysis_run``)."""
    analysis_run(analysis_id=analysis_id)


def queue_analysis(analysis_id: int) -> None:
    """Queue the job on the ``analysis`` queue (connected to the services at start-up)."""
    analysis_run_task.apply_async(args=(analysis_id,), queue=QUEUE)
