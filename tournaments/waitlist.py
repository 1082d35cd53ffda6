"""Capacity and waitlist: who holds a place in a capped event, and who waits for one.

An event with a registration cap holds at most ``cap`` *active* entries. A player who
registers when every place is taken becomes a *waitlisted* entry, queued by the time they
joined (``Entry.waitlisted_at``, ties by id) as Challonge and tournament sites queue them.
Whenever a place frees up (a player withdraws or is disqualified, the organiser raises or
lifts the cap), the first waitlisted entries are made active in queue order, each with an
``entry_promote`` audit row. Callers hold the event's row lock (``select_for_update``), so two
frees or two registrations never hand out the same place twice.

Ruling **waitlist-closes-at-round-1** (docs/tournaments.md, "Capacity and waitlist"): once
round 1 has been paired the field is fixed; the queue no longer moves and the organiser adds
anyone else as a late entry by hand. Waitlisted entries never check in, are never paired and
never appear in standings or exports of results.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.models import AuditLog, Entry, Event, Round
from tournaments.signals import default_ratings


def active_count(event: Event) -> int:
    """Entries holding a place (the ones capacity counts)."""
    return Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()


def free_places(event: Event) -> int | None:
    """Places left under the cap (never negative), or ``None`` for an event without one."""
    if event.registration_cap is None:
        return None
    return max(0, event.registration_cap - active_count(event))


def is_full(event: Event) -> bool:
    """Every place of a capped event is taken: a registration now joins the waitlist."""
    return free_places(event) == 0


def queue(event: Event) -> list[Entry]:
    """The waitlisted entries of ``event``, first in line first."""
    return list(
        Entry.objects.filter(event=event, status=Entry.Status.WAITLISTED)
        .select_related("user")
        .order_by("waitlisted_at", "pk")
    )


def position_of(entry: Entry) -> int | None:
    """The 1-based place of a waitlisted entry in its event's queue (``None`` otherwise)."""
    if entry.status != Entry.Status.WAITLISTED:
        return None
    ahead = (
        Entry.objects.filter(event_id=entry.event_id, status=Entry.Status.WAITLISTED)
        .filter(waitlisted_at__lte=entry.waitlisted_at)
        .exclude(waitlisted_at=entry.waitlisted_at, pk__gte=entry.pk)
        .count()
    )
    return ahead + 1


def waiting_entry(*, event: Event, user: User, name: str) -> Entry:
    """A new waitlisted entry at the back of the queue (the caller checked the event is full)."""
    return Entry.objects.create(
        event=event,
        user=user,
        name=name,
        rating=default_ratings(event=event, users=[user]).get(user.pk),
        status=Entry.Status.WAITLISTED,
        waitlisted_at=timezone.now(),
    )


def queue_moves(event: Event) -> bool:
    """The queue moves only until round 1 is paired (ruling waitlist-closes-at-round-1)."""
    return not Round.objects.filter(event=event).exists()


def promote(event: Event, *, actor: User | None, reason: str) -> list[Entry]:
    """Fill every free place from the front of the queue; the entries promoted, in order.

    ``event`` must be locked by the caller's transaction. ``reason`` is the audit code of what
    freed the places (``entry_withdraw``, ``entry_disqualify``, ``event_update``, …).
    """
    if not queue_moves(event):
        return []
    places = free_places(event)
    waiting = queue(event)
    chosen = waiting if places is None else waiting[:places]
    for entry in chosen:
        entry.status = Entry.Status.ACTIVE
        entry.save(update_fields=["status"])
        AuditLog.objects.create(
            event=event,
            actor=actor if actor is not None and actor.is_authenticated else None,
            actor_entry=entry,
            action="entry_promote",
            details={"reason": reason},
        )
    return chosen
