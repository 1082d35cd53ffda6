"""The production channel layer (``matches.channel_layer``) against a real Redis: a decision's
frames go out in one pipelined round trip, each only to its own group, in order, and reach
another process's subscribers.

They need Redis (``REDIS_URL``: CI's PostgreSQL + Redis pass); without it they skip.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest

from matches import broadcast
from matches.channel_layer import PipelinedPubSubChannelLayer

REDIS_URL = os.environ.get("REDIS_URL")
pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")


def _layer(prefix: str) -> PipelinedPubSubChannelLayer:
    return PipelinedPubSubChannelLayer(
        hosts=[{"address": REDIS_URL, "socket_timeout": None}], prefix=prefix
    )


async def _subscribed(layer: PipelinedPubSubChannelLayer, group: str) -> str:
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return str(channel)


async def _nothing_more(layer: PipelinedPubSubChannelLayer, channel: str) -> None:
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 0.2)


async def test_each_group_gets_its_own_message_and_nothing_else() -> None:
    prefix = f"test-pipelined-{uuid.uuid4().hex}"
    here, elsewhere = _layer(prefix), _layer(prefix)  # two processes' layers, two connections
    try:
        groups = [f"match.1.{audience}" for audience in broadcast.AUDIENCES]
        channels = [await _subscribed(here, group) for group in groups]
        remote_red = await _subscribed(elsewhere, groups[0])
        await asyncio.sleep(0.1)  # the subscriptions reach Redis
        messages = [
            (group, {"type": "match.frame", "text": f"view of {group}"}) for group in groups
        ]

        await here.group_send_many(messages)

        for channel, (_group, message) in zip(channels, messages, strict=True):
            assert await asyncio.wait_for(here.receive(channel), 2) == message
        assert await asyncio.wait_for(elsewhere.receive(remote_red), 2) == messages[0][1]
        for channel in channels:
            await _nothing_more(here, channel)
        await _nothing_more(elsewhere, remote_red)
    finally:
        await here.flush()
        await elsewhere.flush()


async def test_batches_arrive_in_the_order_sent() -> None:
    layer = _layer(f"test-pipelined-{uuid.uuid4().hex}")
    try:
        red = await _subscribed(layer, "match.2.red")
        watch = await _subscribed(layer, "match.2.watch")
        await asyncio.sleep(0.1)
        for number in range(30):
            await layer.group_send_many(
                [
                    ("match.2.red", {"type": "match.frame", "text": f"red {number}"}),
                    ("match.2.watch", {"type": "match.frame", "text": f"watch {number}"}),
                ]
            )
        received_red = [(await layer.receive(red))["text"] for _ in range(30)]
        received_watch = [(await layer.receive(watch))["text"] for _ in range(30)]
        assert received_red == [f"red {number}" for number in range(30)]
        assert received_watch == [f"watch {number}" for number in range(30)]
    finally:
        await layer.flush()


async def test_the_broadcast_sends_a_decision_as_one_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = _layer(f"test-pipelined-{uuid.uuid4().hex}")
    batches: list[list[tuple[str, dict[str, Any]]]] = []
    original = PipelinedPubSubChannelLayer.group_send_many

    async def recording(self: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
        batches.append(messages)
        await original(self, messages)

    async def refused(*_args: Any) -> None:
        raise AssertionError("a frame was published on its own")

    monkeypatch.setattr(PipelinedPubSubChannelLayer, "group_send_many", recording)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    try:
        monkeypatch.setattr(layer, "group_send", refused, raising=False)
        blue = await _subscribed(layer, "match.3.blue")
        await asyncio.sleep(0.1)
        frames = [
            (broadcast.group_name(3, audience), {"type": "match.frame", "text": audience})
            for audience in broadcast.AUDIENCES
        ]
        await broadcast._send_all(frames)
        assert batches == [frames]
        assert (await asyncio.wait_for(layer.receive(blue), 2))["text"] == "blue"
    finally:
        await layer.flush()
