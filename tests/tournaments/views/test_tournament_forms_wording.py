"""Small things organisers and players read: the check-in summary, a refused late entry, the
dashboard's account fields, the standings caption while a round is played and once the event
is finished, the online-only error naming the box as the form labels it, and the event form
speaking of the chosen game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tournaments.forms import EventForm
from tournaments.models import Entry, Event
from tournaments.services.entries import entry_check_in_many
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

EN = {"accept-language": "en"}
JA = {"accept-language": "ja"}


def event_form(**changes: str) -> dict[str, Any]:
    """What the empty event form posts (its initial values), with ``changes``."""
    form = EventForm()
    data = {name: form[name].value() for name in form.fields}
    data = {k: v for k, v in data.items() if not (v is None or v is False or v in ("", []))}
    return data | {"starts_on": "2026-10-01"} | changes


def dashboard(client: Client, event: Event, headers: dict[str, str] = EN) -> str:
    url = reverse("tournaments:manage_event", args=[event.slug])
    return client.get(url, headers=headers).content.decode()


def test_check_in_summary_when_everyone_is_in(
    client: Client, event: Event, add_players: Any
) -> None:
    players = add_players(event, 4)
    entry_check_in_many(actor=event.organiser, event=event, entries=players)
    client.force_login(event.organiser)
    assert "All 4 active players have checked in." in dashboard(client, event)
    html = dashboard(client, event, JA)
    assert "参加中の0名" not in html
    assert "参加中の4名全員がチェックインしました。" in html


def test_a_refused_late_entry_says_so_at_the_top_and_scrolls_to_the_form(
    client: Client, event: Event, add_players: Any
) -> None:
    add_players(event, 4)
    round_pair(actor=event.organiser, event=event)
    client.force_login(event.organiser)
    response = client.post(
        reverse("tournaments:entry_add", args=[event.slug]),
        {"name": "P1", "missed_round_points": "0"},
        headers=EN,
    )
    html = response.content.decode()
    assert "The late entry was not added: see the errors under “Late entry”." in html
    assert html.index('id="action-errors"') < html.index('id="add-player"')
    assert f'action="/events/{event.slug}/manage/entries/add/#add-player"' in html
    assert "Someone named “P1” is already entered" in html
    assert Entry.objects.filter(event=event).count() == 4


def test_the_dashboard_has_no_two_inputs_of_one_name(client: Client, event: Event) -> None:
    client.force_login(event.organiser)
    html = dashboard(client, event)
    assert 'name="username"' not in html
    for name in ("account", "member"):
        inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', html)
        assert len(inputs) == 1, name
        assert 'autocomplete="off"' in inputs[0]
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))


def test_role_and_player_forms_take_the_renamed_fields(
    client: Client, event: Event, make_user: Any
) -> None:
    judge, player = make_user("judge"), make_user("player")
    client.force_login(event.organiser)
    client.post(
        reverse("tournaments:role_add", args=[event.slug]), {"member": "judge", "role": "arbiter"}
    )
    client.post(
        reverse("tournaments:entry_add", args=[event.slug]), {"name": "Pia", "account": "player"}
    )
    assert event.roles.get().user == judge
    assert Entry.objects.get(event=event, name="Pia").user == player


def test_standings_caption_follows_the_round_and_the_end_of_the_event(
    client: Client, make_event: Any, add_players: Any
) -> None:
    event = make_event(rounds=1)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    url = reverse("tournaments:standings", args=[event.slug])
    html = client.get(url, headers=EN).content.decode()
    assert "Round 1 is being played" in html
    assert "After round 1" not in html
    assert "第1回戦終了時点" not in client.get(url, headers=JA).content.decode()
    finish_round(round_)
    cache.clear()  # the live pages' version moves after commit; these tests never commit
    caption = client.get(url, headers=EN).content.decode().split("table-caption")[1][:400]
    assert "After round 1 (1 complete)." in caption
    event_set_status(actor=event.organiser, event=event, status="running")
    event_set_status(actor=event.organiser, event=event, status="finished")
    cache.clear()
    html = client.get(url, headers=EN).content.decode()
    assert "Final ranking" in html
    assert "<title>Final ranking" in html
    assert "最終順位" in client.get(url, headers=JA).content.decode()


def test_the_online_only_error_names_the_box_as_labelled(client: Client, host: Any) -> None:
    client.force_login(host)
    form = event_form(name="Autumn Cup", game="strategem", online="on")
    html = client.post(reverse("tournaments:event_create"), form, headers=JA).content.decode()
    assert "「オンライン開催」のチェックを外してください" in html
    assert "オンラインで対局" not in html


def test_the_event_form_marks_what_each_game_uses(client: Client, host: Any) -> None:
    client.force_login(host)
    html = client.get(reverse("tournaments:event_create"), headers=EN).content.decode()

    def games_of(element_id: str) -> set[str]:
        found = re.search(
            rf'id="{element_id}"[^>]*data-only-for-game="([^"]*)"', html
        ) or re.search(rf'data-only-for-game="([^"]*)"[^>]*id="{element_id}"', html)
        assert found, element_id
        return set(found.group(1).split())

    for element in (
        "field-pairing_system",
        "field-forfeit_counts_as_game",
        "group-points",
        "group-tiebreaks",
        "group-time-control",
    ):
        assert "sangoku_seisuiki" not in games_of(element)
        assert {"gunshi", "junqi", "strategem"} <= games_of(element)
    # A ranked-table event keeps its number of rounds (of table assignments).
    assert "data-only-for-game" not in html.split('id="field-rounds"')[0].rsplit("<div", 1)[1]
    assert "Number of rounds" in html
    assert games_of("time-control-presets") == {"gunshi"}
    assert games_of("time-control-junqi") == {"junqi"}
    assert games_of("field-start_window_minutes") == {"gunshi", "junqi"}
    assert games_of("ranked-table-note") == {"sangoku_seisuiki"}
    assert "Recommended for Junqi (軍棋): 10+5" in html
    help_text = html.split('id="id_time_control-help"')[1].split("</p>")[0]
    assert "official" not in help_text


def test_a_ranked_table_event_is_created_without_its_ignored_fields(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    form = event_form(name="Sangoku Day", game="sangoku_seisuiki")
    response = client.post(reverse("tournaments:event_create"), form)
    assert response.status_code == 302
    assert Event.objects.get(slug="sangoku-day").game == "sangoku_seisuiki"


def test_a_ranked_table_event_page_shows_no_swiss_settings(client: Client, make_event: Any) -> None:
    event = make_event(game="sangoku_seisuiki", time_control="240+0")
    event_set_status(actor=event.organiser, event=event, status="registration")
    html = client.get(reverse("tournaments:event_detail", args=[event.slug]), headers=EN)
    text = html.content.decode()
    assert "3–5 players a table, 240-minute sessions" in text
    assert "Tie-breaks" not in text
    assert "recommended for this field" not in text
