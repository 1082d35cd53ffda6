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
    from matches.services.decisions import match_submit_action

    return match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=text,
        expected_ply=match.ply,
        now=clock.tick(think_ms),
    )


def blue_clock_running(make_match: Any, clock: Clock, control: str = "1+0") -> Match:
    """A match of an event's table in which Blue's clock runs (Red made its untimed first
    placement)."""
    match = make_match(time_control=control, event_id=4, pairing_id=9)
    return play(match, *random_action(match, random.Random(1)), clock)


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


def last_clock_entry(match: Match) -> Any:
    """The newest clock-log entry of ``match`` with ``ClockLogEntry``'s attribute names: a
    decision's (its move row) or any other (a ``ClockLogEntry``)."""
    from types import SimpleNamespace

    from matches.models import ClockLogEntry, MatchMove

    entry = ClockLogEntry.objects.filter(match=match).order_by("-seq").first()
    move = (
        MatchMove.objects.filter(match=match, clock_seq__isnull=False)
        .order_by("-clock_seq")
        .first()
    )
    if move is None or (entry is not None and entry.seq > (move.clock_seq or 0)):
        return entry
    return SimpleNamespace(
        seq=move.clock_seq,
        ply=move.ply,
        kind=move.clock_kind,
        at=move.clock_at,
        seat=move.clock_seat,
        running=move.clock_running,
        elapsed_ms=move.elapsed_ms,
        lag_ms=move.clock_lag_ms,
        credit_ms=move.credit_ms,
        charged_ms=move.charged_ms,
        increment_ms=move.increment_ms,
        delta_ms=move.delta_ms,
        note=move.clock_note,
    )


def play_playout(
    match: Match, clock: Clock, *, seed: int, turn_limit: int, plies: int
) -> tuple[Match, list[Any]]:
    """Play the first ``plies`` decisions of the engine's random game ``seed`` on ``match``,
    each by the seat to act; returns the fresh match and every state of that game (to compare
    a view of ply ``n`` with ``observe(states[n], seat)``)."""
    from dataclasses import replace

    from engine import replay
    from engine.playout import random_playout
    from matches.services.decisions import match_submit_action

    record, _ = random_playout(seed=seed, turn_limit=turn_limit)
    states = replay(replace(record, result=None))
    assert len(states) > plies, "the random game is shorter than asked"
    for index, text in enumerate(record.actions[:plies]):
        match_submit_action(
            match_id=match.pk,
            seat=states[index].to_act.label,
            action_text=text,
            expected_ply=index,
            now=clock.now,
        )
    match.refresh_from_db()
    return match, states
