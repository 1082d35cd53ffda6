"""``ws/analysis/<id>/``: the progress of a game's analysis arrives live, both from the group
(the worker's announcements) and from the consumer's own reading of the row."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from analysis.models import GameAnalysis
from analysis.services import analysis_request, analysis_run
from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def _no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs stay queued until the test runs them."""
    from analysis import services

    monkeypatch.setattr(services, "_queue", lambda analysis_id: None)


async def _open(match_id: int) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, f"/ws/analysis/{match_id}/", headers=ORIGIN)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    return socket


@override_settings(ANALYSIS_POLL_SECONDS=60.0)
async def test_progress_frames_arrive_while_the_job_runs(make_game: Any, players: Any) -> None:
    match = await database_sync_to_async(make_game)(plies=12)
    analysis = await database_sync_to_async(analysis_request)(user=players[2], match=match)
    socket = await _open(match.pk)
    try:
        first = await socket.receive_json_from(timeout=10)
        assert first == {
            "type": "progress",
            "status": "queued",
            "done": 0,
            "total": 12,
            "percent": 0,
        }
        # The frames come over the group here (the row is not read: the poll interval is
        # long), one per announcement, in order.
        await database_sync_to_async(analysis_run)(analysis_id=analysis.pk)
        frames = []
        while not frames or frames[-1]["status"] != "done":
            frames.append(await socket.receive_json_from(timeout=10))
        statuses = [f["status"] for f in frames]
        assert statuses[0] == "running"
        assert statuses[-1] == "done"
        done = [f["done"] for f in frames]
        assert done == sorted(done)
        assert done[-1] == 12
        assert len(set(done)) >= 3
        assert frames[-1]["percent"] == 100
        # Nothing of the game is in a frame: the same frame serves every viewer.
        assert all(set(f) == {"type", "status", "done", "total", "percent"} for f in frames)
    finally:
        await socket.disconnect()


@override_settings(ANALYSIS_POLL_SECONDS=0.05)
async def test_the_consumer_reads_progress_made_in_another_process(
    make_game: Any, players: Any
) -> None:
    """Without a shared channel layer (another process's in-memory layer), the socket still
    follows the job: it reads the row itself."""
    match = await database_sync_to_async(make_game)(plies=6)
    analysis = await database_sync_to_async(analysis_request)(user=players[0], match=match)
    socket = await _open(match.pk)
    try:
        assert (await socket.receive_json_from(timeout=10))["status"] == "queued"
        update = GameAnalysis.objects.filter(pk=analysis.pk).update
        await database_sync_to_async(update)(status="running", done=3)
        frame = await socket.receive_json_from(timeout=10)
        assert (frame["status"], frame["done"]) == ("running", 3)
        await database_sync_to_async(update)(status="done", done=6)
        frame = await socket.receive_json_from(timeout=10)
        assert (frame["status"], frame["done"]) == ("done", 6)
    finally:
        await socket.disconnect()


async def test_a_running_game_cannot_be_watched(make_game: Any) -> None:
    match = await database_sync_to_async(make_game)(plies=4, finished=False)
    socket = WebsocketCommunicator(application, f"/ws/analysis/{match.pk}/", headers=ORIGIN)
    connected, code = await socket.connect(timeout=10)
    assert not connected
    assert code == 4404


async def test_a_message_gets_an_error_frame(make_game: Any) -> None:
    match = await database_sync_to_async(make_game)(plies=2)
    socket = await _open(match.pk)
    try:
        await socket.send_json_to({"type": "analyse"})
        frame = await socket.receive_json_from(timeout=10)
        assert frame["type"] == "error"
        assert frame["code"] == "bad_message"
    finally:
        await socket.disconnect()
