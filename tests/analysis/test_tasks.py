"""The Celery task (eager in tests): queued on the ``analysis`` queue after commit, it runs the
job to the end."""

from __future__ import annotations

from typing import Any

import pytest

from analysis import tasks
from analysis.models import GameAnalysis
from analysis.services import analysis_request

pytestmark = pytest.mark.django_db


def test_a_request_queues_the_task_on_the_analysis_queue_and_it_runs(
    make_game: Any,
    players: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    sent: list[dict[str, Any]] = []
    apply_async = tasks.analysis_run_task.apply_async

    def spy(*args: Any, **kwargs: Any) -> Any:
        sent.append(kwargs)
        return apply_async(*args, **kwargs)

    monkeypatch.setattr(tasks.analysis_run_task, "apply_async", spy)
    match = make_game(plies=10)
    with django_capture_on_commit_callbacks(execute=True):
        analysis = analysis_request(user=players[2], match=match)
    assert [call["queue"] for call in sent] == ["analysis"]
    analysis.refresh_from_db()
    assert analysis.status == GameAnalysis.Status.DONE
    assert analysis.done == analysis.total == 10
