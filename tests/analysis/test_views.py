"""The "Analyse" endpoint and the record page's analysis panel: refusals with their message,
the queued job's progress bar, the graph and the better alternatives once done."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from analysis import services
from analysis.models import GameAnalysis
from analysis.services import analysis_run

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_worker(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    jobs: list[int] = []
    monkeypatch.setattr(services, "_queue", jobs.append)
    return jobs


def _client(user: Any = None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


def test_the_record_page_offers_analyse_to_a_signed_in_viewer(make_game: Any, players: Any) -> None:
    match = make_game(plies=4)
    page = _client(players[2]).get(reverse("matches:record_detail", args=[match.pk]))
    assert b'id="analyse-button"' in page.content
    assert reverse("analysis:request", args=[match.pk]).encode() in page.content
    anonymous = _client().get(reverse("matches:record_detail", args=[match.pk]))
    assert b'id="analyse-button"' not in anonymous.content
    assert b"Log in to analyse this game." in anonymous.content


def test_analyse_queues_and_the_page_shows_the_progress_bar(make_game: Any, players: Any) -> None:
    match = make_game(plies=4)
    client = _client(players[2])
    response = client.post(reverse("analysis:request", args=[match.pk]))
    assert response.status_code == 303
    assert response.url.endswith(f"/matches/records/{match.pk}/#analysis")
    page = client.get(reverse("matches:record_detail", args=[match.pk]))
    assert b'id="analysis-progress"' in page.content
    assert b"The analysis has been queued." in page.content
    status = client.get(reverse("analysis:status", args=[match.pk])).json()
    assert status == {"type": "progress", "status": "queued", "done": 0, "total": 4, "percent": 0}


def test_a_json_client_gets_the_frame_or_the_refusal(make_game: Any, players: Any) -> None:
    finished = make_game(plies=4)
    running = make_game(plies=4, finished=False, seed=2)
    client = _client(players[0])
    accepted = client.post(
        reverse("analysis:request", args=[finished.pk]), HTTP_ACCEPT="application/json"
    )
    assert accepted.status_code == 202
    assert accepted.json()["status"] == "queued"
    refused = client.post(
        reverse("analysis:request", args=[running.pk]), HTTP_ACCEPT="application/json"
    )
    assert refused.status_code == 409
    assert refused.json()["error"] == "not_finished"
    assert "not over" in refused.json()["message"]
    assert not GameAnalysis.objects.filter(match=running).exists()


def test_a_running_game_is_refused_with_its_reason(make_game: Any, players: Any) -> None:
    running = make_game(plies=4, finished=False)
    response = _client(players[0]).post(reverse("analysis:request", args=[running.pk]))
    assert response.status_code == 409
    assert b"not over" in response.content
    assert _client().get(reverse("analysis:status", args=[running.pk])).status_code == 404


def test_anonymous_is_sent_to_log_in(make_game: Any) -> None:
    match = make_game(plies=2)
    response = _client().post(reverse("analysis:request", args=[match.pk]))
    assert response.status_code == 302
    assert "/accounts/login/" in response.url
    assert not GameAnalysis.objects.exists()


def test_the_done_analysis_shows_the_graph_to_everyone(make_game: Any, players: Any) -> None:
    match = make_game(plies=16)
    _client(players[2]).post(reverse("analysis:request", args=[match.pk]))
    analysis = analysis_run(analysis_id=GameAnalysis.objects.get(match=match).pk)
    assert analysis is not None
    page = _client().get(reverse("matches:record_detail", args=[match.pk])).content.decode()
    assert '<svg id="analysis-graph"' in page
    analysed = [d for d in analysis.decisions if not d.get("skipped")]
    assert page.count('data-ply-link="') >= len(analysed)
    assert 'class="analysis-graph__even"' in page  # the 50 % line
    for ply in analysis.turning_points:
        marked = "analysis-graph__point analysis-graph__point--turning"
        assert f'href="#ply-{ply}" data-ply-link="{ply}" class="{marked}"' in page
    for entry in analysed:
        if entry["alternative"]:
            assert entry["alternative"] in page
    assert 'id="analyse-button"' not in page  # done: nothing to ask
