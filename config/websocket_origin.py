"""The WebSocket origin check: only pages of this very site may open a socket.

Browsers send cookies with a WebSocket handshake from any page, so the session of a player who
visits a hostile page would open a seat's socket for it (cross-site WebSocket hijacking). The
``Origin`` header names the page's origin, and it must be this site's own origin exactly:

- the same **scheme** — ``https`` for a ``wss`` connection, ``http`` for ``ws``; behind a
  TLS-terminating proxy the connection counts as secure when ``SECURE_PROXY_SSL_HEADER`` says
  so, as it does for Django's own requests;
- the same **host** as the request's ``Host`` header, which ``ALLOWED_HOSTS`` must allow;
- the same **port** (the scheme's default when none is written).

An origin listed in ``CSRF_TRUSTED_ORIGINS`` (written ``scheme://host[:port]``) is accepted
too, as Django accepts it for forms. Channels' ``AllowedHostsOriginValidator`` compared only
the host, so ``http://site:8080`` or ``http://site`` on an HTTPS site passed.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import SplitResult, urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    return {
        name.decode("latin-1").lower(): value.decode("latin-1")
        for name, value in scope.get("headers", [])
    }


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:  # Django's own default in development
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def _is_secure(scope: dict[str, Any], headers: dict[str, str]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        name, secure_value = proxy_header
        header = str(name).removeprefix("HTTP_").replace("_", "-").lower()
        return bool(headers.get(header, "").split(",")[0].strip() == secure_value)
    return False


def _origin(value: str) -> SplitResult | None:
    try:
        origin = urlsplit(value)
        origin.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        return None
    if origin.scheme not in DEFAULT_PORTS or not origin.hostname:
        return None
    return origin


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the handshake in ``scope`` comes from a page of this site (see module doc)."""
    headers = _headers(scope)
    origin = _origin(headers.get("origin", ""))
    if origin is None:
        return False
    trusted = {value.rstrip("/").lower() for value in settings.CSRF_TRUSTED_ORIGINS}
    if f"{origin.scheme}://{origin.netloc}".lower() in trusted:
        return True
    domain, port = split_domain_port(headers.get("host", ""))
    if not domain or not validate_host(domain, _allowed_hosts()):
        return False
    scheme = "https" if _is_secure(scope, headers) else "http"
    expected_port = int(port) if port else DEFAULT_PORTS[scheme]
    origin_port = origin.port or DEFAULT_PORTS[origin.scheme]
    return (
        origin.scheme == scheme
        and origin.hostname == domain.strip("[]").lower()
        and origin_port == expected_port
    )


class SameOriginValidator:
    """ASGI middleware: refuse a WebSocket handshake whose ``Origin`` is not this site's."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
