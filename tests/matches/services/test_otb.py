"""Over-the-board clock mode: presses, flag falls, result reports, confirmation, disputes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest

from clock import ClockState, epoch_ms
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.services.arbiter import match_pause, match_resume, match_set_result
from matches.services.decisions import match_claim_flag
from matches.services.otb import otb_clock_press, otb_confirm_result, otb_report_result
from matches.services.timeouts import match_adjudicate_timeout
from matches.signals import match_finished
from tests.matches.helpers import Clock


@pytest.fixture
def table(make_match: Any) -> Match:
    return make_match(kind=Match.Kind.OTB, time_control="1+0")


def _press(match: Match, seat: str, clock: Clock, ms: int, **kwargs: Any) -> Match:
    options = {"requester_seat": "red", "expected_ply": match.ply}
    options.update(kwargs)
    return otb_clock_press(match_id=match.pk, seat=seat, now=clock.tick(ms), **options)


def _code(excinfo: Any) -> str:
    return excinfo.value.code


@pytest.fixture
def announced(django_capture_on_commit_callbacks: Any) -> Any:
    """``with announced() as results``: the results ``match_finished`` sends (after commit)
    while the block runs."""

    @contextmanager
    def capture() -> Iterator[list[dict[str, Any]]]:
        sent: list[dict[str, Any]] = []

        def receiver(sender: Any, **kwargs: Any) -> None:
            sent.append({key: kwargs[key] for key in ("winner", "method", "corrected")})

        match_finished.connect(receiver, dispatch_uid="test_match_otb")
        try:
            with django_capture_on_commit_callbacks(execute=True):
                yield sent
        finally:
            match_finished.disconnect(dispatch_uid="test_match_otb")

    return capture


def test_presses_run_the_official_clock(table: Match, clock_at: Clock) -> None:
    with pytest.raises(MatchError) as excinfo:
        _press(table, "blue", clock_at, 0)
    assert _code(excinfo) == "not_running_seat"  # the first press is Red's
    match = _press(table, "red", clock_at, 30_000)  # Red's first placement was untimed
    clock = ClockState.from_dict(match.clock)
    assert (match.ply, clock.running, clock.remaining_ms) == (1, 1, (60_000, 60_000))
    with pytest.raises(MatchError) as excinfo:
        _press(match, "red", clock_at, 100)
    assert _code(excinfo) == "not_running_seat"
    with pytest.raises(MatchError) as excinfo:
        _press(match, "blue", clock_at, 100, expected_ply=0)  # a double tap
    assert _code(excinfo) == "stale_ply"
    match = _press(match, "blue", clock_at, 4_900)
    clock = ClockState.from_dict(match.clock)
    # Blue is charged from the start press: 100 + 100 + 4 900 ms (refused presses change nothing).
    assert (match.ply, clock.running, clock.remaining_ms) == (2, 0, (60_000, 54_900))
    assert list(match.clock_log.values_list("kind", flat=True)) == ["start", "press"]
    assert match.events.filter(kind=MatchEvent.Kind.PRESS).count() == 2


def test_only_players_and_arbiters_press(table: Match, clock_at: Clock) -> None:
    with pytest.raises(MatchError) as excinfo:
        _press(table, "red", clock_at, 0, requester_seat=None)
    assert _code(excinfo) == "not_a_player"


def test_the_flag_falls_over_the_board_too(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    with pytest.raises(MatchError) as excinfo:
        _press(match, "blue", clock_at, 60_000)
    assert _code(excinfo) == "flag_fallen"
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")
    assert match_adjudicate_timeout(match_id=match.pk) is False


def test_players_may_pause_to_call_the_arbiter(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    match = match_pause(match_id=match.pk, requester_seat="blue", now=clock_at.tick(1_000))
    assert ClockState.from_dict(match.clock).paused
    with pytest.raises(MatchError) as excinfo:
        _press(match, "blue", clock_at, 0)
    assert _code(excinfo) == "clock_paused"
    match = match_resume(match_id=match.pk, requester_seat="red", now=clock_at.tick(1_000))
    assert not ClockState.from_dict(match.clock).paused


def test_report_then_confirm(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    with pytest.raises(MatchError) as excinfo:
        otb_confirm_result(match_id=match.pk, seat="red")
    assert _code(excinfo) == "nothing_to_confirm"
    match = otb_report_result(
        match_id=match.pk,
        seat="blue",
        winner="red",
        method="general_captured",
        now=clock_at.tick(2_000),
    )
    assert match.status == "running"
    clock = ClockState.from_dict(match.clock)
    assert clock.running == 1  # a report stops nothing: Blue's clock runs on
    assert match.flag_deadline is not None
    match = otb_confirm_result(match_id=match.pk, seat="red", now=clock_at.tick(3_000))
    assert (match.status, match.winner, match.method) == ("finished", "red", "general_captured")
    clock = ClockState.from_dict(match.clock)
    assert (clock.running, clock.remaining_ms) == (None, (60_000, 55_000))  # stopped at confirm
    kinds = list(match.events.values_list("kind", flat=True))
    assert kinds[-3:] == ["result_reported", "result_confirmed", "status"]


def test_a_false_report_does_not_stop_the_opponents_clock(table: Match, clock_at: Clock) -> None:
    """Blue, with 1.8 s left, reports a win it has not got: the clock keeps running and Blue's
    flag falls. The flag does not decide against the pending report, but the report does not
    save Blue either: the match is held for the arbiter with both claims."""
    match = _press(table, "red", clock_at, 0)
    match = _press(match, "blue", clock_at, 58_200)
    match = _press(match, "red", clock_at, 10_000)  # Blue's clock runs with 1.8 s left
    match = otb_report_result(
        match_id=match.pk, seat="blue", winner="blue", method="intrusion", now=clock_at.tick(100)
    )
    assert ClockState.from_dict(match.clock).running == 1  # still running
    assert match.flag_deadline == clock_at.now + timedelta(milliseconds=1_700)
    with pytest.raises(MatchError) as excinfo:
        match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(1_600))
    assert _code(excinfo) == "flag_not_fallen"
    match = match_claim_flag(match_id=match.pk, seat="red", now=clock_at.tick(100))
    assert (match.status, match.winner, match.disputed) == ("running", "", True)
    clock = ClockState.from_dict(match.clock)
    assert (clock.flagged, clock.remaining_ms[1]) == (1, 0)
    # The arbiter upholds the flag (or could uphold the report).
    match = match_set_result(match_id=match.pk, winner="red", method="timeout", reason="log")
    assert (match.status, match.winner, match.method, match.disputed) == (
        "finished",
        "red",
        "timeout",
        False,
    )


def _red_claims_then_a_flag(match: Match, clock_at: Clock, announced: Any) -> tuple[Any, ...]:
    """Red reports a win by capture; whichever clock runs then falls before Blue answers.
    Returns the match after the fall, the report's and the fall's times, and the results
    announced."""
    report_at = clock_at.tick(1_000)
    match = otb_report_result(
        match_id=match.pk, seat="red", winner="red", method="general_captured", now=report_at
    )
    deadline = match.flag_deadline
    assert deadline is not None
    with announced() as finished:
        assert match_adjudicate_timeout(match_id=match.pk, now=deadline) is True
    match.refresh_from_db()
    return match, report_at, deadline, finished


def test_a_flag_that_agrees_with_the_pending_report_settles_it(
    table: Match, clock_at: Clock, announced: Any
) -> None:
    match = _press(table, "red", clock_at, 0)  # Blue's clock: 60 s
    match, _report_at, deadline, finished = _red_claims_then_a_flag(match, clock_at, announced)
    assert (match.status, match.winner, match.method, match.finished_at) == (
        "finished",
        "red",
        "general_captured",
        deadline,
    )
    assert not match.disputed
    assert finished == [{"winner": "red", "method": "general_captured", "corrected": False}]
    settled = match.events.get(kind=MatchEvent.Kind.RESULT_CONFIRMED)
    assert settled.detail["settled_by_flag"] is True
    assert settled.detail["flag"] == "blue"
    assert settled.detail["fell_at"] == epoch_ms(deadline)


def test_a_flag_against_the_pending_report_holds_the_game_for_the_arbiter(
    table: Match, clock_at: Clock, announced: Any
) -> None:
    """The usual ending: Red makes the decisive move, presses Blue's side by mistake (so Red's
    own clock runs), reports and waits; Blue does not confirm and Red's flag falls."""
    match = _press(table, "red", clock_at, 0)
    match = _press(match, "blue", clock_at, 2_000)  # Red's clock runs now
    match, report_at, deadline, finished = _red_claims_then_a_flag(match, clock_at, announced)
    assert finished == []  # no result leaves the match: the table stays open
    assert (match.status, match.winner, match.method, match.disputed) == ("running", "", "", True)
    assert match.flag_deadline is None
    clock = ClockState.from_dict(match.clock)
    assert (clock.flagged, clock.running) == (0, None)
    # Both claims, each with its server time.
    assert match.otb_reports == {
        "red": {"winner": "red", "method": "general_captured", "at": epoch_ms(report_at)}
    }
    dispute = match.events.get(kind=MatchEvent.Kind.DISPUTED)
    assert (dispute.detail["flag"], dispute.detail["fell_at"]) == ("red", epoch_ms(deadline))
    assert dispute.detail["reports"] == match.otb_reports
    assert list(match.clock_log.values_list("kind", flat=True))[-1] == "flag"
    # Held: nothing moves until the arbiter rules; a second check changes nothing.
    assert match_adjudicate_timeout(match_id=match.pk, now=clock_at.tick(60_000)) is False
    for refused in (
        lambda: _press(match, "red", clock_at, 0),
        lambda: match_pause(match_id=match.pk, requester_seat="blue", now=clock_at.now),
        lambda: match_claim_flag(match_id=match.pk, seat="blue", now=clock_at.now),
    ):
        with pytest.raises(MatchError) as excinfo:
            refused()
        assert _code(excinfo) == "result_disputed"
    with announced() as finished:
        match = match_set_result(
            match_id=match.pk, winner="red", method="general_captured", reason="saw the board"
        )
    assert (match.status, match.winner, match.disputed) == ("finished", "red", False)
    assert finished == [{"winner": "red", "method": "general_captured", "corrected": False}]


def _red_reports_and_flags(table: Match, clock_at: Clock, method: str) -> Match:
    """Red's clock runs (Red pressed both sides), Red reports a win by ``method``, and Red's
    flag falls before Blue answers: the game is held for the arbiter."""
    match = _press(table, "red", clock_at, 0)
    match = _press(match, "blue", clock_at, 2_000)  # Red's clock runs
    match = otb_report_result(
        match_id=match.pk, seat="red", winner="red", method=method, now=clock_at.tick(1)
    )
    assert match.flag_deadline is not None
    assert match_adjudicate_timeout(match_id=match.pk, now=match.flag_deadline)
    match.refresh_from_db()
    assert (match.status, match.disputed) == ("running", True)
    return match


def test_the_opponent_may_still_confirm_a_report_after_the_flag(
    table: Match, clock_at: Clock
) -> None:
    match = _red_reports_and_flags(table, clock_at, "resignation")
    match = otb_confirm_result(match_id=match.pk, seat="blue", now=clock_at.tick(90_000))
    assert (match.status, match.winner, match.method, match.disputed) == (
        "finished",
        "red",
        "resignation",
        False,
    )


def test_a_disagreeing_report_after_the_flag_keeps_the_dispute(
    table: Match, clock_at: Clock
) -> None:
    match = _red_reports_and_flags(table, clock_at, "intrusion")
    match = otb_report_result(
        match_id=match.pk, seat="blue", winner="blue", method="timeout", now=clock_at.tick(90_000)
    )
    assert (match.status, match.disputed) == ("running", True)
    assert set(match.otb_reports) == {"red", "blue"}


def test_a_flag_over_two_different_reports_holds_the_game(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    otb_report_result(
        match_id=match.pk, seat="red", winner="red", method="intrusion", now=clock_at.tick(1)
    )
    match = otb_report_result(
        match_id=match.pk, seat="blue", winner="red", method="resignation", now=clock_at.tick(1)
    )
    assert match.disputed  # the same winner, another method: the arbiter decides
    assert match.flag_deadline is not None
    assert match_adjudicate_timeout(match_id=match.pk, now=match.flag_deadline) is True
    match.refresh_from_db()
    assert (match.status, match.winner) == ("running", "")


def test_presses_go_on_while_a_report_awaits_confirmation(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    match = otb_report_result(
        match_id=match.pk, seat="red", winner="red", method="general_captured", now=clock_at.now
    )
    match = _press(match, "blue", clock_at, 2_000)  # the clock passes to Red as usual
    assert ClockState.from_dict(match.clock).running == 0
    assert match.otb_reports == {
        "red": {"winner": "red", "method": "general_captured", "at": epoch_ms(clock_at.now) - 2_000}
    }


def test_different_reports_go_to_the_arbiter(table: Match, clock_at: Clock) -> None:
    match = _press(table, "red", clock_at, 0)
    otb_report_result(match_id=match.pk, seat="red", winner="red", method="intrusion")
    match = otb_report_result(match_id=match.pk, seat="blue", winner="blue", method="intrusion")
    assert match.disputed
    assert match.status == "running"
    assert match.events.filter(kind=MatchEvent.Kind.DISPUTED).count() == 1
    match = match_set_result(match_id=match.pk, winner="blue", method="intrusion", reason="video")
    assert (match.status, match.winner, match.disputed) == ("finished", "blue", False)


@pytest.mark.parametrize(("winner", "method"), [("none", "intrusion"), ("red", "arbiter")])
def test_invalid_reports(table: Match, winner: str, method: str) -> None:
    with pytest.raises(MatchError) as excinfo:
        otb_report_result(match_id=table.pk, seat="red", winner=winner, method=method)
    assert _code(excinfo) == "invalid_result"
