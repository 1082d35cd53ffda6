"""The suite's Redis cache: Django's, except that ``clear()`` forgets only its own keys.

Django's ``RedisCache.clear()`` is ``FLUSHDB``: it empties the whole Redis database, which
also holds the channel-layer groups and the cache of every other xdist worker and of the
browser tests' live servers. The tournament tests clear the cache before each test, so with
two workers one worker's clear would delete what the other is in the middle of using.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache

#: Keys deleted per DEL command.
_BATCH = 500


class PrefixScopedRedisCache(RedisCache):
    """A ``RedisCache`` whose ``clear()`` deletes the keys under its ``KEY_PREFIX`` only."""

    def clear(self) -> None:
        if not self.key_prefix:
            raise ValueError("a prefix-scoped cache needs a KEY_PREFIX")
        client = self._cache.get_client(write=True)
        # make_key() writes "<prefix>:<version>:<key>"; the prefix holds no glob characters.
        batch: list[bytes] = []
        for key in client.scan_iter(match=f"{self.key_prefix}:*", count=_BATCH):
            batch.append(key)
            if len(batch) == _BATCH:
                client.delete(*batch)
                batch.clear()
        if batch:
            client.delete(*batch)
