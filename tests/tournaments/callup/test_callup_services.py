"""Services call the players a change concerns, after commit, and nobody else.

Each test drives a service and reads the groups nudged (``nudged``: one set per committed
change that called someone): a player's account group ``callup.user.<id>`` and their entry's
group ``callup.entry.<id>``.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from matches.callup import entry_group, user_group
from matches.models import Match
from matches.services.decisions import match_resign
from matches.services.lifecycle import match_join, match_start
from tests.tournaments.ranked.conftest import claim_for
from tournaments.models import Entry, Event, GameTable, Pairing
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.entries import entry_add
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish, round_start, round_unpublish
from tournaments.services.results import result_confirm, result_report
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _groups_of(*entries: Entry) -> set[str]:
    groups = {entry_group(entry.pk) for entry in entries}
    return groups | {user_group(entry.user_id) for entry in entries if entry.user_id is not None}


def _all(nudged: list[set[str]]) -> set[str]:
    return set().union(*nudged) if nudged else set()


def _start_event(event: Event) -> Event:
    return event_set_status(actor=event.organiser, event=event, status=Event.Status.RUNNING)


@pytest.mark.parametrize("game", ["gunshi", "junqi"])
def test_publishing_a_round_calls_every_player_of_it_and_nobody_else(
    make_online_event: Any,
    make_user: Any,
    nudged: list[set[str]],
    game: str,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_online_event(game=game, walk_in=True)
    bystander = make_user("bystander")
    round_ = round_pair(actor=event.organiser, event=event)
    assert nudged == []  # a draft calls nobody
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(actor=event.organiser, round=round_)
    players = list(Entry.objects.filter(event=event))
    assert _all(nudged) == _groups_of(*players)  # the bye (Mio or another) is called too
    assert user_group(bystander.pk) not in _all(nudged)
    assert user_group(event.organiser.pk) not in _all(nudged)


def test_nothing_is_sent_before_commit_nor_for_a_rolled_back_change(
    make_online_event: Any, nudged: list[set[str]]
) -> None:
    event = make_online_event()
    round_ = round_pair(actor=event.organiser, event=event)

    @transaction.atomic
    def publish_then_fail() -> None:
        round_publish(actor=event.organiser, round=round_)
        raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        publish_then_fail()
    assert nudged == []


def _published(event: Event) -> tuple[Pairing, Match]:
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    pairing = Pairing.objects.select_related("red", "blue").get(round=round_, blue__isnull=False)
    return pairing, Match.objects.get(pk=pairing.match_id)


def test_an_opponent_joining_and_the_game_starting_call_both_players(
    make_online_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    pairing, match = _published(make_online_event())
    both = _groups_of(pairing.red, pairing.blue)
    with django_capture_on_commit_callbacks(execute=True):
        match_join(match_id=match.pk, seat="red", actor=pairing.red.user)
    assert nudged == [both]  # blue: "your opponent is at the board"
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_join(match_id=match.pk, seat="blue", actor=pairing.blue.user)
    assert _all(nudged) == both  # the game starts
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING


def test_a_player_without_an_account_is_called_through_their_entry(
    make_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(name="Walk-in Cup", online=True, rounds=1)
    event_set_status(actor=event.organiser, event=event, status=Event.Status.REGISTRATION)
    walk_ins = [entry_add(actor=event.organiser, event=event, name=n) for n in ("A", "B")]
    _pairing, match = _published(event)
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_start(match_id=match.pk, actor=event.organiser)
    assert _all(nudged) == {entry_group(entry.pk) for entry in walk_ins}


def test_an_arbiter_starting_the_round_calls_its_players(
    make_online_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_online_event()
    pairing, _match = _published(event)
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        round_start(actor=event.organiser, round=pairing.round)
    assert _all(nudged) == _groups_of(pairing.red, pairing.blue)


def test_a_finished_or_aborted_game_ends_its_call(
    make_online_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_online_event()
    pairing, match = _published(event)
    both = _groups_of(pairing.red, pairing.blue)
    match_start(match_id=match.pk, actor=event.organiser)
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_resign(match_id=match.pk, seat="red", actor=pairing.red.user)
    assert both <= _all(nudged)

    other_pairing, other = _published(make_online_event(game="junqi"))
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        round_unpublish(actor=other_pairing.round.event.organiser, round=other_pairing.round)
    assert _all(nudged) >= _groups_of(other_pairing.red, other_pairing.blue)
    assert Match.objects.get(pk=other.pk).status == Match.Status.ABORTED


def test_a_reported_result_calls_the_opponent_to_confirm_it(
    make_online_event: Any, nudged: list[set[str]], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_online_event(online=False)  # over the board: players report
    _start_event(event)
    pairing, _match = _published(event)
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_report(entry=pairing.red, pairing=pairing, result="red_won")
    assert nudged == [_groups_of(pairing.red, pairing.blue)]
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_confirm(entry=pairing.blue, pairing=pairing)
    assert _all(nudged) == _groups_of(pairing.red, pairing.blue)


def test_ranked_tables_call_their_players_when_published_started_and_reported(
    ranked_event: Any,
    add_players: Any,
    nudged: list[set[str]],
    django_capture_on_commit_callbacks: Any,
) -> None:
    players = add_players(ranked_event, 7)
    host = ranked_event.organiser
    round_ = ranked_tables.tables_assign(actor=host, event=ranked_event)
    assert nudged == []
    with django_capture_on_commit_callbacks(execute=True):
        ranked_tables.tables_publish(actor=host, round=round_)
    assert _all(nudged) == _groups_of(*players)
    nudged.clear()
    _start_event(ranked_event)
    with django_capture_on_commit_callbacks(execute=True):
        ranked_tables.tables_start_session(actor=host, round=round_)
    assert _all(nudged) == _groups_of(*players)

    table = GameTable.objects.filter(round=round_).order_by("number").first()
    assert table is not None
    seated = list(Entry.objects.filter(table_seats__table=table))
    nudged.clear()
    with django_capture_on_commit_callbacks(execute=True):
        ranked_results.table_result_report(entry=seated[0], table=table, seats=claim_for(table))
    assert nudged == [_groups_of(*seated)]  # only this table's players
