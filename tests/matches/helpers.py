"""Helpers of the matches tests: an injected clock and random legal play through the services."""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matches.models import Match

T0 = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)


class Clock:
    """An injected "now" that only moves when told to."""

    def __init__(self, start: dt.datetime = T0) -> None:
        self.now = start

    def tick(self, ms: int) -> dt.datetime:
        self.now += dt.timedelta(milliseconds=ms)
        return self.now


def random_action(match: Match, rng: random.Random) -> tuple[str, str]:
    """A random legal decision for the side to act: ``(seat, action text)``."""
    from engine import legal_actions
    from matches.selectors import match_game_state

    state = match_game_state(match)
    assert state.to_act is not None
    return state.to_act.label, rng.choice(legal_actions(state)).to_str()


def play(match: Match, seat: str, text: str, clock: Clock, *, think_ms: int = 1000) -> Match:
    """Submit ``text`` for ``seat`` after ``think_ms`` of thought; returns the fresh match."""
    from matches.services import match_submit_action

    return match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=text,
        expected_ply=match.ply,
        now=clock.tick(think_ms),
    )


def play_until(
    match: Match, clock: Clock, rng: random.Random, stop: Any, *, think_ms: int = 1000
) -> Match:
    """Play random legal decisions until ``stop(state)`` holds (or the game ends)."""
    from matches.selectors import match_game_state

    for _ in range(5000):
        state = match_game_state(match)
        if stop(state) or match.status != "running":
            return match
        seat, text = random_action(match, rng)
        match = play(match, seat, text, clock, think_ms=think_ms)
    raise AssertionError("the game did not reach the wanted state")
