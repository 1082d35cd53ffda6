"""Capacity and waitlist: registrations beyond the cap queue up and are promoted in order."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments import waitlist
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, Event
from tournaments.selectors import event_standings
from tournaments.services.entries import (
    entry_add,
    entry_check_in,
    entry_disqualify,
    entry_leave_waitlist,
    entry_register,
    entry_reinstate,
    entry_withdraw,
)
from tournaments.services.events import event_set_status, event_update
from tournaments.services.rounds import round_delete_draft, round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def capped(make_event: Any) -> Event:
    """Registration open, two places."""
    event = make_event(registration_cap=2)
    return event_set_status(actor=event.organiser, event=event, status="registration")


def register(event: Event, make_user: Any, *names: str) -> list[Entry]:
    return [entry_register(event=event, user=make_user(name)) for name in names]


def statuses(event: Event) -> dict[str, str]:
    return dict(Entry.objects.filter(event=event).values_list("name", "status"))


def test_a_registration_when_full_joins_the_waitlist_in_order(
    capped: Event, make_user: Any
) -> None:
    a, b, c, d = register(capped, make_user, "a", "b", "c", "d")
    assert [a.status, b.status] == ["active", "active"]
    assert [c.status, d.status] == ["waitlisted", "waitlisted"]
    assert [waitlist.position_of(e) for e in (a, c, d)] == [None, 1, 2]
    assert waitlist.active_count(capped) == 2
    assert waitlist.is_full(capped)
    audit = AuditLog.objects.filter(event=capped, action="entry_waitlist").order_by("id")
    assert [row.details["position"] for row in audit] == [1, 2]


def test_a_withdrawal_promotes_the_first_waitlisted_with_an_audit_row(
    capped: Event, make_user: Any
) -> None:
    a, _b, c, d = register(capped, make_user, "a", "b", "c", "d")
    entry_withdraw(entry=a, actor=a.user)
    assert statuses(capped) == {"a": "withdrawn", "b": "active", "c": "active", "d": "waitlisted"}
    d.refresh_from_db()
    assert waitlist.position_of(d) == 1
    promoted = AuditLog.objects.get(event=capped, action="entry_promote")
    assert promoted.actor_entry_id == c.pk
    assert promoted.details == {"reason": "entry_withdraw"}


def test_an_organiser_withdrawal_or_disqualification_promotes_too(
    capped: Event, make_user: Any
) -> None:
    a, b, _c, _d = register(capped, make_user, "a", "b", "c", "d")
    entry_withdraw(entry=b, actor=capped.organiser)
    entry_disqualify(actor=capped.organiser, entry=a, reason="no show")
    assert statuses(capped)["c"] == "active"
    assert statuses(capped)["d"] == "active"
    reasons = AuditLog.objects.filter(event=capped, action="entry_promote").order_by("id")
    assert [row.details["reason"] for row in reasons] == ["entry_withdraw", "entry_disqualify"]


def test_raising_or_lifting_the_cap_promotes_in_order(capped: Event, make_user: Any) -> None:
    register(capped, make_user, "a", "b", "c", "d", "e")
    event_update(actor=capped.organiser, event=capped, registration_cap=3)
    assert statuses(capped) == {
        "a": "active",
        "b": "active",
        "c": "active",
        "d": "waitlisted",
        "e": "waitlisted",
    }
    event_update(actor=capped.organiser, event=capped, registration_cap=None)
    assert set(statuses(capped).values()) == {"active"}


def test_leaving_the_waitlist_deletes_the_place_in_the_queue(capped: Event, make_user: Any) -> None:
    _a, _b, c, d = register(capped, make_user, "a", "b", "c", "d")
    entry_leave_waitlist(entry=c, actor=c.user)
    assert not Entry.objects.filter(pk=c.pk).exists()
    assert waitlist.position_of(Entry.objects.get(pk=d.pk)) == 1
    row = AuditLog.objects.get(event=capped, action="entry_leave_waitlist")
    assert row.details == {"entry_name": "c"}
    # Joining again puts the player at the back of the queue.
    again = entry_register(event=capped, user=c.user)
    assert waitlist.position_of(again) == 2


def test_only_the_player_or_an_organiser_takes_someone_off_the_waitlist(
    capped: Event, make_user: Any
) -> None:
    a, _b, c = register(capped, make_user, "a", "b", "c")
    with pytest.raises(TournamentError) as caught:
        entry_leave_waitlist(entry=c, actor=a.user)
    assert caught.value.code == "not_allowed"
    with pytest.raises(TournamentError) as caught:
        entry_leave_waitlist(entry=a, actor=a.user)
    assert caught.value.code == "not_waitlisted"
    entry_leave_waitlist(entry=c, actor=capped.organiser)
    assert not Entry.objects.filter(pk=c.pk).exists()


@pytest.mark.parametrize(
    "call",
    [
        lambda e, org: entry_check_in(entry=e, actor=e.user),
        lambda e, org: entry_withdraw(entry=e, actor=e.user),
        lambda e, org: entry_reinstate(entry=e, actor=org),
        lambda e, org: entry_disqualify(entry=e, actor=org, reason="x"),
    ],
    ids=["check-in", "withdraw", "reinstate", "disqualify"],
)
def test_a_waitlisted_entry_holds_no_place(capped: Event, make_user: Any, call: Any) -> None:
    *_, c = register(capped, make_user, "a", "b", "c")
    with pytest.raises(TournamentError) as caught:
        call(c, capped.organiser)
    assert caught.value.code == "entry_waitlisted"
    assert Entry.objects.get(pk=c.pk).status == "waitlisted"


def test_pairing_and_standings_ignore_the_waitlist_and_it_stops_at_round_one(
    capped: Event, make_user: Any
) -> None:
    event_update(actor=capped.organiser, event=capped, rounds=1)
    a, b, c = register(capped, make_user, "a", "b", "c")
    event_set_status(actor=capped.organiser, event=capped, status="running")
    round_ = round_pair(actor=capped.organiser, event=capped)
    players = {p.red_id for p in round_.pairings.all()} | {p.blue_id for p in round_.pairings.all()}
    assert players == {a.pk, b.pk}
    names = [line.entry.name for line in event_standings(event=capped).lines]
    assert sorted(names) == ["a", "b"]
    # Round 1 is paired: a freed place no longer moves the queue.
    round_delete_draft(actor=capped.organiser, round=round_)
    round_pair(actor=capped.organiser, event=capped)
    assert not waitlist.queue_moves(capped)
    assert waitlist.promote(capped, actor=None, reason="test") == []
    assert Entry.objects.get(pk=c.pk).status == "waitlisted"


def test_organiser_adds_are_refused_when_full(capped: Event, make_user: Any) -> None:
    register(capped, make_user, "a", "b")
    with pytest.raises(TournamentError) as caught:
        entry_add(actor=capped.organiser, event=capped, name="Walk-in")
    assert caught.value.code == "event_full"
