"""``tournaments/services/field.py``: round 1 leaves out the players who have not checked in, once
anybody has, and the organiser must confirm pairing without them."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.errors import TournamentError
from tournaments.models import Event, Round
from tournaments.services.entries import entry_check_in_many
from tournaments.services.field import players_left_out
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def test_pairing_round_1_without_absent_players_must_be_confirmed(
    event: Event, add_players: Any
) -> None:
    players = add_players(event, 5)
    host = event.organiser
    assert players_left_out(event=event) == []  # nobody checked in: everyone plays
    entry_check_in_many(actor=host, event=event, entries=players[:4])
    assert [e.name for e in players_left_out(event=event)] == ["P5"]

    with pytest.raises(TournamentError) as refused:
        round_pair(actor=host, event=event, leave_out_absent=False)
    assert refused.value.code == "players_not_checked_in"
    assert refused.value.params == {"count": 1}
    assert not Round.objects.filter(event=event).exists()

    round_ = round_pair(actor=host, event=event, leave_out_absent=True)
    seated = {p.red_id for p in round_.pairings.all()} | {p.blue_id for p in round_.pairings.all()}
    assert players[4].pk not in seated  # the pairing service leaves the absent player out
    assert players_left_out(event=event) == []  # only round 1 looks at check-in


def test_nobody_absent_needs_no_confirmation(event: Event, add_players: Any) -> None:
    players = add_players(event, 4)
    entry_check_in_many(actor=event.organiser, event=event, entries=players)
    round_ = round_pair(actor=event.organiser, event=event, leave_out_absent=False)
    assert round_.pairings.count() == 2
