"""Hypothesis properties of the clock over random sequences of decisions and arbiter acts.

The state machine keeps its own ledger and checks, after every step:

* remaining time is never negative, now or at any later instant, and never grows while waiting;
* each seat's time balances: ``initial + Σ increment − Σ charged + Σ delta == remaining``;
* time is conserved: the elapsed times in the log plus the running stretch equal the wall time
  during which some seat's clock ticked; and every charge is ``elapsed − credit``;
* lag credit never exceeds the reported lag, and a seat's total credit never exceeds its
  initial quota plus one gain per press or stop, however many decisions (switches) its turns
  have: a switch never credits; quotas stay within the cap, and only a press or a stop (not a
  switch, pause, resume, adjustment or flag) moves one;
* the flag deadline is exactly where the running seat's remaining time reaches 0;
* ``to_dict``/``from_dict`` round-trip every state and record through JSON.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from clock import (
    ClockEventKind,
    ClockFlaggedError,
    ClockPausedError,
    ClockRecord,
    ClockState,
    ClockStateError,
    LagPolicy,
    TimeControl,
    clock_adjust,
    clock_after_decision,
    clock_elapsed,
    clock_flag_deadline,
    clock_flagged,
    clock_new,
    clock_pause,
    clock_press,
    clock_record_flag,
    clock_remaining,
    clock_resume,
    clock_start,
    clock_stop,
    clock_switch_to,
)
from tests.sampling import examples

T0 = 1_767_225_600_000
CHARGES = {ClockEventKind.PRESS, ClockEventKind.SWITCH, ClockEventKind.STOP}
LAG_EVENTS = {ClockEventKind.PRESS, ClockEventKind.STOP}  # lag is credited once per turn

time_controls = st.builds(
    TimeControl,
    initial_ms=st.one_of(st.integers(1, 120_000), st.integers(1, 3_600_000)),
    increment_ms=st.one_of(st.just(0), st.integers(0, 30_000)),
)


@st.composite
def lag_policies(draw: st.DrawFn) -> LagPolicy:
    cap = draw(st.integers(0, 5_000))
    return draw(
        st.sampled_from([LagPolicy(), LagPolicy.none()])
        | st.builds(LagPolicy, st.integers(0, cap), st.integers(0, cap), st.just(cap))
    )


def round_trip_state(clock: ClockState) -> ClockState:
    return ClockState.from_dict(json.loads(json.dumps(clock.to_dict())))


def round_trip_record(record: ClockRecord) -> ClockRecord:
    return ClockRecord.from_dict(json.loads(json.dumps(record.to_dict())))


class ClockMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = clock_new()
        self.now = T0
        self.log: list[ClockRecord] = []
        self.ticking_ms = 0

    @initialize(control=time_controls, policy=lag_policies())
    def set_up(self, control: TimeControl, policy: LagPolicy) -> None:
        self.clock = clock_new(control, lag_policy=policy)

    def apply(self, clock: ClockState, record: ClockRecord | None) -> None:
        """Take the new state; check that only a press or a stop moved a lag quota."""
        quotas = list(self.clock.lag_quota_ms)
        if record is not None and record.kind in LAG_EVENTS and self.clock.ticking:
            assert record.seat is not None
            policy = self.clock.lag_policy
            spare = quotas[record.seat] - record.credit_ms + policy.quota_gain_ms
            quotas[record.seat] = min(spare, policy.quota_cap_ms)
        assert clock.lag_quota_ms == tuple(quotas)
        self.clock = clock
        if record is not None:
            assert record.at == self.now
            self.log.append(record)

    def fallen(self) -> bool:
        return clock_flagged(self.clock, now=self.now) is not None

    # ------------------------------------------------------------------------------ rules

    @rule(ms=st.one_of(st.integers(0, 2_000), st.integers(0, 400_000)))
    def wait(self, ms: int) -> None:
        before = [clock_remaining(self.clock, seat, now=self.now) for seat in (0, 1)]
        if self.clock.ticking:
            self.ticking_ms += ms
        self.now += ms
        after = [clock_remaining(self.clock, seat, now=self.now) for seat in (0, 1)]
        assert all(a <= b for a, b in zip(after, before, strict=True))

    @rule(
        next_seat=st.sampled_from([0, 1, None]),
        timed=st.booleans(),
        turn_ended=st.sampled_from([None, True, False]),
        lag=st.one_of(st.just(0), st.integers(-1_000, 6_000)),
    )
    def decide(self, next_seat: int | None, timed: bool, turn_ended: bool | None, lag: int) -> None:
        kwargs = {"next_seat": next_seat, "timed": timed, "turn_ended": turn_ended, "lag_ms": lag}
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_after_decision(self.clock, now=self.now, **kwargs)  # type: ignore[arg-type]
        elif self.clock.paused:
            with pytest.raises(ClockPausedError):
                clock_after_decision(self.clock, now=self.now, **kwargs)  # type: ignore[arg-type]
        else:
            self.apply(*clock_after_decision(self.clock, now=self.now, **kwargs))  # type: ignore[arg-type]

    @precondition(lambda self: self.clock.running is not None and self.clock.ticking)
    @rule(lag=st.integers(0, 3_000))
    def press(self, lag: int) -> None:
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_press(self.clock, now=self.now, lag_ms=lag)
        else:
            self.apply(*clock_press(self.clock, now=self.now, lag_ms=lag))

    @rule(seat=st.sampled_from([0, 1]))
    def start(self, seat: int) -> None:
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_start(self.clock, seat, now=self.now)
        elif self.clock.paused or self.clock.running is not None:
            with pytest.raises(ClockStateError):
                clock_start(self.clock, seat, now=self.now)
        else:
            self.apply(*clock_start(self.clock, seat, now=self.now))

    @rule(lag=st.integers(0, 3_000))
    def stop(self, lag: int) -> None:
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_stop(self.clock, now=self.now, lag_ms=lag)
        else:
            self.apply(*clock_stop(self.clock, now=self.now, lag_ms=lag))

    @rule()
    def pause_or_resume(self) -> None:
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_pause(self.clock, now=self.now)
        elif self.clock.paused:
            self.apply(*clock_resume(self.clock, now=self.now))
        else:
            self.apply(*clock_pause(self.clock, now=self.now))

    @rule(seat=st.sampled_from([0, 1]), delta=st.integers(-1_500_000, 600_000))
    def adjust(self, seat: int, delta: int) -> None:
        if self.fallen():
            with pytest.raises(ClockFlaggedError):
                clock_adjust(self.clock, seat, delta, now=self.now)
        else:
            before = clock_remaining(self.clock, seat, now=self.now)
            self.apply(*clock_adjust(self.clock, seat, delta, now=self.now))
            assert clock_remaining(self.clock, seat, now=self.now) == max(0, before + delta)

    @rule()
    def record_flag(self) -> None:
        if self.clock.flagged is not None:
            with pytest.raises(ClockFlaggedError):
                clock_record_flag(self.clock, now=self.now)
        elif not self.fallen():
            with pytest.raises(ClockStateError):
                clock_record_flag(self.clock, now=self.now)
        else:
            self.apply(*clock_record_flag(self.clock, now=self.now))
            assert self.clock.flagged is not None
            assert self.clock.remaining_ms[self.clock.flagged] == 0

    # ------------------------------------------------------------------------- invariants

    @invariant()
    def never_negative(self) -> None:
        for seat in (0, 1):
            for later in (0, 1, 10**9):
                assert clock_remaining(self.clock, seat, now=self.now + later) >= 0

    @invariant()
    def each_seat_balances(self) -> None:
        initial = self.clock.time_control.initial_ms
        for seat in (0, 1):
            mine = [r for r in self.log if r.seat == seat]
            ledger = (
                initial
                + sum(r.increment_ms for r in mine)
                - sum(r.charged_ms for r in mine)
                + sum(r.delta_ms for r in mine if r.kind == ClockEventKind.ADJUST)
            )
            assert ledger == self.clock.remaining_ms[seat]

    @invariant()
    def time_is_conserved(self) -> None:
        logged = sum(r.elapsed_ms for r in self.log)
        assert logged + clock_elapsed(self.clock, now=self.now) == self.ticking_ms
        for record in self.log:
            if record.kind != ClockEventKind.FLAG:
                assert record.charged_ms == record.elapsed_ms - record.credit_ms

    @invariant()
    def lag_credit_is_bounded(self) -> None:
        policy = self.clock.lag_policy
        for seat in (0, 1):
            charges = [r for r in self.log if r.seat == seat and r.kind in CHARGES]
            assert all(r.credit_ms <= r.lag_ms for r in charges)
            assert all(r.credit_ms == 0 for r in charges if r.kind == ClockEventKind.SWITCH)
            turns = sum(1 for r in charges if r.kind in LAG_EVENTS)
            total = sum(r.credit_ms for r in charges)
            assert total <= policy.initial_quota_ms + policy.quota_gain_ms * turns
            assert 0 <= self.clock.lag_quota_ms[seat] <= policy.quota_cap_ms

    @invariant()
    def deadline_is_where_time_runs_out(self) -> None:
        deadline = clock_flag_deadline(self.clock)
        if deadline is None:
            assert not self.clock.ticking
            return
        runner = self.clock.running
        assert runner is not None
        assert clock_remaining(self.clock, runner, now=deadline) == 0
        assert clock_flagged(self.clock, now=deadline) == runner
        if deadline - 1 >= (self.clock.segment_started_at or 0):
            assert clock_flagged(self.clock, now=deadline - 1) is None
            assert clock_remaining(self.clock, runner, now=deadline - 1) >= 1

    @invariant()
    def stored_values_round_trip(self) -> None:
        assert round_trip_state(self.clock) == self.clock
        if self.log:
            assert round_trip_record(self.log[-1]) == self.log[-1]


TestClockMachine = ClockMachine.TestCase
TestClockMachine.settings = settings(
    max_examples=examples(100), stateful_step_count=40, deadline=None
)


@given(
    control=time_controls,
    policy=lag_policies(),
    presses=st.lists(st.tuples(st.integers(0, 90_000), st.integers(-500, 4_000)), max_size=60),
)
def test_press_sequences_charge_exactly_elapsed_minus_credit(
    control: TimeControl, policy: LagPolicy, presses: list[tuple[int, int]]
) -> None:
    clock, _ = clock_start(clock_new(control, lag_policy=policy), 0, now=T0)
    now = T0
    records: list[ClockRecord] = []
    for gap, lag in presses:
        now += gap
        if clock_flagged(clock, now=now) is not None:
            clock, record = clock_record_flag(clock, now=now)
            records.append(record)
            break
        clock, record = clock_press(clock, now=now, lag_ms=lag)
        records.append(record)
        assert min(clock.remaining_ms) >= 0
    charges = [r for r in records if r.kind == ClockEventKind.PRESS]
    spent = sum(r.elapsed_ms for r in records)
    assert spent == now - T0 - clock_elapsed(clock, now=now)
    assert sum(r.charged_ms for r in charges) == sum(r.elapsed_ms - r.credit_ms for r in charges)
    for seat in (0, 1):
        mine = [r for r in records if r.seat == seat]
        assert clock.remaining_ms[seat] == control.initial_ms + sum(
            r.increment_ms - r.charged_ms for r in mine
        )


@given(
    policy=lag_policies(),
    turns=st.lists(
        st.tuples(st.integers(0, 8), st.integers(1, 3_000), st.integers(0, 10_000)),
        min_size=1,
        max_size=40,
    ),
)
def test_decisions_within_a_turn_earn_no_lag_credit(
    policy: LagPolicy, turns: list[tuple[int, int, int]]
) -> None:
    """A client that claims lag on every decision is credited once per turn: the total never
    exceeds the initial quota plus one gain per earlier turn, however many decisions its turns
    are split into."""
    control = TimeControl.casual(60)
    clock, _ = clock_start(clock_new(control, lag_policy=policy), 0, now=T0)
    now = T0
    credited = [0, 0]
    pressed = [0, 0]
    for switches, think, lag in turns:
        seat = clock.running
        for _ in range(switches):
            now += think
            clock, record = clock_switch_to(clock, clock.running, now=now, lag_ms=lag)
            assert (record.credit_ms, record.charged_ms) == (0, think)
        now += think
        clock, record = clock_press(clock, now=now, lag_ms=lag)
        credited[seat] += record.credit_ms
        pressed[seat] += 1
        assert credited[seat] <= policy.initial_quota_ms + policy.quota_gain_ms * (
            pressed[seat] - 1
        )
    spent = sum(think * (switches + 1) for switches, think, _ in turns)
    assert sum(clock.remaining_ms) == 2 * control.initial_ms - spent + sum(credited)
