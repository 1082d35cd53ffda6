"""軍棋 over the match WebSocket: both seats set up at once, moves and attacks (only the
outcome class is shown until the end), a flag capture ending the game, the set-up timeout."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async

import junqi
from matches.models import Match
from matches.services.lifecycle import match_create
from matches.services.timeouts import match_adjudicate_timeout
from tests.matches.consumers.conftest import frames_until, open_socket, update_at

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _new_match() -> Match:
    return match_create(red_name="Aoi", blue_name="Ren", game="junqi", start=True)


def _path(match: Match, seat: str | None = None) -> str:
    base = f"/ws/matches/{match.pk}/"
    return base if seat is None else f"{base}?token={getattr(match, f'{seat}_token')}"


def _flag_game() -> list[str]:
    """A random 軍棋 game (seed 2) that ends by a flag capture: its decision texts."""
    rng = random.Random(2)
    state = junqi.new_game()
    texts = []
    for side in junqi.Side:
        action = junqi.SubmitSetup(junqi.random_setup(side, rng))
        texts.append(action.text)
        state = junqi.apply_action(state, action)
    while state.phase is junqi.Phase.PLAY:
        move = rng.choice(junqi.legal_moves(state))
        texts.append(move.text)
        state = junqi.apply_action(state, move)
    assert state.outcome is not None
    assert state.outcome.termination is junqi.Termination.FLAG
    return texts


async def _open_all(match: Match) -> dict[str, Any]:
    sockets = {
        "red": await open_socket(_path(match, "red")),
        "blue": await open_socket(_path(match, "blue")),
        "watch": await open_socket(_path(match)),
    }
    for socket in sockets.values():
        await frames_until(socket, lambda f: f["type"] == "snapshot")
    return sockets


async def test_setup_moves_attacks_and_the_flag_capture() -> None:
    texts = _flag_game()
    red_setup, blue_setup = texts[0].split()[2], texts[1].split()[2]
    match = await _new_match()
    sockets = await _open_all(match)
    try:
        # Both seats set up at once: Blue first, then Red; nobody reads the other's set-up.
        await sockets["blue"].send_json_to({"type": "action", "action": texts[1], "ply": 0})
        for name, socket in sockets.items():
            frame = (await update_at(socket, 1))[-1]
            assert frame["view"]["setup_deadline"] is not None
            assert (blue_setup in str(frame)) is (name == "blue")
            if name != "blue":
                assert frame["view"]["history"][-1]["text"] == "setup blue ?"
        await sockets["red"].send_json_to({"type": "action", "action": texts[0], "ply": 1})
        for name, socket in sockets.items():
            frame = (await update_at(socket, 2))[-1]
            game = frame["view"]["game"]
            assert game["phase"] == "play"
            assert game["to_act"] == "red"
            assert frame["view"]["clock"]["running"] == "red"
            assert frame["view"]["setup_deadline"] is None
            assert (red_setup in str(frame)) is (name == "red")
            assert (blue_setup in str(frame)) is (name == "blue")
        attacks = 0
        ply = 2
        last: dict[str, Any] = {}
        for text in texts[2:]:
            seat = "red" if ply % 2 == 0 else "blue"
            await sockets[seat].send_json_to({"type": "action", "action": text, "ply": ply})
            ply += 1
            for name, socket in sockets.items():
                last[name] = (await update_at(socket, ply))[-1]
            move = last["watch"]["view"]["game"]["moves"]
            if last["watch"]["view"]["status"] == "running" and move and "x" in move[-1]:
                attacks += 1
                # Only the outcome class of the combat: no ranks while the game runs.
                assert "[" not in move[-1]
                for name in ("red", "blue", "watch"):
                    assert not any("[" in m for m in last[name]["view"]["game"]["moves"])
        assert attacks > 0
        for name, frame in last.items():
            view = frame["view"]
            assert view["status"] == "finished"
            assert view["result"]["method"] == "flag"
            assert view["game"]["outcome"]["termination"] == "FLAG"
            # After the end everything is public.
            assert red_setup in str(frame)
            assert blue_setup in str(frame)
            assert "?" not in {p["piece"] for p in view["game"]["pieces"]}, name
    finally:
        for socket in sockets.values():
            await socket.disconnect()


async def test_setup_timeout_ends_the_game_for_every_socket() -> None:
    match = await _new_match()
    sockets = await _open_all(match)
    red_setup = junqi.random_setup(junqi.Side.RED, random.Random(4)).text
    try:
        await sockets["red"].send_json_to(
            {"type": "action", "action": f"setup red {red_setup}", "ply": 0}
        )
        for socket in sockets.values():
            await update_at(socket, 1)
        assert match.setup_deadline is not None
        late = match.setup_deadline + dt.timedelta(milliseconds=5)
        assert await database_sync_to_async(match_adjudicate_timeout)(match_id=match.pk, now=late)
        for socket in sockets.values():
            frame = (
                await frames_until(
                    socket, lambda f: f["type"] == "update" and f["view"]["status"] == "finished"
                )
            )[-1]
            assert frame["view"]["result"]["winner"] == "red"
            assert frame["view"]["result"]["method"] == "setup_timeout"
            assert red_setup in str(frame)  # public after the end
    finally:
        for socket in sockets.values():
            await socket.disconnect()
