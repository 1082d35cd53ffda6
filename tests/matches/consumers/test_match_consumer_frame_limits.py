"""Each match socket may send a limited number of frames: an excess frame gets a
``rate_limited`` error frame and is not handled, and a client that keeps flooding is closed."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from matches.frame_limits import CLOSE_RATE_LIMITED, FrameBucket
from matches.models import Match
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import frames_until, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def small_bucket(settings: Any) -> None:
    settings.MATCH_SOCKET_FRAMES_PER_SECOND = 0.001  # no refill within the test
    settings.MATCH_SOCKET_FRAME_BURST = 3
    settings.MATCH_SOCKET_MAX_REFUSED_FRAMES = 4


@database_sync_to_async
def _new_match() -> Match:
    return match_create(red_name="Aoi", blue_name="Ren", start=True)


async def test_excess_frames_are_refused_then_a_flood_closes_the_socket(
    small_bucket: None,
) -> None:
    match = await _new_match()
    socket = await open_socket(f"/ws/matches/{match.pk}/?token={match.red_token}")
    try:
        await frames_until(socket, lambda f: f["type"] == "snapshot")
        for _ in range(3):
            await socket.send_json_to({"type": "snapshot"})
            assert (await socket.receive_json_from(timeout=10))["type"] == "snapshot"
        for _ in range(3):
            await socket.send_json_to({"type": "resign"})
            error = await socket.receive_json_from(timeout=10)
            assert error["type"] == "error"
            assert error["code"] == "rate_limited"
            assert error["message"]
        await socket.send_json_to({"type": "resign"})
        closed = await socket.receive_output(timeout=10)
        assert closed == {"type": "websocket.close", "code": CLOSE_RATE_LIMITED}
    finally:
        await socket.disconnect()
    await database_sync_to_async(match.refresh_from_db)()
    assert match.status == Match.Status.RUNNING  # no refused resignation was handled


def test_the_bucket_refills_with_time() -> None:
    now = [0.0]
    bucket = FrameBucket(rate=2.0, burst=2.0, max_refused=3, clock=lambda: now[0])
    assert bucket.take()
    assert bucket.take()
    assert not bucket.take()
    now[0] = 0.5  # one token back
    assert bucket.take()
    assert not bucket.take()
    assert not bucket.take()
    assert not bucket.abusive
    assert not bucket.take()
    assert bucket.abusive
    now[0] = 10.0
    assert bucket.take()
    assert not bucket.abusive
