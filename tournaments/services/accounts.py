"""Entries and the accounts of their players: claiming an entry through its private link, and
entries that follow their player's new display name.

**Claiming.** A walk-in plays through the private link of their entry (``Entry.token``), with
no account. Once they have an account they may claim the entry: the link is the proof (whoever
holds it already acts for the entry), the account must be signed in, and the entry must not
belong to an account yet. The entry and the seats of its games (``matches.services.seats``)
pass to the account, so they show on the player's profile; the link keeps working.

**Display names.** An entry made from an account carries the player's display name
(``core.accounts.display.public_name``). When the player changes it, the entries of events not
yet finished follow, unless an organiser typed another name or another entry of the event has
the new one; finished events keep the name they were played under (docs/accounts.md).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from matches.services.seats import match_claim_seats
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, Pairing
from tournaments.services._common import _audit, _changed, _lock_event


@transaction.atomic
def entry_claim(*, user: User | Any, token: str) -> Entry:
    """``user`` claims the entry whose private link is ``token``; see the module docstring.

    Refusals (``TournamentError``, nothing changed): ``claim_sign_in`` (no signed-in account),
    ``claim_bad_link``, ``claim_already_yours``, ``claim_taken`` (another account's entry),
    ``claim_has_entry`` (the account already plays in the event under another entry).
    """
    if user is None or not user.is_authenticated or not user.is_active:
        raise TournamentError("claim_sign_in")
    found = Entry.objects.filter(token=token).values_list("pk", "event_id").first()
    if not token or found is None:
        raise TournamentError("claim_bad_link")
    entry_id, event_id = found
    event = _lock_event(event_id)
    entry = Entry.objects.select_for_update().get(pk=entry_id)
    if entry.user_id == user.pk:
        raise TournamentError("claim_already_yours")
    if entry.user_id is not None:
        raise TournamentError("claim_taken")
    other = Entry.objects.filter(event=event, user_id=user.pk).first()
    if other is not None:
        raise TournamentError("claim_has_entry", {"name": other.name})
    entry.user = user
    entry.save(update_fields=["user"])
    tables = Pairing.objects.filter(Q(red=entry) | Q(blue=entry), round__event=event)
    seats = [
        (pk, "red" if red_id == entry.pk else "blue")
        for pk, red_id in tables.values_list("pk", "red_id")
    ]
    match_claim_seats(user=user, seats=seats)
    _audit(event, "entry_claim", actor=user, entry=entry, account=user.get_username())
    _changed(event, "entries", "standings")
    return entry


def entry_names_follow(*, user: User | Any, old_name: str, new_name: str) -> list[Event]:
    """Rename ``user``'s entries in events not yet finished from ``old_name`` to ``new_name``.

    An entry under another name (typed by an organiser) keeps it, and so does an entry whose
    event already has someone called ``new_name``. Returns the events whose pages changed.
    """
    if not old_name or old_name == new_name:
        return []
    changed = []
    candidates = Entry.objects.filter(user_id=user.pk, name=old_name).exclude(
        event__status=Event.Status.FINISHED
    )
    for entry_id, event_id in candidates.values_list("pk", "event_id"):
        with transaction.atomic():
            event = _lock_event(event_id)
            if Entry.objects.filter(event=event, name=new_name).exists():
                continue
            Entry.objects.filter(pk=entry_id, name=old_name).update(name=new_name)
            _changed(event, "entries", "standings")
            changed.append(event)
    return changed
