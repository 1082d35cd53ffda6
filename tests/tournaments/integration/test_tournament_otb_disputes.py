"""An over-the-board table whose clocked game is disputed stays open until the arbiter decides."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.audit import audit_sentence
from tournaments.models import Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

Match = pytest.importorskip("matches.models").Match
match_arbiter = pytest.importorskip("matches.services.arbiter")
match_otb = pytest.importorskip("matches.services.otb")
match_timeouts = pytest.importorskip("matches.services.timeouts")


@pytest.fixture
def table(make_event: Any, add_players: Any) -> Pairing:
    """Round 1 of a two-player event over the board at 30s+0, published."""
    event = make_event(name="Cafe Cup", rounds=1, time_control="30s+0")
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    return Pairing.objects.select_related("round__event").get(round=round_)


def _red_reports_then_flags(pairing: Pairing) -> Any:
    """Red presses its side and then Blue's (so Red's own clock runs), reports a win, and
    Red's flag falls before Blue confirms."""
    start = timezone.now()
    match_id = pairing.match_id
    for ply, (seat, at) in enumerate((("red", 0), ("blue", 1_000))):
        match_otb.otb_clock_press(
            match_id=match_id,
            seat=seat,
            expected_ply=ply,
            requester_seat="red",
            now=start + timedelta(milliseconds=at),
        )
    match = match_otb.otb_report_result(
        match_id=match_id,
        seat="red",
        winner="red",
        method="general_captured",
        now=start + timedelta(seconds=2),
    )
    assert match_timeouts.match_adjudicate_timeout(match_id=match_id, now=match.flag_deadline)
    return Match.objects.get(pk=match_id)


def test_a_flag_against_a_report_leaves_the_table_disputed(table: Pairing) -> None:
    match = _red_reports_then_flags(table)
    assert (match.status, match.disputed) == ("running", True)
    table.refresh_from_db()
    assert (table.result, table.disputed) == (Pairing.Result.PENDING, True)
    assert table.round.status != Round.Status.COMPLETE
    event: Event = table.round.event
    row = event.audit_log.get(action="result_match_dispute")
    with translation.override("en"):
        assert "table 1 claim different results" in audit_sentence(row)


def test_the_arbiters_decision_on_the_console_reaches_the_table(table: Pairing) -> None:
    match = _red_reports_then_flags(table)
    organiser = table.round.event.organiser
    match_arbiter.match_set_result(
        match_id=match.pk,
        winner="red",
        method="general_captured",
        reason="Red captured the general before the flag fell",
        actor=organiser,
    )
    table.refresh_from_db()
    assert (table.result, table.method, table.disputed) == (
        Pairing.Result.RED_WON,
        "general_captured",
        False,
    )
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.COMPLETE


def test_the_arbiters_decision_on_the_round_page_finishes_the_game(table: Pairing) -> None:
    match = _red_reports_then_flags(table)
    result_set(actor=table.round.event.organiser, pairing=table, result=Pairing.Result.RED_WON)
    match.refresh_from_db()
    assert (match.status, match.winner, match.disputed) == ("finished", "red", False)
    table.refresh_from_db()
    assert (table.result, table.disputed) == (Pairing.Result.RED_WON, False)
    assert table.round.event.audit_log.filter(action="result_ruling").exists()


def test_the_dashboard_and_the_round_page_show_the_disputed_game(
    client: Any, table: Pairing
) -> None:
    match = _red_reports_then_flags(table)
    event: Event = table.round.event
    client.force_login(event.organiser)
    dashboard = client.get(
        reverse("tournaments:manage_event", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "claims for the clocked game differ: see them on its console." in dashboard
    assert reverse("matches:arbiter_console", args=[match.pk]) in dashboard
    round_page = client.get(
        reverse("tournaments:manage_round", args=[event.slug, 1]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "disputed: the arbiter decides" in round_page
    assert 'data-claim="report" data-seat="red"' in round_page
    assert 'data-claim="flag" data-seat="red"' in round_page
