"""Exports: TRF line layout (FIDE TRF16 columns), CSV/JSON contents, the games zip."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tournaments.exports import games_zip_bytes, trf_text
from tournaments.models import Event, Pairing
from tournaments.services.entries import entry_add
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event: Event, add_players: Any) -> Event:
    """5 players, 2 complete rounds (byes included), a late entry worth 0.5 for round 1."""
    add_players(event, 5)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    finish_round(r1)
    entry_add(actor=host, event=event, name="Late", missed_round_points=Decimal("0.5"))
    r2 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r2)
    pending = list(Pairing.objects.filter(round=r2, result="pending").order_by("table"))
    result_set(actor=host, pairing=pending[0], result="red_won_by_forfeit")
    for p in pending[1:]:
        result_set(actor=host, pairing=p, result="blue_won")
    return event


def player_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001")]


def test_trf_player_lines_follow_the_trf16_columns(played: Event) -> None:
    text = trf_text(played)
    assert text.splitlines()[0] == f"012 {played.name}"
    assert "XXR 3" in text.splitlines()
    lines = player_lines(text)
    assert len(lines) == 6
    by_name = {line[14:47].rstrip(): line for line in lines}
    p1 = by_name["P1"]
    assert p1[0:3] == "001"
    assert p1[4:8] == "   1"  # starting rank, columns 5-8
    assert p1[48:52] == " 500"  # rating, columns 49-52
    for line in lines:
        assert line[3] == " "
        assert line[13] == " "
        assert line[47] == " "
        assert line[80:84].strip().replace(".", "").isdigit()  # points, columns 81-84 ("11.5")
        assert line[85:89].strip().isdigit()  # rank, columns 86-89
        for r in range(2):
            block = line[91 + 10 * r : 91 + 10 * r + 8].ljust(8)  # round r+1: columns 92-99
            assert block[4] == " "
            assert block[6] == " "
            assert block[5] in "wb-"
            assert block[7] in "10+-UFHZ "
    late = by_name["Late"]
    assert late[91:99] == "0000 - H"  # round 1: 0.5 granted, less than a win
    assert late[80:84] == f"{float(late[80:84]):4.1f}"


def test_trf_opponents_are_consistent(played: Event) -> None:
    lines = player_lines(trf_text(played))
    rank_of = {int(line[4:8]): line for line in lines}
    for line in lines:
        for r in range(2):
            block = line[91 + 10 * r : 91 + 10 * r + 8]
            opponent = int(block[0:4])
            if opponent == 0:
                continue
            other = rank_of[opponent][91 + 10 * r : 91 + 10 * r + 8]
            assert int(other[0:4]) == int(line[4:8])
            assert {block[5], other[5]} == {"w", "b"}
            assert {block[7], other[7]} in ({"1", "0"}, {"+", "-"})


def test_standings_and_pairings_csv_and_json(client: Client, played: Event) -> None:
    response = client.get(reverse("tournaments:export_standings_csv", args=[played.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["rank", "name", "points"]
    assert len(rows) == 7
    data = client.get(reverse("tournaments:export_standings_json", args=[played.slug])).json()
    assert [s["rank"] for s in data["standings"]] == sorted(s["rank"] for s in data["standings"])
    assert data["tiebreaks"] == ["BH-C1", "BH", "SB", "DE", "RND"]
    pairings = client.get(reverse("tournaments:export_pairings_json", args=[played.slug, 2])).json()
    assert pairings["round"] == 2
    assert {p["result"] for p in pairings["pairings"]} >= {"red_won_by_forfeit", "blue_won"}


def test_games_zip_lists_every_published_table(played: Event) -> None:
    archive = zipfile.ZipFile(io.BytesIO(games_zip_bytes(played)))
    index = json.loads(archive.read("index.json"))
    assert len(index["tables"]) == Pairing.objects.filter(round__event=played).count()
    assert "round-01/table-001.json" in archive.namelist()
