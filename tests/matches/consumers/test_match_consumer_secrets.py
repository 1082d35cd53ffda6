"""The key property: no frame a seat receives ever holds the other seat's secrets.

Random games are played through the real WebSocket with both seats and a spectator connected;
each client picks its decisions from the legal actions its own view offers, exactly like a
browser. Every frame each socket receives is kept, and after the game each is checked against
the engine's god state at that frame's ply (rebuilt by replaying the action log):

* the view's ``game`` is exactly ``engine.observe(god state, viewer)`` — the one chokepoint —
  and, structurally, the opponent's general, hand, deck and face-down queued cards are absent;
* every history entry is what ``engine.history_text`` lets that viewer see;
* error and presence frames carry only their documented fields.

Between decisions, bad requests are sent at random (stale plies, decisions out of turn,
garbage, illegal actions): each gets exactly one error frame, to its sender only, and nothing
else happens (``receive_nothing`` on every socket). Games use a small non-official turn limit
so that many of them fit in a test run; ``GUNSHI_SECRET_GAMES`` raises the number of games.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async

from engine import Phase, Side, history_text, observe, parse_action
from engine.record import GameRecord, replay
from engine.state import GameState
from matches.errors import MESSAGES
from matches.models import Match
from matches.selectors import match_action_texts
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import frames_until, open_socket, update_at
from tests.sampling import cases

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

GAMES = int(os.environ.get("GUNSHI_SECRET_GAMES", "12"))
#: All ``GAMES`` seeds in the ``ci`` profile; everyday, a spread of a fifth of them, at least 3
#: (tests/sampling.py).
SEEDS = cases(range(GAMES), least=3)
SEATS = ("red", "blue")


def _check_secrets(
    frame: dict[str, Any], viewer: str | None, states: list[GameState], actions: list[str]
) -> None:
    """Assert that ``frame``, received by ``viewer``, reveals nothing it may not see."""
    kind = frame["type"]
    if kind == "error":
        assert set(frame) == {"type", "code", "message", "ply"}
        assert frame["code"] in MESSAGES
        assert frame["message"] in {str(m) for m in MESSAGES.values()} | _japanese_messages()
        return
    if kind == "presence":
        assert set(frame) == {"type", "ply", "seat", "connected"}
        return
    assert kind in ("snapshot", "update")
    view = frame["view"]
    ply = frame["ply"]
    assert view["ply"] == ply
    state = states[ply]
    side = None if viewer is None else Side[viewer.upper()]
    game = view["game"]
    assert game == observe(state, side)
    over = state.phase is Phase.OVER
    for opponent in Side:
        if opponent is side:
            continue
        mine = state.sides[opponent]
        shown = game["sides"][opponent.label]
        if not over:
            assert shown["general"] is None
            assert shown["general_square"] is None
            assert not any(p["general"] for p in game["board"] if p["owner"] == opponent.label)
        assert shown["hand"] is None
        assert shown["deck"] is None
        for queued, card in zip(mine.queue, shown["queue"], strict=True):
            assert card["card"] == (queued.card.value if queued.face_up else None)
        if mine.swift is not None and not mine.swift.face_up:
            assert shown["swift"]["card"] is None
    # History: each entry as history_text lets this viewer see it (all public once over).
    for entry in view["history"]:
        before = states[entry["ply"] - 1]
        action = parse_action(actions[entry["ply"] - 1])
        expected = (
            action.to_str() if view["status"] == "finished" else history_text(before, action, side)
        )
        assert entry["text"] == expected


_JA: set[str] = set()


def _japanese_messages() -> set[str]:
    if not _JA:
        from django.utils import translation

        with translation.override("ja"):
            _JA.update(str(m) for m in MESSAGES.values())
    return _JA


async def _bad_request(
    rng: random.Random, sockets: dict[str | None, Any], view: dict[str, Any]
) -> None:
    """Send one request that must be refused; check the single error frame and the silence."""
    ply = view["ply"]
    to_act = view["game"]["to_act"]
    other = "blue" if to_act == "red" else "red"
    legal = view["game"]["legal_actions"]
    choice = rng.randrange(5)
    if choice == 0:
        sender, message = to_act, {"type": "action", "action": rng.choice(legal), "ply": ply - 1}
    elif choice == 1:
        sender, message = to_act, {"type": "action", "action": rng.choice(legal), "ply": ply + 1}
    elif choice == 2:
        sender, message = other, {"type": "action", "action": rng.choice(legal), "ply": ply}
    elif choice == 3:
        sender, message = to_act, {"type": "action", "action": "b9-z0", "ply": ply}
    else:
        sender, message = None, {"type": "action", "action": rng.choice(legal), "ply": ply}
    await sockets[sender].send_json_to(message)
    error = await sockets[sender].receive_json_from(timeout=10)
    assert error["type"] == "error"
    assert error["ply"] == ply
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.05)


async def _play_one_game(seed: int) -> None:
    rng = random.Random(seed)
    match = await database_sync_to_async(match_create)(
        red_name="Aoi", blue_name="Ren", start=True, rulings={"turn_limit": 6 + 2 * seed}
    )
    received: dict[str | None, list[dict[str, Any]]] = {"red": [], "blue": [], None: []}
    sockets: dict[str | None, Any] = {}
    try:
        for seat in ("red", "blue", None):
            query = "" if seat is None else f"?token={getattr(match, f'{seat}_token')}"
            sockets[seat] = await open_socket(f"/ws/matches/{match.pk}/{query}")
            received[seat] += await frames_until(sockets[seat], lambda f: f["type"] == "snapshot")
        # Red connected first: it hears Blue arrive.
        received["red"] += await frames_until(sockets["red"], lambda f: f["type"] == "presence")
        views = {
            seat: next(f["view"] for f in received[seat] if f["type"] == "snapshot")
            for seat in SEATS
        }
        ply = 0
        while True:
            to_act = views["red"]["game"]["to_act"]
            if to_act is None:
                break
            view = views[to_act]
            assert view["game"]["legal_actions"]
            assert views["blue" if to_act == "red" else "red"]["game"]["legal_actions"] == []
            if rng.random() < 0.08:
                await _bad_request(rng, sockets, view)
            action = rng.choice(view["game"]["legal_actions"])
            await sockets[to_act].send_json_to({"type": "action", "action": action, "ply": ply})
            ply += 1
            for seat, socket in sockets.items():
                frames = await update_at(socket, ply)
                received[seat] += frames
                if seat is not None:
                    views[seat] = frames[-1]["view"]
            assert ply < 5000
        for socket in sockets.values():
            assert await socket.receive_nothing(timeout=0.05)
    finally:
        for socket in sockets.values():
            await socket.disconnect()

    fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert fresh.status == "finished"
    assert fresh.ply == ply
    actions = await database_sync_to_async(match_action_texts)(fresh)
    record = GameRecord(actions=tuple(actions), rulings=match_rulings(fresh))
    states = replay(record)
    for seat, frames in received.items():
        assert frames
        for frame in frames:
            _check_secrets(frame, seat, states, actions)


def match_rulings(match: Match) -> Any:
    from engine import Rulings

    return Rulings.from_dict(match.rulings)


@pytest.mark.parametrize("seed", SEEDS)
async def test_no_frame_ever_reveals_the_other_seats_secrets(seed: int) -> None:
    await _play_one_game(seed)
