"""The production channel layer: Redis pub/sub, with a match's frames published in one round trip.

A decision sends three group messages (``matches.broadcast``: the red seat's view, the blue
seat's, the spectators'). With ``channels_redis``'s pub/sub layer each ``group_send`` is one
``PUBLISH`` that waits for its own reply, so a decision paid three Redis round trips (and their
client-side work: about a sixth of the CPU of a whole decision in
``benchmarks/matches_profile.py``). ``group_send_many`` sends them as one pipeline: the same
``PUBLISH`` commands to the same channels, in the same order (Redis runs a pipeline's commands
in order, so subscribers receive them in order), one round trip.

Two additions keep updates flowing across a Redis restart (docs/production.md, *Redis
restarts*):

* every Redis connection retries a command that failed on a broken connection
  (``publish_retry``: reconnect and send again, six times over about two seconds), so the
  first publish after a restart no longer dies on the stale pooled connection it was handed;
* each event loop with sockets runs a ``matches.subscription_watch.SubscriptionWatch``, which
  proves the subscription live with pings and, after any gap, tells every socket of the process
  to send its client fresh state (``layer.resync``).

Everything else is ``channels_redis.pubsub.RedisPubSubChannelLayer`` unchanged; the groups stay
separate, so a seat's view still travels only to that seat's group.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from matches.subscription_watch import (
    DEFAULT_INTERVAL_SECONDS,
    DEFAULT_TIMEOUT_SECONDS,
    SubscriptionWatch,
)

#: A command that fails on a broken connection is sent again on a fresh one, up to six times,
#: 0.1 s, 0.2 s, 0.4 s and then 0.5 s apart (about 2.2 s in all): long enough for a Redis restart.
PUBLISH_RETRY_ATTEMPTS = 6


def publish_retry() -> Retry:
    return Retry(ExponentialBackoff(cap=0.5, base=0.05), PUBLISH_RETRY_ATTEMPTS)


def _with_connection_defaults(hosts: list[Any] | None) -> list[Any] | None:
    """Each host given as a dict gets a retry policy, TCP keep-alive and a connect timeout
    unless it names its own."""
    if not hosts:
        return hosts
    result: list[Any] = []
    for host in hosts:
        if isinstance(host, dict):
            host = {
                "retry": publish_retry(),
                "socket_keepalive": True,
                "socket_connect_timeout": 5,
                **host,
            }
        result.append(host)
    return result


class PipelinedPubSubChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    """``RedisPubSubChannelLayer`` plus ``group_send_many``, publish retries and the
    subscription watch.

    Extra ``CONFIG`` keys: ``watch_interval`` (seconds between pings, default 1; 0 turns the
    watch off) and ``watch_timeout`` (how long a ping may take, default 1).
    """

    def __init__(
        self,
        *args: Any,
        watch_interval: float = DEFAULT_INTERVAL_SECONDS,
        watch_timeout: float = DEFAULT_TIMEOUT_SECONDS,
        **kwargs: Any,
    ) -> None:
        if "hosts" in kwargs:
            kwargs["hosts"] = _with_connection_defaults(kwargs["hosts"])
        super().__init__(*args, **kwargs)
        self.watch_interval = watch_interval
        self.watch_timeout = watch_timeout
        self._watches: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, SubscriptionWatch] = (
            weakref.WeakKeyDictionary()
        )

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A new channel of this process (as channels_redis makes it), watched."""
        layer = self._get_layer()
        channel: str = await layer.new_channel(prefix)
        self._watch(layer)
        return channel

    def _watch(self, layer: Any) -> None:
        if self.watch_interval <= 0:
            return
        loop = asyncio.get_running_loop()
        watch = self._watches.get(loop)
        if watch is None or watch.layer is not layer:
            watch = SubscriptionWatch(
                layer, interval=self.watch_interval, timeout=self.watch_timeout
            )
            self._watches[loop] = watch
        watch.start()

    async def flush(self) -> None:
        """Stop this loop's watch, then flush as channels_redis does."""
        watch = self._watches.pop(asyncio.get_running_loop(), None)
        if watch is not None:
            await watch.stop()
        await self._get_layer().flush()

    def watch_of_running_loop(self) -> SubscriptionWatch | None:
        """The watch of the current event loop, if one was started (for tests)."""
        return self._watches.get(asyncio.get_running_loop())

    async def group_send_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Publish each ``(group, message)`` as ``group_send`` would, one pipeline per Redis
        shard (one round trip with the usual single host), in the order given."""
        layer = self._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = layer._get_group_channel_name(group)
            by_shard.setdefault(layer._get_shard(channel), []).append(
                (channel, self.serialize(message))
            )
        for shard, items in by_shard.items():
            # The shard's lock orders publishes of this process on its connection, as
            # ``RedisSingleShardConnection.publish`` does for a single message.
            async with shard._lock:
                shard._ensure_redis()
                async with shard._redis.pipeline(transaction=False) as pipe:
                    for channel, data in items:
                        pipe.publish(channel, data)
                    await pipe.execute()
