"""The life cycle of a match: created (its defaults, its game's set-up, the model's
constraints), started by its players joining or by an arbiter, absent seats forfeited, the first
over-the-board press — and racing requests start nothing twice.

The services decide who may act (per match and per seat): a player joins only their own seat, a
spectator cannot join, only an arbiter of the match starts it or forfeits an absent seat, and
only after the start deadline. The races need PostgreSQL's row locks (skipped on SQLite).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction

from clock import ClockState, TimeControl
from engine import new_game
from engine.formats import GameFormat
from engine.notation import state_to_dict
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.selectors import match_action_texts
from matches.services.arbiter import match_forfeit_absent
from matches.services.lifecycle import match_create, match_join, match_set_status, match_start
from matches.services.otb import otb_clock_press
from tests.matches.helpers import Clock
from tests.races import race


def test_defaults_are_the_official_game(two_players: Any) -> None:
    red, blue = two_players
    match = match_create(red_player=red, blue_player=blue)
    assert match.status == Match.Status.PENDING
    assert match.time_control == "20+0"
    assert match.red_name == "aoi"
    assert match.blue_name == "ren"
    assert match.variant == "basic"
    assert match.game_format == GameFormat(seed=match.game_format["seed"]).to_dict()
    assert match.state == state_to_dict(new_game(format=GameFormat.from_dict(match.game_format)))
    clock = ClockState.from_dict(match.clock)
    assert clock.time_control == TimeControl.official()
    assert clock.running is None
    assert clock.remaining_ms == (1_200_000, 1_200_000)
    assert match.ply == 0
    assert match_action_texts(match) == []
    assert match.flag_deadline is None
    assert match.red_token != match.blue_token
    assert list(match.events.values_list("kind", flat=True)) == [MatchEvent.Kind.CREATED]


def test_start_runs_the_match_but_not_the_clock(two_players: Any, clock_at: Clock) -> None:
    red, blue = two_players
    match = match_create(red_player=red, blue_player=blue)
    match = match_start(match_id=match.pk, now=clock_at.now)
    assert match.status == Match.Status.RUNNING
    assert match.started_at == clock_at.now
    # Red's first placement is untimed: nothing runs, nothing can flag.
    assert ClockState.from_dict(match.clock).running is None
    assert match.flag_deadline is None
    with pytest.raises(MatchError) as excinfo:
        match_start(match_id=match.pk)
    assert excinfo.value.code == "invalid_transition"


@pytest.mark.parametrize("control", ["20", "20+0s", "0+0", "twenty"])
def test_a_bad_time_control_is_refused(db: None, control: str) -> None:
    with pytest.raises(MatchError) as excinfo:
        match_create(red_name="a", blue_name="b", time_control=control)
    assert excinfo.value.code == "invalid_time_control"
    assert not Match.objects.exists()


def test_over_the_board_matches_have_no_engine_state(db: None) -> None:
    match = match_create(red_name="a", blue_name="b", kind=Match.Kind.OTB, time_control="10+5")
    assert match.state == {}
    assert match.kind == "otb"
    assert ClockState.from_dict(match.clock).lag_policy.quota_cap_ms == 0


def test_status_transitions_follow_the_table(match: Match) -> None:
    assert match_set_status(match=match, status=Match.Status.RUNNING) is False  # unchanged
    with pytest.raises(MatchError):
        match_set_status(match=match, status=Match.Status.PENDING)
    assert match_set_status(match=match, status=Match.Status.ABORTED) is True
    for status in Match.Status.values:
        if status != Match.Status.ABORTED:
            with pytest.raises(MatchError):
                match_set_status(match=match, status=status)


def test_constraints_refuse_a_finished_match_without_result(match: Match) -> None:
    match.status = Match.Status.FINISHED
    with pytest.raises(IntegrityError), transaction.atomic():
        match.save()


def test_constraints_refuse_the_same_player_on_both_seats(two_players: Any) -> None:
    red, _blue = two_players
    with pytest.raises(IntegrityError), transaction.atomic():
        match_create(red_player=red, blue_player=red)


def test_one_live_match_per_pairing(db: None) -> None:
    first = match_create(red_name="a", blue_name="b", pairing_id=7)
    with pytest.raises(IntegrityError), transaction.atomic():
        match_create(red_name="a", blue_name="b", pairing_id=7)
    first.status = Match.Status.ABORTED
    first.save()
    assert match_create(red_name="a", blue_name="b", pairing_id=7).pairing_id == 7


def test_tournament_formats_and_their_seed(db: None) -> None:
    rule_2 = match_create(red_name="a", blue_name="b", game_format=GameFormat.tournament_rule_2())
    assert rule_2.variant == "expansion"
    assert rule_2.game_format["expansion_option"] == 2
    rule_3 = match_create(
        red_name="a", blue_name="b", game_format={"variant": "deck_build"}, seed=77
    )
    assert rule_3.variant == "deck_build"
    assert rule_3.game_format["seed"] == 77
    with pytest.raises(MatchError) as excinfo:
        match_create(red_name="a", blue_name="b", game_format={"variant": "chess"})
    assert excinfo.value.code == "bad_message"


@pytest.fixture
def waiting(two_players: Any, clock_at: Clock) -> Match:
    """A pending online match between the two players, to start within ten minutes."""
    red, blue = two_players
    return match_create(
        red_player=red,
        blue_player=blue,
        start_by=clock_at.now + dt.timedelta(minutes=10),
        now=clock_at.now,
    )


@pytest.fixture
def superuser(db: None) -> Any:
    return get_user_model().objects.create_superuser(username="chief", password="x")


def test_the_second_join_starts_the_game(waiting: Match, clock_at: Clock) -> None:
    red_at = clock_at.tick(5_000)
    match = match_join(match_id=waiting.pk, seat="red", now=red_at)
    assert match.status == Match.Status.PENDING
    assert match.red_joined_at == red_at
    match = match_join(match_id=waiting.pk, seat="red", now=clock_at.tick(1_000))
    assert match.red_joined_at == red_at  # joining again changes nothing
    blue_at = clock_at.tick(1_000)
    match = match_join(match_id=waiting.pk, seat="blue", now=blue_at)
    assert match.status == Match.Status.RUNNING
    assert match.started_at == blue_at
    assert match.clock["running"] is None  # Red's first placement is untimed
    kinds = list(MatchEvent.objects.filter(match=match).values_list("kind", "seat"))
    assert kinds[-4:] == [("joined", "red"), ("joined", "blue"), ("status", ""), ("started", "")]
    assert match_join(match_id=waiting.pk, seat="blue").status == Match.Status.RUNNING


@pytest.mark.parametrize("seat", [None, "", "green"])
def test_only_a_seat_joins(waiting: Match, seat: Any) -> None:
    with pytest.raises(MatchError) as refused:
        match_join(match_id=waiting.pk, seat=seat)
    assert refused.value.code == "not_a_player"
    waiting.refresh_from_db()
    assert waiting.red_joined_at is None
    assert waiting.blue_joined_at is None


def test_a_finished_game_cannot_be_joined(waiting: Match) -> None:
    Match.objects.filter(pk=waiting.pk).update(
        status="finished", winner="red", method="forfeit", finished_at=waiting.created_at
    )
    with pytest.raises(MatchError) as refused:
        match_join(match_id=waiting.pk, seat="blue")
    assert refused.value.code == "match_over"


def test_only_an_arbiter_starts_a_game(waiting: Match, two_players: Any, superuser: Any) -> None:
    red, _blue = two_players
    with pytest.raises(MatchError) as refused:
        match_start(match_id=waiting.pk, actor=red)
    assert refused.value.code == "not_allowed"
    assert match_start(match_id=waiting.pk, actor=superuser).status == Match.Status.RUNNING


def test_an_absent_seat_is_forfeited_after_the_deadline(
    waiting: Match, clock_at: Clock, superuser: Any, two_players: Any
) -> None:
    match_join(match_id=waiting.pk, seat="red", now=clock_at.tick(1_000))
    for seat, when, code in (
        ("blue", clock_at.now, "before_start_deadline"),
        ("red", clock_at.now + dt.timedelta(minutes=11), "seat_joined"),
        ("both", clock_at.now + dt.timedelta(minutes=11), "seat_joined"),
    ):
        with pytest.raises(MatchError) as refused:
            match_forfeit_absent(match_id=waiting.pk, seat=seat, actor=superuser, now=when)
        assert refused.value.code == code
    with pytest.raises(MatchError) as not_arbiter:
        match_forfeit_absent(
            match_id=waiting.pk,
            seat="blue",
            actor=two_players[0],
            now=clock_at.now + dt.timedelta(minutes=11),
        )
    assert not_arbiter.value.code == "not_allowed"
    match = match_forfeit_absent(
        match_id=waiting.pk,
        seat="blue",
        actor=superuser,
        reason="not at the board",
        now=clock_at.now + dt.timedelta(minutes=11),
    )
    assert (match.status, match.winner, match.method) == ("finished", "red", "no_show")
    audit = MatchEvent.objects.filter(match=match, kind=MatchEvent.Kind.RESULT_SET).get()
    assert audit.actor == superuser
    assert audit.detail["absent"] == ["blue"]


def test_nobody_came_is_a_double_no_show(waiting: Match, clock_at: Clock) -> None:
    match = match_forfeit_absent(
        match_id=waiting.pk, seat="both", now=clock_at.now + dt.timedelta(minutes=10)
    )
    assert (match.winner, match.method) == ("none", "no_show")


def test_a_started_game_forfeits_only_the_seat_it_waits_for(
    waiting: Match, clock_at: Clock
) -> None:
    """Started by an arbiter, the game waits for Red's untimed first placement: Blue, who
    cannot act yet, is never the no-show; Red (or both) may be after the deadline."""
    match_start(match_id=waiting.pk, now=clock_at.now)
    with pytest.raises(MatchError) as refused:
        match_forfeit_absent(
            match_id=waiting.pk, seat="blue", now=clock_at.now + dt.timedelta(hours=1)
        )
    assert refused.value.code == "seat_decided"
    match = match_forfeit_absent(
        match_id=waiting.pk, seat="red", now=clock_at.now + dt.timedelta(hours=1)
    )
    assert (match.status, match.winner, match.method) == ("finished", "blue", "no_show")


def test_over_the_board_the_first_press_starts_the_game(db: None, clock_at: Clock) -> None:
    match = match_create(red_name="a", blue_name="b", kind=Match.Kind.OTB, now=clock_at.now)
    with pytest.raises(MatchError):
        otb_clock_press(match_id=match.pk, seat="blue", expected_ply=0, requester_seat="blue")
    with pytest.raises(MatchError) as spectator:
        otb_clock_press(match_id=match.pk, seat="red", expected_ply=0)
    assert spectator.value.code == "not_a_player"
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING
    pressed_at = clock_at.tick(3_000)
    match = otb_clock_press(
        match_id=match.pk, seat="red", expected_ply=0, requester_seat="red", now=pressed_at
    )
    assert (match.status, match.ply, match.started_at) == ("running", 1, pressed_at)
    assert match.clock["running"] == 1  # Blue's clock runs
    with pytest.raises(MatchError) as online:
        match_join(match_id=match.pk, seat="red")
    assert online.value.code == "wrong_kind"


# ------------------------------------------------------------------------ PostgreSQL races

THREADS = 6


def _race(calls: list[Any]) -> list[Any]:
    return race(calls, MatchError)


@pytest.mark.django_db(transaction=True)
def test_racing_joins_and_starts_start_the_game_once() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row-lock races need PostgreSQL (set DATABASE_URL=postgres://…)")
    match = match_create(red_name="a", blue_name="b")
    calls = [
        (lambda seat=seat: match_join(match_id=match.pk, seat=seat))
        for seat in ("red", "blue") * (THREADS // 2)
    ] + [lambda: match_start(match_id=match.pk)]
    results = _race(calls)
    assert all(isinstance(r, Match | MatchError) for r in results)
    assert {r.code for r in results if isinstance(r, MatchError)} <= {"invalid_transition"}
    events = MatchEvent.objects.filter(match=match)
    assert events.filter(kind=MatchEvent.Kind.STARTED).count() == 1
    assert events.filter(kind=MatchEvent.Kind.JOINED, seat="red").count() <= 1
    assert events.filter(kind=MatchEvent.Kind.JOINED, seat="blue").count() <= 1
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
