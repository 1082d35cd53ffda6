"""The reads behind the player pages (``players.selectors_profile``), against the database."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match
from players import selectors_profile as profiles

pytestmark = pytest.mark.django_db


def test_search_finds_by_user_name_or_display_name_and_leaves_hidden_profiles_out(
    player: Any,
) -> None:
    player("taro", display_name="山田 太郎")
    player("hana", display_name="Hanako")
    player("secret_taro", display_name="Taro Hidden", hidden=True)
    assert [p.user.username for p in profiles.player_search("taro")] == ["taro"]
    assert [p.user.username for p in profiles.player_search("山田")] == ["taro"]
    assert [p.user.username for p in profiles.player_search("HANA")] == ["hana"]
    everyone = [p.user.username for p in profiles.player_search("")]
    assert everyone == ["hana", "taro"]  # by display name; the hidden profile is not listed


def test_search_leaves_deactivated_accounts_out(player: Any) -> None:
    gone = player("gone")
    gone.is_active = False
    gone.save()
    assert list(profiles.player_search("gone")) == []
    assert profiles.player_by_username("gone") is None


def test_games_are_finished_ones_seen_from_the_players_side(
    player: Any, finished_game: Any
) -> None:
    me, rival, other = player("me"), player("rival"), player("other")
    won = finished_game(me, rival, "red")
    lost = finished_game(rival, me, "red", method="resignation")
    finished_game(rival, other, "blue")  # not mine
    from matches.services.lifecycle import match_create

    match_create(red_player=me, blue_player=other, start=True)  # running: not a finished game
    lines = profiles.game_lines(me, profiles.finished_games(me))
    assert [(line.match.pk, line.colour, line.result) for line in lines] == [
        (lost.pk, "blue", "loss"),
        (won.pk, "red", "win"),
    ]
    assert {line.opponent_username for line in lines} == {"rival"}
    assert all(line.has_record for line in lines)


def test_a_draw_and_a_game_without_a_winner_count_as_such(player: Any, finished_game: Any) -> None:
    me, rival = player("me"), player("rival")
    finished_game(me, rival, "draw", game="junqi", method=Match.Method.DRAW_AGREED)
    finished_game(me, rival, "none", game="junqi", method=Match.Method.SETUP_TIMEOUT)
    results = [line.result for line in profiles.game_lines(me, profiles.finished_games(me))]
    assert sorted(results) == ["draw", "none"]
    score = profiles.head_to_head(me, rival)
    assert (score.wins, score.draws, score.losses, score.games) == (0, 1, 0, 1)


def test_games_filter_by_game_and_by_opponent_name(player: Any, finished_game: Any) -> None:
    me, rival, other = player("me"), player("rival", display_name="Rival Ken"), player("other")
    gunshi = finished_game(me, rival, "red")
    junqi = finished_game(other, me, "blue", game="junqi", method=Match.Method.FLAG)
    assert list(profiles.finished_games(me, game="junqi")) == [junqi]
    assert list(profiles.finished_games(me, opponent_query="ken")) == [gunshi]
    assert list(profiles.finished_games(me, opponent_query="OTHER")) == [junqi]  # user name
    assert list(profiles.finished_games(me, opponent_query="me")) == []  # not my own name
    assert {key for key, _name in profiles.game_choices_played(me)} == {"gunshi", "junqi"}


def test_head_to_head_counts_only_games_between_the_two(player: Any, finished_game: Any) -> None:
    me, rival, other = player("me"), player("rival"), player("other")
    finished_game(me, rival, "red")
    finished_game(rival, me, "blue")
    finished_game(rival, me, "red")
    finished_game(me, other, "blue")
    score = profiles.head_to_head(me, rival)
    assert (score.wins, score.draws, score.losses) == (2, 0, 1)
    assert profiles.head_to_head(rival, me).losses == 2
    assert profiles.finished_games(me, opponent=rival).count() == 3


def test_find_opponent_by_user_name_or_a_unique_display_name(player: Any) -> None:
    taro = player("taro", display_name="太郎")
    player("jiro", display_name="Twin")
    player("saburo", display_name="twin")
    assert profiles.find_opponent("TARO") == taro
    assert profiles.find_opponent("太郎") == taro
    assert profiles.find_opponent("twin") is None  # two players: ambiguous
    assert profiles.find_opponent("nobody") is None
    assert profiles.find_opponent("  ") is None


def test_games_of_a_draft_event_are_left_out(player: Any, finished_game: Any) -> None:
    from tournaments.models import Event

    me, rival = player("me"), player("rival")
    draft = Event.objects.create(
        name="Draft Cup", slug="draft-cup", organiser=rival, starts_on=dt.date(2026, 4, 1)
    )
    finished_game(me, rival, "red", event_id=draft.pk)
    public = finished_game(me, rival, "blue")
    assert list(profiles.finished_games(me)) == [public]


def test_playing_now_lists_unfinished_games(player: Any, finished_game: Any) -> None:
    from matches.services.lifecycle import match_create

    me, rival = player("me"), player("rival")
    finished_game(me, rival)
    running = match_create(red_player=me, blue_player=rival, start=True)
    pending = match_create(red_player=rival, blue_player=me)
    assert [m.pk for m in profiles.playing_now(me)] == [pending.pk, running.pk]


def test_profile_ratings_is_empty_until_the_rating_app_fills_it(player: Any) -> None:
    assert profiles.profile_ratings(player("me")) == []


def test_the_games_page_costs_the_same_queries_for_few_or_many_games(
    player: Any, finished_game: Any
) -> None:
    me, rival = player("me"), player("rival")
    finished_game(me, rival)

    def page_queries() -> int:
        with CaptureQueriesContext(connection) as queries:
            profiles.game_lines(me, list(profiles.finished_games(me)[:25]))
        return len(queries)

    few = page_queries()
    for _ in range(5):
        finished_game(rival, me, "blue")
    assert page_queries() == few == 1
