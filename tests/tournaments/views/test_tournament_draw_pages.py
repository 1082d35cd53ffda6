"""Draws through the pages: a player reports a draw on their private link, the opponent
confirms, the arbiter enters one on the round page and the dashboard; the standings page and
the exports show it. 軍師軍略 pages offer no draw and a posted draw changes nothing."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Event, Pairing
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_report
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

EN = {"accept-language": "en"}
DRAW_OPTION = '<option value="draw">'


def _running(make_event: Any, add_players: Any, game: str) -> tuple[Event, list[Pairing]]:
    event = make_event(game=game)
    host = event.organiser
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 4)
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    event_set_status(actor=host, event=event, status=Event.Status.RUNNING)
    return event, list(Pairing.objects.filter(round=round_).select_related("red", "blue"))


def test_players_report_and_confirm_a_draw_and_the_standings_show_it(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, tables = _running(make_event, add_players, "strategem")
    table = tables[0]
    assert table.blue is not None
    home = reverse("tournaments:player_token", args=[table.red.token])
    assert DRAW_OPTION in client.get(home, headers=EN).content.decode()
    report = reverse("tournaments:player_token_report", args=[table.red.token, table.pk])
    client.post(report, {"result": "draw", "red_score": "0", "blue_score": "0"})
    confirm = reverse("tournaments:player_token_confirm", args=[table.blue.token, table.pk])
    client.post(confirm)
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == ("draw", 0, 0)
    standings = client.get(
        reverse("tournaments:standings", args=[event.slug]), headers=EN
    ).content.decode()
    assert "W–D–L" in standings
    assert "0–1–0" in standings
    trf = client.get(reverse("tournaments:export_trf", args=[event.slug])).content.decode()
    assert len(re.findall(r" [wb] =", trf)) == 2  # the drawn table, once per player
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(
                    reverse("tournaments:export_standings_csv", args=[event.slug])
                ).content.decode()
            )
        )
    )
    assert sorted(row["draws"] for row in rows) == ["0", "0", "1", "1"]
    data = json.loads(
        client.get(reverse("tournaments:export_standings_json", args=[event.slug])).content
    )
    assert sorted(line["draws"] for line in data["standings"]) == [0, 0, 1, 1]


def test_the_arbiter_enters_a_draw_on_the_round_page_and_the_dashboard(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, tables = _running(make_event, add_players, "banjo_yuki")
    # The dashboard lists the tables awaiting a confirmation or in dispute.
    result_report(entry=tables[1].red, pairing=tables[1], result="draw", red_score=1, blue_score=1)
    client.force_login(event.organiser)
    for name in ("manage_round", "manage_event"):
        args = [event.slug, 1] if name == "manage_round" else [event.slug]
        assert (
            DRAW_OPTION
            in client.get(reverse(f"tournaments:{name}", args=args), headers=EN).content.decode()
        )
    url = reverse("tournaments:pairing_result", args=[event.slug, tables[0].pk])
    refused = client.post(url, {"result": "draw", "red_score": "4", "blue_score": "4"}, headers=EN)
    assert refused.status_code == 200
    assert "either player has won 4 battlefields" in refused.content.decode()
    tables[0].refresh_from_db()
    assert tables[0].result == "pending"
    response = client.post(url, {"result": "draw", "red_score": "2", "blue_score": "2"})
    assert response.status_code == 302
    tables[0].refresh_from_db()
    assert (tables[0].result, tables[0].red_score) == ("draw", 2)


def test_gunshi_pages_offer_no_draw_and_a_posted_draw_changes_nothing(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, tables = _running(make_event, add_players, "gunshi")
    table = tables[0]
    home = reverse("tournaments:player_token", args=[table.red.token])
    assert DRAW_OPTION not in client.get(home, headers=EN).content.decode()
    client.post(
        reverse("tournaments:player_token_report", args=[table.red.token, table.pk]),
        {"result": "draw"},
    )
    result_report(entry=tables[1].red, pairing=tables[1], result="red_won")
    client.force_login(event.organiser)
    for name in ("manage_round", "manage_event"):
        args = [event.slug, 1] if name == "manage_round" else [event.slug]
        page = client.get(reverse(f"tournaments:{name}", args=args), headers=EN).content.decode()
        assert 'name="result"' in page
        assert DRAW_OPTION not in page
    client.post(
        reverse("tournaments:pairing_result", args=[event.slug, table.pk]), {"result": "draw"}
    )
    table.refresh_from_db()
    assert (table.result, table.confirmation) == ("pending", Pairing.Confirmation.NONE)
    standings = client.get(
        reverse("tournaments:standings", args=[event.slug]), headers=EN
    ).content.decode()
    assert "W–D–L" not in standings
    assert "W–L" in standings


def test_an_elimination_round_page_offers_no_draw_and_refuses_one(
    make_event: Any, client: Client, add_players: Any
) -> None:
    event = make_event(game="strategem", pairing_system="single_elim")
    host = event.organiser
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 4)
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    table = Pairing.objects.filter(round=round_).select_related("red").first()
    assert table is not None
    home = reverse("tournaments:player_token", args=[table.red.token])
    assert DRAW_OPTION not in client.get(home, headers=EN).content.decode()
    client.force_login(host)
    page = client.get(reverse("tournaments:manage_round", args=[event.slug, 1]), headers=EN)
    assert 'name="result"' in page.content.decode()
    assert DRAW_OPTION not in page.content.decode()
    refused = client.post(
        reverse("tournaments:pairing_result", args=[event.slug, table.pk]),
        {"result": "draw", "red_score": "1", "blue_score": "1"},
        headers=EN,
    )
    assert "a draw cannot be entered" in refused.content.decode()
    table.refresh_from_db()
    assert table.result == "pending"
