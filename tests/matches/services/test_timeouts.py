"""Deadlines that decide a game: the idempotent timeout adjudication and the sweep (a loss
dated at the flag instant), and the no-show rule for untimed segments: off by default, an event
option, adjudicated by the timeout machinery at its deadline, and applicable by the arbiter."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from engine import Phase
from engine.formats import GameFormat
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.selectors import match_game_state
from matches.services.arbiter import match_apply_no_show, match_pause
from matches.services.otb import otb_clock_press
from matches.services.timeouts import match_adjudicate_overdue, match_adjudicate_timeout
from tests.matches.helpers import Clock, blue_clock_running, play, random_action


def test_adjudication_is_idempotent(
    make_match: Any,
    clock_at: Clock,
    finished_signals: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = blue_clock_running(make_match, clock_at)
    deadline = match.flag_deadline
    assert deadline == clock_at.now + dt.timedelta(minutes=1)
    assert match.timeout_check_at == deadline
    before = deadline - dt.timedelta(milliseconds=1)
    assert match_adjudicate_timeout(match_id=match.pk, now=before) is False
    assert match_adjudicate_timeout(match_id=match.pk, expected_ply=0, now=deadline) is False
    with django_capture_on_commit_callbacks(execute=True):
        assert match_adjudicate_timeout(match_id=match.pk, expected_ply=1, now=deadline) is True
        assert match_adjudicate_timeout(match_id=match.pk, now=deadline) is False
        assert match_adjudicate_timeout(match_id=match.pk + 1000, now=deadline) is False
    match.refresh_from_db()
    assert (match.winner, match.method, match.finished_at) == ("red", "timeout", deadline)
    assert match.events.filter(kind=MatchEvent.Kind.TIMEOUT).count() == 1
    assert match.clock_log.filter(kind="flag").count() == 1
    assert len(finished_signals) == 1


def test_a_check_that_finds_the_deadline_moved_re_arms(make_match: Any, clock_at: Clock) -> None:
    match = blue_clock_running(make_match, clock_at)
    first_check = match.timeout_check_at
    # Blue decides quickly; Red's clock runs now with a later deadline.
    match = play(match, *random_action(match, random.Random(2)), clock_at, think_ms=500)
    assert match.flag_deadline > first_check
    assert match.timeout_check_at == first_check  # no second check queued for a later deadline
    assert match_adjudicate_timeout(match_id=match.pk, now=first_check) is False
    match.refresh_from_db()
    assert match.timeout_check_at == match.flag_deadline


def test_the_sweep_adjudicates_every_overdue_match(make_match: Any, clock_at: Clock) -> None:
    first = blue_clock_running(make_match, clock_at)
    second = make_match(time_control="2+0", red_player=None, blue_player=None)
    second = play(second, *random_action(second, random.Random(3)), clock_at)
    assert match_adjudicate_overdue(now=clock_at.now) == []
    assert match_adjudicate_overdue(now=clock_at.tick(60_500)) == [first.pk]
    assert match_adjudicate_overdue(now=clock_at.tick(60_000)) == [second.pk]
    assert set(Match.objects.values_list("method", flat=True)) == {"timeout"}


def test_a_late_adjudication_dates_the_loss_at_the_flag_instant(
    make_match: Any, clock_at: Clock
) -> None:
    # The check comes 40 s late (every process that could run it was down meanwhile).
    match = blue_clock_running(make_match, clock_at)
    deadline = match.flag_deadline
    late = deadline + dt.timedelta(seconds=40)
    assert match_adjudicate_overdue(now=late) == [match.pk]
    match.refresh_from_db()
    assert match.finished_at == deadline
    event = match.events.get(kind=MatchEvent.Kind.TIMEOUT)
    assert event.detail["adjudicated_at"] == int(late.timestamp() * 1000)


LIMIT_MS = 5 * 60_000


def _code(excinfo: Any) -> str:
    return excinfo.value.code


def test_off_by_default_red_may_wait_forever(make_match: Any, clock_at: Clock) -> None:
    match = make_match()
    assert match.no_show_limit_ms is None
    assert match.flag_deadline is None  # nothing to adjudicate in the untimed first placement
    assert match_adjudicate_overdue(now=clock_at.tick(24 * 3600 * 1000)) == []
    assert Match.objects.get(pk=match.pk).status == "running"


def test_red_who_never_makes_the_first_placement_loses_by_no_show(
    make_match: Any, clock_at: Clock
) -> None:
    start = clock_at.now
    match = make_match(no_show_limit_ms=LIMIT_MS)
    deadline = start + dt.timedelta(milliseconds=LIMIT_MS)
    assert match.flag_deadline == deadline
    assert match.timeout_check_at == deadline  # the same timeout machinery as a flag
    assert (
        match_adjudicate_timeout(match_id=match.pk, now=deadline - dt.timedelta(seconds=1)) is False
    )
    assert match_adjudicate_overdue(now=deadline + dt.timedelta(seconds=3)) == [match.pk]
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "blue", "no_show")
    assert match.finished_at == deadline
    event = match.events.get(kind=MatchEvent.Kind.NO_SHOW)
    assert (event.seat, event.detail["limit_ms"]) == ("red", LIMIT_MS)
    assert match.clock_log.count() == 0  # nobody's time was charged


def test_a_late_first_placement_is_refused(make_match: Any, clock_at: Clock) -> None:
    match = make_match(no_show_limit_ms=LIMIT_MS)
    seat, text = random_action(match, random.Random(1))
    with pytest.raises(MatchError) as excinfo:
        play(match, seat, text, clock_at, think_ms=LIMIT_MS)
    assert _code(excinfo) == "no_show"
    assert Match.objects.get(pk=match.pk).method == "no_show"


def test_a_timely_placement_hands_over_to_the_clock(make_match: Any, clock_at: Clock) -> None:
    match = make_match(no_show_limit_ms=LIMIT_MS)
    match = play(match, *random_action(match, random.Random(1)), clock_at, think_ms=LIMIT_MS - 1)
    # Blue's clock runs now: the deadline is its flag again (20 minutes), not a no-show.
    assert match.flag_deadline == clock_at.now + dt.timedelta(minutes=20)


def test_a_seat_that_never_finishes_the_draft_loses_by_no_show(
    make_match: Any, clock_at: Clock
) -> None:
    match = make_match(game_format=GameFormat.tournament_rule_3(), no_show_limit_ms=LIMIT_MS)
    rng = random.Random(5)
    for _ in range(3):  # a few picks, each within the limit: each asks the next seat afresh
        match = play(match, *random_action(match, rng), clock_at, think_ms=LIMIT_MS - 1_000)
        assert match.flag_deadline == clock_at.now + dt.timedelta(milliseconds=LIMIT_MS)
    state = match_game_state(match)
    assert state.phase is Phase.DRAFT
    stalling = state.to_act.label
    deadline = match.flag_deadline
    assert match_adjudicate_timeout(match_id=match.pk, now=deadline) is True
    match.refresh_from_db()
    assert (match.method, match.finished_at) == ("no_show", deadline)
    assert match.winner == ("blue" if stalling == "red" else "red")


def test_a_paused_clock_has_no_no_show_deadline(make_match: Any, clock_at: Clock) -> None:
    match = make_match(no_show_limit_ms=LIMIT_MS)
    match = match_pause(match_id=match.pk, now=clock_at.tick(1_000))
    assert match.flag_deadline is None


def test_over_the_board_red_must_press_first(make_match: Any, clock_at: Clock) -> None:
    table = make_match(kind=Match.Kind.OTB, time_control="1+0", no_show_limit_ms=LIMIT_MS)
    assert table.flag_deadline == clock_at.now + dt.timedelta(milliseconds=LIMIT_MS)
    table = otb_clock_press(
        match_id=table.pk, seat="red", expected_ply=0, requester_seat="red", now=clock_at.tick(1)
    )
    assert table.flag_deadline == clock_at.now + dt.timedelta(minutes=1)  # Blue's flag


def test_the_arbiter_applies_the_rule(make_match: Any, clock_at: Clock) -> None:
    match = make_match(no_show_limit_ms=LIMIT_MS)
    with pytest.raises(MatchError) as excinfo:
        match_apply_no_show(match_id=match.pk, reason=" ", now=clock_at.tick(1_000))
    assert _code(excinfo) == "reason_required"
    match = match_apply_no_show(
        match_id=match.pk, reason="Red left the venue", now=clock_at.tick(1_000)
    )
    assert (match.winner, match.method, match.finished_at) == ("blue", "no_show", clock_at.now)
    event = match.events.get(kind=MatchEvent.Kind.NO_SHOW)
    assert event.detail["reason"] == "Red left the venue"


def test_the_arbiter_cannot_apply_it_without_the_rule_or_while_a_clock_runs(
    make_match: Any, clock_at: Clock
) -> None:
    without = make_match()
    with pytest.raises(MatchError) as excinfo:
        match_apply_no_show(match_id=without.pk, reason="absent", now=clock_at.now)
    assert _code(excinfo) == "no_show_off"
    match = make_match(no_show_limit_ms=LIMIT_MS)
    match = play(match, *random_action(match, random.Random(1)), clock_at)
    with pytest.raises(MatchError) as excinfo:
        match_apply_no_show(match_id=match.pk, reason="absent", now=clock_at.tick(1_000))
    assert _code(excinfo) == "not_untimed"


@pytest.mark.parametrize("limit", [0, -5, True, "300000"])
def test_a_bad_limit_is_refused(make_match: Any, limit: Any) -> None:
    with pytest.raises(MatchError) as excinfo:
        make_match(no_show_limit_ms=limit)
    assert _code(excinfo) == "bad_message"
