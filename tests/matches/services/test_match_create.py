"""match_create, match_start, match_set_status and the model's constraints."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from clock import ClockState, TimeControl
from engine import new_game
from engine.formats import GameFormat
from engine.notation import state_to_dict
from matches.errors import MatchError
from matches.models import Match, MatchEvent
from matches.selectors import match_action_texts
from matches.services.lifecycle import match_create, match_set_status, match_start
from tests.matches.helpers import Clock


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
