"""Resignation, flag claims and the idempotent timeout adjudication; match_finished."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from clock import ClockState
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.services.decisions import match_claim_flag, match_resign
from matches.services.timeouts import match_adjudicate_overdue, match_adjudicate_timeout
from matches.signals import match_finished
from tests.matches.helpers import Clock, play, random_action


@pytest.fixture
def finished_signals() -> Any:
    received: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        received.append(kwargs)

    match_finished.connect(receiver, dispatch_uid="test-receiver")
    yield received
    match_finished.disconnect(dispatch_uid="test-receiver")


def _running_clock(make_match: Any, clock_at: Clock, control: str = "1+0") -> Match:
    """A match in which Blue's clock runs (Red made its untimed first placement)."""
    match = make_match(time_control=control, event_id=4, pairing_id=9)
    return play(match, *random_action(match, random.Random(1)), clock_at)


def test_resign_any_time(
    match: Match,
    clock_at: Clock,
    finished_signals: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = match_resign(match_id=match.pk, seat="red", now=clock_at.now)
    assert (match.status, match.winner, match.method) == ("finished", "blue", "resignation")
    assert match.finished_at == clock_at.now
    assert finished_signals == [
        {
            "signal": match_finished,
            "match_id": match.pk,
            "event_id": None,
            "pairing_id": None,
            "winner": "blue",
            "method": "resignation",
            "corrected": False,
        }
    ]
    with pytest.raises(MatchError) as excinfo:
        match_resign(match_id=match.pk, seat="blue")
    assert excinfo.value.code == "match_over"


def test_resign_stops_the_clock_and_charges_the_runner(make_match: Any, clock_at: Clock) -> None:
    match = _running_clock(make_match, clock_at)
    match = match_resign(match_id=match.pk, seat="blue", now=clock_at.tick(7_000))
    assert match.winner == "red"
    clock = ClockState.from_dict(match.clock)
    assert clock.running is None
    assert clock.remaining_ms == (60_000, 53_000)
    assert match.clock_log.last().kind == "stop"


def test_a_spectator_cannot_resign(match: Match) -> None:
    with pytest.raises(MatchError) as excinfo:
        match_resign(match_id=match.pk, seat=None)
    assert excinfo.value.code == "not_a_player"


def test_a_fallen_flag_decides_before_a_resignation(
    make_match: Any,
    clock_at: Clock,
    finished_signals: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = _running_clock(make_match, clock_at)
    # Blue's flag fell; Red then resigns: Red still wins on time.
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(MatchError) as excinfo:
        match_resign(match_id=match.pk, seat="red", now=clock_at.tick(61_000))
    assert excinfo.value.code == "flag_fallen"
    match.refresh_from_db()
    assert (match.winner, match.method) == ("red", "timeout")
    assert [s["method"] for s in finished_signals] == ["timeout"]
    assert finished_signals[0]["event_id"] == 4
    assert finished_signals[0]["pairing_id"] == 9


def test_claim_flag(make_match: Any, clock_at: Clock) -> None:
    match = _running_clock(make_match, clock_at)
    with pytest.raises(MatchError) as excinfo:
        match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(59_999))
    assert excinfo.value.code == "flag_not_fallen"
    match = match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(1))
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")
    kinds = list(match.events.values_list("kind", flat=True))
    assert kinds[-2:] == [MatchEvent.Kind.TIMEOUT, MatchEvent.Kind.FLAG_CLAIM]


def test_adjudication_is_idempotent(
    make_match: Any,
    clock_at: Clock,
    finished_signals: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = _running_clock(make_match, clock_at)
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
    match = _running_clock(make_match, clock_at)
    first_check = match.timeout_check_at
    # Blue decides quickly; Red's clock runs now with a later deadline.
    match = play(match, *random_action(match, random.Random(2)), clock_at, think_ms=500)
    assert match.flag_deadline > first_check
    assert match.timeout_check_at == first_check  # no second check queued for a later deadline
    assert match_adjudicate_timeout(match_id=match.pk, now=first_check) is False
    match.refresh_from_db()
    assert match.timeout_check_at == match.flag_deadline


def test_the_sweep_adjudicates_every_overdue_match(make_match: Any, clock_at: Clock) -> None:
    first = _running_clock(make_match, clock_at)
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
    match = _running_clock(make_match, clock_at)
    deadline = match.flag_deadline
    late = deadline + dt.timedelta(seconds=40)
    assert match_adjudicate_overdue(now=late) == [match.pk]
    match.refresh_from_db()
    assert match.finished_at == deadline
    event = match.events.get(kind=MatchEvent.Kind.TIMEOUT)
    assert event.detail["adjudicated_at"] == int(late.timestamp() * 1000)
