"""What every tournament service shares: row locks, permission checks, the audit log and the
announcement of a change.

* ``_lock_event`` locks the event row first (``select_for_update``), so two organisers pressing
  "pair" at once cannot pair a round twice; ``_lock_round`` and ``_lock_pairing`` lock the event
  and then the row acted on.
* ``_require_manager`` (organiser or co-organiser) and ``_require_arbiter`` (also an arbiter)
  refuse with ``TournamentError("not_allowed")`` (``selectors.event_role_of``).
* ``_audit`` writes the :class:`~tournaments.models.AuditLog` row of an act, and ``_changed``
  bumps ``Event.version`` and, after commit, tells the live pages (``tournaments.broadcast``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import F
from django.utils import timezone

from tournaments import broadcast, selectors
from tournaments.errors import TournamentError
from tournaments.models import AuditLog, Entry, Event, Pairing, Round

R = Pairing.Result

PUBLIC_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS, Round.Status.COMPLETE)
RUNNING_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS)


def _lock_event(event: Event | int) -> Event:
    pk = event if isinstance(event, int) else event.pk
    return Event.objects.select_for_update().get(pk=pk)


def _require_manager(actor: User | None, event: Event) -> None:
    if not selectors.event_can_manage(user=actor, event=event):
        raise TournamentError("not_allowed")


def _require_arbiter(actor: User | None, event: Event) -> None:
    if not selectors.event_can_arbitrate(user=actor, event=event):
        raise TournamentError("not_allowed")


def _audit(
    event: Event,
    action: str,
    *,
    actor: User | None = None,
    entry: Entry | None = None,
    round_number: int | None = None,
    pairing: Pairing | None = None,
    **details: Any,
) -> AuditLog:
    return AuditLog.objects.create(
        event=event,
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_entry=entry,
        action=action,
        round_number=round_number,
        pairing=pairing,
        details=details,
    )


def _changed(event: Event, *what: str) -> None:
    """Bump the event's version and announce it after commit (``what``: page names)."""
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])
    broadcast.event_changed_on_commit(event_id=event.pk, version=event.version, what=what)


def _latest_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def _lock_round(round_: Round | int) -> tuple[Event, Round]:
    pk = round_ if isinstance(round_, int) else round_.pk
    event_id = Round.objects.values_list("event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    return event, Round.objects.select_for_update().get(pk=pk)


def _require_draft(round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise TournamentError("round_not_draft", {"round": round_.number})


def _lock_pairing(pairing: Pairing | int) -> tuple[Event, Pairing]:
    pk = pairing if isinstance(pairing, int) else pairing.pk
    event_id = Pairing.objects.values_list("round__event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    locked = Pairing.objects.select_for_update().select_related("round").get(pk=pk)
    return event, locked


def _set_round_progress(round_: Round, *, all_final: bool, any_played: bool) -> None:
    """A published round's status follows its tables: published → in progress (the first
    result) → complete (every table final), and back when a result is taken away."""
    if all_final:
        status = Round.Status.COMPLETE
    elif any_played:
        status = Round.Status.IN_PROGRESS
    else:
        status = Round.Status.PUBLISHED
    if status != round_.status:
        round_.status = status
        round_.completed_at = timezone.now() if status == Round.Status.COMPLETE else None
        round_.save(update_fields=["status", "completed_at"])
