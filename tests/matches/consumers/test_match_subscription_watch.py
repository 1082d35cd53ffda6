"""The channel layer's subscription watch (``matches.subscription_watch``) against a private
``redis-server`` that the tests kill and start again on the same port: after the restart every
channel of the process receives ``layer.resync`` and group messages flow again; a healthy
subscription is never resynchronised.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from matches.channel_layer import PipelinedPubSubChannelLayer
from matches.subscription_watch import RESYNC_MESSAGE_TYPE
from tests.live_server import free_port

pytestmark = [
    pytest.mark.slow,
    pytest.mark.multiprocess,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


class PrivateRedis:
    """A redis-server of the test's own, without persistence: a restart forgets everything."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [
            str(shutil.which("redis-server")),
            "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        give_up = time.monotonic() + 10
        while time.monotonic() < give_up:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def redis_server() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.kill()


def _layer(url: str, prefix: str | None = None) -> PipelinedPubSubChannelLayer:
    return PipelinedPubSubChannelLayer(
        hosts=[{"address": url, "socket_timeout": None}],
        prefix=prefix or f"test-watch-{uuid.uuid4().hex[:8]}",
        watch_interval=0.2,
        watch_timeout=1.0,
    )


async def _member(layer: PipelinedPubSubChannelLayer, group: str) -> str:
    channel = str(await layer.new_channel())
    await layer.group_add(group, channel)
    await asyncio.sleep(0.1)  # the subscription reaches Redis
    return channel


async def _next(layer: PipelinedPubSubChannelLayer, channel: str, seconds: float) -> Any:
    """The channel's next message (a timeout also ends the channel: channels_redis unsubscribes
    a channel whose ``receive`` is cancelled)."""
    return await asyncio.wait_for(layer.receive(channel), seconds)


def _resyncs(layer: PipelinedPubSubChannelLayer) -> int:
    """How many times the watch of this loop has resynced its sockets."""
    watcher = layer.watch_of_running_loop()
    assert watcher is not None
    return watcher.resyncs


async def test_a_redis_restart_resyncs_every_socket_and_later_messages_arrive(
    redis_server: PrivateRedis,
) -> None:
    layer = _layer(redis_server.url)
    try:
        red, watch = await _member(layer, "match.1.red"), await _member(layer, "match.1.watch")
        await layer.group_send("match.1.red", {"type": "match.frame", "text": "before"})
        assert (await _next(layer, red, 2))["text"] == "before"

        redis_server.kill()
        await asyncio.sleep(0.5)
        redis_server.start()

        for channel in (red, watch):
            assert await _next(layer, channel, 5) == {"type": RESYNC_MESSAGE_TYPE}
        restored_at = time.monotonic()
        await layer.group_send("match.1.watch", {"type": "match.frame", "text": "after"})
        assert (await _next(layer, watch, 2))["text"] == "after"
        assert time.monotonic() - restored_at < 2
        assert _resyncs(layer) == 1
    finally:
        await layer.flush()


async def test_a_healthy_subscription_is_never_resynced(redis_server: PrivateRedis) -> None:
    layer = _layer(redis_server.url)
    try:
        channel = await _member(layer, "match.2.blue")
        await asyncio.sleep(1.2)  # several pings go round
        await layer.group_send("match.2.blue", {"type": "match.frame", "text": "only this"})
        assert (await _next(layer, channel, 2))["text"] == "only this"
        with pytest.raises(asyncio.TimeoutError):
            await _next(layer, channel, 0.5)
        assert _resyncs(layer) == 0
    finally:
        await layer.flush()


async def test_the_first_publish_after_a_restart_is_not_lost(redis_server: PrivateRedis) -> None:
    """The pooled publishing connection is stale after the restart: it is retried on a fresh
    connection instead of failing (the frame of the first decision after a restart)."""
    prefix = f"test-watch-{uuid.uuid4().hex[:8]}"  # two processes of one site
    sender, receiver = _layer(redis_server.url, prefix), _layer(redis_server.url, prefix)
    sender.watch_interval = 0  # a process that only publishes, like the worker
    try:
        channel = await _member(receiver, "match.3.red")
        await sender.group_send("match.3.red", {"type": "match.frame", "text": "warm-up"})
        assert (await _next(receiver, channel, 2))["text"] == "warm-up"

        redis_server.kill()
        await asyncio.sleep(0.3)
        redis_server.start()
        assert await _next(receiver, channel, 5) == {"type": RESYNC_MESSAGE_TYPE}

        await sender.group_send("match.3.red", {"type": "match.frame", "text": "first after"})
        assert (await _next(receiver, channel, 2))["text"] == "first after"
    finally:
        await sender.flush()
        await receiver.flush()
