"""``tournaments/services/results.py``: reports, confirmations, rulings and corrections, with their
audit rows; a correction flags a draft paired from the old standings stale, and the round page
offers to pair it again."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import finish_round
from tests.tournaments.services.conftest import refused
from tournaments import selectors
from tournaments.models import AuditLog, Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_confirm, result_report, result_set
from tournaments.services.rounds import round_pair, round_repair

pytestmark = pytest.mark.django_db

STALE_NOTICE = "A result of an earlier round was corrected after this draft was paired"


def _draft_after_round_1(event: Event, add_players: Any) -> tuple[Pairing, Round]:
    """Four players: round 1 played (higher rating wins), round 2 drafted. Returns round 1's
    first table and the draft."""
    add_players(event, 4)
    r1 = _publish_next(event)
    finish_round(r1)
    draft = round_pair(actor=event.organiser, event=event)
    assert not draft.stale
    table = Pairing.objects.filter(round=r1).order_by("table").first()
    assert table is not None
    return table, draft


def _publish_next(event: Event) -> Round:
    round_ = round_pair(actor=event.organiser, event=event)
    return round_publish(actor=event.organiser, round=round_)


def _correct(table: Pairing, result: str, draft: Round) -> Round:
    result_set(
        actor=table.round.event.organiser,
        pairing=table,
        result=result,
        method="arbiter",
        reason="slip misread",
    )
    draft.refresh_from_db()
    return draft


def test_a_player_may_not_confirm_their_own_report_and_a_ruling_is_audited(started: Event) -> None:
    pairing = Pairing.objects.filter(round__event=started, blue__isnull=False).first()
    result_report(entry=pairing.red, pairing=pairing, result="red_won")
    refused("own_report", result_confirm, entry=pairing.red, pairing=pairing)
    result_report(entry=pairing.blue, pairing=pairing, result="blue_won")
    pairing.refresh_from_db()
    assert pairing.disputed
    refused("nothing_to_confirm", result_confirm, entry=pairing.blue, pairing=pairing)
    result_set(actor=started.organiser, pairing=pairing, result="blue_won", method="timeout")
    pairing.refresh_from_db()
    assert (pairing.result, pairing.disputed) == ("blue_won", False)
    ruling = AuditLog.objects.get(event=started, action="result_ruling")
    assert ruling.details["new"] == "blue_won"
    refused("result_final", result_report, entry=pairing.red, pairing=pairing, result="red_won")


def test_double_forfeit_scores_nothing_for_both(started: Event) -> None:
    from tournaments import selectors

    pairing = Pairing.objects.filter(round__event=started, blue__isnull=False).first()
    result_set(actor=started.organiser, pairing=pairing, result="double_forfeit")
    finish_round(pairing.round)
    points = {
        line.entry.pk: line.row.points for line in selectors.event_standings(event=started).lines
    }
    assert points[pairing.red_id] == points[pairing.blue_id] == 0


def test_a_correction_flags_the_next_draft_and_the_page_offers_a_re_pair(
    client: Client, event: Event, add_players: Any
) -> None:
    table, draft = _draft_after_round_1(event, add_players)
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert _correct(table, flipped, draft).stale
    client.force_login(event.organiser)
    url = reverse("tournaments:manage_round", args=[event.slug, draft.number])
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert 'id="stale-draft"' in html
    assert STALE_NOTICE in html
    assert "Re-pair from the corrected results" in html
    client.post(reverse("tournaments:round_action", args=[event.slug, draft.number, "repair"]))
    fresh = Round.objects.get(event=event, number=draft.number)
    assert not fresh.stale
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert STALE_NOTICE not in html


def test_a_correction_setting_the_same_result_flags_nothing(event: Event, add_players: Any) -> None:
    table, draft = _draft_after_round_1(event, add_players)
    assert not _correct(table, table.result, draft).stale


def test_a_round_robin_draft_does_not_depend_on_results(make_event: Any, add_players: Any) -> None:
    event = make_event(pairing_system="round_robin")
    event_set_status(actor=event.organiser, event=event, status="registration")
    table, draft = _draft_after_round_1(event, add_players)
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert not _correct(table, flipped, draft).stale


def test_a_swiss_correction_flags_a_drafted_top_cut(make_event: Any, add_players: Any) -> None:
    event = make_event(rounds=1, pairing_system="swiss_top_cut", top_cut_size=4)
    event_set_status(actor=event.organiser, event=event, status="registration")
    table, draft = _draft_after_round_1(event, add_players)
    assert draft.stage == Round.Stage.ELIMINATION
    flipped = "blue_won" if table.result == "red_won" else "red_won"
    assert _correct(table, flipped, draft).stale
    # Pairing again draws the bracket from the corrected standings: 1 v 4, 2 v 3.
    round_repair(actor=event.organiser, round=draft)
    order = [line.entry.pk for line in selectors.event_standings(event=event).lines]
    fresh = Pairing.objects.filter(round__event=event, round__number=2)
    assert {frozenset((p.red_id, p.blue_id)) for p in fresh} == {
        frozenset((order[0], order[3])),
        frozenset((order[1], order[2])),
    }
