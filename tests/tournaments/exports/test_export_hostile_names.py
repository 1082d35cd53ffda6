"""Hostile player names: refused on input, neutralised in every export.

A name stored before names were checked (or written by some other path) must still not turn a
CSV cell into a spreadsheet formula, nor break a TRF line, reorder its text or shift its
columns.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tests.tournaments.exports.trf_checker import check, parse
from tournaments.errors import TournamentError
from tournaments.exports import trf_text
from tournaments.models import Entry, Event
from tournaments.services.entries import entry_add, entry_register
from tournaments.services.entry_import import entry_import_csv
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

HOSTILE = {
    "P1": '=HYPERLINK("http://evil.example","x")',
    "P2": "Eve\n001    1      Injected                          2000",
    "P3": "\u202eevil\u2066 name\u2069\r",
    "P4": "@SUM(A1:A9)",
    "P5": "\tTabbed",
    "P6": "+81 90 0000 0000 " + "長い名前" * 10,
}


@pytest.fixture
def hostile(event: Event, add_players: Any) -> Event:
    """Six players who played round 1, then renamed behind the services' back."""
    add_players(event, 6)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    finish_round(r1)
    for old, new in HOSTILE.items():
        Entry.objects.filter(event=event, name=old).update(name=new)
    return event


def _cells(client: Client, url: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(client.get(url).content.decode())))


def test_csv_exports_neutralise_formula_cells(client: Client, hostile: Event) -> None:
    standings = _cells(client, reverse("tournaments:export_standings_csv", args=[hostile.slug]))
    pairings = _cells(client, reverse("tournaments:export_pairings_csv", args=[hostile.slug, 1]))
    cells = [c for row in standings[1:] + pairings[1:] for c in row]
    names = [c for c in cells if c.lstrip("'") in HOSTILE.values()]
    assert len(names) == len(HOSTILE) * 2
    for cell in cells:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert "'" + HOSTILE["P1"] in names
    assert "'" + HOSTILE["P5"] in names
    assert [row[2] for row in standings[1:]].count("1") == 3  # numbers are left alone


def test_trf_names_stay_on_their_line_and_in_their_column(hostile: Event) -> None:
    text = trf_text(hostile)
    assert check(text) == [], text
    lines = text.splitlines()
    assert sum(1 for line in lines if line.startswith("001")) == 6
    assert not any(ch in text for ch in "\u202e\u2066\u2069\r\t")
    names = {p.number: p.name for p in parse(text).players.values()}
    assert len(names) == 6
    assert all(len(name) <= 33 for name in names.values())
    assert "Eve 001 1 Injected 2000" in names.values()
    assert "evil name" in names.values()
    long = next(n for n in names.values() if n.startswith("+81"))
    assert long == HOSTILE["P6"][:33]


@pytest.mark.parametrize("name", ["Ann\nBob", "\u202eevil", "Tab\there", "Bell\x07", "  "])
def test_adding_a_player_refuses_control_and_bidi_characters(event: Event, name: str) -> None:
    with pytest.raises(TournamentError) as raised:
        entry_add(actor=event.organiser, event=event, name=name)
    assert raised.value.code in ("name_unsafe", "name_required")
    assert not Entry.objects.filter(event=event).exists()


def test_a_csv_import_refuses_a_name_with_control_characters(event: Event) -> None:
    text = 'name,rating\nAiko,1500\n"Line\nbreak",1400\nRTL\u202ename,1300\n'
    with pytest.raises(TournamentError) as raised:
        entry_import_csv(actor=event.organiser, event=event, text=text)
    assert raised.value.code == "csv_invalid"
    assert sorted(raised.value.rows) == [4, 5]  # the line each record ends on
    assert "U+000A" in raised.value.rows[4][0]
    assert "U+202E" in raised.value.rows[5][0]
    assert not Entry.objects.filter(event=event).exists()


def test_registration_refuses_an_account_name_with_bidi_characters(
    event: Event, make_user: Any
) -> None:
    """A registration takes the player's display name (docs/accounts.md): one stored before
    names were checked (written here past ``profile_update``'s check) is still refused."""
    from core.models import PlayerProfile

    user = make_user("spoof")
    PlayerProfile.objects.filter(user=user).update(display_name="Mallory\u202e Admin")
    with pytest.raises(TournamentError) as raised:
        entry_register(event=event, user=user)
    assert raised.value.code == "name_unsafe"
    assert not Entry.objects.filter(event=event).exists()
