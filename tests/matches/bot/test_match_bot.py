"""The reference bot plays whole games over the real protocol (the consumer, in-process)."""

from __future__ import annotations

import asyncio
from io import StringIO
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command

from matches import bot
from matches.bot import BotResult, CommunicatorSocket, run_bot, socket_url
from matches.models import Match
from matches.selectors import match_action_texts
from matches.services.lifecycle import match_create
from tests.matches.consumers.conftest import open_socket

pytestmark = pytest.mark.django_db(transaction=True)


async def _bots(match: Match, **options: Any) -> list[BotResult]:
    sockets = [
        await open_socket(f"/ws/matches/{match.pk}/?token={token}")
        for token in (match.red_token, match.blue_token)
    ]
    try:
        return await asyncio.gather(
            *(
                run_bot(CommunicatorSocket(socket), seed=seed, **options)
                for seed, socket in enumerate(sockets)
            )
        )
    finally:
        for socket in sockets:
            await socket.disconnect()


async def test_two_bots_play_a_game_to_the_end() -> None:
    match = await database_sync_to_async(match_create)(
        red_name="bot a", blue_name="bot b", start=True, rulings={"turn_limit": 10}
    )
    red, blue = await _bots(match)
    fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert fresh.status == "finished"
    assert (red.seat, blue.seat) == ("red", "blue")
    assert (
        red.result
        == blue.result
        == {
            "winner": fresh.winner,
            "method": fresh.method,
            "method_label": red.result["method_label"],
            "finished_at": fresh.finished_at.isoformat(),
        }
    )
    assert (
        red.decisions + blue.decisions
        == fresh.ply
        == len(await database_sync_to_async(match_action_texts)(fresh))
    )
    assert red.errors == blue.errors == []
    assert len(red.round_trips) == red.decisions


async def test_bots_join_a_published_game_and_play_it() -> None:
    """A tournament game waits for its players (``pending``): the bots join it over the socket,
    which starts it, then play to the end."""
    match = await database_sync_to_async(match_create)(
        red_name="bot a", blue_name="bot b", rulings={"turn_limit": 10}
    )
    assert match.status == "pending"
    red, blue = await _bots(match)
    fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert fresh.status == "finished"
    assert fresh.red_joined_at is not None
    assert fresh.blue_joined_at is not None
    assert red.decisions + blue.decisions == fresh.ply
    assert red.errors == blue.errors == []


async def test_a_bot_can_resign() -> None:
    match = await database_sync_to_async(match_create)(red_name="a", blue_name="b", start=True)
    red, _blue = await _bots(match, resign_after=3)
    fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert fresh.method == "resignation"
    assert red.status == "finished"


def test_socket_url() -> None:
    assert (
        socket_url("http://127.0.0.1:8000", 5, "tok")
        == "ws://127.0.0.1:8000/ws/matches/5/?token=tok"
    )
    assert socket_url("https://example.org", 5, "t").startswith("wss://example.org/")


def test_the_command_reports_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    async def fake_play_bot(**kwargs: Any) -> BotResult:
        seen.update(kwargs)
        return BotResult(
            seat="blue",
            decisions=12,
            ply=25,
            status="finished",
            round_trips=[0.010, 0.020, 0.030],
            result={"winner": "red", "method": "timeout"},
        )

    monkeypatch.setattr(bot, "play_bot", fake_play_bot)
    monkeypatch.setattr("matches.management.commands.match_bot.play_bot", fake_play_bot)
    out = StringIO()
    call_command(
        "match_bot", "--url", "http://h:1", "--match", "3", "--seat-token", "t", stdout=out
    )
    assert seen["match_id"] == 3
    assert seen["seat_token"] == "t"
    assert out.getvalue().strip() == (
        "seat blue: 12 decisions, ply 25, status finished, result red by timeout, "
        "median round trip 20.0 ms, 0 errors"
    )
