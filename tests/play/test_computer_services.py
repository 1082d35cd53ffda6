"""Games against the computer: creation, never rated, one at a time, the rate limit, and the
computer's accounts that cannot log in (play/computer_services.py, play/computer_accounts.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client, override_settings
from django.utils import translation

from matches.models import Match
from matches.services.decisions import match_resign
from play.computer_accounts import computer_account, is_computer
from play.computer_services import computer_game_create, computer_game_unfinished
from play.errors import PlayError
from play.models import ComputerAccount
from play.services import seek_create

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)


def test_a_game_against_the_computer_is_started_unrated_with_its_level(aoi: Any) -> None:
    with translation.override("en"):
        match = computer_game_create(
            player=aoi, game="gunshi", variant="basic", time_control="5+3", level=2, colour="red"
        )
    assert match.status == Match.Status.RUNNING
    assert match.rated is False
    assert match.red_player == aoi
    assert match.red_name == "青井 葵"
    assert match.blue_player == computer_account(2)
    assert match.blue_name == "Computer level 2"
    assert match.meta == {"computer_level": 2, "computer": {"level": 2, "seat": "blue"}}
    assert match.time_control == "5+3"


def test_the_computers_name_is_in_the_players_language(aoi: Any) -> None:
    with translation.override("ja"):
        match = computer_game_create(player=aoi, level=4, colour="blue")
    assert match.red_name == "コンピュータ レベル4"


def test_blue_puts_the_computer_in_the_red_seat(aoi: Any) -> None:
    match = computer_game_create(player=aoi, game="junqi", time_control="10+5", colour="blue")
    assert match.blue_player == aoi
    assert match.red_player == computer_account(3)
    assert match.meta["computer"] == {"level": 3, "seat": "red"}
    assert match.game == "junqi"


def test_rated_cannot_be_asked_for(aoi: Any) -> None:
    with pytest.raises(TypeError):
        computer_game_create(player=aoi, rated=True)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"level": 0}, "unknown_level"),
        ({"level": 5}, "unknown_level"),
        ({"level": "x"}, "unknown_level"),
        ({"level": True}, "unknown_level"),
        ({"game": "chess"}, "unknown_game"),
        ({"variant": "nope"}, "unknown_format"),
        ({"time_control": "1s+0"}, "time_control_too_short"),
        ({"colour": "green"}, "unknown_colour"),
    ],
)
def test_bad_choices_are_refused_and_nothing_is_saved(
    aoi: Any, fields: dict[str, Any], code: str
) -> None:
    with pytest.raises(PlayError) as refused:
        computer_game_create(player=aoi, **fields)
    assert refused.value.code == code
    assert Match.objects.count() == 0


def test_a_visitor_is_refused(db: None) -> None:
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PlayError) as refused:
        computer_game_create(player=AnonymousUser())
    assert refused.value.code == "login_required"


def test_one_unfinished_game_at_a_time(aoi: Any, ren: Any) -> None:
    first = computer_game_create(player=aoi, level=1, colour="red")
    with pytest.raises(PlayError) as refused:
        computer_game_create(player=aoi, level=4)
    assert refused.value.code == "computer_game_unfinished"
    assert refused.value.http_status == 409
    assert computer_game_unfinished(aoi) == first
    computer_game_create(player=ren, level=1)  # another player is not affected
    match_resign(match_id=first.pk, seat="red", actor=aoi)
    assert computer_game_unfinished(aoi) is None
    assert computer_game_create(player=aoi, level=4).meta["computer_level"] == 4


@override_settings(PLAY_COMPUTER_GAMES_PER_MINUTE=2)
def test_creation_is_rate_limited(aoi: Any) -> None:
    for _ in range(2):
        match = computer_game_create(player=aoi, colour="red")
        match_resign(match_id=match.pk, seat="red", actor=aoi)
    with pytest.raises(PlayError) as refused:
        computer_game_create(player=aoi, colour="red")
    assert refused.value.code == "computer_rate_limited"
    assert refused.value.http_status == 429
    Match.objects.update(created_at=dt.datetime(2020, 1, 1, tzinfo=dt.UTC))
    computer_game_create(player=aoi, colour="red")


def test_the_computers_accounts_cannot_log_in_nor_start_games(db: None) -> None:
    user = computer_account(1)
    assert user.username == "computer-1"
    assert not user.has_usable_password()
    assert not user.is_active
    assert is_computer(user)
    assert computer_account(1) == user  # made once
    client = Client()
    assert not client.login(username="computer-1", password="")
    response = client.post(
        "/accounts/login/", {"login": "computer-1", "password": "computer-1"}, follow=False
    )
    assert "_auth_user_id" not in client.session
    assert response.status_code in (200, 400)
    with pytest.raises(PlayError) as refused:
        computer_game_create(player=user)
    assert refused.value.code == "computer_cannot_play"


def test_a_person_named_computer_1_is_not_the_computer(aoi: Any) -> None:
    from tests.play.conftest import make_player

    person = make_player("computer-1")
    bot = computer_account(1)
    assert bot != person
    assert bot.username.startswith("computer-1-")
    assert not is_computer(person)
    assert is_computer(bot)
    assert ComputerAccount.objects.get(level=1).user == bot


def test_nobody_can_challenge_the_computer_by_name(aoi: Any) -> None:
    computer_account(3)
    with pytest.raises(PlayError) as refused:
        seek_create(creator=aoi, kind="direct", opponent="computer-3", rated=True)
    assert refused.value.code == "unknown_player"
