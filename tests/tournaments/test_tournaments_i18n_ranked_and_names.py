"""Words that stayed in the wrong language: the card queue's slots and the standings column
"1st" in Japanese, the 疾風伝令 line of English records, the games' English names, and help
that cited a developer document users cannot open."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import get_game, registered_games
from matches.ui_labels import UI_LABELS

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@pytest.mark.parametrize(
    ("key", "english", "japanese"),
    [
        ("slot_1", "1st", "1番"),
        ("slot_2", "2nd", "2番"),
        ("slot_3", "3rd", "3番"),
        ("slot_4", "4th", "4番"),
    ],
)
def test_card_queue_slots_are_translated(key: str, english: str, japanese: str) -> None:
    with translation.override("en"):
        assert str(UI_LABELS[key]) == english
    with translation.override("ja"):
        assert str(UI_LABELS[key]) == japanese


def test_the_swift_dispatch_line_of_a_record_reads_in_the_page_language() -> None:
    with translation.override("en"):
        english = str(UI_LABELS["hist_dispatch"])
    with translation.override("ja"):
        japanese = str(UI_LABELS["hist_dispatch"])
    assert english == "End of the command step with Swift Dispatch"
    assert not CJK.search(english)
    assert japanese == "疾風伝令で指令を終えた"


@pytest.mark.django_db
def test_the_standings_column_of_first_places_is_japanese(make_event: object) -> None:
    from tournaments.models import Event
    from tournaments.views_ranked import standings_html

    event = make_event(name="Sangoku Cup")  # type: ignore[operator]
    Event.objects.filter(pk=event.pk).update(game="sangoku_seisuiki")
    event.refresh_from_db()
    with translation.override("ja"):
        html = standings_html(event)
    assert '<abbr title="1位の回数">1位</abbr>' in html
    with translation.override("en"):
        assert '<abbr title="Number of 1st places">1st</abbr>' in standings_html(event)


@pytest.mark.parametrize(
    ("key", "english", "japanese"),
    [
        ("banjo_yuki", "Banjō Yūki", "盤上遊姫"),
        ("sangoku_seisuiki", "Sangoku Seisuiki", "三国盛衰記"),
        ("gunshi", "Gunshi Gunryaku", "軍師軍略"),
    ],
)
def test_games_have_english_names(key: str, english: str, japanese: str) -> None:
    game = get_game(key)
    with translation.override("en"):
        assert str(game.title) == english
        assert str(game.name) == f"{english} ({japanese})"
    with translation.override("ja"):
        assert str(game.title) == japanese
        assert str(game.name) == japanese


def test_every_game_title_is_free_of_japanese_in_english() -> None:
    with translation.override("en"):
        for game in registered_games():
            assert not CJK.search(str(game.title)), game.key


def test_no_page_or_message_cites_a_developer_document() -> None:
    """Users cannot open docs/*.md: help text and pages link to help pages instead."""
    sources = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("*/forms.py")]
    offenders = [str(p) for p in sources if "docs/start-positions.md" in p.read_text("utf-8")]
    assert offenders == []


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "heading"), [("en", "Start positions"), ("ja", "初期配置")])
def test_the_start_positions_help_page_opens(client: Client, language: str, heading: str) -> None:
    response = client.get(
        reverse("core:help_start_positions"), headers={"accept-language": language}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert "red: lp 0; pieces Ib2N" in html


@pytest.mark.django_db
def test_the_event_form_links_its_start_position_help(client: Client, make_user: object) -> None:
    user = make_user("host")  # type: ignore[operator]
    client.force_login(user)
    html = client.get(
        reverse("tournaments:event_create"), headers={"accept-language": "en"}
    ).content.decode()
    link = f'<a href="{reverse("core:help_start_positions")}">How to write a start position</a>'
    assert link in html
