"""Arbiter operations: pause/resume (one match or a whole event), time adjustments with a
reason, setting or correcting a result, aborting; permissions; the audit and clock logs."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from clock import ClockState
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.permissions import set_event_arbiter_check
from matches.selectors import match_clock_log
from matches.services.arbiter import (
    event_pause_all,
    event_resume_all,
    match_adjust_time,
    match_pause,
    match_resume,
    match_set_result,
)
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_abort
from matches.services.timeouts import match_adjudicate_timeout
from matches.signals import match_finished
from tests.matches.helpers import Clock, play, random_action


@pytest.fixture
def arbiter(django_user_model: Any, db: None) -> Any:
    """A superuser: the arbiter of every match (event arbiters come from the registered check)."""
    return django_user_model.objects.create_superuser(username="arbiter", password="x")


@pytest.fixture
def ticking(make_match: Any, clock_at: Clock) -> Match:
    """Blue's clock runs (1 minute each)."""
    match = make_match(time_control="1+0", event_id=12)
    return play(match, *random_action(match, random.Random(1)), clock_at)


@pytest.mark.parametrize("who", ["player", "anonymous"])
def test_players_and_strangers_are_not_arbiters(ticking: Match, two_players: Any, who: str) -> None:
    actor = two_players[0] if who == "player" else AnonymousUser()
    for service in (match_pause, match_abort):
        with pytest.raises(MatchError) as excinfo:
            service(match_id=ticking.pk, actor=actor)
        assert excinfo.value.code == "not_allowed"
    with pytest.raises(MatchError) as excinfo:
        match_set_result(match_id=ticking.pk, winner="red", actor=actor)
    assert excinfo.value.code == "not_allowed"


def test_event_arbiters_come_from_the_registered_check(
    ticking: Match, two_players: Any, clock_at: Clock
) -> None:
    red, blue = two_players
    registered = set_event_arbiter_check(
        lambda user, event_id: user.pk == blue.pk and event_id == 12
    )
    try:
        with pytest.raises(MatchError):
            match_pause(match_id=ticking.pk, actor=red, now=clock_at.now)
        match = match_pause(match_id=ticking.pk, actor=blue, now=clock_at.now)
        assert ClockState.from_dict(match.clock).paused
    finally:
        set_event_arbiter_check(registered)


def test_pause_stops_time_and_decisions_resume_restarts(
    ticking: Match, arbiter: Any, clock_at: Clock
) -> None:
    match = match_pause(match_id=ticking.pk, actor=arbiter, note="noise", now=clock_at.tick(10_000))
    clock = ClockState.from_dict(match.clock)
    assert clock.paused
    assert clock.remaining_ms == (60_000, 50_000)
    assert match.flag_deadline is None
    assert match.timeout_check_at is None
    seat, text = random_action(match, random.Random(2))
    with pytest.raises(MatchError) as excinfo:
        match_submit_action(
            match_id=match.pk, seat=seat, action_text=text, expected_ply=1, now=clock_at.tick(1)
        )
    assert excinfo.value.code == "clock_paused"
    # No flag falls during a pause, however long.
    assert match_adjudicate_timeout(match_id=match.pk, now=clock_at.tick(3_600_000)) is False
    with pytest.raises(MatchError) as excinfo:
        match_pause(match_id=match.pk, actor=arbiter, now=clock_at.now)
    assert excinfo.value.code == "already_paused"
    match = match_resume(match_id=match.pk, actor=arbiter, now=clock_at.now)
    assert match.flag_deadline == clock_at.tick(50_000)
    kinds = [entry["kind"] for entry in match_clock_log(match=match)]
    assert kinds == ["start", "pause", "resume"]
    audit = list(match.events.values_list("kind", "actor__username"))
    assert audit[-2:] == [("pause", "arbiter"), ("resume", "arbiter")]
    with pytest.raises(MatchError) as excinfo:
        match_resume(match_id=match.pk, actor=arbiter, now=clock_at.now)
    assert excinfo.value.code == "not_paused"


def test_pause_and_resume_a_whole_event(make_match: Any, arbiter: Any, clock_at: Clock) -> None:
    rng = random.Random(3)
    matches = []
    for _ in range(3):
        match = make_match(red_player=None, blue_player=None, event_id=5)
        matches.append(play(match, *random_action(match, rng), clock_at))
    other = make_match(red_player=None, blue_player=None, event_id=6)
    match_pause(match_id=matches[0].pk, actor=arbiter, now=clock_at.now)
    paused = event_pause_all(event_id=5, actor=arbiter, note="fire drill", now=clock_at.now)
    assert sorted(paused) == sorted(m.pk for m in matches[1:])
    assert all(ClockState.from_dict(m.clock).paused for m in Match.objects.filter(event_id=5))
    assert not ClockState.from_dict(Match.objects.get(pk=other.pk).clock).paused
    resumed = event_resume_all(event_id=5, actor=arbiter, now=clock_at.tick(1000))
    assert sorted(resumed) == sorted(m.pk for m in matches)


def test_adjusting_time_needs_a_reason(ticking: Match, arbiter: Any, clock_at: Clock) -> None:
    with pytest.raises(MatchError) as excinfo:
        match_adjust_time(
            match_id=ticking.pk, seat="red", delta_ms=30_000, reason=" ", actor=arbiter
        )
    assert excinfo.value.code == "reason_required"
    match = match_adjust_time(
        match_id=ticking.pk,
        seat="red",
        delta_ms=30_000,
        reason="opponent's phone rang",
        actor=arbiter,
        now=clock_at.tick(5_000),
    )
    clock = ClockState.from_dict(match.clock)
    assert clock.remaining_ms == (90_000, 60_000)  # Blue's running stretch is untouched
    entry = match.clock_log.last()
    assert (entry.kind, entry.seat, entry.delta_ms, entry.note) == (
        "adjust",
        0,
        30_000,
        "opponent's phone rang",
    )
    event = match.events.last()
    assert event.kind == MatchEvent.Kind.TIME_ADJUST
    assert event.detail["reason"] == "opponent's phone rang"


def test_removing_all_time_of_the_runner_makes_its_flag_fall(
    ticking: Match, arbiter: Any, clock_at: Clock
) -> None:
    match = match_adjust_time(
        match_id=ticking.pk,
        seat="blue",
        delta_ms=-600_000,
        reason="illegal device",
        actor=arbiter,
        now=clock_at.tick(1_000),
    )
    assert match.flag_deadline == clock_at.now
    assert match.clock_log.last().delta_ms == -59_000  # floored at zero
    assert match_adjudicate_timeout(match_id=match.pk, now=clock_at.now) is True
    match.refresh_from_db()
    assert (match.winner, match.method) == ("red", "timeout")


def test_set_and_correct_a_result(
    ticking: Match, arbiter: Any, clock_at: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    received: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        received.append(kwargs)

    match_finished.connect(receiver, dispatch_uid="arbiter-test")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            match = match_set_result(
                match_id=ticking.pk,
                winner="red",
                method="forfeit",
                reason="Blue left the venue",
                actor=arbiter,
                now=clock_at.tick(2_000),
            )
        assert (match.status, match.winner, match.method) == ("finished", "red", "forfeit")
        assert ClockState.from_dict(match.clock).running is None
        with django_capture_on_commit_callbacks(execute=True):
            match = match_set_result(
                match_id=ticking.pk, winner="blue", method="arbiter", actor=arbiter
            )
        assert (match.winner, match.method) == ("blue", "arbiter")
    finally:
        match_finished.disconnect(dispatch_uid="arbiter-test")
    assert [(r["winner"], r["method"], r["corrected"]) for r in received] == [
        ("red", "forfeit", False),
        ("blue", "arbiter", True),
    ]
    with pytest.raises(MatchError) as excinfo:
        match_set_result(match_id=ticking.pk, winner="green", method="arbiter", actor=arbiter)
    assert excinfo.value.code == "invalid_result"


def test_a_pending_match_can_be_forfeited_or_aborted(make_match: Any, arbiter: Any) -> None:
    no_show = make_match(start=False)
    match = match_set_result(match_id=no_show.pk, winner="blue", method="no_show", actor=arbiter)
    assert match.status == "finished"
    repaired = make_match(start=False, red_player=None, blue_player=None)
    match = match_abort(match_id=repaired.pk, actor=arbiter, reason="re-paired")
    assert match.status == "aborted"
    with pytest.raises(MatchError) as excinfo:
        match_set_result(match_id=repaired.pk, winner="red", actor=arbiter)
    assert excinfo.value.code == "match_over"
