"""Tournament data: events, the people who run them, entries, rounds, pairings, brackets, audit.

Vocabulary (shared with ``docs/tournaments.md``):

* An **event** is one tournament. Its official format (Rule 1 basic, Rule 2 expansion, Rule 3
  deck-build), time control, pairing system, points and tie-break order are fixed by the
  organiser before round 1; every match of the event inherits the format and time control.
* An **entry** is one player in one event: a registered account, or a walk-in who has only a
  name and a private link (``token``) to act for themself.
* A **round** is paired as a *draft*, may be edited, is *published* (tables open), runs and is
  *complete* when every pairing has a final result.
* A **pairing** is one table of one round: Red (moves first) against Blue, or a bye when Blue is
  empty. Its result is final once confirmed (by the opponent, an arbiter, or the match server).
* A **bracket match** is one slot of an elimination bracket; it is played as a pairing of the
  elimination round it belongs to.

Models hold fields and constraints only, one module per part of an event (``events``,
``entries``, ``rounds``, ``tables``, ``audit``); every write goes through ``tournaments.services``.
"""

from .audit import AuditLog
from .entries import MAX_RATING, MIN_RATING, Entry, new_entry_token
from .events import JUNQI_VARIANT_CHOICES, Event, EventRole, RankPointsScale, new_lot_seed
from .rounds import BracketMatch, Pairing, Round
from .tables import GameTable, TableSeat

__all__ = [
    "JUNQI_VARIANT_CHOICES",
    "MAX_RATING",
    "MIN_RATING",
    "AuditLog",
    "BracketMatch",
    "Entry",
    "Event",
    "EventRole",
    "GameTable",
    "Pairing",
    "RankPointsScale",
    "Round",
    "TableSeat",
    "new_entry_token",
    "new_lot_seed",
]
