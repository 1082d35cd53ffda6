"""The production channel layer: Redis pub/sub, with a match's frames published in one round trip.

A decision sends three group messages (``matches.broadcast``: the red seat's view, the blue
seat's, the spectators'). With ``channels_redis``'s pub/sub layer each ``group_send`` is one
``PUBLISH`` that waits for its own reply, so a decision paid three Redis round trips (and their
client-side work: about a sixth of the CPU of a whole decision in
``benchmarks/matches_profile.py``). ``group_send_many`` sends them as one pipeline: the same
``PUBLISH`` commands to the same channels, in the same order (Redis runs a pipeline's commands
in order, so subscribers receive them in order), one round trip.

Everything else is ``channels_redis.pubsub.RedisPubSubChannelLayer`` unchanged; the groups stay
separate, so a seat's view still travels only to that seat's group.
"""

from __future__ import annotations

from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer


class PipelinedPubSubChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    """``RedisPubSubChannelLayer`` plus ``group_send_many``."""

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
