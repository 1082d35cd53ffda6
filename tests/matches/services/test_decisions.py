"""A player's own acts online: ``match_submit_action``, the one path of a decision (lock, ply,
flag, engine, clock, broadcast); resignation and flag claims, and ``match_finished``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clock import ClockState
from engine import Phase, legal_actions
from matches.errors import MatchError
from matches.models import ClockLogEntry, Match, MatchEvent
from matches.selectors import (
    match_action_texts,
    match_audit_log,
    match_clock_log,
    match_game_state,
    match_moves,
)
from matches.services.decisions import match_claim_flag, match_resign, match_submit_action
from matches.signals import match_finished
from tests.matches.helpers import Clock, blue_clock_running, play, play_until, random_action


def _snapshot(match: Match) -> tuple[Any, ...]:
    """Everything a refused request must leave untouched."""
    match.refresh_from_db()
    return (
        match.ply,
        match_action_texts(match),
        dict(match.state),
        dict(match.clock),
        match.status,
        match.flag_deadline,
        len(match_clock_log(match=match)),
        len(match_audit_log(match=match)),
    )


def _refused(match: Match, code: str, **kwargs: Any) -> None:
    before = _snapshot(match)
    options = {"match_id": match.pk, "seat": "red", "action_text": "end", "expected_ply": 0}
    options.update(kwargs)
    with pytest.raises(MatchError) as excinfo:
        match_submit_action(**options)
    assert excinfo.value.code == code
    assert excinfo.value.ply == before[0]
    assert _snapshot(match) == before


def test_a_legal_decision_is_applied_logged_and_broadcast(
    match: Match, clock_at: Clock, sent_frames: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    text = legal_actions(match_game_state(match))[0].to_str()
    with django_capture_on_commit_callbacks(execute=True):
        updated = play(match, "red", text, clock_at)
    assert updated.ply == 1
    assert match_action_texts(updated) == [text]
    assert match_moves(updated) == [(1, 0, text, None)]
    assert match_audit_log(match=updated)[-1]["kind"] == MatchEvent.Kind.ACTION
    # One frame per audience, each with its own view and the new ply.
    assert [group for group, _ in sent_frames] == [
        f"match.{match.pk}.red",
        f"match.{match.pk}.blue",
        f"match.{match.pk}.watch",
    ]
    for (_, frame), seat in zip(sent_frames, ["red", "blue", None], strict=True):
        assert frame["type"] == "update"
        assert frame["ply"] == 1
        assert frame["view"]["seat"] == seat
        assert frame["view"]["game"]["viewer"] == seat
        assert frame["view"]["history"] == [{"ply": 1, "seat": "red", "text": text}]


def test_nothing_is_sent_when_the_decision_is_refused(
    match: Match, sent_frames: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(MatchError):
        match_submit_action(match_id=match.pk, seat="red", action_text="end", expected_ply=0)
    assert sent_frames == []


def test_stale_and_duplicated_requests_are_refused(match: Match, clock_at: Clock) -> None:
    rng = random.Random(3)
    seat, text = random_action(match, rng)
    match = play(match, seat, text, clock_at)
    # The same request again (a double click, a replayed frame) names the old ply.
    _refused(match, "stale_ply", seat=seat, action_text=text, expected_ply=0)
    # A ply from the future is stale too.
    seat, text = random_action(match, rng)
    _refused(match, "stale_ply", seat=seat, action_text=text, expected_ply=5)


def test_illegal_and_malformed_actions_change_nothing(match: Match) -> None:
    _refused(match, "illegal_action", action_text="end")
    _refused(match, "illegal_action", action_text="deploy I c6 S")  # Blue's camp
    _refused(match, "invalid_action", action_text="castle kingside")
    _refused(match, "invalid_action", action_text="")


def test_only_the_seat_to_act_may_decide(match: Match) -> None:
    text = legal_actions(match_game_state(match))[0].to_str()
    _refused(match, "not_your_turn", seat="blue", action_text=text)
    _refused(match, "not_a_player", seat=None, action_text=text)
    _refused(match, "not_a_player", seat="green", action_text=text)


def test_no_decision_before_the_start_or_after_the_end(
    make_match: Any, match: Match, clock_at: Clock
) -> None:
    pending = make_match(start=False, red_player=None, blue_player=None)
    _refused(pending, "not_started", action_text="deploy I c2 N")
    from matches.services.decisions import match_resign

    match_resign(match_id=match.pk, seat="blue", now=clock_at.tick(10))
    text = legal_actions(match_game_state(match))[0].to_str()
    _refused(match, "match_over", action_text=text)


def test_an_over_the_board_match_takes_no_decisions(make_match: Any) -> None:
    otb = make_match(kind=Match.Kind.OTB)
    _refused(otb, "wrong_kind", action_text="deploy I c2 N")


def test_the_flag_is_checked_first(make_match: Any, clock_at: Clock) -> None:
    match = make_match(time_control="1+0")
    rng = random.Random(5)
    seat, text = random_action(match, rng)
    match = play(match, seat, text, clock_at)  # Blue's clock starts
    seat, text = random_action(match, rng)
    assert seat == "blue"
    with pytest.raises(MatchError) as excinfo:
        match_submit_action(
            match_id=match.pk,
            seat=seat,
            action_text=text,
            expected_ply=match.ply,
            lag_ms=2000,  # lag credit never rescues a fallen flag
            now=clock_at.tick(60_000),  # exactly at the deadline: zero left is a fall
        )
    assert excinfo.value.code == "flag_fallen"
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")
    assert match.ply == 1
    assert len(match_action_texts(match)) == 1
    assert ClockState.from_dict(match.clock).flagged == 1
    assert match.flag_deadline is None
    assert ClockLogEntry.objects.filter(match=match).last().kind == "flag"


def test_just_before_the_deadline_the_decision_counts(make_match: Any, clock_at: Clock) -> None:
    match = make_match(time_control="1+0")
    rng = random.Random(5)
    match = play(match, *random_action(match, rng), clock_at)
    match = play(match, *random_action(match, rng), clock_at, think_ms=59_999)
    assert match.status == "running"
    assert ClockState.from_dict(match.clock).remaining_ms == (60_000, 1)


def test_the_engine_outcome_finishes_the_match(match: Match, clock_at: Clock) -> None:
    rng = random.Random(11)
    match = play_until(match, clock_at, rng, lambda state: state.phase is Phase.OVER, think_ms=10)
    state = match_game_state(match)
    assert state.outcome is not None
    assert match.status == "finished"
    assert match.method == state.outcome.termination.value
    winner = state.outcome.winner
    expected = "none" if winner is None else winner.label
    assert match.winner == expected
    clock = ClockState.from_dict(match.clock)
    assert clock.running is None
    assert match.flag_deadline is None
    # The engine replays the log to the cached state (the audit check).
    from engine import replay
    from matches.selectors import match_record

    assert replay(match_record(match=match))[-1] == state


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
    match = blue_clock_running(make_match, clock_at)
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
    match = blue_clock_running(make_match, clock_at)
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
    match = blue_clock_running(make_match, clock_at)
    with pytest.raises(MatchError) as excinfo:
        match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(59_999))
    assert excinfo.value.code == "flag_not_fallen"
    match = match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(1))
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")
    kinds = list(match.events.values_list("kind", flat=True))
    assert kinds[-2:] == [MatchEvent.Kind.TIMEOUT, MatchEvent.Kind.FLAG_CLAIM]
