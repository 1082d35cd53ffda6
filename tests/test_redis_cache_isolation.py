"""The suite's Redis cache (tests/redis_cache.py): clearing one xdist worker's cache leaves the
other workers' keys alone (Django's own clear is FLUSHDB)."""

from __future__ import annotations

import os

import pytest

from tests.redis_cache import PrefixScopedRedisCache

REDIS_URL = os.environ.get("REDIS_URL")

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")


def test_clear_deletes_only_the_keys_under_its_own_prefix() -> None:
    mine = PrefixScopedRedisCache(REDIS_URL, {"KEY_PREFIX": "isolation-test-mine"})
    other = PrefixScopedRedisCache(REDIS_URL, {"KEY_PREFIX": "isolation-test-other"})
    try:
        # More keys than one DEL batch, so the batching is exercised.
        mine.set_many({f"key{number}": number for number in range(1_200)})
        other.set("kept", "yes")
        mine.clear()
        assert mine.get_many([f"key{number}" for number in range(1_200)]) == {}
        assert other.get("kept") == "yes"
    finally:
        mine.clear()
        other.clear()


def test_a_cache_without_a_prefix_refuses_to_clear() -> None:
    with pytest.raises(ValueError, match="KEY_PREFIX"):
        PrefixScopedRedisCache(REDIS_URL, {}).clear()
