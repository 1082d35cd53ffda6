"""The player pages over HTTP: search, the profile, its lists, filters and head-to-head."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from tests.players.events_world import played_event

pytestmark = pytest.mark.django_db

EN = {"accept-language": "en"}


def _get(client: Client, path: str, **params: Any) -> str:
    response = client.get(path, params, headers=EN)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_search_lists_matching_players_and_never_a_hidden_one(player: Any) -> None:
    player("taro", display_name="山田 太郎")
    player("ghost", display_name="Taro Ghost", hidden=True)
    client = Client()
    body = _get(client, reverse("players:search"), q="taro")
    assert "山田 太郎" in body
    assert reverse("players:profile", args=["taro"]) in body
    assert "Taro Ghost" not in body
    assert "ghost" not in body
    assert "No player found for “zzz”." in _get(client, reverse("players:search"), q="zzz")


def test_search_is_paginated(player: Any) -> None:
    for n in range(30):
        player(f"p{n:02d}")
    client = Client()
    first = _get(client, reverse("players:search"), q="p")
    assert "Page 1 of 2" in first
    assert first.count('href="/players/p') == 25
    second = _get(client, reverse("players:search"), q="p", page=2)
    assert second.count('href="/players/p') == 5
    assert "q=p&amp;page=1" in second  # the pager keeps the search


def test_a_hidden_profile_still_opens_by_its_address(player: Any) -> None:
    player("ghost", display_name="Ghost", hidden=True)
    body = _get(Client(), reverse("players:profile", args=["ghost"]))
    assert "<h1>Ghost</h1>" in body
    assert '<meta name="robots" content="noindex">' in body


def test_an_unknown_or_deactivated_player_is_not_found(player: Any) -> None:
    gone = player("gone")
    gone.is_active = False
    gone.save()
    client = Client()
    assert client.get(reverse("players:profile", args=["nobody"])).status_code == 404
    assert client.get(reverse("players:profile", args=["gone"])).status_code == 404


def test_the_profile_shows_name_ratings_games_and_links(player: Any, finished_game: Any) -> None:
    me = player("me", display_name="私")
    rival = player("rival", display_name="Rival")
    game = finished_game(me, rival, "red", time_control="10+5")
    body = _get(Client(), reverse("players:profile", args=["me"]))
    assert "<h1>私</h1>" in body
    assert "Member since" in body
    assert "No rated games yet." in body
    row = re.search(r'<tr class="profile-game profile-game--win">.*?</tr>', body, re.S)
    assert row is not None
    assert "10+5" in row.group(0)
    assert "Won" in row.group(0)
    assert "Red" in row.group(0)
    assert reverse("players:profile", args=["rival"]) in row.group(0)
    assert reverse("matches:record_detail", args=[game.pk]) in row.group(0)


def test_games_are_paginated_by_25_and_filtered(player: Any, finished_game: Any) -> None:
    me, rival, other = player("me"), player("rival", display_name="Rival"), player("other")
    for _ in range(26):
        finished_game(me, rival, "red")
    finished_game(other, me, "red", game="junqi", method=Match.Method.FLAG)
    client = Client()
    path = reverse("players:profile", args=["me"])
    first = _get(client, path)
    assert first.count('class="profile-game ') == 25
    assert "Page 1 of 2" in first
    assert _get(client, path, page=2).count('class="profile-game ') == 2
    junqi = _get(client, path, game="junqi")
    assert junqi.count('class="profile-game ') == 1
    assert "profile-game--loss" in junqi
    assert _get(client, path, opponent="rIVal").count('class="profile-game ') == 25
    assert "game=junqi&amp;page=" not in junqi  # one page only: no pager
    filtered = _get(client, path, opponent="rival", page=2)
    assert "opponent=rival&amp;page=1" in filtered  # the pager keeps the filter


def test_head_to_head_totals_and_the_games_between_the_two(player: Any, finished_game: Any) -> None:
    me, rival, other = player("me"), player("rival"), player("other")
    finished_game(me, rival, "red")
    finished_game(rival, me, "red")
    finished_game(rival, me, "blue")
    finished_game(me, other, "red")
    body = _get(Client(), reverse("players:profile", args=["me"]), vs="rival")
    score = re.search(r'<p class="h2h" id="h2h-score">(.*?)</p>', body, re.S)
    assert score is not None
    numbers = re.findall(r"<strong>(\d+)</strong> (won|drawn|lost)", score.group(1))
    assert numbers == [("2", "won"), ("0", "drawn"), ("1", "lost")]
    assert body.count('class="profile-game ') == 3
    assert "Games between the two" in body


def test_head_to_head_with_an_unknown_opponent_says_so(player: Any) -> None:
    player("me")
    body = _get(Client(), reverse("players:profile", args=["me"]), vs="nobody")
    assert "No player called “nobody”" in body
    body = _get(Client(), reverse("players:profile", args=["me"]), vs="me")
    assert "not the player themself" in body


def test_events_show_the_place_of_public_events_only(player: Any) -> None:
    me, rival = player("me"), player("rival")
    host = player("host")
    world = played_event(host, {"Me": me, "Rival": rival}, name="Spring Open")
    played_event(host, {"Me": me, "Rival": rival}, name="Secret Cup", visibility="unlisted")
    body = _get(Client(), reverse("players:profile", args=["me"]))
    assert "Spring Open" in body
    assert "Secret Cup" not in body
    red_won = world.pairing.red_id == world.entries["Me"].pk
    row = re.search(r"Spring Open.*?</tr>", body, re.S)
    assert row is not None
    assert re.search(r'<td class="num">\s*%s\s*</td>' % (1 if red_won else 2), row.group(0))


def test_a_running_event_shows_the_place_as_in_progress(player: Any) -> None:
    me, rival = player("me"), player("rival")
    played_event(player("host"), {"Me": me, "Rival": rival}, finish=False)
    assert "(in progress)" in _get(Client(), reverse("players:profile", args=["me"]))


def test_own_profile_says_whether_it_is_found_by_search(player: Any) -> None:
    me = player("me", hidden=True)
    client = Client()
    client.force_login(me)
    body = _get(client, reverse("players:profile", args=["me"]))
    assert "Your profile is hidden from player search" in body
    assert f'href="{reverse("players:profile", args=["me"])}"' in body  # the header's link


def test_the_profile_page_costs_a_bounded_number_of_queries(
    player: Any, finished_game: Any, django_assert_max_num_queries: Any
) -> None:
    me, rival = player("me"), player("rival")
    for _ in range(30):
        finished_game(me, rival, "red")
    played_event(player("host"), {"Me": me, "Rival": rival})
    client = Client()
    path = reverse("players:profile", args=["me"])
    client.get(path)  # fills the cache of places
    with django_assert_max_num_queries(12):
        assert client.get(path).status_code == 200


def test_a_game_that_finishes_after_the_page_was_cached_shows_at_once(
    player: Any, finished_game: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The games' caches follow the player's games version (``matches.player_games``),
    which a new result changes after commit."""
    me, rival = player("me"), player("rival")
    with django_capture_on_commit_callbacks(execute=True):
        finished_game(me, rival, "red")
    client = Client()
    path = reverse("players:profile", args=["me"])
    assert _get(client, path).count('class="profile-game ') == 1
    assert _get(client, path, vs="rival").count("<strong>1</strong> won") == 1
    with django_capture_on_commit_callbacks(execute=True):
        finished_game(rival, me, "red")
    assert _get(client, path).count('class="profile-game ') == 2
    assert "<strong>1</strong> lost" in _get(client, path, vs="rival")


def test_the_profile_shows_each_rating_with_its_history_chart(player: Any, otb_game: Any) -> None:
    import datetime as dt

    aoi, ren = player("aoi", display_name="Aoi"), player("ren", display_name="Ren")
    start = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)
    otb_game(aoi, ren, "red", start)
    otb_game(ren, aoi, "blue", start + dt.timedelta(days=1))
    otb_game(aoi, ren, "red", start + dt.timedelta(days=2), rated=False)
    client = Client()
    body = _get(client, reverse("players:profile", args=["aoi"]))
    section = body[
        body.index('id="ratings-title"') : body.index(
            "</section>", body.index('id="ratings-title"')
        )
    ]
    assert 'data-rating-pool="gunshi-basic"' in section
    assert "2 rated games" in section  # the unrated third game is not counted
    assert re.search(r"<strong>1\d{3}\?</strong>", section)  # provisional after two games
    assert section.count("<circle ") == 2  # one point per rated game
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart"' in section
    loser = _get(client, reverse("players:profile", args=["ren"]))
    assert 'data-rating-pool="gunshi-basic"' in loser


def test_a_player_without_rated_games_says_so(player: Any) -> None:
    player("new")
    assert "No rated games yet." in _get(Client(), reverse("players:profile", args=["new"]))
