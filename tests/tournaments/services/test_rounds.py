"""``tournaments/services/rounds.py``: the pairing editor's own checks. A swap may not make a
rematch or give a second bye; FIDE pairs two players again when their game was forfeited (unless
the event counts a forfeit as a game), and a forfeit win counts as a bye already had."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import finish_round, pairing_of
from tests.tournaments.services.conftest import refused
from tournaments.errors import TournamentError
from tournaments.models import Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair, round_swap

pytestmark = pytest.mark.django_db


def _swap_into_round_1_couples(event: Event, games: list[Pairing], draft: Round) -> None:
    """Swap players in the 4-player round 2 draft so that both round 1 couples meet again."""
    a, b = games[0].red, games[0].blue
    assert b is not None
    partner = {}
    for p in Pairing.objects.filter(round=draft):
        partner[p.red_id], partner[p.blue_id] = p.blue, p.red
    if partner[a.pk] != b:  # a-x, b-y: swapping b and x gives a-b and x-y (round 1's c-d)
        round_swap(actor=event.organiser, round=draft, first=b, second=partner[a.pk])


def _forfeited_round(
    make_event: Any, add_players: Any, players: int, **fields: Any
) -> tuple[Event, list[Pairing], Round]:
    """Round 1 with every game won by forfeit (by Red), and round 2 drafted."""
    event = make_event(rounds=3, **fields)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, players)
    r1 = _publish_next(event)
    games = list(Pairing.objects.filter(round=r1, blue__isnull=False).order_by("table"))
    for game in games:
        result_set(actor=event.organiser, pairing=game, result="red_won_by_forfeit")
    return event, games, round_pair(actor=event.organiser, event=event)


def _publish_next(event: Event) -> Round:
    round_ = round_pair(actor=event.organiser, event=event)
    return round_publish(actor=event.organiser, round=round_)


def test_swap_refuses_a_rematch_and_a_second_bye(event: Event, add_players: Any) -> None:
    players = add_players(event, 5)
    host = event.organiser
    r1 = round_pair(actor=host, event=event)
    round_publish(actor=host, round=r1)
    finish_round(r1)
    r2 = round_pair(actor=host, event=event)
    first_bye = Pairing.objects.get(round=r1, blue__isnull=True).red
    holder = Pairing.objects.get(round=r2, blue__isnull=True).red
    refused("already_had_bye", round_swap, actor=host, round=r2, first=holder, second=first_bye)
    # Make a rematch: swap a player with the round-1 opponent of their round-2 opponent.
    table = Pairing.objects.filter(round=r2, blue__isnull=False).first()
    old = pairing_of(r1, table.red)
    old_opponent = old.blue if old.red_id == table.red_id else old.red
    if old_opponent is not None and old_opponent.pk != table.blue_id:
        refused(
            "rematch",
            round_swap,
            actor=host,
            round=r2,
            first=table.blue,
            second=old_opponent,
        )
    refused(
        "same_player",
        round_swap,
        actor=host,
        round=r2,
        first=players[0],
        second=players[0],
    )
    round_publish(actor=host, round=r2)
    refused(
        "round_not_draft",
        round_swap,
        actor=host,
        round=r2,
        first=players[0],
        second=players[1],
    )


def test_the_editor_may_pair_again_players_whose_game_was_forfeited(
    make_event: Any, add_players: Any
) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 4)
    _swap_into_round_1_couples(event, games, draft)
    couples = {frozenset((p.red_id, p.blue_id)) for p in Pairing.objects.filter(round=draft)}
    assert couples == {frozenset((g.red_id, g.blue_id)) for g in games}


def test_under_the_stricter_rule_the_editor_refuses_that_rematch(
    make_event: Any, add_players: Any
) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 4, forfeit_counts_as_game=True)
    with pytest.raises(TournamentError) as raised:
        _swap_into_round_1_couples(event, games, draft)
    assert raised.value.code == "rematch"


def test_the_editor_refuses_the_bye_to_a_forfeit_winner(make_event: Any, add_players: Any) -> None:
    event, games, draft = _forfeited_round(make_event, add_players, 3)
    winner = games[0].red
    bye = Pairing.objects.get(round=draft, blue__isnull=True)
    assert bye.red_id == games[0].blue_id  # the forfeit loser: the others had their free point
    with pytest.raises(TournamentError) as raised:
        round_swap(actor=event.organiser, round=draft, first=winner, second=bye.red)
    assert raised.value.code == "already_had_bye"
