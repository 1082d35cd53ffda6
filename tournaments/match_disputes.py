"""Disputes flowing in from a table's clocked game (``matches.signals.match_disputed``).

Over the board, the clock page takes the players' result reports; when they differ, or a
flag falls against a pending report (``matches.otb_rulings``), the game waits for the arbiter
without a result. The table it belongs to is then marked disputed here, so the round page,
the dashboard's "Results to settle" and the standings all agree that it is open: its result
stays pending until the arbiter decides (on the match console, whose decision arrives as
``match_finished``, or on the round page, which gives the match the table's result).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Pairing, Round
from tournaments.services import _audit, _changed, _lock_pairing, match_table_id


def result_dispute_from_match(*, match_id: int, pairing_id: int | None) -> Pairing | None:
    """Mark the table of match ``match_id`` disputed (no-op for a table that is already, or a
    result that is already confirmed: that table's result was decided first)."""
    with transaction.atomic():
        found = match_table_id(match_id=match_id, pairing_id=pairing_id)
        if found is None:
            return None
        event, pairing = _lock_pairing(found)
        if pairing.round.status == Round.Status.DRAFT or pairing.disputed:
            return pairing
        if pairing.confirmation == Pairing.Confirmation.CONFIRMED:
            return pairing
        pairing.disputed = True
        pairing.save(update_fields=["disputed", "updated_at"])
        _audit(event, "result_match_dispute", pairing=pairing, match_id=match_id)
        _changed(event, "pairings")
        return pairing
