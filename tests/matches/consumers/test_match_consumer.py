"""The match WebSocket: who is who, snapshots, updates, errors, presence, translation."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from matches.models import Match
from matches.selectors import match_action_texts
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import (
    ORIGIN,
    asgi_application,
    frames_until,
    open_socket,
    update_at,
)

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _new_match(**kwargs: Any) -> Match:
    options: dict[str, Any] = {"red_name": "Aoi", "blue_name": "Ren", "start": True}
    options.update(kwargs)
    return match_create(**options)


def _path(match: Match, seat: str | None = None) -> str:
    base = f"/ws/matches/{match.pk}/"
    if seat is None:
        return base
    return f"{base}?token={getattr(match, f'{seat}_token')}"


async def _snapshot(communicator: Any) -> dict[str, Any]:
    frames = await frames_until(communicator, lambda f: f["type"] == "snapshot")
    return frames[-1]


async def test_each_seat_gets_its_own_snapshot() -> None:
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    blue = await open_socket(_path(match, "blue"))
    watcher = await open_socket(_path(match))
    try:
        for socket, seat in ((red, "red"), (blue, "blue"), (watcher, None)):
            snapshot = await _snapshot(socket)
            assert snapshot["ply"] == 0
            assert snapshot["view"]["seat"] == seat
            assert snapshot["view"]["game"]["viewer"] == seat
            # Only the seat to act (Red deploys first) is offered legal actions.
            assert bool(snapshot["view"]["game"]["legal_actions"]) is (seat == "red")
    finally:
        for socket in (red, blue, watcher):
            await socket.disconnect()


async def test_a_logged_in_player_is_recognised_by_the_session(
    two_players: Any,
) -> None:
    red_user, blue_user = two_players
    match = await _new_match(red_player=red_user, blue_player=blue_user)
    client = Client()
    await database_sync_to_async(client.force_login)(blue_user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    socket = await open_socket(_path(match), headers=[(b"cookie", cookie)])
    try:
        assert (await _snapshot(socket))["view"]["seat"] == "blue"
    finally:
        await socket.disconnect()


async def test_bad_tokens_and_unknown_matches_are_closed() -> None:
    match = await _new_match()
    for path, code in ((f"/ws/matches/{match.pk}/?token=nope", 4403), ("/ws/matches/999/", 4404)):
        communicator = WebsocketCommunicator(asgi_application(), path, headers=ORIGIN)
        connected, _ = await communicator.connect(timeout=10)
        assert connected  # accepted, then closed with the reason as the close code
        assert await communicator.receive_output(timeout=10) == {
            "type": "websocket.close",
            "code": code,
        }


async def test_a_decision_updates_every_audience_and_an_error_only_its_sender() -> None:
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    blue = await open_socket(_path(match, "blue"))
    watcher = await open_socket(_path(match))
    try:
        snapshot = await _snapshot(red)
        await _snapshot(blue)
        await _snapshot(watcher)
        legal = snapshot["view"]["game"]["legal_actions"]
        await red.send_json_to({"type": "action", "action": legal[0], "ply": 0})
        for socket, seat in ((red, "red"), (blue, "blue"), (watcher, None)):
            update = (await update_at(socket, 1))[-1]
            assert update["view"]["seat"] == seat
            assert update["view"]["history"] == [{"ply": 1, "seat": "red", "text": legal[0]}]
            assert update["view"]["history_from"] == 1
        # A stale repeat of the same decision: one error frame to its sender, nothing else.
        await red.send_json_to({"type": "action", "action": legal[0], "ply": 0})
        error = await red.receive_json_from(timeout=10)
        assert error["type"] == "error"
        assert error["code"] == "stale_ply"
        assert error["ply"] == 1
        assert set(error) == {"type", "code", "message", "ply"}
        for socket in (red, blue, watcher):
            assert await socket.receive_nothing(timeout=0.3)
    finally:
        for socket in (red, blue, watcher):
            await socket.disconnect()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "bad_message"),
        ("[1, 2]", "bad_message"),
        ('{"type": "dance"}', "bad_message"),
        ('{"type": "action", "action": "end"}', "bad_message"),
        ('{"type": "action", "action": 5, "ply": 0}', "bad_message"),
        ('{"type": "action", "action": "end", "ply": true}', "bad_message"),
        ('{"type": "action", "action": "end", "ply": 0}', "illegal_action"),
        ('{"type": "action", "action": "fly away", "ply": 0}', "invalid_action"),
        ('{"type": "press", "seat": "red", "ply": 0}', "wrong_kind"),
        ('{"type": "pause"}', "not_allowed"),
        ('{"type": "claim_flag"}', "flag_not_fallen"),
        ('{"type": "confirm_result"}', "wrong_kind"),
    ],
)
async def test_bad_requests_get_one_error_frame_and_change_nothing(message: str, code: str) -> None:
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    try:
        await _snapshot(red)
        await red.send_to(text_data=message)
        error = await red.receive_json_from(timeout=10)
        assert (error["type"], error["code"], error["ply"]) == ("error", code, 0)
        assert await red.receive_nothing(timeout=0.2)
        fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        actions = await database_sync_to_async(match_action_texts)(fresh)
        assert (fresh.ply, actions, fresh.status) == (0, [], "running")
    finally:
        await red.disconnect()


async def test_spectators_cannot_act() -> None:
    match = await _new_match()
    watcher = await open_socket(_path(match))
    try:
        await _snapshot(watcher)
        await watcher.send_json_to({"type": "action", "action": "deploy I c2 N", "ply": 0})
        assert (await watcher.receive_json_from(timeout=10))["code"] == "not_a_player"
        await watcher.send_json_to({"type": "resign"})
        assert (await watcher.receive_json_from(timeout=10))["code"] == "not_a_player"
    finally:
        await watcher.disconnect()


async def test_error_messages_are_translated() -> None:
    match = await _new_match()
    messages = {}
    for language in ("en", "ja"):
        socket = await open_socket(
            _path(match, "blue"), headers=[(b"accept-language", language.encode())]
        )
        try:
            await _snapshot(socket)
            await socket.send_json_to({"type": "action", "action": "end", "ply": 0})
            messages[language] = (await socket.receive_json_from(timeout=10))["message"]
        finally:
            await socket.disconnect()
    assert messages["en"] == "It is not your turn."
    assert messages["ja"] == "あなたの手番ではありません。"


async def test_presence_is_broadcast() -> None:
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    try:
        snapshot = (await frames_until(red, lambda f: f["type"] == "snapshot"))[-1]
        assert snapshot["view"]["presence"]["blue"] is False
        blue = await open_socket(_path(match, "blue"))
        frames = await frames_until(red, lambda f: f["type"] == "presence" and f["seat"] == "blue")
        assert frames[-1]["connected"] is True
        assert frames[-1]["ply"] == 0
        await blue.disconnect()
        frames = await frames_until(red, lambda f: f["type"] == "presence" and f["seat"] == "blue")
        assert frames[-1]["connected"] is False
    finally:
        await red.disconnect()


async def test_resigning_over_the_socket() -> None:
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    blue = await open_socket(_path(match, "blue"))
    try:
        await _snapshot(red)
        await _snapshot(blue)
        await blue.send_json_to({"type": "resign"})
        for socket in (red, blue):
            frames = await frames_until(socket, lambda f: f["type"] == "update")
            result = frames[-1]["view"]["result"]
            assert (result["winner"], result["method"]) == ("red", "resignation")
            assert frames[-1]["view"]["status"] == "finished"
    finally:
        await red.disconnect()
        await blue.disconnect()


async def test_messages_are_handled_without_a_hop_to_the_shared_sync_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Requests and relayed frames never wait for Channels' per-message connection cleanup
    (the consumer's database work runs in its own threads, which clean up themselves)."""
    import channels.consumer

    async def refuse() -> None:
        raise AssertionError("per-message hop to the shared sync thread")

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", refuse)
    match = await _new_match()
    red = await open_socket(_path(match, "red"))
    blue = await open_socket(_path(match, "blue"))
    try:
        legal = (await _snapshot(red))["view"]["game"]["legal_actions"]
        await _snapshot(blue)
        await red.send_json_to({"type": "action", "action": legal[0], "ply": 0})
        for socket in (red, blue):
            assert (await update_at(socket, 1))[-1]["ply"] == 1
    finally:
        await red.disconnect()
        await blue.disconnect()
