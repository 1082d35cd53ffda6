"""The official press points (RULES.md §15) through ``clock_after_decision``, as tables.

Each scenario is a scripted sequence of decisions: how long after the previous decision it
reached the server, what the engine says comes next (``next_seat``, ``timed``), and what the
clock must then show. Times are injected; nothing here reads a real clock.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from clock import (
    BLUE,
    RED,
    ClockEventKind,
    ClockFlaggedError,
    ClockPausedError,
    ClockRecord,
    ClockState,
    LagPolicy,
    TimeControl,
    clock_after_decision,
    clock_flagged,
    clock_new,
    clock_pause,
    clock_record_flag,
    clock_remaining,
)

T0 = 1_767_225_600_000
F = 1_200_000  # 20 minutes
START, PRESS, SWITCH, STOP = (
    ClockEventKind.START,
    ClockEventKind.PRESS,
    ClockEventKind.SWITCH,
    ClockEventKind.STOP,
)


@dataclass(frozen=True)
class Step:
    """One decision and what the clock must show right after it."""

    label: str
    after_ms: int  # since the previous decision (or since T0 for the first)
    next_seat: int | None
    timed: bool
    kind: ClockEventKind | None  # the clock-log entry, or None for "no entry"
    remaining: tuple[int, int]
    running: int | None
    turn_ended: bool | None = None
    lag_ms: int = 0


def play(
    steps: list[Step], clock: ClockState, *, start: int = T0
) -> tuple[ClockState, list[ClockRecord | None], int]:
    """Feed the steps to the clock, asserting each expected result; return the final state."""
    now = start
    records: list[ClockRecord | None] = []
    for step in steps:
        now += step.after_ms
        assert clock_flagged(clock, now=now) is None, step.label
        clock, record = clock_after_decision(
            clock,
            now=now,
            next_seat=step.next_seat,
            timed=step.timed,
            lag_ms=step.lag_ms,
            turn_ended=step.turn_ended,
        )
        records.append(record)
        assert (None if record is None else record.kind) == step.kind, step.label
        shown = (clock_remaining(clock, RED, now=now), clock_remaining(clock, BLUE, now=now))
        assert shown == step.remaining, step.label
        assert clock.running == step.running, step.label
        if record is not None:
            assert record.at == now, step.label
            assert record.remaining_ms == step.remaining, step.label
    return clock, records, now


DEPLOYMENT = [
    Step("Red's first placement is untimed; Blue's clock starts", 9_000, BLUE, True,
         START, (F, F), BLUE),
    Step("Blue places: press", 7_000, RED, True, PRESS, (F, F - 7_000), RED),
    Step("Red places: press", 3_000, BLUE, True, PRESS, (F - 3_000, F - 7_000), BLUE),
    Step("Blue places: press", 4_000, RED, True, PRESS, (F - 3_000, F - 11_000), RED),
    Step("Red's last placement: press", 2_000, BLUE, True, PRESS, (F - 5_000, F - 11_000), BLUE),
    Step("Blue places again, Red cannot place: press, Blue runs on", 5_000, BLUE, True,
         PRESS, (F - 5_000, F - 16_000), BLUE, turn_ended=True),
    Step("Blue's last placement: set-up begins, Red's clock runs", 6_000, RED, True,
         PRESS, (F - 5_000, F - 22_000), RED),
]  # fmt: skip

SETUP = [
    Step("Red chooses its general: Red's clock keeps running", 20_000, RED, True,
         SWITCH, (F - 25_000, F - 22_000), RED),
    Step("Red fixes hand and deck: press", 30_000, BLUE, True,
         PRESS, (F - 55_000, F - 22_000), BLUE),
    Step("Blue chooses its general", 10_000, BLUE, True, SWITCH, (F - 55_000, F - 32_000), BLUE),
    Step("Blue fixes hand and deck: press, Red starts the war", 25_000, RED, True,
         PRESS, (F - 55_000, F - 57_000), RED),
]  # fmt: skip

WAR = [
    Step("Red plays a card (command): no press", 15_000, RED, True,
         SWITCH, (F - 70_000, F - 57_000), RED),
    Step("Red ends command, Rest: press", 2_000, BLUE, True,
         PRESS, (F - 72_000, F - 57_000), BLUE),
    Step("Blue chooses how its 1st card moves: no press", 8_000, BLUE, True,
         SWITCH, (F - 72_000, F - 65_000), BLUE),
    Step("Blue plays two cards: no press", 12_000, BLUE, True,
         SWITCH, (F - 72_000, F - 77_000), BLUE),
    Step("Blue uses Swift Dispatch, Rest: press", 3_000, RED, True,
         PRESS, (F - 72_000, F - 80_000), RED),
    Step("Red's cavalry takes Blue's general: game over, clocks stop", 40_000, None, False,
         STOP, (F - 112_000, F - 80_000), None),
]  # fmt: skip


@pytest.mark.parametrize(
    "steps",
    [DEPLOYMENT, DEPLOYMENT + SETUP, DEPLOYMENT + SETUP + WAR],
    ids=["deployment", "setup", "war"],
)
def test_official_press_points(steps: list[Step]) -> None:
    clock, _, now = play(steps, clock_new(TimeControl.official(), lag_policy=LagPolicy.none()))
    if steps[-1].running is None:  # after the game nobody's time runs
        assert clock_remaining(clock, RED, now=now + 10**8) == steps[-1].remaining[RED]
        assert clock_remaining(clock, BLUE, now=now + 10**8) == steps[-1].remaining[BLUE]


def test_red_first_placement_charges_nobody_however_long_it_takes() -> None:
    clock, record = clock_after_decision(clock_new(), now=T0 + 900_000, next_seat=BLUE, timed=True)
    assert record is not None
    assert record.kind == START
    assert record.charged_ms == 0
    assert clock.remaining_ms == (F, F)
    assert clock.segment_started_at == T0 + 900_000


def test_fischer_increment_only_at_presses() -> None:
    steps = DEPLOYMENT + SETUP + WAR
    policy = LagPolicy.none()
    _, official, _ = play(steps, clock_new(TimeControl.official(), lag_policy=policy))
    fischer_clock = clock_new(TimeControl.fischer(20, 5), lag_policy=policy)
    now = T0
    presses = [0, 0]
    for step, plain in zip(steps, official, strict=True):
        now += step.after_ms
        fischer_clock, record = clock_after_decision(
            fischer_clock,
            now=now,
            next_seat=step.next_seat,
            timed=step.timed,
            turn_ended=step.turn_ended,
        )
        assert record is not None
        assert plain is not None
        if record.kind == PRESS:
            assert record.seat is not None
            presses[record.seat] += 1
            assert record.increment_ms == 5_000, step.label
        else:
            assert record.increment_ms == 0, step.label
        for seat in (RED, BLUE):
            assert record.remaining_ms[seat] == plain.remaining_ms[seat] + 5_000 * presses[seat]
    # Red: 2 placements after its untimed first one, set-up, 1 war turn (the last decision
    # ends the game: no increment). Blue: 4 placements, set-up, 1 war turn.
    assert presses == [4, 6]


UNTIMED_DRAFT = [
    Step("Rule 3 draft: Red picks", 40_000, BLUE, False, None, (F, F), None),
    Step("Blue picks", 50_000, RED, False, None, (F, F), None),
    Step("Red picks", 60_000, BLUE, False, None, (F, F), None),
    Step("Blue's last pick: deployment, Red's first placement untimed", 70_000, RED, False,
         None, (F, F), None),
    Step("Red's first placement: Blue's clock starts", 30_000, BLUE, True, START, (F, F), BLUE),
    Step("Blue places: press", 4_000, RED, True, PRESS, (F, F - 4_000), RED),
]  # fmt: skip

UNTIMED_MID_GAME = [
    Step("Red's first placement", 1_000, BLUE, True, START, (F, F), BLUE),
    Step("Blue places", 10_000, RED, True, PRESS, (F, F - 10_000), RED),
    Step("Red's decision opens an untimed choice: Red is charged, clocks stop", 5_000, RED,
         False, STOP, (F - 5_000, F - 10_000), None),
    Step("the untimed choice: nobody is charged", 300_000, BLUE, False,
         None, (F - 5_000, F - 10_000), None),
    Step("the choice is over: Red's clock runs again", 200_000, RED, True,
         START, (F - 5_000, F - 10_000), RED),
    Step("Red finishes its turn: press", 7_000, BLUE, True, PRESS, (F - 12_000, F - 10_000), BLUE),
]  # fmt: skip


@pytest.mark.parametrize(
    "steps", [UNTIMED_DRAFT, UNTIMED_MID_GAME], ids=["draft-before-deployment", "mid-game"]
)
def test_untimed_segments_charge_no_one(steps: list[Step]) -> None:
    play(steps, clock_new(lag_policy=LagPolicy.none()))


def test_completed_turn_before_an_untimed_segment_earns_the_increment() -> None:
    steps = [
        Step("Red's first placement", 0, BLUE, True, START, (F, F), BLUE),
        Step("Blue ends its turn into an untimed segment", 6_000, RED, False,
             STOP, (F, F - 1_000), None),
    ]  # fmt: skip
    _, records, _ = play(steps, clock_new(TimeControl.fischer(20, 5), lag_policy=None))
    assert records[-1] is not None
    assert records[-1].increment_ms == 5_000


def test_no_increment_for_the_game_ending_decision() -> None:
    steps = [
        Step("Red's first placement", 0, BLUE, True, START, (F, F), BLUE),
        Step("Blue resigns by decision / wins", 6_000, None, False, STOP, (F, F - 6_000), None,
             turn_ended=True),
    ]  # fmt: skip
    play(steps, clock_new(TimeControl.fischer(20, 5), lag_policy=LagPolicy.none()))


def test_game_over_in_an_untimed_segment_changes_nothing() -> None:
    clock = clock_new()
    assert clock_after_decision(clock, now=T0, next_seat=None, timed=False) == (clock, None)


def test_lag_is_credited_at_every_press_and_never_within_a_turn() -> None:
    steps = [
        Step("Red's first placement: no charge, so no lag credit", 3_000, BLUE, True,
             START, (F, F), BLUE, lag_ms=400),
        Step("Blue places, 400 ms lag: 300 credited (initial quota)", 7_000, RED, True,
             PRESS, (F, F - 6_700), RED, lag_ms=400),
        Step("Red places, 150 ms lag", 5_000, BLUE, True,
             PRESS, (F - 4_850, F - 6_700), BLUE, lag_ms=150),
        Step("Blue places, 400 ms lag: quota is 100 now", 2_000, BLUE, True,
             PRESS, (F - 4_850, F - 8_600), BLUE, lag_ms=400, turn_ended=True),
        Step("Blue's decision within its turn, 400 ms lag: charged in full", 2_000, BLUE, True,
             SWITCH, (F - 4_850, F - 10_600), BLUE, lag_ms=400),
        Step("Blue ends its turn, 400 ms lag: the quota is still 100", 2_000, RED, True,
             PRESS, (F - 4_850, F - 12_500), RED, lag_ms=400),
    ]  # fmt: skip
    clock, records, _ = play(steps, clock_new(lag_policy=LagPolicy()))
    credits = [None if r is None else r.credit_ms for r in records]
    assert credits == [0, 300, 150, 100, 0, 100]
    assert clock.lag_quota_ms == (300 - 150 + 100, 100)


def test_a_decision_after_the_flag_fell_is_refused_and_the_flag_recorded() -> None:
    steps = [
        Step("Red's first placement", 1_000, BLUE, True, START, (60_000, 60_000), BLUE),
        Step("Blue places", 4_000, RED, True, PRESS, (60_000, 56_000), RED),
    ]
    clock, _, now = play(steps, clock_new(TimeControl(initial_ms=60_000)))
    # Red runs with 60 s left since `now`; its next decision arrives exactly at zero.
    late = now + 60_000
    assert clock_flagged(clock, now=late - 1) is None
    assert clock_flagged(clock, now=late) == RED
    with pytest.raises(ClockFlaggedError) as excinfo:
        clock_after_decision(clock, now=late, next_seat=BLUE, timed=True, lag_ms=500)
    assert excinfo.value.seat == RED
    clock, record = clock_record_flag(clock, now=late)
    assert record.kind == ClockEventKind.FLAG
    assert clock.flagged == RED
    with pytest.raises(ClockFlaggedError):
        clock_after_decision(clock, now=late + 1, next_seat=BLUE, timed=True)


def test_decisions_are_refused_while_the_arbiter_has_paused() -> None:
    clock, _, now = play(DEPLOYMENT[:2], clock_new())
    clock = clock_pause(clock, now=now + 1_000).state
    with pytest.raises(ClockPausedError):
        clock_after_decision(clock, now=now + 2_000, next_seat=BLUE, timed=True)
