"""No table can hang: every started game ends by itself or is flagged to the arbiter
(``matches.attention``), and a seat that never made its first decision can be forfeited as a
no-show after the start deadline, however the game was started."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.utils import timezone

from matches import attention
from matches.attention import (
    BOTH,
    DISCONNECTED,
    LOW_TIME,
    NO_FIRST_DECISION,
    NOT_JOINED,
    OVERDUE,
    STUCK,
    tables_watch,
)
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.presence import presence_scope, presence_touch
from matches.services.arbiter import event_start_waiting, match_forfeit_absent, match_pause
from matches.services.lifecycle import match_create
from matches.services.otb import otb_clock_press
from matches.services.timeouts import match_adjudicate_overdue
from tests.matches.helpers import Clock, random_action

pytestmark = pytest.mark.django_db

EVENT = 41


def watch(match: Match, now: dt.datetime) -> attention.TableWatch:
    match.refresh_from_db()
    return tables_watch([match], now=now)[match.pk]


def marks(match: Match, now: dt.datetime) -> set[tuple[str, str]]:
    return {(mark.code, mark.seat) for mark in watch(match, now).marks}


@pytest.fixture
def published(two_players: Any) -> Match:
    """An event's online game, published now with a ten-minute start deadline, not started."""
    red, blue = two_players
    return match_create(
        red_player=red,
        blue_player=blue,
        event_id=EVENT,
        start_by=timezone.now() + dt.timedelta(minutes=10),
    )


def test_an_absent_red_after_start_all_is_flagged_then_forfeited_after_the_deadline(
    published: Match,
) -> None:
    now = timezone.now()
    assert event_start_waiting(event_id=EVENT, now=now) == [published.pk]
    published.refresh_from_db()
    assert published.status == Match.Status.RUNNING

    # Before the deadline: nobody at the board (no socket), not yet forfeitable.
    early = watch(published, now)
    assert marks(published, now) == {(DISCONNECTED, "red"), (DISCONNECTED, "blue")}
    assert early.forfeitable == ()
    assert early.changes_at == published.start_by  # when Red becomes forfeitable
    with pytest.raises(MatchError) as refused:
        match_forfeit_absent(match_id=published.pk, seat="red", now=now)
    assert refused.value.code == "before_start_deadline"

    # After it: Red, whom the game waits for, may be forfeited (or both: nobody decided).
    late = published.start_by + dt.timedelta(seconds=1)
    after = watch(published, late)
    assert (NO_FIRST_DECISION, "red") in {(m.code, m.seat) for m in after.marks}
    assert after.forfeitable == ("red", BOTH)
    assert after.needs_arbiter
    match = match_forfeit_absent(match_id=published.pk, seat="red", reason="absent", now=late)
    assert (match.status, match.winner, match.method) == ("finished", "blue", "no_show")
    audit = MatchEvent.objects.get(match=match, kind=MatchEvent.Kind.RESULT_SET)
    assert audit.detail["absent"] == ["red"]
    assert audit.detail["reason"] == "absent"
    assert watch(match, late).marks == ()


def test_nobody_came_to_a_started_game_is_a_double_no_show(published: Match) -> None:
    event_start_waiting(event_id=EVENT)
    late = published.start_by + dt.timedelta(minutes=1)
    match = match_forfeit_absent(match_id=published.pk, seat=BOTH, now=late)
    assert (match.winner, match.method) == ("none", "no_show")


def test_after_reds_first_decision_nobody_is_a_no_show(published: Match) -> None:
    event_start_waiting(event_id=EVENT)
    published.refresh_from_db()
    clock = Clock(published.start_by + dt.timedelta(minutes=1))
    from matches.services.decisions import match_submit_action

    seat, text = random_action(published, random.Random(3))
    assert seat == "red"
    match_submit_action(
        match_id=published.pk, seat=seat, action_text=text, expected_ply=0, now=clock.now
    )
    for seat in ("red", "blue", BOTH):
        with pytest.raises(MatchError) as refused:
            match_forfeit_absent(match_id=published.pk, seat=seat, now=clock.tick(1000))
        assert refused.value.code == "first_decision_made"
    assert NO_FIRST_DECISION not in watch(published, clock.now).codes


def test_a_game_the_players_started_themselves_is_covered_too(published: Match) -> None:
    """Both joined, then Red walked away before placing: the same rule applies."""
    from matches.services.lifecycle import match_join

    match_join(match_id=published.pk, seat="red")
    match_join(match_id=published.pk, seat="blue")
    late = published.start_by + dt.timedelta(seconds=5)
    assert watch(published, late).forfeitable == ("red", BOTH)
    with pytest.raises(MatchError) as refused:
        match_forfeit_absent(match_id=published.pk, seat="blue", now=late)
    assert refused.value.code == "seat_decided"
    assert match_forfeit_absent(match_id=published.pk, seat="red", now=late).winner == "blue"


def test_an_over_the_board_table_whose_clock_is_never_pressed_is_flagged(two_players: Any) -> None:
    red, blue = two_players
    table = match_create(red_player=red, blue_player=blue, kind="otb", event_id=EVENT, start=True)
    table.refresh_from_db()
    deadline = table.started_at + attention.start_grace()
    assert watch(table, deadline - dt.timedelta(seconds=1)).marks == ()
    flagged = watch(table, deadline)
    assert {(m.code, m.seat) for m in flagged.marks} == {(NO_FIRST_DECISION, "red")}
    assert flagged.forfeitable == ("red", BOTH)
    assert match_forfeit_absent(match_id=table.pk, seat="red", now=deadline).winner == "blue"


def test_a_pending_game_past_its_deadline_shows_who_has_not_joined(published: Match) -> None:
    from matches.services.lifecycle import match_join

    match_join(match_id=published.pk, seat="blue")
    late = published.start_by + dt.timedelta(seconds=1)
    flagged = watch(published, late)
    assert {(m.code, m.seat) for m in flagged.marks} == {(NOT_JOINED, "red")}
    assert flagged.forfeitable == ("red",)


def test_a_connected_seat_is_not_marked_absent(published: Match) -> None:
    event_start_waiting(event_id=EVENT)
    published.refresh_from_db()
    presence_touch(scope=presence_scope(published), seat="blue", connection="socket-1")
    assert marks(published, timezone.now()) == {(DISCONNECTED, "red")}


def test_low_time_and_overdue_follow_the_running_clock(make_match: Any, clock_at: Clock) -> None:
    match = make_match(time_control="1+0", event_id=EVENT)
    seat, text = random_action(match, random.Random(1))
    from matches.services.decisions import match_submit_action

    match = match_submit_action(
        match_id=match.pk, seat=seat, action_text=text, expected_ply=0, now=clock_at.now
    )
    match.refresh_from_db()
    deadline = match.flag_deadline
    assert deadline == clock_at.now + dt.timedelta(minutes=1)
    assert watch(match, clock_at.now).codes == {DISCONNECTED}
    assert (LOW_TIME, "blue") in marks(match, clock_at.now + dt.timedelta(seconds=1))
    grace = attention.overdue_grace()
    assert OVERDUE not in watch(match, deadline + grace - dt.timedelta(seconds=1)).codes
    assert OVERDUE in watch(match, deadline + grace).codes
    assert watch(match, clock_at.now).changes_at == deadline + grace


def test_a_paused_game_left_alone_becomes_stuck(make_match: Any, clock_at: Clock) -> None:
    match = make_match(event_id=EVENT)
    match_pause(match_id=match.pk, now=clock_at.now)
    match.refresh_from_db()
    since = max(match.updated_at, attention.first_decision_deadline(match))
    quiet = since + attention.stuck_after()
    assert STUCK not in watch(match, quiet - dt.timedelta(seconds=1)).codes
    assert STUCK in watch(match, quiet).codes


# ------------------------------------------------- every started game ends or is flagged


def _ticking(make_match: Any, clock: Clock) -> Match:
    from matches.services.decisions import match_submit_action

    match = make_match(time_control="1+0", event_id=EVENT)
    seat, text = random_action(match, random.Random(2))
    return match_submit_action(
        match_id=match.pk, seat=seat, action_text=text, expected_ply=0, now=clock.now
    )


def _untimed(make_match: Any, clock: Clock) -> Match:
    return make_match(event_id=EVENT)


def _untimed_no_show_rule(make_match: Any, clock: Clock) -> Match:
    return make_match(event_id=EVENT, no_show_limit_ms=60_000)


def _paused(make_match: Any, clock: Clock) -> Match:
    match = _ticking(make_match, clock)
    return match_pause(match_id=match.pk, now=clock.tick(1000))  # type: ignore[return-value]


def _over_the_board(make_match: Any, clock: Clock) -> Match:
    return make_match(kind="otb", event_id=EVENT)


def _over_the_board_ticking(make_match: Any, clock: Clock) -> Match:
    table = make_match(kind="otb", time_control="1+0", event_id=EVENT)
    otb_clock_press(
        match_id=table.pk, seat="red", expected_ply=0, requester_seat="red", now=clock.now
    )
    return table


@pytest.mark.parametrize(
    "started",
    [
        _ticking,
        _untimed,
        _untimed_no_show_rule,
        _paused,
        _over_the_board,
        _over_the_board_ticking,
    ],
)
def test_every_started_game_ends_by_itself_or_is_flagged(
    started: Any, make_match: Any, clock_at: Clock
) -> None:
    """A day later, nothing having happened at the table, the timeout sweep (what every
    process's scheduler runs) has ended the game, or the arbiter's view flags it."""
    match = started(make_match, clock_at)
    later = max(clock_at.now, timezone.now()) + dt.timedelta(days=1)
    match_adjudicate_overdue(now=later)
    match.refresh_from_db()
    ended = match.status == Match.Status.FINISHED
    flagged = watch(match, later).needs_arbiter
    assert ended or flagged, started.__name__
    expected_end = started in (_ticking, _untimed_no_show_rule, _over_the_board_ticking)
    assert ended == expected_end, started.__name__


def test_a_flag_the_machinery_missed_is_overdue_until_the_sweep_records_it(
    make_match: Any, clock_at: Clock
) -> None:
    match = _ticking(make_match, clock_at)
    match.refresh_from_db()
    late = match.flag_deadline + attention.overdue_grace()
    assert OVERDUE in watch(match, late).codes
    assert match_adjudicate_overdue(now=late) == [match.pk]
    assert watch(match, late).marks == ()
