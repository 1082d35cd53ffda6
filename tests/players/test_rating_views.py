"""The rating lists at /ratings/: the pools, one pool's players best first with provisional
ratings marked, pages, and a search that never finds a player hidden from search."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from core.navigation import available_links
from players.models import SiteRating
from players.views_ratings import PLAYERS_PER_PAGE

pytestmark = pytest.mark.django_db


def _rate(
    user: Any,
    value: float,
    *,
    games: int = 20,
    deviation: float = 60.0,
    key: str = "gunshi-basic",
    days_ago: float = 1,
) -> SiteRating:
    return SiteRating.objects.create(
        user=user,
        rating_key=key,
        system="glicko2",
        rating=value,
        deviation=deviation,
        volatility=0.06,
        value=value,
        games=games,
        last_played_at=timezone.now() - dt.timedelta(days=days_ago),
    )


def _rows(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return list(body.split("<tr>")[1:])


def test_the_index_lists_every_pool_with_its_players(client: Client, players: list[Any]) -> None:
    _rate(players[0], 1600)
    _rate(players[1], 1500, key="junqi")
    response = client.get("/ratings/")
    assert response.status_code == 200
    html = response.content.decode()
    for key in (
        "gunshi-basic",
        "gunshi-expansion",
        "gunshi-deck_build",
        "junqi",
        "sangoku_seisuiki",
    ):
        assert f'href="/ratings/{key}/"' in html


def test_the_navigation_links_the_ratings() -> None:
    assert "/ratings/" in [link.url for link in available_links()]


def test_a_pool_lists_its_players_best_first_with_provisional_marks(
    client: Client, players: list[Any]
) -> None:
    _rate(players[0], 1500.4)
    _rate(players[1], 1712.2, deviation=150.0, games=2)  # provisional
    _rate(players[2], 1650.0, days_ago=3 * 365)  # idle for years: provisional again
    _rate(players[3], 1800.0, key="junqi")  # another pool
    html = client.get("/ratings/gunshi-basic/").content.decode()
    rows = _rows(html)
    assert len(rows) == 3
    assert "/players/p1/" in rows[0]
    assert "1712?" in rows[0]
    assert "/players/p2/" in rows[1]
    assert "1650?" in rows[1]
    assert "/players/p0/" in rows[2]
    assert "1500<" in rows[2].replace(" ", "")
    assert "p3" not in html


def test_a_pool_shows_the_players_display_name(client: Client, players: list[Any]) -> None:
    from core.models import PlayerProfile

    PlayerProfile.objects.filter(user=players[0]).update(display_name="<b>Aoi</b>")
    _rate(players[0], 1600)
    html = client.get("/ratings/gunshi-basic/").content.decode()
    assert "&lt;b&gt;Aoi&lt;/b&gt;" in html
    assert "<b>Aoi" not in html


def test_pages_continue_the_ranks(client: Client, django_user_model: Any, db: None) -> None:
    for i in range(PLAYERS_PER_PAGE + 3):
        user = django_user_model.objects.create_user(username=f"u{i:03d}", password="x-x-x-x1")
        _rate(user, 2000 - i)
    rows = _rows(client.get("/ratings/gunshi-basic/?page=2").content.decode())
    assert len(rows) == 3
    assert f'<td class="num">{PLAYERS_PER_PAGE + 1}</td>' in rows[0]
    assert "/players/u050/" in rows[0]


def test_search_finds_by_name_and_keeps_the_players_rank(
    client: Client, players: list[Any]
) -> None:
    for i, user in enumerate(players):
        _rate(user, 1900 - 10 * i)
    rows = _rows(client.get("/ratings/gunshi-basic/", {"q": "P3"}).content.decode())
    assert len(rows) == 1
    assert "/players/p3/" in rows[0]
    assert '<td class="num">4</td>' in rows[0]


def test_search_never_finds_a_player_hidden_from_search(client: Client, players: list[Any]) -> None:
    from core.models import PlayerProfile

    PlayerProfile.objects.filter(user=players[0]).update(
        display_name="Hidden Hana", hidden_from_search=True
    )
    _rate(players[0], 1600)
    assert "/players/p0/" in client.get("/ratings/gunshi-basic/").content.decode()
    for text in ("p0", "Hana"):
        html = client.get("/ratings/gunshi-basic/", {"q": text}).content.decode()
        assert "/players/p0/" not in html
        assert '<p class="empty">' in html  # "no player in this list matches"


def test_a_long_or_odd_search_is_cut_and_escaped(client: Client, players: list[Any]) -> None:
    _rate(players[0], 1600)
    response = client.get("/ratings/gunshi-basic/", {"q": "<script>" + "x" * 500})
    assert response.status_code == 200
    assert "<script>x" not in response.content.decode()


def test_an_unknown_pool_or_page_is_handled(client: Client, players: list[Any]) -> None:
    assert client.get("/ratings/chess/").status_code == 404
    _rate(players[0], 1600)
    assert client.get("/ratings/gunshi-basic/?page=99").status_code == 200
    assert client.get("/ratings/gunshi-basic/?page=abc").status_code == 200


def test_the_lists_are_read_only(client: Client) -> None:
    assert client.post("/ratings/").status_code == 405
    assert client.post("/ratings/junqi/").status_code == 405


def test_a_table_pool_shows_ordinals(client: Client, players: list[Any]) -> None:
    SiteRating.objects.create(
        user=players[0],
        rating_key="sangoku_seisuiki",
        system="plackett_luce",
        rating=30.0,
        deviation=2.0,
        volatility=None,
        value=24.0,
        games=12,
        last_played_at=timezone.now(),
    )
    html = client.get("/ratings/sangoku_seisuiki/").content.decode()
    assert "24.0<" in html.replace(" ", "")
