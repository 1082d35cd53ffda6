"""Keeping a process's channel-layer subscriptions honest across Redis restarts.

Vocabulary:

* **subscription connection**: the one Redis connection per shard on which the pub/sub layer
  (``channels_redis.pubsub``) has subscribed every channel and group of this process's sockets.
  redis-py reconnects it after an error and subscribes it again to everything it held.
* **gap**: a stretch during which that connection was not subscribed — Redis restarting, a
  network cut. Redis pub/sub keeps nothing for an absent subscriber, so every frame published
  during a gap is lost for this process's sockets, and nothing tells them.
* **ping**: a message this process publishes to a channel of its own (one per shard) and
  expects back on its subscription connection. A ping that returns proves the connection is
  subscribed *now*: Redis runs one connection's commands in order, so the resubscription sent
  before it has been carried out.
* **receive task**: channels_redis's loop that reads the subscription connection and hands
  each message to its channels' queues. It can end on an error (below); the watch restarts it.
* **resync**: the local message ``{"type": "layer.resync"}`` put straight into the queue of
  every channel of this process (never through Redis). Each consumer answers it with fresh
  state read from the database: the match socket sends a new ``snapshot``, the event socket a
  ``changed`` nudge. So a client that missed frames catches up without reconnecting.

The watch runs one task per event loop while the loop has channels. It pings each shard every
``interval`` seconds and also at once when the subscription connection reconnects (a redis-py
connect callback counts reconnections). After a reconnection, or after a ping that failed or
did not return within ``timeout`` (1 s; 0.5 s once something went wrong), the next ping that
returns triggers a resync: only then is the subscription proven, so no frame can fall between
the fresh state and the live stream. A ping that Redis took but that never came back means the
connection is deaf without knowing it (a half-open TCP connection, a reader left on a stale
socket): the watch replaces it with a new connection subscribed to everything the shard holds.
A receive task that ended is started again at once, and counts as a gap.

Invariant: after any gap, every socket of this process receives fresh state read after its
subscription was proven live again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import types
import uuid
from typing import Any, Final

logger = logging.getLogger(__name__)

RESYNC_MESSAGE_TYPE: Final = "layer.resync"
#: How often each shard is pinged while nothing is wrong, and how often once a ping failed.
DEFAULT_INTERVAL_SECONDS: Final = 1.0
RECOVERY_INTERVAL_SECONDS: Final = 0.2
#: How long a ping may take to come back before the subscription counts as suspect. A ping's
#: round trip takes milliseconds; 1 s keeps a deaf connection's gap within about 2 s (a ping
#: every second) at the cost of a rare false alarm, which costs every socket of the process one
#: snapshot and never a lost frame. (At 3 s the fault test measured 3 s gaps.)
DEFAULT_TIMEOUT_SECONDS: Final = 1.0
#: The same once something went wrong (a failed ping, a reconnection): a ping that does not come
#: back this fast then means a deaf connection, replaced at once.
SUSPECT_TIMEOUT_SECONDS: Final = 0.5


class ShardWatch:
    """The ping channel of one shard and the reconnections of its subscription connection."""

    def __init__(self, layer: Any, shard: Any, channel: str) -> None:
        self.layer = layer
        self.shard = shard
        self.channel = channel
        self.reconnections = 0
        self.woken = asyncio.Event()
        self._connection: Any = None

    async def start(self) -> None:
        self.layer.channels[self.channel] = asyncio.Queue()
        await self.shard.subscribe(self.channel)
        self.follow_connection()

    def follow_connection(self) -> bool:
        """Count the subscription connection's reconnections; True when it was replaced by a
        new connection object (the shard was flushed), which is a gap too."""
        pubsub = self.shard._pubsub
        connection = getattr(pubsub, "connection", None)
        if connection is None or connection is self._connection:
            return False
        replaced = self._connection is not None
        if replaced:
            self._connection.deregister_connect_callback(self.on_connect)
        connection.register_connect_callback(self.on_connect)  # kept as a weak reference
        self._connection = connection
        return replaced

    def revive_receiver(self) -> bool:
        """Start the shard's receive task again if it has ended; True when it had.

        channels_redis's receive loop survives connection errors but ends for good on a
        ``TimeoutError`` (which it re-raises as if it were cancelled), and redis-py raises one
        when a read meets a connection that Redis just dropped. From then on nothing reads the
        subscription connection: every socket of the process stays open and hears nothing.
        """
        task = self.shard._receive_task
        if task is None or not task.done():
            return False
        error = None if task.cancelled() else task.exception()
        logger.warning("channel layer: the receive task ended (%r); restarting it", error)
        self.shard._receive_task = None
        self.shard._ensure_receiver()
        return True

    def receiver(self) -> asyncio.Future[Any] | None:
        task: asyncio.Future[Any] | None = self.shard._receive_task
        return task

    def on_connect(self, _connection: Any) -> None:
        """redis-py calls this after every (re)connection, once the resubscription is sent."""
        self.reconnections += 1
        self.woken.set()

    async def ping(self, timeout: float) -> tuple[bool, bool]:
        """``(published, returned)``: whether Redis took the ping and whether it came back on
        the subscription connection within ``timeout``."""
        queue: asyncio.Queue[bytes] = self.layer.channels[self.channel]
        while not queue.empty():
            queue.get_nowait()  # late answers to earlier pings
        token = uuid.uuid4().hex
        message = self.layer.channel_layer.serialize({"type": "ping", "token": token})
        try:
            await asyncio.wait_for(self.shard.publish(self.channel, message), timeout)
        except Exception:  # Redis is down or unreachable: the retries are exhausted
            return False, False
        deadline = asyncio.get_running_loop().time() + timeout
        while (left := deadline - asyncio.get_running_loop().time()) > 0:
            try:
                data = await asyncio.wait_for(queue.get(), left)
            except TimeoutError:
                break
            if self.layer.channel_layer.deserialize(data).get("token") == token:
                return True, True
        return True, False

    async def resubscribe(self) -> None:
        """Replace a subscription connection that stopped hearing its own pings: a new
        pub/sub connection subscribed to everything the shard holds, and a new receive task.
        (Disconnecting the old one is not enough: redis-py has been seen to reconnect and
        resubscribe on one socket while reading another.)"""
        shard = self.shard
        async with shard._lock:
            shard._ensure_redis()
            old_task, old_pubsub = shard._receive_task, shard._pubsub
            if old_task is not None:
                old_task.cancel()
                await asyncio.gather(old_task, return_exceptions=True)
            shard._receive_task = None
            shard._pubsub = shard._redis.pubsub()
            shard._ensure_receiver()
            if shard._subscribed_to:
                await shard._pubsub.subscribe(*shard._subscribed_to)
        self.follow_connection()
        if old_pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(old_pubsub.aclose(), 1)


class SubscriptionWatch:
    """The watch of one event loop's pub/sub layer (see the module docstring)."""

    def __init__(
        self,
        layer: Any,
        *,
        interval: float = DEFAULT_INTERVAL_SECONDS,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
    ) -> None:
        self.layer = layer
        self.interval = interval
        self.timeout = timeout
        self.shards: list[ShardWatch] = []
        self.resyncs = 0
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Run the watch on the current loop (no-op while it runs)."""
        if self.task is not None and not self.task.done():
            return
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._run(), name="channel-layer-subscription-watch")
        _cancel_before_close(loop, self.task)

    async def stop(self) -> None:
        """Cancel the watch and wait until it has ended."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    def ping_channels(self) -> set[str]:
        return {shard.channel for shard in self.shards}

    def has_sockets(self) -> bool:
        return any(name not in self.ping_channels() for name in self.layer.channels)

    async def _run(self) -> None:
        if not self.shards:  # made once per layer: a restarted watch reuses its ping channels
            self.shards = [
                ShardWatch(self.layer, shard, self._ping_channel_for(index))
                for index, shard in enumerate(self.layer._shards)
            ]
        started = False
        seen = [shard.reconnections for shard in self.shards]
        suspect = False
        while self.has_sockets():
            try:
                if not started:
                    for shard in self.shards:
                        await shard.start()
                    started = True
                proven, gap = await self._check(seen, suspect=suspect)
            except Exception:  # Redis away at the wrong moment: try again shortly
                logger.warning("channel layer: subscription check failed", exc_info=True)
                proven, gap = False, True
            if gap or not proven:
                suspect = True
            if proven and suspect:
                suspect = False
                self.resync()
            await self._pause(self.interval if proven else RECOVERY_INTERVAL_SECONDS)

    async def _check(self, seen: list[int], *, suspect: bool) -> tuple[bool, bool]:
        """Ping every shard: ``(proven, gap)`` — whether every subscription is proven live
        now, and whether one had a gap since the last check (a revived receive task, a
        reconnection)."""
        proven, gap = True, False
        for index, shard in enumerate(self.shards):
            shard.woken.clear()
            if shard.revive_receiver():
                gap = True
            if shard.follow_connection() or shard.reconnections != seen[index]:
                seen[index] = shard.reconnections
                gap = True
            timeout = min(self.timeout, SUSPECT_TIMEOUT_SECONDS) if suspect or gap else self.timeout
            published, returned = await shard.ping(timeout)
            if not returned:
                proven = False
                if published:
                    logger.warning("channel layer: a ping did not come back; resubscribing")
                    await shard.resubscribe()
        return proven, gap

    async def _pause(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when a subscription connection reconnects or a receive
        task ends."""
        waits = [asyncio.ensure_future(shard.woken.wait()) for shard in self.shards]
        receivers = [task for shard in self.shards if (task := shard.receiver()) is not None]
        try:
            await asyncio.wait(
                [*waits, *receivers], timeout=seconds, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            for wait in waits:
                wait.cancel()

    def _ping_channel_for(self, index: int) -> str:
        """A fresh channel name that the layer's consistent hash puts on shard ``index``."""
        while True:
            name = f"{self.layer.prefix}subscription-watch.{uuid.uuid4().hex}"
            if self.layer._get_shard(name) is self.layer._shards[index]:
                return name

    def resync(self) -> None:
        """Tell every socket of this loop to send its client fresh state."""
        self.resyncs += 1
        message = self.layer.channel_layer.serialize({"type": RESYNC_MESSAGE_TYPE})
        sockets = [
            queue for name, queue in self.layer.channels.items() if name not in self.ping_channels()
        ]
        for queue in sockets:
            queue.put_nowait(message)
        logger.warning("channel layer: subscription restored; resyncing %d sockets", len(sockets))


def _cancel_before_close(loop: asyncio.AbstractEventLoop, task: asyncio.Task[None]) -> None:
    """Cancel the watch when its loop closes (before channels_redis flushes the layer), so a
    closing loop never destroys a pending task."""
    original = loop.close

    def close(self: asyncio.AbstractEventLoop) -> None:
        if not task.done() and not self.is_running():
            task.cancel()
            with contextlib.suppress(RuntimeError):
                self.run_until_complete(asyncio.gather(task, return_exceptions=True))
        self.close = original  # type: ignore[method-assign]
        original()

    loop.close = types.MethodType(close, loop)  # type: ignore[method-assign]
