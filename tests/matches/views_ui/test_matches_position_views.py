"""The live board's past positions (``matches:match_position``): what the move list shows when
a player steps back during a game.

Each position is the engine's ``observe`` of that past state for the caller's seat — the seat
link, the session, or a spectator — so a seat never receives its opponent's general or face-down
cards, even for positions long gone, and nobody gets legal decisions for a past position.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine import Side, observe
from matches.models import Match
from tests.matches.helpers import play_playout

pytestmark = pytest.mark.django_db

PLIES = 40


@pytest.fixture
def played(make_match: Any, clock_at: Any) -> tuple[Match, list[Any]]:
    """A running match after the first ``PLIES`` decisions of a random game, with its states."""
    return play_playout(make_match(), clock_at, seed=1, turn_limit=30, plies=PLIES)


def position(client: Client, match: Match, ply: int, token: str = "") -> Any:
    url = reverse("matches:match_position", args=[match.pk, ply])
    return client.get(url, {"token": token} if token else {})


@pytest.mark.parametrize("seat", ["red", "blue"])
def test_each_past_position_is_the_seats_own_view_of_it(
    client: Client, played: tuple[Match, list[Any]], seat: str
) -> None:
    match, states = played
    token = match.red_token if seat == "red" else match.blue_token
    side = Side.RED if seat == "red" else Side.BLUE
    for ply in (0, 1, 17, 25, 33, PLIES):
        response = position(client, match, ply, token)
        assert response.status_code == 200
        body = response.json()
        expected = observe(states[ply], side)
        expected["legal_actions"] = []
        assert body == {"ply": ply, "view": expected}


def test_a_past_position_never_shows_the_opponents_general(
    client: Client, played: tuple[Match, list[Any]]
) -> None:
    match, states = played
    setup_done = next(i for i, s in enumerate(states) if s.phase.value == "war")
    blue = position(client, match, setup_done, match.blue_token).json()["view"]
    assert blue["sides"]["red"]["general"] is None
    assert blue["sides"]["blue"]["general"] is not None
    assert all(not piece.get("general") for piece in blue["board"] if piece["owner"] == "red")
    spectator = position(client, match, setup_done).json()["view"]
    assert spectator["viewer"] is None
    assert spectator["sides"]["red"]["general"] is None
    assert spectator["sides"]["blue"]["general"] is None


def test_the_session_seat_is_used_without_a_token(
    client: Client, played: tuple[Match, list[Any]], password: str
) -> None:
    match, _ = played
    client.login(username="ren", password=password)
    assert position(client, match, PLIES).json()["view"]["viewer"] == "blue"


def test_bad_requests_are_refused_with_a_message(
    client: Client, played: tuple[Match, list[Any]], make_match: Any
) -> None:
    match, _ = played
    beyond = position(client, match, PLIES + 1)
    assert beyond.status_code == 400
    assert beyond.json()["error"]["code"] == "bad_message"
    forged = position(client, match, 3, "not-a-seat-link")
    assert forged.status_code == 403
    assert forged.json()["error"]["code"] == "bad_token"
    otb = make_match(kind="otb")
    assert position(client, otb, 0).json()["error"]["code"] == "wrong_kind"
    assert client.get("/matches/999999/positions/0.json").status_code == 404
