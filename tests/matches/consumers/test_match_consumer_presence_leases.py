"""Presence comes from live connections: a consumer that dies without closing stops counting
as connected after the lease time, and the other sockets are told so."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from matches.models import Match
from matches.presence import presence_get, presence_leave, presence_scope, presence_touch
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import frames_until, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def short_leases(settings: Any) -> None:
    settings.MATCH_PRESENCE_TTL_SECONDS = 1.0
    settings.MATCH_PRESENCE_HEARTBEAT_SECONDS = 0.2


@database_sync_to_async
def _new_match() -> Match:
    return match_create(red_name="Aoi", blue_name="Ren", start=True)


def _is_presence(seat: str, connected: bool) -> Any:
    return lambda f: f["type"] == "presence" and f["seat"] == seat and f["connected"] is connected


async def test_a_crashed_consumer_stops_counting_and_the_opponent_is_told(
    short_leases: None,
) -> None:
    match = await _new_match()
    scope = presence_scope(match)
    blue = await open_socket(f"/ws/matches/{match.pk}/?token={match.blue_token}")
    red = await open_socket(f"/ws/matches/{match.pk}/?token={match.red_token}")
    try:
        await frames_until(blue, _is_presence("red", True))
        assert presence_get(scope=scope) == {"red": True, "blue": True}
        # The red consumer dies without running its disconnect handler (as in a crash).
        red.future.cancel()
        frames = await frames_until(blue, _is_presence("red", False), timeout=5)
        assert isinstance(frames[-1]["ply"], int)
        assert presence_get(scope=scope) == {"red": False, "blue": True}
        # The survivor keeps its own lease alive past the lease time.
        await blue.receive_nothing(timeout=1.5)
        assert presence_get(scope=scope)["blue"] is True
    finally:
        await blue.disconnect()


def test_a_lease_lasts_until_renewed_or_given_back(short_leases: None) -> None:
    scope = "lease-test"
    assert presence_touch(scope=scope, seat="red", connection="a", now=100.0) is True
    assert presence_touch(scope=scope, seat="red", connection="b", now=100.5) is False
    assert presence_leave(scope=scope, seat="red", connection="a", now=100.6) is False
    assert presence_get(scope=scope, now=101.2) == {"red": True, "blue": False}
    # "b" never renews nor leaves (its consumer died): gone once its lease ran out.
    assert presence_get(scope=scope, now=101.6) == {"red": False, "blue": False}
    assert presence_touch(scope=scope, seat="red", connection="c", now=101.7) is True
