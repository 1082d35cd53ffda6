"""Entries: register, join and leave the waitlist, add a player or a late entrant, check in,
withdraw, reinstate and disqualify.

Players act for themselves (their account, or the private link of their entry: ``by_token``);
organisers act for anyone in their events, and arbiters check players in. Capacity and the
waitlist's queue are ``tournaments.waitlist``'s; importing players from CSV is
``entry_import``'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from core.accounts.display import public_name
from tournaments import waitlist
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services._common import (
    RUNNING_ROUND_STATES,
    R,
    _audit,
    _changed,
    _latest_round,
    _lock_event,
    _require_arbiter,
    _require_manager,
)
from tournaments.services.field import _give_start_numbers
from tournaments.services.results import _apply_result, _refresh_round_status
from tournaments.signals import default_ratings
from tournaments.validation import ENTRY_NAME_LIMIT, check_name, check_points, check_rating


def _entry_name(user: User) -> str:
    """The name a player's own registration enters them under: their display name."""
    return public_name(user)[:ENTRY_NAME_LIMIT]


def _check_capacity(event: Event, adding: int = 1) -> None:
    if event.registration_cap is None:
        return
    current = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    if current + adding > event.registration_cap:
        raise TournamentError("event_full", {"cap": event.registration_cap})


def _late_entry_round(event: Event) -> int:
    """The first round a player entering now would play."""
    latest = _latest_round(event)
    if latest is None:
        return 1
    if latest.status == Round.Status.DRAFT:
        return latest.number
    return latest.number + 1


@transaction.atomic
def entry_register(*, event: Event, user: User) -> Entry:
    """A player signs up for an open event with their account."""
    event = _lock_event(event)
    if event.status != Event.Status.REGISTRATION:
        raise TournamentError("registration_closed")
    if Entry.objects.filter(event=event, user_id=user.pk).exists():
        raise TournamentError("already_registered")
    name = check_name(_entry_name(user), limit=ENTRY_NAME_LIMIT)
    if Entry.objects.filter(event=event, name=name).exists():
        raise TournamentError("name_taken", {"name": name})
    if waitlist.is_full(event):
        entry = waitlist.waiting_entry(event=event, user=user, name=name)
        position = waitlist.position_of(entry)
        _audit(event, "entry_waitlist", actor=user, entry=entry, position=position)
    else:
        rating = default_ratings(event=event, users=[user]).get(user.pk)
        entry = Entry.objects.create(event=event, user=user, name=name, rating=rating)
        _audit(event, "entry_register", actor=user, entry=entry)
    _changed(event, "entries")
    return entry


@transaction.atomic
def entry_leave_waitlist(
    *, entry: Entry, actor: User | None = None, by_token: bool = False
) -> None:
    """A waitlisted player leaves the queue (or an organiser takes them off it).

    A place on the waitlist is not a place in the event: the entry is deleted (its audit row
    keeps the name), so the player may join the queue again, at its back."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token:
        _player_or_manager(actor, entry)
    if entry.status != Entry.Status.WAITLISTED:
        raise TournamentError("not_waitlisted", {"name": entry.name})
    _audit(event, "entry_leave_waitlist", actor=actor, entry_name=entry.name)
    entry.delete()
    _changed(event, "entries")


@transaction.atomic
def entry_add(
    *,
    actor: User,
    event: Event,
    name: str,
    user: User | None = None,
    rating: int | None = None,
    missed_round_points: Decimal | None = None,
) -> Entry:
    """The organiser adds a player (walk-in, or an account); once rounds exist, a late entry.

    A late entrant joins at the next round to be paired and gets ``missed_round_points`` for
    each round already played (0 unless the organiser grants more).
    """
    event = _lock_event(event)
    _require_manager(actor, event)
    name = check_name(name, limit=ENTRY_NAME_LIMIT)
    rating = check_rating(rating)
    if rating is None and user is not None:  # the site rating seeds, unless one was typed
        rating = default_ratings(event=event, users=[user]).get(user.pk)
    if user is not None and Entry.objects.filter(event=event, user_id=user.pk).exists():
        raise TournamentError("already_registered")
    if Entry.objects.filter(event=event, name=name).exists():
        raise TournamentError("name_taken", {"name": name})
    _check_capacity(event)
    first_round = _late_entry_round(event)
    points = check_points(
        missed_round_points if missed_round_points is not None else Decimal(0),
        field="missed_round_points",
    )
    entry = Entry.objects.create(
        event=event,
        user=user,
        name=name,
        rating=rating,
        first_round=first_round,
        missed_round_points=points if first_round > 1 else Decimal(0),
        checked_in=first_round > 1,
    )
    if Round.objects.filter(event=event).exists():
        _give_start_numbers(event)
        entry.refresh_from_db(fields=["start_number"])
    _audit(
        event,
        "entry_late" if first_round > 1 else "entry_add",
        actor=actor,
        entry=entry,
        name=name,
        first_round=first_round,
        missed_round_points=str(entry.missed_round_points),
    )
    _changed(event, "entries", "standings")
    return entry


def _refuse_waitlisted(entry: Entry) -> None:
    """A waitlisted entry holds no place: it cannot check in, withdraw or be reinstated."""
    if entry.status == Entry.Status.WAITLISTED:
        raise TournamentError("entry_waitlisted", {"name": entry.name})


def _player_or_manager(actor: User | None, entry: Entry) -> None:
    """Players act for themselves (account); organisers act for anyone in their events."""
    if actor is not None and actor.is_authenticated and entry.user_id == actor.pk:
        return
    _require_manager(actor, entry.event)


@transaction.atomic
def entry_check_in(
    *, entry: Entry, checked_in: bool = True, actor: User | None = None, by_token: bool = False
) -> Entry:
    """Check a player in (or out) before round 1: the player, an arbiter or an organiser."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token and not (actor is not None and entry.user_id == actor.pk):
        _require_arbiter(actor, event)
    _refuse_waitlisted(entry)
    if Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).exists():
        raise TournamentError("event_locked")
    if entry.checked_in != checked_in:
        entry.checked_in = checked_in
        entry.save(update_fields=["checked_in"])
        _audit(event, "entry_check_in", actor=actor, entry=entry, checked_in=checked_in)
        _changed(event, "entries")
    return entry


@transaction.atomic
def entry_check_in_many(*, actor: User, event: Event, entries: Iterable[Entry]) -> list[Entry]:
    """Check in every player of ``entries`` at once ("check in all present"), by an arbiter or
    organiser before round 1. Each player checked in gets its own audit row, as with
    :func:`entry_check_in`; players already checked in or not active are passed over."""
    event = _lock_event(event)
    _require_arbiter(actor, event)
    ids = {e.pk for e in entries}
    if not ids:
        raise TournamentError("nobody_to_check_in", field="entries")
    if Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).exists():
        raise TournamentError("event_locked")
    todo = list(
        Entry.objects.select_for_update()
        .filter(event=event, pk__in=ids, status=Entry.Status.ACTIVE, checked_in=False)
        .order_by("pk")
    )
    for entry in todo:
        entry.checked_in = True
        _audit(event, "entry_check_in", actor=actor, entry=entry, checked_in=True)
    Entry.objects.bulk_update(todo, ["checked_in"])
    if todo:
        _changed(event, "entries")
    return todo


def _require_between_rounds(event: Event, entry: Entry) -> None:
    """Refuse while ``entry`` has a table without a result in a published round."""
    pending = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry),
        round__event=event,
        round__status__in=RUNNING_ROUND_STATES,
        result=R.PENDING,
    ).select_related("round")
    first = pending.first()
    if first is not None:
        raise TournamentError("between_rounds_only", {"round": first.round.number})
    draft = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry), round__event=event, round__status=Round.Status.DRAFT
    ).select_related("round")
    first = draft.first()
    if first is not None:
        raise TournamentError("between_rounds_only", {"round": first.round.number})


@transaction.atomic
def entry_withdraw(*, entry: Entry, actor: User | None = None, by_token: bool = False) -> Entry:
    """Drop a player between rounds: kept in the standings, never paired again."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token:
        _player_or_manager(actor, entry)
    _refuse_waitlisted(entry)
    if entry.status != Entry.Status.ACTIVE:
        raise TournamentError("entry_not_active", {"name": entry.name})
    _require_between_rounds(event, entry)
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    _audit(event, "entry_withdraw", actor=actor, entry=entry)
    waitlist.promote(event, actor=actor, reason="entry_withdraw")
    _changed(event, "entries", "standings")
    return entry


@transaction.atomic
def entry_reinstate(*, actor: User, entry: Entry) -> Entry:
    """Bring a withdrawn player back (organisers, between rounds). Missed rounds score 0."""
    event = _lock_event(entry.event_id)
    _require_manager(actor, event)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _refuse_waitlisted(entry)
    if entry.status == Entry.Status.ACTIVE:
        raise TournamentError("entry_already_active", {"name": entry.name})
    _check_capacity(event)
    entry.status = Entry.Status.ACTIVE
    entry.save(update_fields=["status"])
    _audit(event, "entry_reinstate", actor=actor, entry=entry)
    _changed(event, "entries", "standings")
    return entry


@transaction.atomic
def entry_disqualify(*, actor: User, entry: Entry, reason: str) -> Entry:
    """Disqualify a player at any time. A table of theirs still without a result is scored
    as a forfeit win for the opponent."""
    event = _lock_event(entry.event_id)
    _require_manager(actor, event)
    if not reason.strip():
        raise TournamentError("reason_required", field="reason")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _refuse_waitlisted(entry)
    entry.status = Entry.Status.DISQUALIFIED
    entry.save(update_fields=["status"])
    pending = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry),
        round__event=event,
        round__status__in=RUNNING_ROUND_STATES,
        result=R.PENDING,
    ).select_related("round")
    for pairing in pending:
        result = R.BLUE_WON_BY_FORFEIT if pairing.red_id == entry.pk else R.RED_WON_BY_FORFEIT
        _apply_result(pairing, result, Pairing.Method.FORFEIT)
        _audit(
            event,
            "result_forfeit_dq",
            actor=actor,
            pairing=pairing,
            round_number=pairing.round.number,
            result=result,
        )
        _refresh_round_status(pairing.round)
    Round.objects.filter(event=event, status=Round.Status.DRAFT).filter(
        Q(pairings__red=entry) | Q(pairings__blue=entry)
    ).delete()
    _audit(event, "entry_disqualify", actor=actor, entry=entry, reason=reason)
    waitlist.promote(event, actor=actor, reason="entry_disqualify")
    _changed(event, "entries", "standings", "pairings")
    return entry
