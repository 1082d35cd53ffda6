"""The permission matrix over WebSockets: every message type of the match socket × every
role, and who may open the event, call and analysis sockets.

The rows are in ``matrix_rows`` with the HTTP rows (tests/security/test_permission_matrix.py
explains the verdicts). These tests need real commits (the consumers read the database from
threads of their own), so they are transactional and build their world themselves, apart from
the world the HTTP cases share.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings

from tests.security.matrix_rows import (
    SOCKET_ROWS,
    SocketRow,
    client_as,
    online_finished,
    string_cases,
)
from tests.security.security_world import (
    EVERYBODY,
    LOGGED_IN,
    NOBODY,
    ROLES,
    World,
    build_world,
    fingerprint,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_limits")]


ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture
def _fresh_channel_layer() -> None:
    """A channel-layer instance of this test's own event loop (the Redis layer binds to it)."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


def _fresh_matches(world: World) -> None:
    """New online and over-the-board matches of the home event for the next role."""
    from matches.services.lifecycle import match_create

    for attribute, kind in (("online_match", "online"), ("otb_match", "otb")):
        match = match_create(
            kind=kind,
            red_player=world.users["red"],
            blue_player=world.users["blue"],
            event_id=world.home.pk,
            start=True,
        )
        setattr(world, attribute, match)


def _session_headers(world: World, role: str) -> list[tuple[bytes, bytes]]:
    if role == "anonymous":
        return []
    client = client_as(world, role)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode())]


async def _socket(path: str, headers: list[tuple[bytes, bytes]]) -> Any:
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    communicator = WebsocketCommunicator(application, path, headers=ORIGIN + headers)
    connected, _ = await communicator.connect(timeout=10)
    assert connected
    return communicator


async def _setup_frames_sent() -> None:
    """Wait until the frames of the setup's own changes have left (the services run in this
    test's event loop, which sends them as tasks), so that a socket opened next never takes
    them for the answer to its request."""
    import asyncio

    from matches import broadcast

    pending = list(broadcast._sending)
    if pending:
        await asyncio.wait(pending)


async def _reply(communicator: Any) -> dict[str, Any]:
    """The first frame that answers a request: an error, an update or a snapshot."""
    while True:
        frame = await communicator.receive_json_from(timeout=10)
        if frame["type"] in ("error", "update", "snapshot"):
            return frame


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_fresh_channel_layer")
@pytest.mark.parametrize("row", SOCKET_ROWS, ids=lambda row: row.id)
async def test_socket_message(row: SocketRow) -> None:
    from channels.db import database_sync_to_async

    world = await database_sync_to_async(build_world)()
    for role in ROLES:
        await database_sync_to_async(_fresh_matches)(world)
        if row.setup is not None:
            await database_sync_to_async(row.setup)(world)
        await _setup_frames_sent()
        match = world.otb_match if row.otb else world.online_match
        headers = await database_sync_to_async(_session_headers)(world, role)
        socket = await _socket(f"/ws/matches/{match.pk}/", headers)
        try:
            snapshot = await socket.receive_json_from(timeout=10)
            assert snapshot["type"] == "snapshot"
            message = await database_sync_to_async(row.message)(world)
            before = await database_sync_to_async(fingerprint)()
            await socket.send_json_to(message)
            frame = await _reply(socket)
            after = await database_sync_to_async(fingerprint)()
        finally:
            await socket.disconnect()
        where = f"{row.id} as {role}: {frame.get('code')}"
        if row.read_only:
            assert frame["type"] == "snapshot", where
            assert after == before, where
        elif role in row.allowed:
            assert frame["type"] == "update", where
            assert after != before, f"{where}: allowed, but nothing changed"
        else:
            assert frame["type"] == "error", f"{where}: expected an error frame"
            assert after == before, f"{where}: refused, but the database changed"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_fresh_channel_layer")
async def test_event_socket_ignores_every_message() -> None:
    """The event socket only pushes nudges: whatever anyone sends changes nothing and gets no
    answer."""
    from channels.db import database_sync_to_async

    world = await database_sync_to_async(build_world)()
    for role in ROLES:
        headers = await database_sync_to_async(_session_headers)(world, role)
        socket = await _socket(f"/ws/events/{world.home.pk}/", headers)
        try:
            await _assert_every_message_ignored(socket, world, role)
        finally:
            await socket.disconnect()


async def _assert_every_message_ignored(socket: Any, world: World, role: str) -> None:
    """Send every message type of the match socket: no answer, and nothing changed."""
    from channels.db import database_sync_to_async

    before = await database_sync_to_async(fingerprint)()
    for message in SOCKET_ROWS:
        await socket.send_json_to(
            message.message(world) if message.read_only else {"type": message.type}
        )
    assert await socket.receive_nothing(timeout=0.2)
    assert await database_sync_to_async(fingerprint)() == before, role


#: Who may open each call socket (``matches.callup_consumer``): ``ws/me/`` every signed-in
#: account (for its own calls only), ``ws/play/<token>/`` whoever holds the entry's private link
#: (a session changes nothing); nobody may open ``ws/play/`` with a wrong link.
CALL_SOCKETS: list[tuple[str, Callable[[World], str], frozenset[str]]] = [
    ("me", lambda w: "/ws/me/", LOGGED_IN),
    ("entry_link", lambda w: f"/ws/play/{w.entries['red'].token}/", EVERYBODY),
    ("wrong_link", lambda w: f"/ws/play/{w.entries['red'].token}x/", NOBODY),
    # The Play page's lobby socket (play.consumers): open to everyone, nudges only.
    ("lobby", lambda w: "/ws/lobby/", EVERYBODY),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_fresh_channel_layer")
@pytest.mark.parametrize(
    ("name", "path", "allowed"), CALL_SOCKETS, ids=[c[0] for c in CALL_SOCKETS]
)
async def test_call_socket_opens_for_its_roles_and_ignores_every_message(
    name: str, path: Callable[[World], str], allowed: frozenset[str]
) -> None:
    """The call sockets only push nudges: whoever opens one, whatever they send changes
    nothing and gets no answer; a role the table refuses is not accepted at all."""
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    world = await database_sync_to_async(build_world)()
    for role in ROLES:
        headers = await database_sync_to_async(_session_headers)(world, role)
        socket = WebsocketCommunicator(application, path(world), headers=ORIGIN + headers)
        connected, _code = await socket.connect(timeout=10)
        try:
            assert connected == (role in allowed), f"{name} as {role}"
            if connected:
                await _assert_every_message_ignored(socket, world, role)
        finally:
            await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_fresh_channel_layer")
async def test_analysis_socket_opens_for_a_published_record_only_and_changes_nothing() -> None:
    """``ws/analysis/<id>/`` (analysis.consumers): everybody may watch the analysis of a
    finished game, nobody that of a running game; whatever is sent gets an error frame and
    changes nothing."""
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    world = await database_sync_to_async(build_world)()
    await database_sync_to_async(online_finished)(world)
    finished = await database_sync_to_async(_fresh_online_match)(world)
    running = world.online_match.pk
    for role in ROLES:
        headers = await database_sync_to_async(_session_headers)(world, role)
        for match_id, allowed in ((finished, EVERYBODY), (running, NOBODY)):
            socket = WebsocketCommunicator(
                application, f"/ws/analysis/{match_id}/", headers=ORIGIN + headers
            )
            connected, _code = await socket.connect(timeout=10)
            try:
                assert connected == (role in allowed), f"analysis socket {match_id} as {role}"
                if connected:
                    before = await database_sync_to_async(fingerprint)()
                    for message in SOCKET_ROWS:
                        await socket.send_json_to({"type": message.type})
                        frame = await socket.receive_json_from(timeout=10)
                        assert frame["type"] == "error", role
                    assert await database_sync_to_async(fingerprint)() == before, role
            finally:
                await socket.disconnect()


def _fresh_online_match(world: World) -> int:
    """A second online match, running, in ``world.online_match``; the id of the first."""
    from matches.services.lifecycle import match_create

    finished = world.online_match.pk
    world.online_match = match_create(
        red_player=world.users["red"],
        blue_player=world.users["blue"],
        event_id=world.home.pk,
        start=True,
    )
    return finished


def test_every_socket_message_has_a_row() -> None:
    """Every message type the match consumer dispatches has a row; the event consumer handles
    none (a handler added there needs rows here first)."""
    from channels.routing import URLRouter

    from analysis.consumers import AnalysisConsumer
    from config.asgi import application
    from matches.callup_consumer import CallConsumer, MeConsumer
    from matches.consumers import MatchConsumer
    from play.consumers import LobbyConsumer
    from tournaments.callup_consumer import EntryCallConsumer
    from tournaments.consumers import EventConsumer

    assert string_cases(MatchConsumer._dispatch, "kind") == {row.type for row in SOCKET_ROWS}
    for consumer in (EventConsumer, CallConsumer, LobbyConsumer):
        handler = ast.parse(textwrap.dedent(inspect.getsource(consumer.receive_json)))
        body = handler.body[0].body  # type: ignore[attr-defined]
        named = consumer.__name__
        assert len(body) == 1, f"{named} handles messages now: give them rows"
        assert isinstance(body[0], ast.Expr), f"{named} handles messages now: give them rows"
    for consumer in (MeConsumer, EntryCallConsumer):
        assert "receive_json" not in vars(consumer), f"{consumer.__name__}: give its messages rows"

    router = application.application_mapping["websocket"]
    while not isinstance(router, URLRouter):
        router = getattr(router, "inner", None) or router.application
    consumers = {route.callback.consumer_class for route in router.routes}
    assert consumers == {
        MatchConsumer,
        EventConsumer,
        MeConsumer,
        EntryCallConsumer,
        LobbyConsumer,
        AnalysisConsumer,  # its rows: test_analysis_socket_opens_for_a_published_record_only…
    }
