"""The past positions' cost and limit (``matches.positions``, ``matches.request_limits``).

A past position is served from a cache keyed by match, ply and viewer, and a position not
cached yet is built from the nearest stored snapshot, so one request applies fewer than
``SNAPSHOT_EVERY`` decisions instead of replaying the game. What each viewer receives is
exactly what a full replay gives that viewer — in any order of requests, whoever asked first.
Each client address may ask ``MATCH_POSITION_REQUESTS_PER_WINDOW`` times per window; beyond
that the answer is HTTP 429 with a message and ``Retry-After``.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine import Side, observe
from engine.playout import random_playout
from games.gunshi_rules import GunshiRules
from matches.models import Match
from matches.positions import SNAPSHOT_EVERY, match_position_view
from matches.request_limits import RequestLimit
from matches.services.decisions import match_submit_action
from tests.matches.helpers import play_playout

pytestmark = pytest.mark.django_db

PLIES = 70
VIEWERS: dict[str, Side | None] = {"red": Side.RED, "blue": Side.BLUE, "spectator": None}


@pytest.fixture
def played(make_match: Any, clock_at: Any) -> tuple[Match, list[Any]]:
    """A running match after the first ``PLIES`` decisions of a random game, with its states
    (the game goes on for at least one more decision)."""
    match, states = play_playout(make_match(), clock_at, seed=3, turn_limit=40, plies=PLIES)
    assert len(states) > PLIES + 1
    return match, states


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the decisions the rules apply (one entry per call)."""
    calls: list[int] = []
    original = GunshiRules.apply

    def counting(self: GunshiRules, state: Any, action: Any) -> Any:
        calls.append(1)
        return original(self, state, action)

    monkeypatch.setattr(GunshiRules, "apply", counting)
    return calls


def expected_view(states: list[Any], ply: int, viewer: Side | None) -> dict[str, Any]:
    view = observe(states[ply], viewer)
    view["legal_actions"] = []
    return view


def position(client: Client, match: Match, ply: int, viewer: str, **extra: Any) -> Any:
    token = {"red": match.red_token, "blue": match.blue_token}.get(viewer)
    url = reverse("matches:match_position", args=[match.pk, ply])
    return client.get(url, {"token": token} if token else {}, **extra)


def test_every_viewer_gets_exactly_its_replayed_view_in_any_order(
    client: Client, played: tuple[Match, list[Any]]
) -> None:
    match, states = played
    requests = [(ply, viewer) for ply in range(PLIES + 1) for viewer in VIEWERS] * 2
    random.Random(7).shuffle(requests)
    for ply, viewer in requests:
        response = position(client, match, ply, viewer)
        assert response.status_code == 200, (ply, viewer)
        assert response.json() == {"ply": ply, "view": expected_view(states, ply, VIEWERS[viewer])}


def test_a_seats_cached_view_never_reaches_the_other_seat_or_a_spectator(
    client: Client, played: tuple[Match, list[Any]]
) -> None:
    match, states = played
    ply = next(i for i, s in enumerate(states) if s.phase.value == "war")
    red = position(client, match, ply, "red").json()["view"]
    assert red["sides"]["red"]["general"] is not None  # cached with red's own secrets
    for viewer in ("blue", "spectator"):
        view = position(client, match, ply, viewer).json()["view"]
        assert view["sides"]["red"]["general"] is None, viewer
        assert view["sides"]["red"]["hand"] is None, viewer
        assert not any(p["general"] for p in view["board"] if p["owner"] == "red"), viewer


def test_a_position_costs_fewer_decisions_than_a_snapshot_interval(
    played: tuple[Match, list[Any]], applied: list[int], django_assert_num_queries: Any
) -> None:
    match, states = played
    # The first request walks from the start once and leaves snapshots behind it.
    match_position_view(match=match, viewer_seat=None, ply=PLIES - 1)
    assert len(applied) == PLIES - 1
    for ply in (PLIES - 2, 5, 33, 47, SNAPSHOT_EVERY * 2):
        applied.clear()
        view = match_position_view(match=match, viewer_seat="red", ply=ply)
        assert view == expected_view(states, ply, Side.RED)
        assert len(applied) < SNAPSHOT_EVERY, ply
    # A cached view: no decision applied and no query.
    applied.clear()
    with django_assert_num_queries(0):
        match_position_view(match=match, viewer_seat="red", ply=33)
    assert applied == []


def test_the_current_position_is_the_matchs_own_state(
    played: tuple[Match, list[Any]], applied: list[int], clock_at: Any
) -> None:
    match, states = played
    view = match_position_view(match=match, viewer_seat="blue", ply=PLIES)
    assert view == expected_view(states, PLIES, Side.BLUE)
    assert applied == []
    # The next decision makes it a past position, still exactly as it was seen.
    match_submit_action(
        match_id=match.pk,
        seat=states[PLIES].to_act.label,
        action_text=_game_actions()[PLIES],
        expected_ply=PLIES,
        now=clock_at.now,
    )
    match.refresh_from_db()
    assert match_position_view(match=match, viewer_seat="blue", ply=PLIES) == view


def _game_actions() -> list[str]:
    record, _ = random_playout(seed=3, turn_limit=40)
    return list(record.actions)


@pytest.mark.parametrize("ply", [-1, PLIES + 1])
def test_a_ply_outside_the_game_is_refused(
    client: Client, played: tuple[Match, list[Any]], ply: int
) -> None:
    match, _ = played
    if ply < 0:  # the URL only takes digits: a negative ply is no address at all
        assert client.get(f"/matches/{match.pk}/positions/-1.json").status_code == 404
        return
    response = position(client, match, ply, "spectator")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_message"


def test_too_many_requests_from_one_address_get_429_with_a_message(
    client: Client, played: tuple[Match, list[Any]], settings: Any
) -> None:
    match, _ = played
    settings.MATCH_POSITION_REQUESTS_PER_WINDOW = 3
    settings.MATCH_POSITION_WINDOW_SECONDS = 60
    # An address of this test's own: the counters live in the shared cache (Redis in CI).
    address = f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"
    for ply in range(3):
        assert position(client, match, ply, "spectator", REMOTE_ADDR=address).status_code == 200
    refused = position(client, match, 3, "spectator", REMOTE_ADDR=address)
    assert refused.status_code == 429
    # The message, in the site's first language (Japanese).
    assert refused.json()["error"] == {
        "code": "rate_limited",
        "message": "リクエストが多すぎます。間隔をあけてください。",
    }
    assert 1 <= int(refused["Retry-After"]) <= 60
    # A seat link does not lift the limit; another address is counted on its own.
    assert position(client, match, 3, "red", REMOTE_ADDR=address).status_code == 429
    assert position(client, match, 3, "red", REMOTE_ADDR="192.0.2.7").status_code == 200


def test_the_limit_counts_per_window() -> None:
    now = [1000.0]
    # A name of its own: the counters live in the shared cache (Redis in CI), across runs.
    name = f"test-{uuid.uuid4().hex}"
    limit = RequestLimit(name=name, limit=2, window_seconds=10, clock=lambda: now[0])

    class Request:
        META = {"REMOTE_ADDR": "198.51.100.1"}

    request: Any = Request()
    assert limit.allow(request) is None
    assert limit.allow(request) is None
    now[0] = 1004.2
    assert limit.allow(request) == 6  # refused: the window ends in 5.8 s
    now[0] = 1010.0  # a new window
    assert limit.allow(request) is None
