"""Signals the tournaments layer sends to the apps above it (it never imports them).

``table_result_confirmed`` is sent **inside** the transaction that makes a ranked table's result
final (every seated player agreed, or an organiser or arbiter entered, ruled on or corrected
it), so that what must change with the result changes in the same transaction or not at all:
the site ratings (``players``, docs/ratings.md "On the site") connect to it. Receivers get
``sender`` (the GameTable class), ``table`` (the locked row, its seats' places saved) and
``corrected`` (True when the table already had a confirmed result).

``entry_rating_wanted`` asks for the ratings new entries take by default (seeding): the
tournaments layer sends it when players enter with their accounts and no rating was typed, and
each receiver answers a ``{user id: rating}`` mapping for ``users`` in ``event``'s game
(``default_ratings`` merges the answers). Without a receiver, entries have no rating, as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.dispatch import Signal

table_result_confirmed = Signal()
entry_rating_wanted = Signal()


def default_ratings(*, event: Any, users: Iterable[Any]) -> dict[int, int]:
    """The rating each of ``users`` takes by default on entering ``event`` (absent: none)."""
    wanted = [user for user in users if user is not None]
    if not wanted:
        return {}
    found: dict[int, int] = {}
    for _receiver, answer in entry_rating_wanted.send(
        sender=type(event), event=event, users=wanted
    ):
        if isinstance(answer, dict):
            for user_id, rating in answer.items():
                found.setdefault(user_id, rating)
    return found
