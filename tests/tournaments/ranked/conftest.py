"""A 三国盛衰記 event (ranked tables) with players, for the service and view tests."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def ranked_event(make_event: Any) -> Any:
    """A 3-round 三国盛衰記 event (tables of 3–5) with registration open."""
    from tournaments.models import Event
    from tournaments.services.events import event_set_status

    created = make_event(name="Sangoku Cup")
    Event.objects.filter(pk=created.pk).update(game="sangoku_seisuiki")
    created.refresh_from_db()
    return event_set_status(
        actor=created.organiser, event=created, status=Event.Status.REGISTRATION
    )


def claim_for(table: Any, vps: dict[int, int] | None = None) -> list[dict[str, Any]]:
    """A result claim for every seat of ``table``: VP 10, 9, 8, … in seat order unless given."""
    seats = list(table.seats.order_by("id"))
    vps = vps or {seat.entry_id: 10 - i for i, seat in enumerate(seats)}
    return [
        {"entry": seat.entry_id, "victory_points": vps[seat.entry_id], "eliminated_turn": None}
        for seat in seats
    ]
