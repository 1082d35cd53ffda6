"""The reference bot answers frames, not the order they happen to arrive in.

A published game's seats join over the socket; the join of the second seat starts it. The
frames of the two joins can reach a socket in either order, and a pending game's view already
lists the seat's first decisions. These tests feed ``run_bot`` scripted frames."""

from __future__ import annotations

import json
from typing import Any

from matches.bot import run_bot


def _view(status: str, legal: list[str]) -> dict[str, Any]:
    return {
        "seat": "red",
        "status": status,
        "result": None,
        "game": {"legal_actions": legal},
        "clock": {"paused": False},
    }


def _frame(kind: str, status: str, ply: int, legal: list[str]) -> str:
    return json.dumps({"type": kind, "ply": ply, "view": _view(status, legal)})


class ScriptedSocket:
    """Hands out the frames of ``script`` in order and records what the bot sends."""

    def __init__(self, script: list[str]) -> None:
        self.script = list(script)
        self.sent: list[dict[str, Any]] = []

    async def send(self, message: str) -> None:
        self.sent.append(json.loads(message))

    async def recv(self) -> str:
        return self.script.pop(0)


async def test_the_bot_joins_a_pending_game_and_decides_only_once_it_runs() -> None:
    legal = ["deploy I a1 N"]
    socket = ScriptedSocket(
        [
            _frame("snapshot", "pending", 0, legal),
            _frame("update", "pending", 0, legal),  # the other seat joined first
            _frame("update", "running", 0, legal),  # this seat's join started the game
            _frame("update", "finished", 1, []),
        ]
    )
    result = await run_bot(socket)
    assert [message["type"] for message in socket.sent] == ["join", "action"]
    assert socket.sent[1] == {"type": "action", "action": "deploy I a1 N", "ply": 0}
    assert result.errors == []
    assert result.decisions == 1


async def test_a_refused_decision_is_taken_again_on_the_next_view() -> None:
    legal = ["end"]
    refusal = json.dumps({"type": "error", "code": "not_started", "ply": 0})
    socket = ScriptedSocket(
        [
            _frame("update", "running", 0, legal),
            refusal,
            _frame("update", "running", 0, legal),  # same ply: the refused decision again
            _frame("update", "finished", 1, []),
        ]
    )
    result = await run_bot(socket)
    assert [message["type"] for message in socket.sent] == ["action", "action"]
    assert result.errors == [{"type": "error", "code": "not_started", "ply": 0}]
