"""Post-game analysis: who may queue the analysis of which game."""

from __future__ import annotations

from tests.security.matrix_rows.base import Row, url
from tests.security.matrix_rows.setups import online_finished
from tests.security.security_world import (
    LOGGED_IN,
    NOBODY,
)

# Post-game analysis (analysis/views.py): any signed-in account may queue the analysis of a
# finished game whose record it may see; nobody may for a running game or one without a record.
ANALYSIS_ROWS: list[Row] = [
    Row(
        "analysis:request",
        LOGGED_IN,
        lambda w: (url("analysis:request", match_id=w.online_match.pk), {}),
        variant="finished game",
        setup=online_finished,
    ),
    Row(
        "analysis:request",
        NOBODY,
        lambda w: (url("analysis:request", match_id=w.online_match.pk), {}),
        variant="running game",
        reason="the analysis of a running game is refused (409)",
    ),
    Row(
        "analysis:request",
        NOBODY,
        lambda w: (url("analysis:request", match_id=w.otb_match.pk), {}),
        variant="over the board",
        reason="an over-the-board game has no record to analyse",
    ),
]
