"""A Swiss event through the services: pair, publish, results, complete, next round."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import finish_round
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, Event, Pairing, Round
from tournaments.services.entries import entry_add, entry_register, entry_withdraw
from tournaments.services.events import event_role_add
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def test_three_round_swiss_runs_to_final_standings(event: Event, add_players: Any) -> None:
    players = add_players(event, 8)
    host = event.organiser
    for number in (1, 2, 3):
        round_ = round_pair(actor=host, event=event)
        assert round_.number == number
        assert round_.status == Round.Status.DRAFT
        assert Pairing.objects.filter(round=round_).count() == 4
        round_publish(actor=host, round=round_)
        finish_round(round_)
        round_.refresh_from_db()
        assert round_.status == Round.Status.COMPLETE

    table = selectors.event_standings(event=event)
    assert [line.row.points for line in table.lines][:1] == [3]
    assert sum(line.row.points for line in table.lines) == 12
    assert {line.entry.pk for line in table.lines} == {p.pk for p in players}
    # No rematch across the three rounds.
    couples = [frozenset((p.red_id, p.blue_id)) for p in Pairing.objects.filter(round__event=event)]
    assert len(couples) == len(set(couples)) == 12
    assert AuditLog.objects.filter(event=event, action="round_pair").count() == 3


def test_pairing_before_the_last_round_is_complete_is_refused(
    event: Event, add_players: Any
) -> None:
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    with pytest.raises(TournamentError) as caught:
        round_pair(actor=event.organiser, event=event)
    assert caught.value.code == "previous_round_incomplete"
    round_publish(actor=event.organiser, round=round_)
    with pytest.raises(TournamentError) as caught:
        round_pair(actor=event.organiser, event=event)
    assert caught.value.code == "previous_round_incomplete"
    assert Round.objects.filter(event=event).count() == 1


def test_odd_field_gives_one_bye_worth_the_bye_points(event: Event, add_players: Any) -> None:
    add_players(event, 5)
    round_ = round_pair(actor=event.organiser, event=event)
    byes = Pairing.objects.filter(round=round_, blue__isnull=True)
    assert byes.count() == 1
    bye = byes.get()
    assert bye.result == Pairing.Result.BYE
    assert bye.red.name == "P5"  # the lowest-rated player
    round_publish(actor=event.organiser, round=round_)
    finish_round(round_)
    points = {
        line.entry.name: line.row.points for line in selectors.event_standings(event=event).lines
    }
    assert points["P5"] == 1


def test_impossible_round_count_is_refused(make_event: Any, add_players: Any) -> None:
    event = make_event(rounds=4)
    add_players(event, 4)
    with pytest.raises(TournamentError) as caught:
        round_pair(actor=event.organiser, event=event)
    assert caught.value.code == "impossible_rounds"
    assert caught.value.params == {"rounds": 4, "players": 4, "maximum": 3}
    assert not Round.objects.filter(event=event).exists()


def test_withdrawn_player_is_not_paired_again_but_stays_in_standings(
    event: Event, add_players: Any
) -> None:
    players = add_players(event, 6)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    with pytest.raises(TournamentError) as caught:
        entry_withdraw(actor=host, entry=players[0])
    assert caught.value.code == "between_rounds_only"
    finish_round(r1)
    entry_withdraw(actor=host, entry=players[0])
    r2 = round_pair(actor=host, event=event)
    paired = {p.red_id for p in r2.pairings.all()} | {p.blue_id for p in r2.pairings.all()}
    assert players[0].pk not in paired
    assert Pairing.objects.filter(round=r2, blue__isnull=True).count() == 1
    names = [line.entry.name for line in selectors.event_standings(event=event).lines]
    assert "P1" in names


def test_late_entry_gets_the_chosen_points_for_missed_rounds(
    event: Event, add_players: Any
) -> None:
    from decimal import Decimal

    add_players(event, 4)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    finish_round(r1)
    late = entry_add(actor=host, event=event, name="Late", missed_round_points=Decimal("0.5"))
    assert late.first_round == 2
    r2 = round_pair(actor=host, event=event)
    assert (
        Pairing.objects.filter(round=r2).filter(red=late).exists()
        or Pairing.objects.filter(round=r2, blue=late).exists()
    )
    line = next(line for line in selectors.event_standings(event=event).lines if line.entry == late)
    assert str(line.row.points) == "1/2"


def test_only_managers_pair_rounds(event: Event, add_players: Any, make_user: Any) -> None:
    add_players(event, 4)
    stranger = make_user("stranger")
    with pytest.raises(TournamentError) as caught:
        round_pair(actor=stranger, event=event)
    assert caught.value.code == "not_allowed"
    arbiter = make_user("arbiter")
    event_role_add(actor=event.organiser, event=event, user=arbiter, role="arbiter")
    with pytest.raises(TournamentError):
        round_pair(actor=arbiter, event=event)
    co = make_user("co")
    event_role_add(actor=event.organiser, event=event, user=co, role="co_organiser")
    assert round_pair(actor=co, event=event).number == 1


def test_registering_twice_is_refused(event: Event, make_user: Any) -> None:
    player = make_user("alice")
    entry_register(event=event, user=player)
    with pytest.raises(TournamentError) as caught:
        entry_register(event=event, user=player)
    assert caught.value.code == "already_registered"
    assert Entry.objects.filter(event=event).count() == 1
