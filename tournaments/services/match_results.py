"""Results and disputes that come from a table's clocked game (``matches.signals``, through
``tournaments.receivers``).

A finished match gives its table its result (a confirmed table keeps its own unless an arbiter
corrected the match; a differing result then opens a dispute). Over the board, the clock page
takes the players' reports; when they differ, or a flag falls against a pending report
(``matches.otb_rulings``), the game waits for the arbiter without a result and its table is
marked disputed here, so the round page, the dashboard's "Results to settle" and the standings
all agree that it is open until the arbiter decides.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from tournaments import notices
from tournaments.models import Pairing, Round
from tournaments.services._common import R, _audit, _changed, _lock_pairing
from tournaments.services.results import _apply_result, _flag_stale_drafts, _refresh_round_status


def match_table_id(*, match_id: int, pairing_id: int | None) -> int | None:
    """The table (pairing id) of a clocked match: the one that names the match, or the one the
    match was created for."""
    query = Pairing.objects.filter(match_id=match_id)
    if pairing_id is not None:
        query = Pairing.objects.filter(Q(match_id=match_id) | Q(pk=pairing_id))
    found: int | None = query.values_list("pk", flat=True).first()
    return found


def result_from_match(
    *, match_id: int, pairing_id: int | None, winner: str, method: str, corrected: bool = False
) -> Pairing | None:
    """Take the result of a finished clocked match (the ``match_finished`` receiver).

    A table whose result is already confirmed keeps it unless the match result was corrected
    by an arbiter; a differing match result then opens a dispute instead of overwriting.
    """
    with transaction.atomic():
        found = match_table_id(match_id=match_id, pairing_id=pairing_id)
        if found is None:
            return None
        event, pairing = _lock_pairing(found)
        if pairing.blue_id is None or pairing.round.status == Round.Status.DRAFT:
            return None
        if winner == "red":
            forfeit = method in ("forfeit", "no_show")
            result = R.RED_WON_BY_FORFEIT if forfeit else R.RED_WON
        elif winner == "blue":
            forfeit = method in ("forfeit", "no_show")
            result = R.BLUE_WON_BY_FORFEIT if forfeit else R.BLUE_WON
        elif winner == "draw":
            result = R.DRAW
            if pairing.round.stage == Round.Stage.ELIMINATION:
                # A bracket needs a winner: the arbiter decides the drawn table.
                if not pairing.disputed:
                    notices.notify_dispute(pairing)
                pairing.disputed = True
                pairing.save(update_fields=["disputed", "updated_at"])
                _audit(event, "result_match_draw_in_bracket", pairing=pairing, match_id=match_id)
                return pairing
        else:
            result = R.DOUBLE_FORFEIT
        method = method if method in Pairing.Method.values else Pairing.Method.ARBITER
        if pairing.confirmation == Pairing.Confirmation.CONFIRMED and not corrected:
            if pairing.result != result:
                if not pairing.disputed:
                    notices.notify_dispute(pairing)
                pairing.disputed = True
                pairing.counter_result = result
                pairing.save(update_fields=["disputed", "counter_result", "updated_at"])
                _audit(event, "result_match_conflict", pairing=pairing, match_result=result)
            return pairing
        old = pairing.result
        _apply_result(pairing, result, method)
        if old != result:
            _flag_stale_drafts(event, pairing.round)
        _audit(
            event,
            "result_from_match",
            pairing=pairing,
            round_number=pairing.round.number,
            match_id=match_id,
            old=old,
            new=result,
            method=method,
            corrected=corrected,
        )
        _refresh_round_status(pairing.round)
        _changed(event, "pairings", "standings")
        return pairing


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
        notices.notify_dispute(pairing)
        pairing.disputed = True
        pairing.save(update_fields=["disputed", "updated_at"])
        _audit(event, "result_match_dispute", pairing=pairing, match_id=match_id)
        _changed(event, "pairings")
        return pairing
