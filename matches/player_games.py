"""A version of each account's finished games, for the caches of the pages that list them.

The player profile (``players.selectors_profile``) caches what is costly to recompute for a
player with thousands of games (a page of game ids, the count, head-to-head totals) under the
player's current version. The version changes whenever one of their games gets a result or a
corrected one (``matches.services.lifecycle``, after commit, beside ``match_finished``) and when
a seat passes to their account (``matches.services.seats``), so a cached read is never stale;
old entries simply expire. A version is a random token, not a counter, so a cache that lost it
never hands an old entry out again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.core.cache import cache

VERSION_KEY = "matches:player-games:{user_id}"
#: How long a version is kept without use; a missing one is simply made anew.
VERSION_TIMEOUT = 60 * 60 * 24 * 7


def player_games_version(user_id: int) -> str:
    """The current version of the finished games of account ``user_id``."""
    key = VERSION_KEY.format(user_id=user_id)
    version = cache.get(key)
    if version is None:
        version = secrets.token_hex(8)
        if not cache.add(key, version, VERSION_TIMEOUT):  # another request made one first
            version = cache.get(key) or version
    return str(version)


def player_games_changed(user_ids: Iterable[int | None]) -> None:
    """The finished games of these accounts changed: their cached reads are out of date."""
    cache.set_many(
        {VERSION_KEY.format(user_id=pk): secrets.token_hex(8) for pk in user_ids if pk},
        VERSION_TIMEOUT,
    )
