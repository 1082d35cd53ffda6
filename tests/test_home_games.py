"""The home page names every game the site runs (from the registry), in both languages, and
the site's name and footer belong to no single game."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games import TableKind, registered_games

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_home_page_lists_every_registered_game(client: Client, language: str) -> None:
    client.cookies["django_language"] = language
    html = client.get("/").content.decode()
    with translation.override(language):
        for game in registered_games():
            assert f'data-game="{game.key}"' in html
            assert str(game.name) in html
    assert html.count('class="games__item"') == len(registered_games())


def test_each_game_says_how_it_is_played(client: Client) -> None:
    client.cookies["django_language"] = "en"
    html = client.get("/").content.decode()
    assert "Ranked tables of 2 to 11 players" in html  # 三国盛衰記
    assert "Chess clock, recommended 10+5" in html  # 軍棋
    assert "Online with a rules engine, or over the board" in html
    assert "Over the board, with results and standings on the site" in html
    ranked = [g for g in registered_games() if g.table == TableKind.RANKED_TABLE]
    assert ranked, "the registry has a ranked-table game to show"


def test_site_name_and_footer_name_no_single_game(client: Client) -> None:
    client.cookies["django_language"] = "ja"
    html = client.get("/events/").content.decode()
    assert "<title>" in html
    assert "軍師軍略 トーナメント" not in html
    assert "ボードゲーム・カードゲームの大会" in html
    client.cookies["django_language"] = "en"
    html = client.get("/events/").content.decode()
    assert "of Gunshi Gunryaku" not in html
