"""After a gap in the channel layer's subscription (``matches.subscription_watch``) every match
socket sends its client a fresh snapshot: a decision whose update frame was lost reaches the
board anyway, each seat seeing only its own view."""

from __future__ import annotations

import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from matches import broadcast
from matches.broadcast import group_name
from matches.models import Match
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_create
from matches.subscription_watch import RESYNC_MESSAGE_TYPE
from tests.matches.consumers.conftest import frames_until, open_socket
from tests.matches.helpers import random_action

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _decide_with_frames_lost(match: Match) -> int:
    """One decision whose update frames never reach the channel layer (a Redis gap)."""
    seat, text = random_action(match, random.Random(7))
    original = broadcast._send
    broadcast._send = lambda messages: None
    try:
        return match_submit_action(
            match_id=match.pk, seat=seat, action_text=text, expected_ply=match.ply, actor=None
        ).ply
    finally:
        broadcast._send = original


async def _frames_within(socket: Any, seconds: float) -> list[str]:
    """The types of the frames that arrive within ``seconds`` (presence frames, say)."""
    kinds = []
    while not await socket.receive_nothing(timeout=seconds):
        kinds.append((await socket.receive_json_from())["type"])
    return kinds


def _snapshot(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "snapshot")


async def test_a_resync_sends_each_socket_a_fresh_snapshot_of_its_own_view() -> None:
    match = await database_sync_to_async(match_create)(
        red_name="Aoi", blue_name="Ren", time_control="10+0", start=True
    )
    sockets = {
        "red": await open_socket(f"/ws/matches/{match.pk}/?token={match.red_token}"),
        "blue": await open_socket(f"/ws/matches/{match.pk}/?token={match.blue_token}"),
        None: await open_socket(f"/ws/matches/{match.pk}/"),
    }
    try:
        for socket in sockets.values():
            await frames_until(socket, _snapshot)
        ply = await _decide_with_frames_lost(match)
        for socket in sockets.values():
            assert "update" not in await _frames_within(socket, 0.3)  # the update was lost

        layer = get_channel_layer()
        for audience in broadcast.AUDIENCES:
            await layer.group_send(group_name(match.pk, audience), {"type": RESYNC_MESSAGE_TYPE})

        for seat, socket in sockets.items():
            frame = (await frames_until(socket, _snapshot))[-1]
            assert frame["ply"] == ply == 1
            assert frame["view"]["seat"] == seat
            assert frame["view"]["game"]["viewer"] == seat
            assert len(frame["view"]["history"]) == 1
    finally:
        for socket in sockets.values():
            await socket.disconnect()
