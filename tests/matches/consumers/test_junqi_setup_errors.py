"""軍棋 set-ups the rules refuse, over the match WebSocket: each gets an error frame that names
its own reason (RULES.md §3.1–3.4), in the seat's language, and nothing changes: no update
reaches any socket and the seat may send a corrected set-up at the same ply."""

from __future__ import annotations

import random
from typing import Any

import pytest

import junqi
from matches.models import Match
from tests.junqi.test_junqi_setup import BROKEN_BY_REASON, EXAMPLE
from tests.matches.consumers.conftest import frames_until, open_socket, update_at
from tests.matches.consumers.test_junqi_consumer import _new_match, _path

pytestmark = pytest.mark.django_db(transaction=True)

#: A legal Red set-up (§10.3, rows 1→6) and one broken copy per reason, by match error code.
LEGAL = EXAMPLE
BROKEN = {code.replace(".", "_"): text for code, text in BROKEN_BY_REASON.items()}
#: What each reason says, in English and in Japanese (a few words of each message).
SAYS = {
    "setup_format": ("cannot be read", "読み取れません"),
    "setup_counts": ("25 pieces", "25"),
    "setup_flag": ("headquarters", "大本営"),
    "setup_mine": ("back rows", "地雷"),
    "setup_bomb": ("front row", "炸弾"),
}


async def _open(match: Match, language: str) -> dict[str, Any]:
    header = [(b"accept-language", language.encode())]
    sockets = {
        "red": await open_socket(_path(match, "red"), headers=header),
        "blue": await open_socket(_path(match, "blue")),
        "watch": await open_socket(_path(match)),
    }
    for socket in sockets.values():
        await frames_until(socket, lambda f: f["type"] == "snapshot")
    return sockets


async def nothing_but_presence(socket: Any) -> bool:
    """No update and no further error reaches ``socket`` (presence frames may)."""
    while not await socket.receive_nothing(timeout=0.2):
        frame = await socket.receive_json_from()
        if frame["type"] != "presence":
            return False
    return True


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("code", sorted(BROKEN))
async def test_a_refused_setup_gets_its_reason(code: str, language: str) -> None:
    match = await _new_match()
    sockets = await _open(match, language)
    try:
        await sockets["red"].send_json_to(
            {"type": "action", "action": f"setup red {BROKEN[code]}", "ply": 0}
        )
        frames = await frames_until(sockets["red"], lambda f: f["type"] in ("error", "update"))
        frame = frames[-1]
        assert frame["type"] == "error"
        assert frame["code"] == code
        assert frame["ply"] == 0
        english, japanese = SAYS[code]
        assert (english if language == "en" else japanese) in frame["message"]
        assert "valid action" not in frame["message"]
        for socket in sockets.values():
            assert await nothing_but_presence(socket)
        # Nothing was lost: the corrected set-up is taken at the same ply.
        await sockets["red"].send_json_to(
            {"type": "action", "action": f"setup red {LEGAL}", "ply": 0}
        )
        update = (await update_at(sockets["red"], 1))[-1]
        assert update["view"]["game"]["sides"]["red"]["setup"] == LEGAL
    finally:
        for socket in sockets.values():
            await socket.disconnect()


async def test_a_random_setup_is_still_taken() -> None:
    """The control case: a legal random set-up of Blue's passes the same door."""
    match = await _new_match()
    sockets = await _open(match, "en")
    text = junqi.random_setup(junqi.Side.BLUE, random.Random(5)).text
    try:
        await sockets["blue"].send_json_to(
            {"type": "action", "action": f"setup blue {text}", "ply": 0}
        )
        update = (await update_at(sockets["blue"], 1))[-1]
        assert update["view"]["game"]["sides"]["blue"]["setup_submitted"] is True
    finally:
        for socket in sockets.values():
            await socket.disconnect()
