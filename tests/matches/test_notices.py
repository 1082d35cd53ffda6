"""``matches.notices``: a started online game and the result of a game outside events reach
both players' bells (once each), with the opponent's name and a link to the board."""

from __future__ import annotations

from typing import Any

import pytest

from matches.models import Match
from matches.services.arbiter import match_set_result
from matches.services.decisions import match_resign
from matches.services.lifecycle import match_join, match_start
from notifications.kinds import Kind
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _told(kind: str) -> dict[str, list[Notification]]:
    rows: dict[str, list[Notification]] = {}
    for row in Notification.objects.filter(kind=kind).select_related("recipient"):
        rows.setdefault(row.recipient.get_username(), []).append(row)
    return rows


def test_a_started_online_game_tells_both_players_once(make_match: Any) -> None:
    match = make_match(start=False)
    assert _told(Kind.GAME_STARTED) == {}  # waiting for its players
    match_join(match_id=match.pk, seat="red", actor=match.red_player)
    assert _told(Kind.GAME_STARTED) == {}  # one player at the board is not a start
    match_join(match_id=match.pk, seat="blue", actor=match.blue_player)
    told = _told(Kind.GAME_STARTED)
    assert sorted(told) == ["aoi", "ren"]
    assert [row.params for row in told["aoi"]] == [{"opponent": match.blue_name}]
    assert [row.params for row in told["ren"]] == [{"opponent": match.red_name}]
    assert {row.url for rows in told.values() for row in rows} == {f"/matches/{match.pk}/"}
    match_join(match_id=match.pk, seat="blue", actor=match.blue_player)  # a second tab
    assert sum(len(rows) for rows in _told(Kind.GAME_STARTED).values()) == 2


def test_an_arbiter_start_tells_both_players(make_match: Any, django_user_model: Any) -> None:
    arbiter = django_user_model.objects.create_superuser("chief", password="pw-chief-1234")
    match = make_match(start=False)
    match_start(match_id=match.pk, actor=arbiter)
    assert sorted(_told(Kind.GAME_STARTED)) == ["aoi", "ren"]


def test_an_over_the_board_game_tells_nobody_of_its_start(make_match: Any) -> None:
    make_match(kind=Match.Kind.OTB)
    assert Notification.objects.count() == 0


def test_a_casual_games_result_and_its_correction(
    make_match: Any, django_user_model: Any, django_capture_on_commit_callbacks: Any
) -> None:
    arbiter = django_user_model.objects.create_superuser("chief", password="pw-chief-1234")
    match = make_match()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, seat="red", actor=match.red_player)
    told = _told(Kind.RESULT_CONFIRMED)
    assert sorted(told) == ["aoi", "ren"]
    assert told["aoi"][0].params == {"opponent": match.blue_name}
    assert told["aoi"][0].url == f"/matches/{match.pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        match_set_result(match_id=match.pk, winner="red", actor=arbiter, reason="misclick")
    assert sorted(_told(Kind.RESULT_CORRECTED)) == ["aoi", "ren"]
    assert sum(len(rows) for rows in _told(Kind.RESULT_CONFIRMED).values()) == 2


def test_a_tournament_games_result_is_left_to_the_tournament(
    make_match: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """A game with an event reference: the tournaments layer tells its players (it knows the
    event and round), so the match adds nothing of its own."""
    match = make_match(event_id=10**6)
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, seat="blue", actor=match.blue_player)
    assert _told(Kind.RESULT_CONFIRMED) == {}
    assert sorted(_told(Kind.GAME_STARTED)) == ["aoi", "ren"]  # its start was told
