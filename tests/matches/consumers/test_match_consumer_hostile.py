"""Hostile frames on the match WebSocket get an error frame and leave the socket open."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from matches.models import Match
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import frames_until, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _new_match() -> Match:
    return match_create(red_name="Aoi", blue_name="Ren", start=True)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"type":' * 50_000 + '"x"' + "}" * 50_000,
        "1" * 10_000,
        "not json",
    ],
)
async def test_a_hostile_frame_gets_an_error_and_the_socket_stays(text: str) -> None:
    match = await _new_match()
    socket = await open_socket(f"/ws/matches/{match.pk}/?token={match.red_token}")
    try:
        await frames_until(socket, lambda f: f["type"] == "snapshot")
        await socket.send_to(text_data=text)
        error = await socket.receive_json_from(timeout=10)
        assert error["type"] == "error"
        assert error["code"] == "bad_message"
        assert error["ply"] == 0
        await socket.send_json_to({"type": "snapshot"})
        frames: list[dict[str, Any]] = await frames_until(socket, lambda f: f["type"] == "snapshot")
        assert frames[-1]["view"]["seat"] == "red"
    finally:
        await socket.disconnect()
