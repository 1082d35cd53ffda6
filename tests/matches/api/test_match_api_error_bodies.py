"""Every error the JSON API returns is JSON with a code (docs/protocol.md §4), whatever refuses
the request: hostile bodies, the CSRF check, an unknown address, a wrong method, a body too big."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from matches.models import Match
from matches.services.lifecycle import match_create


@pytest.fixture
def game(db: None, two_players: Any) -> Match:
    red, blue = two_players
    return match_create(red_player=red, blue_player=blue, start=True)


@pytest.fixture
def api() -> Client:
    """A client that gets the server's answer even when a view crashes."""
    return Client(raise_request_exception=False)


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content[:200]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    assert "ply" in body
    return body


def _token(game: Match, seat: str = "red") -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {getattr(game, f'{seat}_token')}"}


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        b"\xff\xfe not utf-8",
        "1" * 10_000,  # more digits than int() converts
        "[1, 2]",
        "",
    ],
)
def test_hostile_bodies_get_a_json_400(api: Client, game: Match, body: Any) -> None:
    response = api.post(
        f"/api/matches/{game.pk}/actions/",
        data=body,
        content_type="application/json",
        **_token(game),
    )
    _error(response, 400, "bad_message")
    game.refresh_from_db()
    assert game.ply == 0


def test_a_session_post_without_the_csrf_token_gets_json(game: Match) -> None:
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(game.red_player)
    response = client.post(
        f"/api/matches/{game.pk}/resign/", data="{}", content_type="application/json"
    )
    _error(response, 403, "csrf_failed")
    game.refresh_from_db()
    assert game.status == Match.Status.RUNNING


@pytest.mark.parametrize(
    "path", ["/api/nothing-here/", "/api/matches/abc/", "/api/matches/1/unknown/"]
)
def test_unknown_addresses_get_a_json_404(api: Client, db: None, path: str) -> None:
    _error(api.get(path), 404, "no_such_endpoint")
    _error(api.post(path, data="{}", content_type="application/json"), 404, "no_such_endpoint")


def test_pages_outside_the_api_keep_their_html_404(api: Client, db: None) -> None:
    response = api.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_a_wrong_method_gets_a_json_405(api: Client, game: Match) -> None:
    _error(api.get(f"/api/matches/{game.pk}/actions/", **_token(game)), 405, "method_not_allowed")
    _error(api.put(f"/api/matches/{game.pk}/", **_token(game)), 405, "method_not_allowed")


def test_an_over_size_body_gets_a_json_413(api: Client, game: Match, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    body = json.dumps({"action": "x" * 5_000, "ply": 0})
    response = api.post(
        f"/api/matches/{game.pk}/actions/",
        data=body,
        content_type="application/json",
        **_token(game),
    )
    _error(response, 413, "request_too_large")
    form = api.post(
        f"/api/matches/{game.pk}/resign/",
        data="note=" + "x" * 5_000,
        content_type="application/x-www-form-urlencoded",
    )
    _error(form, 413, "request_too_large")
