"""Queue the computer's turn after every change of a game against it (docs/opponent.md).

Connected in ``PlayConfig.ready`` to ``matches.signals.match_changed``, which the match
services send after each commit. The receiver reads nothing from the database: the match's
``meta`` says whether the computer plays in it, and the task itself finds out whether its seat
is asked (``play.computer_player``). The computer's own changes queue nothing: the task that
made them goes on playing while its seat is asked.
"""

from __future__ import annotations

from typing import Any

from matches.models import Match
from play.computer_accounts import COMPUTER_META
from play.computer_player import computer_acting
from play.tasks import computer_move_task


def queue_computer_turn(
    *, match_id: int, ply: int, status: str, meta: dict[str, Any] | None, **_kwargs: Any
) -> bool:
    """Queue ``computer_move_task`` (queue ``bot``) when ``match_id`` is a running game against
    the computer and the change did not come from the computer's own turn."""
    if not (meta or {}).get(COMPUTER_META) or status != Match.Status.RUNNING:
        return False
    if computer_acting():
        return False
    computer_move_task.apply_async(args=(match_id, ply))
    return True
