"""Celery task: mark the seeks whose time ran out (``CELERY_BEAT_SCHEDULE["play-expire-seeks"]``).

Pages never depend on it: every read treats an open seek past its ``expires_at`` as expired.
The task keeps the rows honest for the admin and the records, and nudges the open Play pages.
"""

from __future__ import annotations

from celery import shared_task

from play.services import seek_expire_overdue


@shared_task(acks_late=True, ignore_result=True)
def seek_expire_task() -> int:
    """Mark overdue open seeks ``expired``; safe to run any number of times."""
    return seek_expire_overdue()
