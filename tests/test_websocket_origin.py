"""The WebSocket origin check compares scheme, host and port with the site's own origin."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _new_match() -> Any:
    from matches.services.lifecycle import match_create

    return match_create(red_name="Aoi", blue_name="Ren", start=True)


async def _accepted(origin: str | None, host: str, *, scheme: str = "ws", extra: Any = ()) -> bool:
    from config.asgi import application

    match = await _new_match()
    headers = [(b"host", host.encode()), *extra]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    communicator = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect(timeout=10)
    await communicator.disconnect()
    return bool(connected)


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("http://testserver", "testserver", "ws"),
        ("https://testserver", "testserver", "wss"),
        ("http://localhost:8123", "localhost:8123", "ws"),
        ("https://testserver:8443", "testserver:8443", "wss"),
    ],
)
async def test_the_sites_own_origin_is_accepted(origin: str, host: str, scheme: str) -> None:
    assert await _accepted(origin, host, scheme=scheme)


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("https://testserver", "testserver", "ws"),  # scheme differs
        ("http://testserver", "testserver", "wss"),  # an http page on an https site
        ("http://testserver:8080", "testserver", "ws"),  # port differs
        ("http://localhost:9999", "localhost:8123", "ws"),  # another local server
        ("http://evil.example", "testserver", "ws"),  # host differs
        ("http://testserver", "evil.example", "ws"),  # host not allowed
        ("null", "testserver", "ws"),
        (None, "testserver", "ws"),
    ],
)
async def test_any_other_origin_is_refused(origin: str | None, host: str, scheme: str) -> None:
    assert not await _accepted(origin, host, scheme=scheme)


async def test_behind_a_tls_proxy_the_forwarded_scheme_counts(settings: Any) -> None:
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proxy = [(b"x-forwarded-proto", b"https")]
    assert await _accepted("https://testserver", "testserver", extra=proxy)
    assert not await _accepted("http://testserver", "testserver", extra=proxy)


async def test_a_trusted_origin_is_accepted(settings: Any) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org"]
    assert await _accepted("https://play.example.org", "testserver")
    assert not await _accepted("http://play.example.org", "testserver")
