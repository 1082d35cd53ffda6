"""The permission matrix: every state-changing endpoint × every role → allowed or refused.

One table for the whole site: the HTTP pages (tournaments, matches, accounts), the JSON API,
every message type of the match WebSocket and the event WebSocket, who may open the call
sockets (``ws/me/``, ``ws/play/<token>/``), and the admin. For each row
and each of the ten roles of ``security_world`` the test sends the request as that role and
checks the verdict the table gives:

* **allowed**: the request succeeds (no 4xx, no refusal message or error frame) and the
  database changed (so the "nothing changed" check of a refusal can fail);
* **refused**: a refusal (4xx, a redirect to a log-in page, an error message on the redirect,
  an ``error`` frame) **and** every row of the matches and tournaments models and of the
  accounts is exactly what it was (``security_world.fingerprint``).

The table must stay complete: ``test_every_post_url_has_a_row`` walks the URL resolver and
fails for any pattern whose view accepts POST (or PUT, PATCH, DELETE) without a row;
``test_every_socket_message_has_a_row`` (test_permission_matrix_sockets.py) reads the consumers'
dispatch and fails for any message type without a row. Pages that accept a POST but only read
(a plain view without ``require_GET``) have ``READ_ONLY`` rows: a POST by anyone changes nothing.

The rows live in ``matrix_rows``; the WebSocket cases, which need real commits, are in
``test_permission_matrix_sockets``. Every test here reads one world, built once per module
(``_module_world``) and handed to each test as a deep copy (``world``).
"""

from __future__ import annotations

import copy
import inspect
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from tests.security.matrix_rows import (
    HTTP_ROWS,
    READ_ONLY_ROWS,
    Row,
    client_as,
    error_messages,
    is_refusal,
    redirects_to_login,
    string_cases,
    url,
)
from tests.security.security_world import (
    ROLES,
    World,
    build_world,
    fingerprint,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]


@pytest.fixture(scope="module")
def _module_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """The world, built once for the whole module inside a transaction that is rolled back
    when the module's last test has run, as ``TestCase.setUpTestData`` does.

    Building it takes longer than most cases take to run, and about 1,400 cases read it. Each
    test still sees it pristine: pytest-django runs a non-transactional test inside an atomic
    block of its own (``TestCase._enter_atomics``), which, opened inside this one, is a
    savepoint, rolled back after the test. pytest tears this fixture down before the next test
    of another module runs on the same worker, so no other module ever sees the world or runs
    inside its transaction. A transactional test cannot run here (its flush would reach the
    world): those live in test_permission_matrix_sockets.py.
    """
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            world = build_world()
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    try:
        yield world
    finally:
        with django_db_blocker.unblock():
            assert connection.atomic_blocks == [outer], "a test left an atomic block open"
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def world(_module_world: World, db: None) -> World:
    """This test's copy of the module's world: its rows are the module's (the test's savepoint
    undoes whatever the test changes), its model instances are copies, since some rows' set-ups
    change them (as Django's ``TestData`` hands each test a copy of ``setUpTestData``'s)."""
    assert len(connection.atomic_blocks) == 2, "not inside a savepoint of the world's transaction"
    return copy.deepcopy(_module_world)


# ------------------------------------------------------------------------- running one row


def _post(client: Client, row: Row, path: str, data: dict[str, Any]) -> Any:
    if row.json:
        return client.post(path, json.dumps(data), content_type="application/json")
    return client.post(path, data)


def _check(row: Row, role: str, client: Client, response: Any, before: Any, after: Any) -> None:
    refused = row.refused or is_refusal
    where = f"{row.id} as {role}: {response.status_code} {error_messages(response)}"
    if role in row.allowed:
        assert row.succeeded(response) if row.succeeded else not is_refusal(response), where
        changed = row.changed(client, response) if row.changed else after != before
        assert changed, f"{where}: allowed, but nothing changed"
    else:
        assert refused(response), f"{where}: expected a refusal"
        assert after == before, f"{where}: refused, but the database changed"


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("row", HTTP_ROWS, ids=lambda row: row.id)
def test_http_endpoint(row: Row, role: str, world: World) -> None:
    if row.setup is not None:
        row.setup(world)
    client = client_as(world, role)
    path, data = row.request(world)
    before = fingerprint()
    response = _post(client, row, path, data)
    _check(row, role, client, response, before, fingerprint())


@pytest.mark.parametrize("row", READ_ONLY_ROWS, ids=lambda row: row.id)
def test_read_only_page_changes_nothing_when_posted_to(row: Row, world: World) -> None:
    path, _data = row.request(world)
    for role in ROLES:
        client = client_as(world, role)
        before = fingerprint()
        _post(client, row, path, {"name": "x", "status": "draft"})
        assert fingerprint() == before, f"{row.id} as {role}"


# ------------------------------------------------------------------------ profile privacy

#: Who finds whom on the player pages (docs/players.md): ``blue`` hides their profile from
#: search. For every role: (page, whether blue's profile is listed or opens).
PROFILE_PRIVACY: list[tuple[str, Callable[[World], str], bool]] = [
    ("search by user name", lambda w: url("players:search") + f"?q={w.users['blue']}", False),
    ("search, every player", lambda w: url("players:search"), False),
    ("profile by its address", lambda w: url("players:profile", username=w.users["blue"]), True),
]


@pytest.mark.parametrize(
    ("name", "path", "shown"), PROFILE_PRIVACY, ids=[case[0] for case in PROFILE_PRIVACY]
)
def test_a_profile_hidden_from_search_is_found_by_nobody_and_opens_for_anybody(
    name: str, path: Callable[[World], str], shown: bool, world: World
) -> None:
    """Hiding a profile keeps it out of every search, whoever searches (its owner, the
    event's organiser, a superuser); its address still opens for whoever has it, as a
    lichess profile does. Reading changes nothing."""
    from core.models import PlayerProfile

    blue = world.users["blue"]
    PlayerProfile.objects.filter(user=blue).update(hidden_from_search=True)
    profile_url = url("players:profile", username=blue.username)
    red_url = url("players:profile", username=world.users["red"].username)
    for role in ROLES:
        client = client_as(world, role)
        before = fingerprint()
        response = client.get(path(world))
        assert response.status_code == 200, (name, role)
        body = response.content.decode()
        if shown:
            assert '<meta name="robots" content="noindex">' in body, role
        else:
            listed = '<td><a href="{}">'  # a row of the results (the header links "My profile")
            assert listed.format(profile_url) not in body, (name, role)
            if "?q=" not in path(world):
                assert listed.format(red_url) in body, (name, role)  # the others are listed
        assert fingerprint() == before, (name, role)


# ------------------------------------------------------------------------- completeness

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def _patterns(resolver: URLResolver, prefix: str = "", namespace: str = "") -> Any:
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace
            if pattern.namespace:
                inner = f"{namespace}:{pattern.namespace}" if namespace else pattern.namespace
            yield from _patterns(pattern, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}:{pattern.name}" if namespace and pattern.name else pattern.name
            yield prefix + str(pattern.pattern), name, pattern.callback


def accepted_methods(view: Any) -> set[str] | None:
    """The HTTP methods ``view`` accepts, or ``None`` when it accepts any.

    Class-based views: their handlers. Function views: the ``require_http_methods`` family and
    ``matches.api.api_view`` keep the allowed methods in a closure, found along ``__wrapped__``.
    """
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return {m.upper() for m in view_class.http_method_names if hasattr(view_class, m)}
    func = view
    while func is not None:
        closure = inspect.getclosurevars(func).nonlocals if inspect.isfunction(func) else {}
        if "request_method_list" in closure:
            return {m.upper() for m in closure["request_method_list"]}
        if isinstance(closure.get("method"), str) and func.__module__ == "matches.api":
            return {closure["method"]}
        func = getattr(func, "__wrapped__", None)
    return None


def _admin_pattern(name: str | None, route: str) -> bool:
    return route.startswith("admin/")


def test_every_post_url_has_a_row() -> None:
    covered = {row.name for row in HTTP_ROWS + READ_ONLY_ROWS}
    missing = []
    for route, name, view in _patterns(get_resolver()):
        if _admin_pattern(name, route):
            continue  # the admin rows below cover every registered model
        methods = accepted_methods(view)
        if methods is not None and not methods & WRITE_METHODS:
            continue
        if name not in covered:
            missing.append(f"{route} ({name}) accepts {sorted(methods or ['any method'])}")
    assert not missing, "endpoints without a row in the permission matrix:\n" + "\n".join(missing)
    names = {name for _route, name, _view in _patterns(get_resolver())}
    stale = covered - names
    assert not stale, f"rows for URL names that no longer exist: {stale}"


def test_every_variant_of_an_endpoint_has_a_row() -> None:
    """The actions chosen inside one URL (the entry and round actions in the path, the arbiter
    consoles' ``act`` field) each have their own row."""
    from matches import views_arbiter, views_event_console
    from tournaments import views_organiser

    def variants(name: str) -> set[str]:
        return {row.variant for row in HTTP_ROWS if row.name == name and " " not in row.variant}

    assert set(views_organiser.ENTRY_ACTIONS) == variants("tournaments:entry_action")
    assert set(views_organiser.ROUND_ACTIONS) == variants("tournaments:round_action")
    assert string_cases(views_arbiter.arbiter_console, "act") == variants("matches:arbiter_console")
    assert (
        {"start_all", "pause_all", "resume_all", "forfeit_absent"}
        == string_cases(views_event_console.arbiter_event_console, "act")
        == variants("matches:arbiter_event_console")
    )


def test_the_completeness_check_sees_methods() -> None:
    """The resolver walk can tell a GET-only view from one that takes a POST."""
    from matches import api, views_ui
    from tournaments import views_organiser, views_player

    assert accepted_methods(views_ui.match_board) == {"GET"}
    assert accepted_methods(views_player.check_in) == {"POST"}
    assert accepted_methods(views_organiser.event_status) == {"POST"}  # under login_required
    assert accepted_methods(api.match_pause) == {"POST"}
    assert accepted_methods(api.match_detail) == {"GET"}
    assert accepted_methods(views_organiser.event_create) is None


# ---------------------------------------------------------------------------------- admin

# ---------------------------------------------------------------------------------- admin

#: The admin's own pages (not a model's): staff only, and none of them changes game data.
ADMIN_SITE_PAGES = {
    "admin:index",
    "admin:login",
    "admin:logout",
    "admin:password_change",
    "admin:password_change_done",
    "admin:autocomplete",
    "admin:jsi18n",
    "admin:view_on_site",
    "admin:app_list",
    None,  # the redirect of ``<object id>/`` to its change view, and the catch-all
}
ADMIN_MODEL_VIEWS = ("changelist", "add", "change", "delete", "history", "password_change")
ADMIN_NOT_STAFF = ("spectator", "organiser", "red", "anonymous")


def _admin_models() -> list[Any]:
    from django.contrib import admin

    return sorted(admin.site._registry, key=lambda model: model._meta.label)


def _admin_object(world: World, model: Any) -> Any:
    """One row of ``model`` from the world (the online match first), or None."""
    from matches.models import Match

    if model is Match:
        return world.online_match
    return model.objects.order_by("pk").first()


def test_every_admin_url_has_a_row() -> None:
    labels = {f"{m._meta.app_label}_{m._meta.model_name}" for m in _admin_models()}
    unknown = []
    for route, name, _view in _patterns(get_resolver()):
        if not _admin_pattern(name, route) or name in ADMIN_SITE_PAGES:
            continue
        short = (name or "").removeprefix("admin:")
        if not any(short == f"{label}_{view}" for label in labels for view in ADMIN_MODEL_VIEWS):
            unknown.append(f"{route} ({name})")
    assert not unknown, f"admin URLs without a row: {unknown}"


def _admin_urls(world: World, model: Any) -> dict[str, str]:
    meta = model._meta
    base = f"admin:{meta.app_label}_{meta.model_name}"
    urls = {"changelist": reverse(f"{base}_changelist"), "add": reverse(f"{base}_add")}
    obj = _admin_object(world, model)
    if obj is not None:
        for view in ("change", "delete", "history", "password_change"):
            try:
                urls[view] = reverse(f"{base}_{view}", args=[obj.pk])
            except NoReverseMatch:  # only the user admin has a password page
                continue
    return urls


@pytest.mark.parametrize("model", _admin_models(), ids=lambda m: m._meta.label)
def test_admin_gives_staff_without_superuser_nothing(model: Any, world: World) -> None:
    """A staff account that is not a superuser (an organiser with a staff flag, say) is
    refused every page of every model: it reads no row and changes nothing."""
    client = client_as(world, "staff")
    index = client.get(reverse("admin:index"))
    assert index.status_code == 200
    assert reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist") not in (
        index.content.decode()
    )
    obj = _admin_object(world, model)
    for view, path in _admin_urls(world, model).items():
        assert client.get(path).status_code == 403, (view, path)
        before = fingerprint()
        data = {
            "action": "delete_selected",
            "_selected_action": [obj.pk] if obj else [],
            "post": "yes",
        }
        assert client.post(path, data).status_code == 403, (view, path)
        assert fingerprint() == before, (view, path)


@pytest.mark.parametrize("role", ADMIN_NOT_STAFF)
def test_admin_sends_everyone_else_to_its_log_in(role: str, world: World) -> None:
    client = client_as(world, role)
    for model in _admin_models():
        for view, path in _admin_urls(world, model).items():
            before = fingerprint()
            response = client.post(path, {"action": "delete_selected", "post": "yes"})
            assert redirects_to_login(response), (role, view, path, response.status_code)
            assert fingerprint() == before, (role, view, path)


def test_admin_match_pages_show_a_superuser_no_running_game_secret(world: World) -> None:
    """Even a superuser's match changelist and change view hold neither seat token nor the
    engine state of a running game, and the match cannot be changed or deleted there."""
    from matches.models import Match

    client = client_as(world, "superuser")
    match = Match.objects.get(pk=world.online_match.pk)
    urls = _admin_urls(world, Match)
    for view in ("changelist", "change"):
        body = client.get(urls[view]).content.decode()
        for secret in (match.red_token, match.blue_token, json.dumps(match.state)[:60]):
            assert secret not in body, view
    before = fingerprint()
    assert client.post(urls["change"], {"status": "aborted"}).status_code == 403
    assert client.post(urls["delete"], {"post": "yes"}).status_code == 403
    assert fingerprint() == before


@pytest.mark.parametrize("row", [row for row in HTTP_ROWS if row.allowed], ids=lambda row: row.id)
def test_a_forged_cross_site_post_changes_nothing(row: Row, world: World) -> None:
    """Every state-changing form and API route needs Django's CSRF token with a session: a
    POST from another site, riding on the cookie of someone allowed, is refused (403)."""
    if row.setup is not None:
        row.setup(world)
    role = next((r for r in ROLES if r in row.allowed and r != "anonymous"), "anonymous")
    client = Client(enforce_csrf_checks=True)
    if role != "anonymous":
        client.force_login(world.user(role))
    path, data = row.request(world)
    before = fingerprint()
    response = _post(client, row, path, data)
    assert response.status_code == 403, (row.id, role, response.status_code)
    assert fingerprint() == before, (row.id, role)
