"""Racing registrations for the last place: the cap holds, the rest queue in a strict order.

Several threads, each with its own database connection, register different players for an
event with one place left, released at the same moment. The event row lock
(``select_for_update`` in ``entry_register``) serialises them: exactly one gets the place and
every other one joins the waitlist with a distinct position. A withdrawal racing further
registrations hands the freed place to exactly one waitlisted player. PostgreSQL only: SQLite
has no row locks (it serialises whole-database writes and would test nothing here). CI runs
the suite a second time against PostgreSQL, where this test runs.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.races import race, skip_unless_postgresql
from tournaments import waitlist
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, Event
from tournaments.services.entries import entry_register, entry_withdraw
from tournaments.services.events import event_set_status

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    skip_unless_postgresql()


def _race(calls: list[Any]) -> list[Any]:
    return race(calls, TournamentError)


def _event_with_one_place_left(make_event: Any, make_user: Any) -> Event:
    event = make_event(registration_cap=3)
    event = event_set_status(actor=event.organiser, event=event, status="registration")
    for name in ("first", "second"):
        entry_register(event=event, user=make_user(name))
    return event


def test_two_registrations_for_the_last_place_never_exceed_the_cap(
    make_event: Any, make_user: Any
) -> None:
    event = _event_with_one_place_left(make_event, make_user)
    users = [make_user(f"racer{i}") for i in range(THREADS)]
    results = _race([lambda user=user: entry_register(event=event, user=user) for user in users])
    assert all(isinstance(r, Entry) for r in results), results
    assert waitlist.active_count(event) == 3
    queued = waitlist.queue(event)
    assert len(queued) == THREADS - 1
    assert [waitlist.position_of(e) for e in queued] == list(range(1, THREADS))
    logged = AuditLog.objects.filter(event=event, action="entry_waitlist")
    assert sorted(row.details["position"] for row in logged) == list(range(1, THREADS))


def test_a_withdrawal_racing_registrations_hands_its_place_to_one_player(
    make_event: Any, make_user: Any
) -> None:
    event = _event_with_one_place_left(make_event, make_user)
    entry_register(event=event, user=make_user("third"))
    waiting = [make_user(f"queued{i}") for i in range(3)]
    for user in waiting:
        entry_register(event=event, user=user)
    leaving = Entry.objects.get(event=event, name="first")
    late = [make_user(f"late{i}") for i in range(THREADS - 1)]
    calls: list[Any] = [lambda: entry_withdraw(entry=leaving, actor=leaving.user)]
    calls += [lambda user=user: entry_register(event=event, user=user) for user in late]
    results = _race(calls)
    assert not [r for r in results if isinstance(r, TournamentError)]
    assert waitlist.active_count(event) == 3
    promoted = Entry.objects.get(
        pk=AuditLog.objects.get(event=event, action="entry_promote").actor_entry_id
    )
    assert promoted.user == waiting[0]
    assert promoted.status == Entry.Status.ACTIVE
    assert get_user_model().objects.filter(entries__event=event).count() == 3 + 3 + THREADS - 1
