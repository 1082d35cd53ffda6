"""Property-based fuzzing of the JSON API from its own OpenAPI document (schemathesis).

Every operation of ``matches.openapi`` is called with generated path, query and body values —
valid ones and invalid ones — by three callers: a seated player (``Authorization: Bearer <seat
token>``), a logged-in stranger (session) and an anonymous client with Django's CSRF check
enforced. Whatever comes in, the API answers without a server error, and every error it
returns is a JSON body ``{"error": {"code", "message"}, "ply"}`` (docs/protocol.md §4).

Bounded for CI: a few derandomized examples per operation and caller, no shrinking; the whole
module takes well under a minute.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest
import schemathesis
from django.test import Client
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from matches.models import Match
from matches.openapi import openapi_document
from matches.services.lifecycle import match_create
from tests.sampling import examples

schema = schemathesis.openapi.from_dict(openapi_document())
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=examples(15),
    deterministic=True,
    no_shrink=True,
)

CALLERS = ("seat", "stranger", "anonymous")


@pytest.fixture
def game(db: None, django_user_model: Any) -> Match:
    red = django_user_model.objects.create_user(username="fuzz-red", password="x-fuzz-1")
    blue = django_user_model.objects.create_user(username="fuzz-blue", password="x-fuzz-2")
    return match_create(red_player=red, blue_player=blue, start=True)


@pytest.fixture(params=CALLERS)
def as_caller(
    request: pytest.FixtureRequest, game: Match, django_user_model: Any
) -> tuple[Client, dict[str, str]]:
    """Each caller's client and headers, made once per operation and caller."""
    if request.param == "seat":
        return Client(raise_request_exception=False), {"Authorization": f"Bearer {game.red_token}"}
    if request.param == "stranger":
        client = Client(raise_request_exception=False)
        client.force_login(django_user_model.objects.create_user(username="fuzz-stranger"))
        return client, {}
    return Client(enforce_csrf_checks=True, raise_request_exception=False), {}


def _send(client: Client, case: Any, headers: dict[str, str]) -> Any:
    """Send ``case`` through Django's test client (in-process, on the test database)."""
    kwargs = case.as_transport_kwargs(base_url="http://testserver", headers=headers)
    url = urlsplit(kwargs["url"])
    if "json" in kwargs:
        body: Any = json.dumps(kwargs["json"])
        content_type = "application/json"
    else:
        body = kwargs.get("data") or b""
        content_type = "application/octet-stream"
    sent_headers = {
        name: value
        for name, value in (kwargs.get("headers") or {}).items()
        if name.lower() not in ("content-length", "host", "cookie")
    }
    content_type = sent_headers.pop("Content-Type", sent_headers.pop("content-type", content_type))
    query = kwargs.get("params") or {}
    return client.generic(
        kwargs["method"],
        url.path + (f"?{url.query}" if url.query else ""),
        data=body,
        content_type=content_type,
        headers=sent_headers,
        QUERY_STRING="&".join(f"{k}={v}" for k, v in query.items()) or url.query,
    )


@schema.parametrize()
@settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_no_server_error_and_every_error_is_json(
    case: Any, game: Match, as_caller: tuple[Client, dict[str, str]]
) -> None:
    if "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = game.pk
    client, headers = as_caller
    response = _send(client, case, headers)
    assert response.status_code < 500, (case.method, case.formatted_path, response.content[:300])
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/json"), response.content[:300]
        body = response.json()
        assert isinstance(body["error"]["code"], str)
        assert body["error"]["code"]
        assert body["error"]["message"]
