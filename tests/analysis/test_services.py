"""Requesting and running an analysis: who may ask, idempotence, the allowance, progress,
stored results and re-queueing a job that failed or went silent."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings
from django.utils import timezone

from analysis import services
from analysis.errors import AnalysisError
from analysis.models import GameAnalysis
from analysis.seat_views import mover_decisions
from analysis.services import PROGRESS_EVERY, analysis_request, analysis_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The jobs handed to the queue (none runs)."""
    jobs: list[int] = []
    monkeypatch.setattr(services, "_queue", jobs.append)
    return jobs


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """The progress announced: (status, done, total) per announcement."""
    frames: list[tuple[str, int, int]] = []

    def capture(analysis: GameAnalysis) -> None:
        frames.append((analysis.status, analysis.done, analysis.total))

    monkeypatch.setattr(services, "announce", capture)
    return frames


def test_a_spectator_queues_the_analysis_of_a_finished_game(
    make_game: Any, players: Any, queued: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    match = make_game()
    with django_capture_on_commit_callbacks(execute=True):
        analysis = analysis_request(user=players[2], match=match)
    assert analysis.status == GameAnalysis.Status.QUEUED
    assert (analysis.done, analysis.total) == (0, match.ply)
    assert analysis.requested_by == players[2]
    assert queued == [analysis.pk]


def test_asking_again_returns_the_existing_job(
    make_game: Any, players: Any, queued: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    match = make_game()
    with django_capture_on_commit_callbacks(execute=True):
        first = analysis_request(user=players[0], match=match)
        second = analysis_request(user=players[1], match=match)
    assert first.pk == second.pk
    assert GameAnalysis.objects.count() == 1
    assert queued == [first.pk]
    assert second.requested_by == players[0]


@pytest.mark.parametrize("game", ["gunshi", "junqi"])
def test_a_running_game_is_refused(
    make_game: Any, players: Any, queued: list[int], game: str
) -> None:
    match = make_game(game=game, plies=6, finished=False)
    with pytest.raises(AnalysisError) as refusal:
        analysis_request(user=players[0], match=match)
    assert refusal.value.code == "not_finished"
    assert refusal.value.status == 409
    assert "not over" in refusal.value.message
    assert not GameAnalysis.objects.exists()
    assert not queued


def test_a_visitor_who_is_not_logged_in_is_refused(make_game: Any, queued: list[int]) -> None:
    match = make_game(plies=4)
    for user in (None, AnonymousUser()):
        with pytest.raises(AnalysisError) as refusal:
            analysis_request(user=user, match=match)
        assert refusal.value.code == "sign_in"
        assert refusal.value.status == 401
    assert not GameAnalysis.objects.exists()


def test_an_over_the_board_game_has_no_record_to_analyse(players: Any, queued: list[int]) -> None:
    from matches.services.lifecycle import match_create

    match = match_create(kind="otb", red_player=players[0], blue_player=players[1], start=True)
    with pytest.raises(AnalysisError) as refusal:
        analysis_request(user=players[0], match=match)
    assert refusal.value.code == "no_record"


@override_settings(ANALYSIS_REQUESTS_PER_HOUR=2)
def test_new_jobs_are_limited_per_user(make_game: Any, players: Any, queued: list[int]) -> None:
    games = [make_game(plies=2, seed=s) for s in range(3)]
    analysis_request(user=players[2], match=games[0])
    analysis_request(user=players[2], match=games[1])
    analysis_request(user=players[2], match=games[0])  # an existing job is free
    with pytest.raises(AnalysisError) as refusal:
        analysis_request(user=players[2], match=games[2])
    assert refusal.value.code == "rate_limited"
    assert refusal.value.status == 429
    assert GameAnalysis.objects.count() == 2
    analysis_request(user=players[0], match=games[2])  # another user has an allowance


@pytest.mark.parametrize("game", ["gunshi", "junqi"])
def test_running_a_job_stores_every_decision_and_announces_progress(
    make_game: Any, players: Any, queued: list[int], announced: list[Any], game: str
) -> None:
    match = make_game(game=game, plies=16)
    analysis = analysis_request(user=players[2], match=match)
    done = analysis_run(analysis_id=analysis.pk)
    assert done is not None
    assert done.status == GameAnalysis.Status.DONE
    assert done.done == done.total == match.ply
    assert [d["ply"] for d in done.decisions] == list(range(1, match.ply + 1))
    analysed = [d for d in done.decisions if not d.get("skipped")]
    assert len(analysed) >= match.ply - 2  # 軍棋's two set-ups are skipped
    for entry in analysed:
        assert 0.0 <= entry["win_chance"] <= 1.0
        assert entry["mover"] in (0, 1)
        assert entry["red_chance"] == pytest.approx(
            entry["win_chance"] if entry["mover"] == 0 else 1 - entry["win_chance"], abs=0.002
        )
    assert set(done.turning_points) <= {d["ply"] for d in analysed if d["alternative"]}
    assert done.engine.startswith("SO-ISMCTS")
    assert done.attempts == 1
    assert done.started_at is not None
    assert done.finished_at is not None
    # Announced: queued, running, progress every few decisions, done.
    statuses = [status for status, _done, _total in announced]
    assert statuses[0] == "queued"
    assert statuses[1] == "running"
    assert statuses[-1] == "done"
    progress = [d for status, d, _t in announced if status == "running"]
    assert progress == [0, *range(PROGRESS_EVERY, match.ply, PROGRESS_EVERY)]


def test_a_finished_job_is_not_run_again(make_game: Any, players: Any, queued: list[int]) -> None:
    match = make_game(plies=4)
    analysis = analysis_request(user=players[0], match=match)
    analysis_run(analysis_id=analysis.pk)
    assert analysis_run(analysis_id=analysis.pk) is None
    assert GameAnalysis.objects.get().attempts == 1


def test_a_failed_job_is_recorded_and_may_be_queued_again(
    make_game: Any,
    players: Any,
    queued: list[int],
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = make_game(plies=6)
    with django_capture_on_commit_callbacks(execute=True):
        analysis = analysis_request(user=players[0], match=match)

    def crash(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("worker lost its search")

    monkeypatch.setattr(services, "mover_decisions", crash)
    failed = analysis_run(analysis_id=analysis.pk)
    assert failed is not None
    assert failed.status == GameAnalysis.Status.FAILED
    assert "worker lost its search" in failed.error
    monkeypatch.setattr(services, "mover_decisions", mover_decisions)
    with django_capture_on_commit_callbacks(execute=True):
        again = analysis_request(user=players[1], match=match)
    assert again.pk == analysis.pk
    assert again.status == GameAnalysis.Status.QUEUED
    assert again.requested_by == players[1]
    assert again.error == ""
    assert len(queued) == 2
    done = analysis_run(analysis_id=again.pk)
    assert done is not None
    assert done.status == GameAnalysis.Status.DONE
    assert done.attempts == 2


def test_a_silent_running_job_is_stale_and_queued_again(
    make_game: Any, players: Any, queued: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    match = make_game(plies=4)
    with django_capture_on_commit_callbacks(execute=True):
        analysis = analysis_request(user=players[0], match=match)
    GameAnalysis.objects.filter(pk=analysis.pk).update(status=GameAnalysis.Status.RUNNING)
    assert analysis_request(user=players[0], match=match).status == GameAnalysis.Status.RUNNING
    assert analysis_run(analysis_id=analysis.pk) is None  # another worker holds it
    long_ago = timezone.now() - timedelta(seconds=services.stale_seconds() + 5)
    GameAnalysis.objects.filter(pk=analysis.pk).update(updated_at=long_ago)
    with django_capture_on_commit_callbacks(execute=True):
        again = analysis_request(user=players[0], match=match)
    assert again.status == GameAnalysis.Status.QUEUED
    assert len(queued) == 2
