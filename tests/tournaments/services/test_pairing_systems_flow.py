"""Round robin, single/double elimination and Swiss → top cut through the services."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import finish_round
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def run_until_done(event: Event, limit: int = 20) -> list[Round]:
    rounds = []
    code = ""
    for _ in range(limit):
        try:
            round_ = round_pair(actor=event.organiser, event=event)
        except TournamentError as error:
            code = error.code
            break
        round_publish(actor=event.organiser, round=round_)
        finish_round(round_)
        rounds.append(round_)
    else:
        raise AssertionError("the event did not end")
    assert code in ("all_rounds_paired", "bracket_complete")
    return rounds


def registered(make_event: Any, **fields: Any) -> Event:
    event = make_event(**fields)
    return event_set_status(actor=event.organiser, event=event, status="registration")


def test_round_robin_of_five_meets_everyone_once_with_one_bye_each(
    make_event: Any, add_players: Any
) -> None:
    event = registered(make_event, pairing_system="round_robin")
    players = add_players(event, 5)
    rounds = run_until_done(event)
    assert len(rounds) == 5
    couples = [
        frozenset((p.red_id, p.blue_id))
        for p in Pairing.objects.filter(round__event=event, blue__isnull=False)
    ]
    assert len(couples) == len(set(couples)) == 10
    byes = Pairing.objects.filter(round__event=event, blue__isnull=True)
    assert sorted(byes.values_list("red_id", flat=True)) == sorted(p.pk for p in players)


def test_single_elimination_of_six_gives_byes_to_the_top_seeds_and_finds_a_champion(
    make_event: Any, add_players: Any
) -> None:
    event = registered(make_event, pairing_system="single_elim")
    players = add_players(event, 6)
    first = round_pair(actor=event.organiser, event=event)
    assert Pairing.objects.filter(round=first).count() == 2  # seeds 1 and 2 wait for round 2
    round_publish(actor=event.organiser, round=first)
    finish_round(first)
    rounds = [first, *run_until_done(event)]
    assert len(rounds) == 3
    final = BracketMatch.objects.get(event=event, code="W3-1")
    assert final.winner_id == players[0].pk  # the top seed wins every game in this test
    codes = {m.code for m in selectors.event_bracket(event=event)}
    assert codes == {"W1-1", "W1-2", "W2-1", "W2-2", "W3-1"}


def test_double_elimination_of_four_plays_the_losers_bracket(
    make_event: Any, add_players: Any
) -> None:
    event = registered(make_event, pairing_system="double_elim", grand_final_reset=True)
    add_players(event, 4)
    run_until_done(event)
    sections = set(
        BracketMatch.objects.filter(event=event, winner__isnull=False).values_list(
            "bracket", flat=True
        )
    )
    assert {"winners", "losers", "grand_final"} <= sections
    assert Pairing.objects.filter(round__event=event, result="pending").count() == 0


def test_swiss_then_top_four_seeds_the_bracket_from_the_standings(
    make_event: Any, add_players: Any
) -> None:
    event = registered(make_event, pairing_system="swiss_top_cut", top_cut_size=4, rounds=3)
    add_players(event, 8)
    rounds = run_until_done(event)
    stages = [r.stage for r in rounds]
    assert stages == ["swiss", "swiss", "swiss", "elimination", "elimination"]
    event.refresh_from_db()
    semis = BracketMatch.objects.filter(event=event, bracket_round=1).order_by("position")
    assert len(event.draw_order) == 4
    assert {m.red_id for m in semis} | {m.blue_id for m in semis} == set(event.draw_order)


def test_correcting_an_elimination_result_resets_what_depended_on_it(
    make_event: Any, add_players: Any
) -> None:
    event = registered(make_event, pairing_system="single_elim")
    players = add_players(event, 4)
    host = event.organiser
    semis = round_pair(actor=host, event=event)
    round_publish(actor=host, round=semis)
    finish_round(semis)
    final_round = round_pair(actor=host, event=event)
    round_publish(actor=host, round=final_round)
    final = Pairing.objects.get(round=final_round)
    assert {final.red_id, final.blue_id} == {players[0].pk, players[1].pk}

    upset = Pairing.objects.filter(round=semis).get(red=players[0])
    result_set(actor=host, pairing=upset, result="blue_won", reason="slip misread")
    final.refresh_from_db()
    assert players[0].pk not in (final.red_id, final.blue_id)  # the final now has the winner
    row = BracketMatch.objects.get(event=event, code="W2-1")
    assert row.needs_review
    assert event.audit_log.filter(action="bracket_flag").exists()


def test_double_forfeit_is_refused_in_elimination(make_event: Any, add_players: Any) -> None:
    event = registered(make_event, pairing_system="single_elim")
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.get(round=round_)
    with pytest.raises(TournamentError) as caught:
        result_set(actor=event.organiser, pairing=pairing, result="double_forfeit")
    assert caught.value.code == "invalid_result"
