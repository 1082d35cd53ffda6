"""What a row is, how a row builds its request, and how a response shows a refusal or a change."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.messages import get_messages
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import reverse

from tests.security.security_world import (
    EVENT_RUNNERS,
    MANAGERS,
    SEATS,
    World,
)

Request = Callable[[World], tuple[str, dict[str, Any]]]
Setup = Callable[[World], None]


@dataclass(frozen=True)
class Row:
    """One endpoint (``name``, a URL name; ``variant`` tells rows of one URL apart)."""

    name: str
    allowed: frozenset[str]
    request: Request
    variant: str = ""
    setup: Setup | None = None
    json: bool = False
    #: A refusal other than the default (4xx, log-in redirect, error message).
    refused: Callable[[Any], bool] | None = None
    #: How an allowed request shows (default: the fingerprint changed).
    changed: Callable[[Client, Any], bool] | None = None
    read_only: bool = False
    #: How an allowed response looks, when a log-in redirect can be a success (default: no
    #: refusal).
    succeeded: Callable[[Any], bool] | None = None
    reason: str = field(default="", compare=False)

    @property
    def id(self) -> str:
        return f"{self.name}[{self.variant}]" if self.variant else self.name


@dataclass(frozen=True)
class SocketRow:
    """One message type of the match WebSocket (sent on the online or the OTB match)."""

    type: str
    allowed: frozenset[str]
    message: Callable[[World], dict[str, Any]]
    variant: str = ""
    setup: Setup | None = None
    otb: bool = False
    read_only: bool = False

    @property
    def id(self) -> str:
        return f"{self.type}[{self.variant}]" if self.variant else self.type


ONLINE_ARBITERS = EVENT_RUNNERS
OTB_CLOCK = SEATS | EVENT_RUNNERS  # a seat holder or an arbiter of the event


# ------------------------------------------------------------------------- request builders


def url(name: str, **kwargs: Any) -> str:
    return reverse(name, kwargs=kwargs)


def legal_action(match_id: int) -> str:
    from engine import legal_actions
    from matches.models import Match
    from matches.selectors import match_game_state

    state = match_game_state(Match.objects.get(pk=match_id))
    return legal_actions(state)[0].to_str()


def api(name: str, body: Callable[[World], dict[str, Any]], *, otb: bool = False) -> Request:
    def build(w: World) -> tuple[str, dict[str, Any]]:
        match = w.otb_match if otb else w.online_match
        return url(f"matches_api:{name}", match_id=match.pk), body(w)

    return build


def form_data(form: Any, **changes: Any) -> dict[str, Any]:
    """The POST data of an unbound form as its page would submit it, with ``changes``."""
    data: dict[str, Any] = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        if value is True:
            value = "on"
        elif hasattr(value, "isoformat"):
            value = value.isoformat()
        data[name] = value
    data.update(changes)
    return data


# --------------------------------------------------------------------------- predicates


def redirects_to_login(response: Any) -> bool:
    target = getattr(response, "url", "") or ""
    return response.status_code in (301, 302, 303) and (
        target.startswith(resolve_url(settings.LOGIN_URL)) or target.startswith("/admin/login/")
    )


def error_messages(response: Any) -> list[str]:
    request = getattr(response, "wsgi_request", None)
    if request is None:
        return []
    return [str(m) for m in get_messages(request) if m.level >= messages.ERROR]


def is_refusal(response: Any) -> bool:
    """4xx, a redirect to a log-in page, or a redirect carrying an error message."""
    return (
        response.status_code >= 400
        or redirects_to_login(response)
        or bool(error_messages(response))
    )


def logged_out(client: Client, response: Any) -> bool:
    return "_auth_user_id" not in client.session


def language_cookie_set(client: Client, response: Any) -> bool:
    return settings.LANGUAGE_COOKIE_NAME in response.cookies


def plain_redirect(response: Any) -> bool:
    return response.status_code == 302 and not redirects_to_login(response)


def entry_action(
    action: str, allowed: frozenset[str], *, setup: Setup | None = None, data: Any = None
) -> Row:
    """A row of the organiser page's action ``action`` on Red's Open Cup entry."""

    def request(w: World) -> tuple[str, dict[str, Any]]:
        entry_id = w.open_entries["red"].pk
        path = url("tournaments:entry_action", slug=w.open.slug, entry_id=entry_id, action=action)
        return path, dict(data or {})

    return Row("tournaments:entry_action", allowed, request, variant=action, setup=setup)


def round_action(action: str, setup: Setup) -> Row:
    """A row of the round action ``action`` on Open Cup's round 1 (organisers only)."""

    def request(w: World) -> tuple[str, dict[str, Any]]:
        return url("tournaments:round_action", slug=w.open.slug, number=1, action=action), {}

    return Row("tournaments:round_action", MANAGERS, request, variant=action, setup=setup)


def client_as(world: World, role: str) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(world.user(role))
    return client


def string_cases(func: Any, variable: str) -> set[str]:
    """Every string that ``func``'s source compares ``variable`` (a name or ``x.get("…")``) to."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not isinstance(node.ops[0], ast.Eq):
            continue
        left = ast.unparse(node.left)
        if left == variable and isinstance(node.comparators[0], ast.Constant):
            value = node.comparators[0].value
            if isinstance(value, str):
                found.add(value)
    return found
