"""An arbiter's time adjustment through the API is bounded: an absurd one is refused with a
clear 400 and the match keeps working (it used to store an unrepresentable deadline)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from matches.models import Match
from matches.services.arbiter import MAX_TIME_ADJUSTMENT_MS
from matches.services.lifecycle import match_create
from tests.matches.helpers import random_action


@pytest.fixture
def game(db: None, two_players: Any) -> Match:
    red, blue = two_players
    return match_create(red_player=red, blue_player=blue, start=True)


@pytest.fixture
def arbiter(django_user_model: Any) -> Client:
    user = django_user_model.objects.create_superuser(username="arb", password="x-arbiter-1")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _adjust(client: Client, match: Match, delta_ms: Any) -> Any:
    body = {"seat": "red", "delta_ms": delta_ms, "reason": "ruling"}
    return client.post(
        f"/api/matches/{match.pk}/adjust-time/",
        data=json.dumps(body),
        content_type="application/json",
    )


@pytest.mark.parametrize("delta_ms", [10**15, -(10**15), 10**30, MAX_TIME_ADJUSTMENT_MS + 1, 0])
def test_an_out_of_range_adjustment_is_refused_and_the_match_still_plays(
    arbiter: Client, game: Match, delta_ms: int
) -> None:
    response = _adjust(arbiter, game, delta_ms)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_time_adjustment"
    game.refresh_from_db()
    assert game.clock["remaining_ms"] == [1_200_000, 1_200_000]
    assert not game.clock_log.exists()
    import random

    seat, text = random_action(game, random.Random(1))
    played = Client(raise_request_exception=False).post(
        f"/api/matches/{game.pk}/actions/",
        data=json.dumps({"action": text, "ply": game.ply}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {getattr(game, f'{seat}_token')}",
    )
    assert played.status_code == 200


def test_the_largest_adjustment_either_way_is_accepted(arbiter: Client, game: Match) -> None:
    assert _adjust(arbiter, game, MAX_TIME_ADJUSTMENT_MS).status_code == 200
    assert _adjust(arbiter, game, -MAX_TIME_ADJUSTMENT_MS).status_code == 200
