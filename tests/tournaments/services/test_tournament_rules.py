"""Edge cases of the services: refusals with codes, and the audit trail they leave."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import finish_round, pairing_of
from tournaments.errors import TournamentError, message_for
from tournaments.models import AuditLog, Entry, Event, Pairing, Round
from tournaments.services.entries import (
    entry_add,
    entry_check_in,
    entry_disqualify,
    entry_register,
    entry_withdraw,
)
from tournaments.services.events import event_set_status, event_update
from tournaments.services.publication import round_publish
from tournaments.services.results import result_confirm, result_report, result_set
from tournaments.services.rounds import round_pair, round_swap

pytestmark = pytest.mark.django_db


def refused(code: str, call: Any, *args: Any, **kwargs: Any) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    assert message_for(caught.value)  # every code has a message
    return caught.value


@pytest.fixture
def started(event: Event, add_players: Any) -> Event:
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    return event


def test_rules_of_play_are_fixed_once_round_one_is_paired(started: Event) -> None:
    refused("event_locked", event_update, actor=started.organiser, event=started, points_win=3)
    event_update(actor=started.organiser, event=started, venue="Hall B")
    started.refresh_from_db()
    assert started.venue == "Hall B"


def test_unknown_and_repeated_tiebreaks_are_refused(make_event: Any) -> None:
    refused("invalid_tiebreak", make_event, tiebreaks=["BH", "NOPE"])
    refused("duplicate_tiebreak", make_event, tiebreaks=["BH", "bh"])


def test_registration_cap_and_closed_registration(make_event: Any, make_user: Any) -> None:
    event = make_event(registration_cap=2)
    refused("registration_closed", entry_register, event=event, user=make_user("a"))
    event_set_status(actor=event.organiser, event=event, status="registration")
    entry_register(event=event, user=make_user("b"))
    entry_register(event=event, user=make_user("c"))
    waiting = entry_register(event=event, user=make_user("d"))
    assert waiting.status == Entry.Status.WAITLISTED
    refused("event_full", entry_add, actor=event.organiser, event=event, name="Walk-in")


def test_invalid_status_change_is_refused(make_event: Any) -> None:
    event = make_event()
    refused(
        "invalid_status_change",
        event_set_status,
        actor=event.organiser,
        event=event,
        status="finished",
    )


def test_check_in_only_before_round_one(started: Event) -> None:
    entry = Entry.objects.filter(event=started).first()
    refused("event_locked", entry_check_in, actor=started.organiser, entry=entry)


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


def test_disqualification_mid_round_forfeits_the_open_table(started: Event) -> None:
    pairing = Pairing.objects.filter(round__event=started, blue__isnull=False).first()
    refused(
        "reason_required",
        entry_disqualify,
        actor=started.organiser,
        entry=pairing.red,
        reason=" ",
    )
    entry_disqualify(actor=started.organiser, entry=pairing.red, reason="cheating")
    pairing.refresh_from_db()
    assert pairing.result == Pairing.Result.BLUE_WON_BY_FORFEIT
    assert Entry.objects.get(pk=pairing.red_id).status == Entry.Status.DISQUALIFIED


def test_double_forfeit_scores_nothing_for_both(started: Event) -> None:
    from tournaments import selectors

    pairing = Pairing.objects.filter(round__event=started, blue__isnull=False).first()
    result_set(actor=started.organiser, pairing=pairing, result="double_forfeit")
    finish_round(pairing.round)
    points = {
        line.entry.pk: line.row.points for line in selectors.event_standings(event=started).lines
    }
    assert points[pairing.red_id] == points[pairing.blue_id] == 0


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


def test_a_player_withdraws_themself_between_rounds(
    event: Event, make_user: Any, add_players: Any
) -> None:
    alice = make_user("alice")
    entry = entry_register(event=event, user=alice)
    add_players(event, 3)
    entry_withdraw(actor=alice, entry=entry)
    refused("entry_not_active", entry_withdraw, actor=alice, entry=entry)
    stranger = make_user("mallory")
    other = Entry.objects.filter(event=event).exclude(pk=entry.pk).first()
    refused("not_allowed", entry_withdraw, actor=stranger, entry=other)
    round_ = round_pair(actor=event.organiser, event=event)
    paired = set(Pairing.objects.filter(round=round_).values_list("red_id", "blue_id"))
    assert all(entry.pk not in pair for pair in paired)
    assert Round.objects.get(pk=round_.pk).number == 1
