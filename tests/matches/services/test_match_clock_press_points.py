"""The clock is pressed exactly where the official rules press it (RULES.md §15).

With an injected clock and a Fischer increment (10+5), every decision's clock-log entry shows
whether it was a press (charge + increment, other seat starts), a switch (charge only, same
seat continues) or the untimed start: deployment's first placement is untimed, every later
placement is a press, set-up runs Red then Blue (general = switch, hand/deck = press), and in
war the clock passes only at the end of the mover's Rest.
"""

from __future__ import annotations

import random
from typing import Any

from clock import ClockState
from engine import Phase
from engine.actions import ArrangeCards, ChooseGeneral, EndCommand, parse_action
from matches.models import Match
from matches.selectors import SEAT_LABELS, match_clock_log, match_game_state
from tests.matches.helpers import Clock, last_clock_entry, play, random_action

INCREMENT = 5_000
THINK = 1_234
LAG = 150


def _last_entry(match: Match) -> Any:
    return last_clock_entry(match)


def test_every_press_point_of_a_whole_game(make_match: Any, clock_at: Clock) -> None:
    match = make_match(time_control="10+5")
    rng = random.Random(2034)  # a random game of about 1,500 decisions that ends by the rules
    seen = {"start": 0, "press": 0, "switch": 0, "stop": 0}
    for _ in range(3000):
        if match.status != "running":
            break
        before_state = match_game_state(match)
        before_clock = ClockState.from_dict(match.clock)
        seat, text = random_action(match, rng)
        action = parse_action(text)
        match = match_submit_action_with_lag(match, seat, text, clock_at)
        after_state = match_game_state(match)
        entry = _last_entry(match)
        seen[entry.kind] += 1
        assert entry.ply == match.ply
        assert entry.at == int(clock_at.now.timestamp() * 1000)
        mover = int(before_state.to_act)

        if before_state.phase is Phase.DEPLOYMENT and before_state.ply == 0:
            # Red's first placement is untimed: Blue's clock starts, nobody is charged.
            assert entry.kind == "start"
            assert entry.seat == 1
            assert entry.charged_ms == 0
            assert ClockState.from_dict(match.clock).remaining_ms == (600_000, 600_000)
            continue
        assert entry.seat == mover  # the seat charged is always the one that decided
        assert entry.elapsed_ms == THINK
        assert entry.charged_ms == THINK - entry.credit_ms
        assert 0 <= entry.credit_ms <= LAG
        if after_state.phase is Phase.OVER:
            assert entry.kind == "stop"
            assert entry.increment_ms == 0
            assert entry.running is None
            continue
        if before_state.phase is Phase.DEPLOYMENT:
            expected = "press"  # every placement, even when the same seat places again
        elif before_state.phase is Phase.SETUP:
            expected = "press" if isinstance(action, ArrangeCards) else "switch"
            assert isinstance(action, ArrangeCards | ChooseGeneral)
        else:
            # War: only the end of the command step (followed by Rest) passes the clock.
            expected = "press" if isinstance(action, EndCommand) else "switch"
        assert entry.kind == expected, (before_state.phase, text)
        assert entry.increment_ms == (INCREMENT if expected == "press" else 0)
        assert entry.running == int(after_state.to_act)
        # The stored remaining time balances: before − charged + increment.
        after_clock = ClockState.from_dict(match.clock)
        assert after_clock.remaining_ms[mover] == (
            before_clock.remaining_ms[mover] - entry.charged_ms + entry.increment_ms
        )
        assert after_clock.segment_started_at == entry.at
    assert match.status == "finished"
    assert min(seen.values()) > 0, seen
    # Each seat's log balances: initial + Σ increment − Σ charged == remaining.
    final = ClockState.from_dict(match.clock)
    for seat in (0, 1):
        entries = [e for e in match_clock_log(match=match) if e["seat"] == SEAT_LABELS[seat]]
        charged = sum(e["charged_ms"] for e in entries)
        added = sum(e["increment_ms"] for e in entries)
        assert 600_000 + added - charged == final.remaining_ms[seat]


def match_submit_action_with_lag(match: Match, seat: str, text: str, clock: Clock) -> Match:
    from matches.services.decisions import match_submit_action

    return match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=text,
        expected_ply=match.ply,
        lag_ms=LAG,
        now=clock.tick(THINK),
    )


def test_setup_runs_red_then_blue_then_red_starts_the_war(make_match: Any, clock_at: Clock) -> None:
    match = make_match()
    rng = random.Random(8)
    while match_game_state(match).phase is Phase.DEPLOYMENT:
        match = play(match, *random_action(match, rng), clock_at, think_ms=100)
    clock = ClockState.from_dict(match.clock)
    assert clock.running == 0  # Red fixes its general, hand and deck on its own time
    runners = []
    while match_game_state(match).phase is Phase.SETUP:
        match = play(match, *random_action(match, rng), clock_at, think_ms=100)
        runners.append(ClockState.from_dict(match.clock).running)
    # general (Red continues), cards (Blue starts), general (Blue continues), cards (Red: war)
    assert runners == [0, 1, 1, 0]
    assert match_game_state(match).phase is Phase.WAR


def test_lag_is_credited_only_within_the_quota(make_match: Any, clock_at: Clock) -> None:
    from matches.services.decisions import match_submit_action

    match = make_match()
    rng = random.Random(4)
    match = play(match, *random_action(match, rng), clock_at)
    seat, text = random_action(match, rng)
    match = match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=text,
        expected_ply=match.ply,
        lag_ms=5_000,  # claims 5 s of transit: only the initial quota (300 ms) is credited
        now=clock_at.tick(10_000),
    )
    entry = _last_entry(match)
    assert (entry.elapsed_ms, entry.lag_ms, entry.credit_ms, entry.charged_ms) == (
        10_000,
        5_000,
        300,
        9_700,
    )
    assert ClockState.from_dict(match.clock).remaining_ms[1] == 1_200_000 - 9_700
