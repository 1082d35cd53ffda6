"""A small played event for the player-page tests: built through the tournament services."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.test import TestCase


@dataclass
class PlayedEvent:
    event: Any
    entries: dict[str, Any]  # by name
    pairing: Any  # round 1's table


def played_event(
    organiser: Any,
    players: dict[str, Any],
    *,
    name: str = "Spring Open",
    finish: bool = True,
    online: bool = False,
    **fields: Any,
) -> PlayedEvent:
    """An event of one round between two entries (``players``: name → account or ``None``
    for a walk-in), its table won by Red; finished unless ``finish`` is false."""
    from tournaments.models import Event, Pairing
    from tournaments.services.entries import entry_add, entry_check_in
    from tournaments.services.events import event_create, event_set_status
    from tournaments.services.publication import round_publish
    from tournaments.services.results import result_set
    from tournaments.services.rounds import round_pair

    event = event_create(
        organiser=organiser,
        name=name,
        starts_on=dt.date(2026, 4, 1),
        rounds=1,
        online=online,
        **fields,
    )
    event = event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)
    entries = {
        entry_name: entry_add(actor=organiser, event=event, name=entry_name, user=user)
        for entry_name, user in players.items()
    }
    for entry in entries.values():
        entry_check_in(entry=entry, actor=organiser)
    event = event_set_status(actor=organiser, event=event, status=Event.Status.RUNNING)
    round_ = round_pair(actor=organiser, event=event)
    round_publish(actor=organiser, round=round_)
    pairing = Pairing.objects.get(round=round_)
    # The table's result reaches its clocked game after commit (tournaments.services.results).
    with TestCase.captureOnCommitCallbacks(execute=True):
        result_set(actor=organiser, pairing=pairing, result=Pairing.Result.RED_WON)
    if finish:
        event = event_set_status(actor=organiser, event=event, status=Event.Status.FINISHED)
    return PlayedEvent(Event.objects.get(pk=event.pk), entries, Pairing.objects.get(pk=pairing.pk))
