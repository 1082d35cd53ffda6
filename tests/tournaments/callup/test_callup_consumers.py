"""The call sockets: ``ws/me/`` for a signed-in user, ``ws/play/<token>/`` for an entry's
private link. Each hears its own calls only, an anonymous or unknown caller is refused, and
a frame is the bare nudge ``{"type": "called"}`` (no game data, no hidden information), or on
``ws/me/`` the bare ``{"type": "notified"}`` of the user's notifications (docs/notifications.md)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from matches.models import Match
from matches.services.lifecycle import match_join, match_start
from tournaments.models import Entry, Pairing
from tournaments.services.entries import entry_add
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
#: The only frames the call sockets send: a call, and (``ws/me/``) a notification.
BARE_FRAMES = {'{"type": "called"}', '{"type": "notified"}'}


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    from channels.layers import channel_layers

    channel_layers.backends.clear()


def _cookie_for(user: Any) -> list[tuple[bytes, bytes]]:
    if user is None:
        return []
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode())]


async def _open(path: str, user: Any = None) -> tuple[bool, Any, WebsocketCommunicator]:
    from config.asgi import application

    headers = await database_sync_to_async(_cookie_for)(user)
    socket = WebsocketCommunicator(application, path, headers=ORIGIN + headers)
    connected, code = await socket.connect(timeout=5)
    return connected, code, socket


def _published_round(make_online_event: Any) -> dict[str, Any]:
    event = make_online_event(walk_in=True, rounds=2)
    round_ = round_pair(actor=event.organiser, event=event)
    return {"event": event, "round": round_}


def _frames_until_quiet(socket: WebsocketCommunicator) -> Any:
    async def collect() -> list[str]:
        frames = []
        while not await socket.receive_nothing(timeout=0.5):
            frames.append(await socket.receive_from())
        return frames

    return collect()


async def test_each_player_hears_their_own_calls_only(
    make_online_event: Any, make_user: Any
) -> None:
    world = await database_sync_to_async(_published_round)(make_online_event)
    event, round_ = world["event"], world["round"]
    entries = await database_sync_to_async(
        lambda: {e.name: e for e in Entry.objects.filter(event=event).select_related("user")}
    )()
    bystander = await database_sync_to_async(make_user)("bystander")
    kenji, lina, mio = entries["kenji"], entries["lina"], entries["Mio"]
    sockets = {
        "kenji": await _open("/ws/me/", kenji.user),
        "lina": await _open("/ws/me/", lina.user),
        "mio": await _open(f"/ws/play/{mio.token}/"),
        "bystander": await _open("/ws/me/", bystander),
        "organiser": await _open("/ws/me/", event.organiser),
    }
    try:
        assert all(connected for connected, _code, _socket in sockets.values())
        await database_sync_to_async(round_publish)(actor=event.organiser, round=round_)
        heard = {name: await _frames_until_quiet(s) for name, (_c, _k, s) in sockets.items()}
        for name in ("kenji", "lina", "mio"):  # Mio has the bye or a game: called either way
            assert '{"type": "called"}' in heard[name], f"{name} was not called"
            assert set(heard[name]) <= BARE_FRAMES, heard[name]
        assert heard["bystander"] == []
        assert heard["organiser"] == []

        # Kenji joins his board: only his table is called again.
        pairing = await database_sync_to_async(
            lambda: Pairing.objects.filter(round=round_, blue__isnull=False).get()
        )()
        seat = "red" if pairing.red_id == kenji.pk else "blue"
        if kenji.pk not in (pairing.red_id, pairing.blue_id):
            pytest.skip("kenji has the bye")  # pragma: no cover - ratings give Mio the bye
        await database_sync_to_async(match_join)(
            match_id=pairing.match_id, seat=seat, actor=kenji.user
        )
        heard = {name: await _frames_until_quiet(s) for name, (_c, _k, s) in sockets.items()}
        opponent = "lina" if {pairing.red_id, pairing.blue_id} == {kenji.pk, lina.pk} else "mio"
        bye = "mio" if opponent == "lina" else "lina"
        assert heard["kenji"]
        assert heard[opponent]
        assert heard[bye] == []
        assert heard["bystander"] == heard["organiser"] == []
    finally:
        for _connected, _code, socket in sockets.values():
            await socket.disconnect()


async def test_a_frame_carries_no_game_data(make_online_event: Any) -> None:
    """Whatever the change, the frame is the bare nudge: no board, no card, no token."""
    world = await database_sync_to_async(_published_round)(make_online_event)
    event = world["event"]
    await database_sync_to_async(round_publish)(actor=event.organiser, round=world["round"])
    pairing = await database_sync_to_async(
        lambda: Pairing.objects.select_related("red__user", "blue__user").get(
            round=world["round"], blue__isnull=False
        )
    )()
    match = await database_sync_to_async(Match.objects.get)(pk=pairing.match_id)
    red = pairing.red
    connected, _code, socket = await (
        _open("/ws/me/", red.user) if red.user_id else _open(f"/ws/play/{red.token}/")
    )
    assert connected
    try:
        await database_sync_to_async(match_start)(match_id=match.pk, actor=event.organiser)
        frames = await _frames_until_quiet(socket)
        assert frames
        assert '{"type": "called"}' in frames
        for frame in frames:
            assert frame in BARE_FRAMES
            for secret in (match.red_token, match.blue_token, str(match.pk), "state", "view"):
                assert secret not in frame
    finally:
        await socket.disconnect()


async def test_anonymous_and_unknown_links_are_refused() -> None:
    connected, code, _socket = await _open("/ws/me/")
    assert not connected
    assert code == 4401
    connected, code, _socket = await _open("/ws/play/not-a-real-token-at-all/")
    assert not connected
    assert code == 4404


async def test_a_token_socket_hears_only_its_entry(make_online_event: Any) -> None:
    world = await database_sync_to_async(_published_round)(make_online_event)
    event = world["event"]
    mio = await database_sync_to_async(Entry.objects.get)(event=event, name="Mio")
    other = await database_sync_to_async(
        lambda: entry_add(actor=event.organiser, event=event, name="Late")
    )()
    connected_mio, _c, mio_socket = await _open(f"/ws/play/{mio.token}/")
    connected_other, _c2, other_socket = await _open(f"/ws/play/{other.token}/")
    assert connected_mio
    assert connected_other
    try:
        # Late joined after pairing: round 1 does not concern them.
        await database_sync_to_async(round_publish)(actor=event.organiser, round=world["round"])
        assert await _frames_until_quiet(mio_socket)
        assert await _frames_until_quiet(other_socket) == []
        await mio_socket.send_json_to({"type": "join"})  # clients send nothing that counts
        assert await mio_socket.receive_nothing(timeout=0.2)
    finally:
        await mio_socket.disconnect()
        await other_socket.disconnect()


async def test_a_signed_out_session_cannot_listen_to_an_account(
    make_online_event: Any,
) -> None:
    """The account comes from the session, never from the address: nothing in the path
    names a user, so a visitor cannot pick whose calls to hear."""
    world = await database_sync_to_async(_published_round)(make_online_event)
    kenji = await database_sync_to_async(Entry.objects.get)(event=world["event"], name="kenji")
    connected, code, _socket = await _open(f"/ws/me/?user={kenji.user_id}")
    assert not connected
    assert code == 4401


async def test_a_channel_layer_resync_makes_the_page_refetch_its_banner(
    django_user_model: Any,
) -> None:
    """After a gap in the layer's subscription (matches.subscription_watch) a call may have been
    lost: the page is nudged as if called, so it refetches its banner."""
    from channels.layers import get_channel_layer

    from matches.callup import CALLED_FRAME, user_group
    from matches.subscription_watch import RESYNC_MESSAGE_TYPE

    user = await database_sync_to_async(django_user_model.objects.create_user)(
        username="resync-player", password="x"
    )
    connected, _, socket = await _open("/ws/me/", user)
    assert connected
    await get_channel_layer().group_send(user_group(user.pk), {"type": RESYNC_MESSAGE_TYPE})
    assert await socket.receive_json_from(timeout=2) == CALLED_FRAME
    await socket.disconnect()
