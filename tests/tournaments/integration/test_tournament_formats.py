"""Events of each official format run end to end: every match of a published round inherits the
event's format (RULES.md §15), a match is played to its end through the matches services and
its result reaches the standings."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.formats import GameFormat
from engine.rules import legal_actions
from engine.types import Side
from matches.models import Match
from matches.selectors import match_game_state
from matches.services.decisions import match_resign, match_submit_action
from matches.services.lifecycle import match_start
from tournaments import selectors
from tournaments.models import Event, Pairing, Round
from tournaments.services.entries import entry_check_in
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

#: Decisions taken at random before the side to act resigns (random games can run long).
PLY_CAP = 400

FORMATS = [
    (Event.Format.BASIC, GameFormat.basic()),
    (Event.Format.EXPANSION, GameFormat.tournament_rule_2()),
    (Event.Format.DECK_BUILD, GameFormat.tournament_rule_3()),
]


def play_to_the_end(match_id: int, seed: int) -> Match:
    """Random legal decisions through ``match_submit_action`` until the game is over (or the
    side to act resigns after ``PLY_CAP`` decisions)."""
    rng = random.Random(seed)
    match_start(match_id=match_id)
    match = Match.objects.get(pk=match_id)
    while match.status == Match.Status.RUNNING and match.ply < PLY_CAP:
        state = match_game_state(match)
        assert state.to_act is not None
        actions = legal_actions(state)
        result = match_submit_action(
            match_id=match_id,
            seat=state.to_act.label,
            action_text=actions[rng.randrange(len(actions))].to_str(),
            expected_ply=match.ply,
        )
        assert isinstance(result, Match)
        match = result
    if match.status == Match.Status.RUNNING:
        side = match_game_state(match).to_act
        assert side is not None
        match_resign(match_id=match_id, seat=side.label)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize(("event_format", "expected"), FORMATS, ids=[f for f, _ in FORMATS])
def test_an_event_of_each_format_runs_to_the_standings(
    make_event: Any, add_players: Any, event_format: str, expected: GameFormat
) -> None:
    event = make_event(name=f"{event_format} open", online=True, game_format=event_format)
    event_set_status(actor=event.organiser, event=event, status="registration")
    entries = add_players(event, 4)
    for entry in entries:
        entry_check_in(entry=entry, actor=event.organiser)

    round_ = round_pair(actor=event.organiser, event=event)
    round_ = round_publish(actor=event.organiser, round=round_)
    pairings = list(Pairing.objects.filter(round=round_).order_by("table"))
    assert len(pairings) == 2
    for pairing in pairings:
        assert pairing.match_id is not None
        match = Match.objects.get(pk=pairing.match_id)
        played = GameFormat.from_dict(match.game_format)
        assert played.variant is expected.variant
        assert (played.expansion_option, played.deck_option) == (
            expected.expansion_option,
            expected.deck_option,
        )
        assert match.variant == expected.variant.value
        first = match_game_state(match)
        assert first.format.variant is expected.variant
        assert (first.to_act, first.ply) == (Side.RED, 0)

    first_table = pairings[0]
    assert first_table.match_id is not None
    match = play_to_the_end(first_table.match_id, seed=len(event_format))
    assert match.status == Match.Status.FINISHED
    assert match.winner in ("red", "blue")

    first_table.refresh_from_db()
    winner = first_table.red if match.winner == "red" else first_table.blue
    loser = first_table.blue if match.winner == "red" else first_table.red
    assert winner is not None
    assert loser is not None
    assert first_table.result == (
        Pairing.Result.RED_WON if match.winner == "red" else Pairing.Result.BLUE_WON
    )
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PROGRESS
    points = {line.entry.pk: line.points for line in selectors.event_standings(event=event).lines}
    assert (points[winner.pk], points[loser.pk]) == ("1", "0")
