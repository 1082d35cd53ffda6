"""Fixtures of the matches tests: two players, a running online match, an injected clock.

Time is injected: services take ``now``; ``clock_at`` gives a fixed start instant and a helper
to step it, so clock charges are exact. Broadcasts are captured by ``sent_frames`` (a list of
``(group, frame)`` pairs in send order) instead of going to the channel layer, except in the
consumer tests, which use the real (in-memory or Redis) layer.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.matches.helpers import Clock

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from matches.models import Match


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    """Each test gets its own channel-layer instance: the Redis layer binds its locks and
    connection pools to the event loop that first used them, and every async test has a loop
    of its own."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture
def clock_at() -> Clock:
    return Clock()


@pytest.fixture
def two_players(db: None, django_user_model: type[User], password: str) -> tuple[User, User]:
    red = django_user_model.objects.create_user(username="aoi", password=password)
    blue = django_user_model.objects.create_user(username="ren", password=password)
    return red, blue


@pytest.fixture
def make_match(two_players: tuple[User, User], clock_at: Clock) -> Any:
    """``make_match(**kwargs)``: a match between the two players (running unless told)."""
    from matches.services.lifecycle import match_create

    def make(**kwargs: Any) -> Match:
        red, blue = two_players
        options: dict[str, Any] = {
            "red_player": red,
            "blue_player": blue,
            "start": True,
            "now": clock_at.now,
        }
        options.update(kwargs)
        return match_create(**options)

    return make


@pytest.fixture
def match(make_match: Any) -> Match:
    """A running online match, official 20+0 control, nothing played."""
    return make_match()


@pytest.fixture
def sent_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Capture what the broadcast module would send to the channel layer."""
    from matches import broadcast

    sent: list[tuple[str, dict[str, Any]]] = []

    def capture(messages: list[tuple[str, dict[str, Any]]]) -> None:
        sent.extend((group, json.loads(message["text"])) for group, message in messages)

    monkeypatch.setattr(broadcast, "_send", capture)
    return sent
