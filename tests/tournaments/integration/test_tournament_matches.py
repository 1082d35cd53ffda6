"""Publishing creates clocked matches through the matches app; their results flow back."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.errors import TournamentError
from tournaments.models import Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish, round_unpublish
from tournaments.services.results import result_confirm, result_report
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

Match = pytest.importorskip("matches.models").Match
match_arbiter = pytest.importorskip("matches.services.arbiter")
match_lifecycle = pytest.importorskip("matches.services.lifecycle")


@pytest.fixture
def online(make_event: Any, add_players: Any) -> Event:
    event = make_event(name="Online Open", online=True, time_control="10+5")
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 4)
    return event


def published_round(event: Event) -> Round:
    round_ = round_pair(actor=event.organiser, event=event)
    return round_publish(actor=event.organiser, round=round_)


def test_publishing_creates_one_online_match_per_table(online: Event) -> None:
    round_ = published_round(online)
    pairings = list(Pairing.objects.filter(round=round_).select_related("red", "blue"))
    assert len(pairings) == 2
    for p in pairings:
        match = Match.objects.get(pk=p.match_id)
        assert match.kind == Match.Kind.ONLINE
        assert (match.red_name, match.blue_name) == (p.red.name, p.blue.name)
        assert match.time_control == "10+5"
        assert (match.event_id, match.pairing_id) == (online.pk, p.pk)


def test_a_finished_match_sets_the_table_result_and_completes_the_round(online: Event) -> None:
    round_ = published_round(online)
    first, second = Pairing.objects.filter(round=round_).order_by("table")
    match_arbiter.match_set_result(match_id=first.match_id, winner="blue", method="resignation")
    first.refresh_from_db()
    assert (first.result, first.method) == (Pairing.Result.BLUE_WON, "resignation")
    assert first.confirmation == Pairing.Confirmation.CONFIRMED
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PROGRESS

    match_arbiter.match_set_result(match_id=second.match_id, winner="red", method="no_show")
    second.refresh_from_db()
    assert second.result == Pairing.Result.RED_WON_BY_FORFEIT
    round_.refresh_from_db()
    assert round_.status == Round.Status.COMPLETE
    assert online.audit_log.filter(action="result_from_match").count() == 2


def test_players_cannot_report_online_tables(online: Event) -> None:
    round_ = published_round(online)
    pairing = Pairing.objects.filter(round=round_).first()
    with pytest.raises(TournamentError) as caught:
        result_report(entry=pairing.red, pairing=pairing, result="red_won")
    assert caught.value.code == "online_table"


def test_unpublishing_aborts_the_matches(online: Event) -> None:
    round_ = published_round(online)
    ids = list(Pairing.objects.filter(round=round_).values_list("match_id", flat=True))
    round_unpublish(actor=online.organiser, round=round_)
    assert set(Match.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"aborted"}
    assert not Pairing.objects.filter(round=round_, match_id__isnull=False).exists()


def test_a_started_match_blocks_unpublishing(online: Event) -> None:
    round_ = published_round(online)
    pairing = Pairing.objects.filter(round=round_).first()
    match_lifecycle.match_start(match_id=pairing.match_id)
    with pytest.raises(TournamentError) as caught:
        round_unpublish(actor=online.organiser, round=round_)
    assert caught.value.code == "round_started"


def test_an_over_the_board_result_finishes_the_tables_match(
    make_event: Any, add_players: Any
) -> None:
    event = make_event(name="Cafe Cup", rounds=1)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 2)
    round_ = published_round(event)
    pairing = Pairing.objects.get(round=round_)
    assert Match.objects.get(pk=pairing.match_id).kind == Match.Kind.OTB
    result_report(entry=pairing.red, pairing=pairing, result="blue_won")
    result_confirm(entry=pairing.blue, pairing=pairing)
    match = Match.objects.get(pk=pairing.match_id)
    assert (match.status, match.winner, match.method) == ("finished", "blue", "arbiter")
    pairing.refresh_from_db()
    assert pairing.result == Pairing.Result.BLUE_WON  # the echo changed nothing
    assert not event.audit_log.filter(action="result_match_conflict").exists()
