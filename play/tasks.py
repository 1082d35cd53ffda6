"""Celery tasks: mark the seeks whose time ran out (``CELERY_BEAT_SCHEDULE["play-expire-seeks"]``),
and play the computer's turn (``computer_move_task``, on the ``bot`` queue).

Pages never depend on it: every read treats an open seek past its ``expires_at`` as expired.
The task keeps the rows honest for the admin and the records, and nudges the open Play pages.
"""

from __future__ import annotations

from celery import shared_task

from play.computer_player import computer_play_turn
from play.services import seek_expire_overdue


@shared_task(acks_late=True, ignore_result=True)
def seek_expire_task() -> int:
    """Mark overdue open seeks ``expired``; safe to run any number of times."""
    return seek_expire_overdue()


@shared_task(acks_late=True, ignore_result=True)
def computer_move_task(match_id: int, ply: int = 0) -> int:
    """Play the computer's turn in ``match_id`` (``play.computer_player``); ``ply`` is the ply
    of the change that queued it (for the logs). Routed to the ``bot`` queue
    (``CELERY_TASK_ROUTES``): only the bot worker runs it. Safe to run any number of times: a
    turn that is not the computer's, or a game that ended, does nothing."""
    return computer_play_turn(match_id=match_id)
