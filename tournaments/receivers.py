"""Results flowing in from the matches app.

``matches.signals.match_finished`` is sent after the match's result has committed; this
receiver hands it to :func:`tournaments.services.match_results.result_from_match`, which finds
the table by the match id (or the pairing id the match was created with) and records the
result. Matches that belong to no tournament table are ignored. ``matches.signals.match_disputed``
marks the table disputed (:func:`tournaments.services.match_results.result_dispute_from_match`)
while its game waits for the arbiter.
"""

from __future__ import annotations

import logging
from typing import Any

from tournaments.services.match_results import result_dispute_from_match, result_from_match

logger = logging.getLogger(__name__)


def on_match_finished(
    sender: Any,
    *,
    match_id: int,
    event_id: int | None = None,
    pairing_id: int | None = None,
    winner: str = "none",
    method: str = "",
    corrected: bool = False,
    **kwargs: Any,
) -> None:
    if event_id is None and pairing_id is None:
        return
    result_from_match(
        match_id=match_id,
        pairing_id=pairing_id,
        winner=winner,
        method=method,
        corrected=corrected,
    )


def on_match_disputed(
    sender: Any,
    *,
    match_id: int,
    event_id: int | None = None,
    pairing_id: int | None = None,
    **kwargs: Any,
) -> None:
    if event_id is None and pairing_id is None:
        return
    result_dispute_from_match(match_id=match_id, pairing_id=pairing_id)
