"""The dashboard before round 1 (check in all present, who would be left out) and the audit log
read as sentences in both languages."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import audit
from tournaments.models import AuditLog, Entry, Event, Round
from tournaments.services.entries import entry_check_in, entry_check_in_many
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

SERVICES = Path(__file__).resolve().parents[3] / "tournaments" / "services"


def dashboard(client: Client, event: Event, lang: str = "en") -> str:
    url = reverse("tournaments:manage_event", args=[event.slug])
    response = client.get(url, headers={"accept-language": lang})
    assert response.status_code == 200
    return response.content.decode()


def test_check_in_all_present_in_one_post(client: Client, event: Event, add_players: Any) -> None:
    players = add_players(event, 4)
    client.force_login(event.organiser)
    html = dashboard(client, event)
    assert "4 active players have not checked in." in html
    assert "Check in all present" in html

    url = reverse("tournaments:entry_check_in_many", args=[event.slug])
    response = client.post(url, {"entries": [players[0].pk, players[2].pk]})
    assert response.status_code == 302
    checked = Entry.objects.filter(event=event, checked_in=True).values_list("name", flat=True)
    assert sorted(checked) == ["P1", "P3"]

    html = dashboard(client, event)
    assert "2 active players have not checked in." in html
    assert "Round 1 pairs only the players who have checked in" in html

    client.post(url, {"everyone": "on"})
    assert not Entry.objects.filter(event=event, checked_in=False).exists()
    assert AuditLog.objects.filter(event=event, action="entry_check_in").count() == 4
    assert "Check in all present" not in dashboard(client, event)


def test_pairing_with_players_not_checked_in_asks_for_confirmation(
    client: Client, event: Event, add_players: Any
) -> None:
    players = add_players(event, 5)
    entry_check_in_many(actor=event.organiser, event=event, entries=players[:4])
    client.force_login(event.organiser)
    html = dashboard(client, event)
    assert "Pair round 1 without the 1 player who has not checked in" in html
    assert "(P5)" in html

    url = reverse("tournaments:round_pair", args=[event.slug])
    response = client.post(url, {}, headers={"accept-language": "en"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Players not checked in: 1. Confirm that round 1 is paired without them." in html
    assert not Round.objects.filter(event=event).exists()

    response = client.post(url, {"leave_out_absent": "on"})
    assert response.status_code == 302
    assert Round.objects.filter(event=event, number=1).exists()


def test_pairing_when_everyone_checked_in_needs_no_confirmation(
    client: Client, event: Event, add_players: Any
) -> None:
    players = add_players(event, 4)
    entry_check_in_many(actor=event.organiser, event=event, entries=players)
    client.force_login(event.organiser)
    assert "without the" not in dashboard(client, event)
    # The dashboard's form sends the hidden confirmation when nobody would be left out.
    response = client.post(
        reverse("tournaments:round_pair", args=[event.slug]), {"leave_out_absent": "on"}
    )
    assert response.status_code == 302


def test_result_entry_starts_empty(client: Client, event: Event, add_players: Any) -> None:
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    client.force_login(event.organiser)
    url = reverse("tournaments:manage_round", args=[event.slug, 1])
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert '<option value="">— choose the result —</option>' in html
    assert "selected" not in html.split('id="pairings"')[1]
    red = round_.pairings.exclude(blue=None).first().red
    own_page = reverse("tournaments:player_token", args=[red.token])
    html = client.get(own_page, headers={"accept-language": "en"}).content.decode()
    assert '<option value="" selected>— choose the result —</option>' in html


# ------------------------------------------------------------------ audit sentences


def audit_codes_in_services() -> set[str]:
    """Every action code a module of ``tournaments/services/`` writes with ``_audit``."""
    codes: set[str] = set()
    for module in sorted(SERVICES.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_audit":
                for sub in ast.walk(node.args[1]):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        codes.add(sub.value)
    return codes


def test_every_audit_code_the_services_write_has_a_sentence() -> None:
    codes = audit_codes_in_services() | {"result_set", "result_ruling", "result_correct"}
    assert "round_publish" in codes  # the scan finds the codes
    missing = sorted(codes - set(audit.SENTENCES))
    assert not missing, f"add a sentence to tournaments/audit.py for: {missing}"


def test_the_audit_log_reads_as_sentences_in_both_languages(
    client: Client, event: Event, add_players: Any
) -> None:
    players = add_players(event, 4)
    host = event.organiser
    entry_check_in(actor=host, entry=players[0])
    entry_check_in(actor=host, entry=players[0], checked_in=False)
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    pairing = round_.pairings.exclude(blue=None).first()
    result_set(actor=host, pairing=pairing, result="red_won")
    result_set(actor=host, pairing=pairing, result="blue_won", reason="wrong slip")
    client.force_login(host)

    english = dashboard(client, event, "en")
    assert "Published round 1." in english
    assert "Undid the check-in of P1." in english
    assert f"Corrected the result of table {pairing.table} from “Red won” to “Blue won”" in english
    assert "Changed the event status from “Draft (organisers only)” to “Registration open”." in (
        english
    )
    japanese = dashboard(client, event, "ja")
    assert "第1ラウンドを公開しました。" in japanese
    assert "P1のチェックインを取り消しました。" in japanese
    for code in ("round_publish", "result_correct", "entry_check_in", "<code>"):
        assert f">{code}" not in english


def test_an_unknown_code_shows_as_itself(event: Event) -> None:
    item = AuditLog.objects.create(event=event, action="something_new", details={"x": 1})
    with translation.override("en"):
        assert audit.audit_sentence(item) == "something_new"


def test_a_round_robin_is_not_stopped_by_the_swiss_round_count(
    client: Client, make_event: Any, add_players: Any
) -> None:
    """The number of Swiss rounds is hidden on the form for a round robin: it must not end one."""
    from tests.tournaments.conftest import finish_round

    event = make_event(name="Club League", pairing_system="round_robin", rounds=1)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 4)
    first = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=first)
    finish_round(first)
    client.force_login(event.organiser)
    html = dashboard(client, event)
    assert "Every round of the event has been paired." not in html
    button = html.split('id="pair-form"')[1].split("</form>")[0]
    assert "Pair round 2" in button
    assert "disabled" not in button
