"""Every write of the analysis app: requesting an analysis and running its job.

``analysis_request(user=..., match=...)`` decides who may ask (a signed-in user who may see
the game's record, ``matches.selectors.match_record_visible``, of a finished game), is
idempotent (a second request returns the job that exists: queued, running or done) and
limited per user (``ANALYSIS_REQUESTS_PER_HOUR`` new jobs an hour). A failed job, or one whose
worker went silent for ``ANALYSIS_STALE_SECONDS``, is queued again on the same row.

``analysis_run(analysis_id=...)`` is the job (the Celery task ``analysis.tasks`` calls it on
the ``analysis`` queue, never inside a web request): it analyses every decision from its
mover's view (``analysis.seat_views``, ``opponent.analysis``), saves the progress every
``PROGRESS_EVERY`` decisions and announces it, then stores the results and the turning
points. How the job reaches a worker is connected at start-up (``AnalysisConfig.ready``
connects ``analysis.tasks.queue_analysis``): the tasks sit above the services.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, Final

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from analysis.broadcast import announce
from analysis.errors import AnalysisError
from analysis.models import GameAnalysis
from analysis.seat_views import mover_decisions
from matches.models import Match
from matches.selectors import match_record_visible
from opponent.analysis import Analyst, DecisionAnalysis, turning_points
from opponent.levels import ANALYSIS_LEVEL, Level

logger = logging.getLogger(__name__)

#: Progress is saved and announced after every this many decisions (and at the end).
PROGRESS_EVERY: Final = 5

#: The search and budget the results come from, stored with them.
ENGINE_VERSION: Final = (
    f"SO-ISMCTS {ANALYSIS_LEVEL.seconds} s CPU cap; gunshi {ANALYSIS_LEVEL.gunshi.walks} walks, "
    f"rollout {ANALYSIS_LEVEL.gunshi.rollout}; junqi {ANALYSIS_LEVEL.junqi.walks} walks, "
    f"rollout {ANALYSIS_LEVEL.junqi.rollout}, {ANALYSIS_LEVEL.worlds} worlds"
)

#: How a job reaches a worker (``analysis.tasks.queue_analysis``, connected at start-up).
_queue: Callable[[int], None] | None = None


def connect(*, queue: Callable[[int], None]) -> None:
    """Register the function that queues a job (``AnalysisConfig.ready``)."""
    global _queue  # a one-slot registry, set at start-up
    _queue = queue


def stale_seconds() -> float:
    return float(getattr(settings, "ANALYSIS_STALE_SECONDS", 300))


def is_restartable(analysis: GameAnalysis, *, now: Any = None) -> bool:
    """A failed job, or a queued or running one that has not changed for the stale time (its
    worker died or its message was lost), may be queued again."""
    if analysis.status == GameAnalysis.Status.FAILED:
        return True
    if analysis.status == GameAnalysis.Status.DONE:
        return False
    now = now or timezone.now()
    return now - analysis.updated_at > timedelta(seconds=stale_seconds())


def _spend_request(user: Any) -> bool:
    """Count a new job of ``user``; False when the hour's allowance is spent."""
    limit = int(getattr(settings, "ANALYSIS_REQUESTS_PER_HOUR", 10))
    window = int(time.time() // 3600)
    key = f"analysis-requests:{user.pk}:{window}"
    cache.add(key, 0, 3601)
    try:
        count = cache.incr(key)
    except ValueError:  # the counter expired between add() and incr()
        cache.set(key, 1, 3601)
        count = 1
    return count <= limit


def analysis_request(*, user: Any, match: Match) -> GameAnalysis:
    """Queue the analysis of ``match`` for ``user`` (see the module docstring); the existing
    job when there is one. Raises ``AnalysisError`` for a refusal."""
    if user is None or not user.is_authenticated or not user.is_active:
        raise AnalysisError("sign_in")
    if match.kind != Match.Kind.ONLINE:
        raise AnalysisError("no_record")
    if match.status != Match.Status.FINISHED:
        raise AnalysisError("not_finished")
    if not match_record_visible(match=match, user=user):
        raise AnalysisError("no_record")
    try:
        with transaction.atomic():
            analysis = GameAnalysis.objects.select_for_update().filter(match=match).first()
            if analysis is not None and not is_restartable(analysis):
                return analysis
            if not _spend_request(user):
                raise AnalysisError("rate_limited")
            if analysis is None:
                analysis = GameAnalysis(match=match)
            _reset(analysis, user=user, total=match.ply)
            analysis.save()
            announce(analysis)
            queued_id = analysis.pk
            transaction.on_commit(lambda: _dispatch(queued_id))
            return analysis
    except IntegrityError:  # another request created the row first: that job stands
        return GameAnalysis.objects.get(match=match)


def _reset(analysis: GameAnalysis, *, user: Any, total: int) -> None:
    analysis.status = GameAnalysis.Status.QUEUED
    analysis.done = 0
    analysis.total = total
    analysis.decisions = []
    analysis.turning_points = []
    analysis.requested_by = user
    analysis.started_at = None
    analysis.finished_at = None
    analysis.error = ""


def _dispatch(analysis_id: int) -> None:
    if _queue is None:  # pragma: no cover - connected in AnalysisConfig.ready
        raise RuntimeError("no analysis queue connected")
    _queue(analysis_id)


def analysis_run(*, analysis_id: int, budget: Level = ANALYSIS_LEVEL) -> GameAnalysis | None:
    """Run the job ``analysis_id`` to its end (see the module docstring). A job that is done,
    or running in another worker and not stale, is left alone (``None``). A failure marks the
    job failed, to be requested again; the error is logged, not raised."""
    attempt = _start(analysis_id)
    if attempt is None:
        return None
    analysis = GameAnalysis.objects.select_related("match").get(pk=analysis_id)
    try:
        _analyse(analysis, attempt, budget)
    except Exception as exc:
        logger.exception("analysis of match %s failed", analysis.match_id)
        with transaction.atomic():
            GameAnalysis.objects.filter(pk=analysis_id, attempts=attempt).update(
                status=GameAnalysis.Status.FAILED,
                error=f"{type(exc).__name__}: {exc}"[:2000],
                finished_at=timezone.now(),
                updated_at=timezone.now(),
            )
            announce(GameAnalysis.objects.get(pk=analysis_id))
    return GameAnalysis.objects.get(pk=analysis_id)


def _start(analysis_id: int) -> int | None:
    """Mark the job running (a new attempt); its attempt number, or ``None`` to leave it."""
    with transaction.atomic():
        analysis = GameAnalysis.objects.select_for_update().filter(pk=analysis_id).first()
        if analysis is None or analysis.status == GameAnalysis.Status.DONE:
            return None
        if analysis.status == GameAnalysis.Status.RUNNING and not is_restartable(analysis):
            return None
        analysis.status = GameAnalysis.Status.RUNNING
        analysis.attempts += 1
        analysis.started_at = timezone.now()
        analysis.done = 0
        analysis.decisions = []
        analysis.turning_points = []
        analysis.engine = ENGINE_VERSION
        analysis.error = ""
        analysis.save()
        announce(analysis)
        return analysis.attempts


def _analyse(analysis: GameAnalysis, attempt: int, budget: Level) -> None:
    match = analysis.match
    analyst = Analyst(budget, seed=match.pk)
    decisions = list(mover_decisions(match))
    total = len(decisions)
    entries: list[dict[str, Any]] = []
    found: dict[int, DecisionAnalysis] = {}
    for item in decisions:
        result = None
        if item.view is not None and item.played in item.view.legal_actions:
            result = analyst.analyse(item.view, item.played)
        if result is None:
            entries.append(
                {"ply": item.ply, "mover": item.mover, "played": item.played, "skipped": True}
            )
        else:
            found[item.ply] = result
            entries.append(result.to_dict())
        if len(entries) % PROGRESS_EVERY == 0 and len(entries) < total:
            _save_progress(analysis, attempt, entries, total)
    with transaction.atomic():
        updated = GameAnalysis.objects.filter(pk=analysis.pk, attempts=attempt).update(
            status=GameAnalysis.Status.DONE,
            done=total,
            total=total,
            decisions=entries,
            turning_points=turning_points(found),
            finished_at=timezone.now(),
            updated_at=timezone.now(),
        )
        if updated:
            announce(GameAnalysis.objects.get(pk=analysis.pk))


def _save_progress(
    analysis: GameAnalysis, attempt: int, entries: list[dict[str, Any]], total: int
) -> None:
    """Save how far the job is; only the current attempt writes (a job re-queued while an old
    worker still ran leaves the old one's progress unsaved)."""
    with transaction.atomic():
        updated = GameAnalysis.objects.filter(pk=analysis.pk, attempts=attempt).update(
            done=len(entries),
            total=total,
            decisions=list(entries),
            updated_at=timezone.now(),
        )
        if updated:
            analysis.done, analysis.total = len(entries), total
            announce(analysis)
