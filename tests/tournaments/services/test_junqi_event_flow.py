"""An online 軍棋 event: publishing a round creates 軍棋 matches on the event's clock, and a
drawn game comes back to the table as a draw worth half-way between a win and a loss."""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase

import junqi

pytestmark = pytest.mark.django_db


def _event_with_a_table() -> Any:
    from tournaments.models import Event, Pairing
    from tournaments.services.entries import entry_add
    from tournaments.services.events import event_create, event_set_status
    from tournaments.services.publication import round_publish
    from tournaments.services.rounds import round_pair

    make = get_user_model().objects.create_user
    organiser = make(username="org", password="pw-1234-x")
    event = event_create(
        organiser=organiser,
        name="Junqi Open",
        starts_on=dt.date(2026, 5, 1),
        rounds=1,
        online=True,
        time_control="10+5",
    )
    Event.objects.filter(pk=event.pk).update(game="junqi")
    event.refresh_from_db()
    event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)
    for name in ("aoi", "ren"):
        entry_add(actor=organiser, event=event, name=name, user=make(username=name))
    round_ = round_pair(actor=organiser, event=event)
    round_publish(actor=organiser, round=round_)
    return Pairing.objects.select_related("red__user", "blue__user").get(round=round_)


def test_publishing_creates_junqi_matches_and_a_draw_flows_back() -> None:
    from django.db import connection

    from matches.models import Match
    from matches.services.decisions import match_submit_action
    from matches.services.lifecycle import match_join
    from tournaments.models import Pairing
    from tournaments.selectors import event_standings

    pairing = _event_with_a_table()
    match = Match.objects.get(pk=pairing.match_id)
    assert (match.game, match.time_control, match.kind) == ("junqi", "10+5", "online")
    assert match.game_format["increment_seconds"] == 5
    assert match.start_position is None

    rng = random.Random(1)
    for seat in ("red", "blue"):
        match = match_join(match_id=match.pk, seat=seat)
    with TestCase.captureOnCommitCallbacks(using=connection.alias, execute=True):
        for i, seat in enumerate(("red", "blue")):
            setup = junqi.random_setup(junqi.Side(i), rng).text
            match = match_submit_action(
                match_id=match.pk,
                seat=seat,
                action_text=f"setup {seat} {setup}",
                expected_ply=match.ply,
            )
        match = match_submit_action(
            match_id=match.pk, seat="red", action_text="offer draw", expected_ply=match.ply
        )
        match = match_submit_action(
            match_id=match.pk, seat="blue", action_text="accept draw", expected_ply=match.ply
        )
    assert (match.winner, match.method) == ("draw", "draw_agreed")
    pairing = Pairing.objects.get(pk=pairing.pk)
    assert pairing.result == Pairing.Result.DRAW
    assert pairing.method == Pairing.Method.DRAW_AGREED
    table = event_standings(event=pairing.round.event)
    assert [line.row.points for line in table.lines] == [Fraction(1, 2), Fraction(1, 2)]
