"""The frames of one match leave in commit order, even when an earlier send is slow; other
matches' frames do not wait for it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from matches import broadcast


async def test_frames_of_one_match_leave_in_commit_order(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[int] = []

    async def slow_first(messages: list[tuple[str, dict[str, Any]]]) -> None:
        number = messages[0][1]["n"]
        if number == 1:
            await asyncio.sleep(0.05)  # a slow send to the channel layer
        sent.append(number)

    monkeypatch.setattr(broadcast, "_send_all", slow_first)
    broadcast._spawn([("match.7.red", {"n": 1})])
    broadcast._spawn([("match.7.red", {"n": 2})])
    broadcast._spawn([("match.8.red", {"n": 3})])
    await asyncio.sleep(0.3)
    assert sent == [3, 1, 2]
