"""The JSON API: authentication by seat token or session, one service per call, errors with
codes and HTTP statuses, and an OpenAPI document that matches the routes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver, resolve

from engine import GameRecord, replay
from matches import api_urls
from matches.models import Match
from matches.openapi import openapi_document
from matches.services.lifecycle import match_create


@pytest.fixture
def game(db: None, two_players: Any) -> Match:
    red, blue = two_players
    return match_create(red_player=red, blue_player=blue, start=True)


def _auth(match: Match, seat: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {getattr(match, f'{seat}_token')}"}


def _post(client: Client, url: str, body: Any, **extra: Any) -> Any:
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json", **extra)


def test_each_caller_sees_its_own_view(client: Client, game: Match) -> None:
    url = f"/api/matches/{game.pk}/"
    assert client.get(url, **_auth(game, "red")).json()["seat"] == "red"
    assert client.get(url, **_auth(game, "blue")).json()["seat"] == "blue"
    assert client.get(url).json()["seat"] is None
    response = client.get(url, HTTP_AUTHORIZATION="Bearer not-a-token")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "bad_token"
    missing = client.get("/api/matches/9999/")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_legal_actions_only_for_the_seat_to_act(client: Client, game: Match) -> None:
    url = f"/api/matches/{game.pk}/legal-actions/"
    red = client.get(url, **_auth(game, "red")).json()
    assert red["seat"] == "red"
    assert red["to_act"] == "red"
    assert red["actions"]
    assert client.get(url, **_auth(game, "blue")).json()["actions"] == []


def test_play_a_decision_and_the_errors(client: Client, game: Match) -> None:
    url = f"/api/matches/{game.pk}/actions/"
    action = client.get(f"/api/matches/{game.pk}/legal-actions/", **_auth(game, "red")).json()[
        "actions"
    ][0]
    response = _post(client, url, {"action": action, "ply": 0, "lag_ms": 20}, **_auth(game, "red"))
    assert response.status_code == 200
    assert response.json()["ply"] == 1
    assert response.json()["view"]["history"][-1]["text"] == action
    cases = [
        ({"action": action, "ply": 0}, "red", 409, "stale_ply"),
        ({"action": "end", "ply": 1}, "red", 409, "not_your_turn"),
        ({"action": "end", "ply": 1}, "blue", 409, "illegal_action"),
        ({"action": "nonsense!", "ply": 1}, "blue", 400, "invalid_action"),
        ({"ply": 1}, "blue", 400, "bad_message"),
        ("{not json", "blue", 400, "bad_message"),
        ("[]", "blue", 400, "bad_message"),
    ]
    for body, seat, status, code in cases:
        response = _post(client, url, body, **_auth(game, seat))
        assert response.status_code == status, body
        assert response.json()["error"]["code"] == code
        assert response.json()["ply"] == 1
    anonymous = _post(client, url, {"action": "end", "ply": 1})
    assert anonymous.status_code == 403
    assert anonymous.json()["error"]["code"] == "not_a_player"
    assert client.get(url).status_code == 405
    game.refresh_from_db()
    assert game.ply == 1


def test_session_posts_need_the_csrf_token(game: Match, two_players: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(two_players[1])
    url = f"/api/matches/{game.pk}/resign/"
    assert _post(client, url, {}).status_code == 403  # no CSRF token
    client.get("/")  # any page sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    response = _post(client, url, {}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200
    assert response.json()["view"]["result"]["method"] == "resignation"
    assert response.json()["view"]["result"]["winner"] == "red"


def test_errors_are_translated(client: Client, game: Match) -> None:
    url = f"/api/matches/{game.pk}/claim-flag/"
    english = _post(client, url, {}, HTTP_ACCEPT_LANGUAGE="en", **_auth(game, "red"))
    assert english.status_code == 409
    assert english.json()["error"] == {"code": "flag_not_fallen", "message": "No flag has fallen."}


def test_the_record_is_published_only_at_the_end(client: Client, game: Match) -> None:
    url = f"/api/matches/{game.pk}/record/"
    assert client.get(url).json()["error"]["code"] == "match_not_finished"
    _post(client, f"/api/matches/{game.pk}/resign/", {}, **_auth(game, "blue"))
    response = client.get(url)
    assert response.status_code == 200
    record = GameRecord.from_json(response.content.decode())
    assert record.result == {"winner": "red", "method": "resignation"}
    assert record.players == {"red": "aoi", "blue": "ren"}
    assert len(replay(record)) == 1


def test_over_the_board_through_the_api(client: Client, db: None) -> None:
    table = match_create(red_name="a", blue_name="b", kind=Match.Kind.OTB, start=True)
    base = f"/api/matches/{table.pk}/otb"
    assert _post(client, f"{base}/press/", {"seat": "red", "ply": 0}, **_auth(table, "red")).json()[
        "view"
    ]["clock"]["running"] == ("blue")
    report = {"winner": "blue", "method": "intrusion"}
    _post(client, f"{base}/report/", report, **_auth(table, "red"))
    done = _post(client, f"{base}/confirm/", {}, **_auth(table, "blue")).json()["view"]
    assert done["status"] == "finished"
    assert done["result"]["winner"] == "blue"


def test_arbiter_endpoints(client: Client, game: Match, django_user_model: Any) -> None:
    body = {"seat": "red", "delta_ms": 60_000, "reason": "late start"}
    player = _post(client, f"/api/matches/{game.pk}/adjust-time/", body, **_auth(game, "red"))
    assert player.status_code == 403
    arbiter = django_user_model.objects.create_superuser(username="arb", password="x")
    client.force_login(arbiter)
    response = _post(client, f"/api/matches/{game.pk}/adjust-time/", body)
    assert response.status_code == 200
    assert response.json()["view"]["clock"]["remaining_ms"]["red"] == 1_260_000
    logs = client.get(f"/api/matches/{game.pk}/logs/").json()
    assert [e["kind"] for e in logs["clock_log"]] == ["adjust"]
    assert logs["events"][-1]["detail"]["reason"] == "late start"
    result = _post(client, f"/api/matches/{game.pk}/result/", {"winner": "blue"}).json()
    assert result["view"]["result"]["method"] == "arbiter"


def _api_routes() -> set[str]:
    """Every route of matches.api_urls as an OpenAPI path template."""
    routes = set()
    for pattern in api_urls.urlpatterns:
        assert isinstance(pattern, URLPattern)
        route = re.sub(r"<int:(\w+)>", r"{\1}", str(pattern.pattern))
        routes.add(f"/api/{route}")
    return routes


def test_the_openapi_document_matches_the_routes(client: Client, db: None) -> None:
    document = client.get("/api/openapi.json").json()
    assert document == json.loads(json.dumps(openapi_document()))
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == _api_routes()
    for path, operations in document["paths"].items():
        concrete = path.replace("{match_id}", "1")
        match = resolve(concrete)
        assert match.namespace == "matches_api", path
        for method in operations:
            assert method in ("get", "post")
    # Every $ref points at a defined schema.
    text = json.dumps(document)
    for name in re.findall(r'"#/components/schemas/(\w+)"', text):
        assert name in document["components"]["schemas"]
    assert get_resolver()  # the root resolver loads with the API mounted
