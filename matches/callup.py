"""Calling players to their games: the per-player live channel.

Vocabulary:

* **call**: something on the site now needs a player — their game was published (its join
  deadline is running), it started, their opponent is at the board, a result waits for their
  confirmation, their ranked table's session started. What a call says is decided by the page
  that shows it (``tournaments.callup_selectors``), never here.
* **recipient**: an account (group ``callup.user.<user id>``: every open page of that
  signed-in user, ``ws/me/``) or an entry of a player without an account (group
  ``callup.entry.<entry id>``: the pages of that entry's private link, ``ws/play/<token>/``).
* **nudge**: the one frame a recipient's sockets get, ``{"type": "called"}``. It carries no game
  data at all, only "something changed for you": the page then fetches its server-rendered call
  banner over HTTP, with the viewer's own rights. So a frame can never leak a hidden piece, a
  card or an opponent's secret, and no text of the site lives in a script.

Only services call :func:`call_on_commit` and :func:`call_match_players_on_commit` (the rule of
``matches.broadcast``): the nudge leaves after the change commits, never for a rolled-back one.

The matches app knows a match's players by account. A match that belongs to a tournament table
(``Match.pairing_id``) may have a seat without an account, played through an entry's private
link; the tournaments layer says which entries sit at such a table by registering a lookup at
start-up (:func:`set_pairing_entries_lookup`, ``tournaments.apps``), as it does for arbiters
(``matches.permissions``): this app never imports tournaments.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

from django.db import transaction

from matches.broadcast import _send as _send_to_layer

if TYPE_CHECKING:
    from matches.models import Match

logger = logging.getLogger(__name__)

#: The channel-layer message type of a nudge (the consumers' handler ``player_called``).
MESSAGE_TYPE: Final = "player.called"
#: The frame a recipient's sockets receive: nothing but the fact that something changed.
CALLED_FRAME: Final = {"type": "called"}
SEATS: Final = ("red", "blue")

#: ``lookup(pairing_id, seats)``: the ids of the entries sitting in ``seats`` of that table.
PairingEntriesLookup = Callable[[int, tuple[str, ...]], Iterable[int]]

_pairing_entries: PairingEntriesLookup | None = None


def set_pairing_entries_lookup(lookup: PairingEntriesLookup | None) -> PairingEntriesLookup | None:
    """Register (or clear) the tournaments layer's lookup; returns the one it replaces."""
    global _pairing_entries  # a one-slot registry, set at start-up
    previous, _pairing_entries = _pairing_entries, lookup
    return previous


def user_group(user_id: int) -> str:
    """The channel-layer group of every open page of one signed-in user."""
    return f"callup.user.{int(user_id)}"


def entry_group(entry_id: int) -> str:
    """The channel-layer group of the open pages of one entry's private link."""
    return f"callup.entry.{int(entry_id)}"


def recipient_groups(
    *, user_ids: Iterable[int | None], entry_ids: Iterable[int | None]
) -> list[str]:
    """The groups of the given accounts and entries (``None`` ids skipped), each once."""
    groups = {user_group(pk) for pk in user_ids if pk is not None}
    groups |= {entry_group(pk) for pk in entry_ids if pk is not None}
    return sorted(groups)


def _deliver(groups: list[str]) -> None:
    """Nudge the groups (after commit). A failure is logged: the change is already committed,
    and an open page catches up when its socket reconnects."""
    try:
        _send_to_layer([(group, {"type": MESSAGE_TYPE}) for group in groups])
    except Exception:  # pragma: no cover - _send_to_layer logs its own failures
        logger.exception("call nudge failed")


def call_on_commit(
    *, user_ids: Iterable[int | None] = (), entry_ids: Iterable[int | None] = ()
) -> None:
    """After the current transaction commits, nudge these accounts and entries."""
    groups = recipient_groups(user_ids=user_ids, entry_ids=entry_ids)
    if groups:
        transaction.on_commit(lambda: _deliver(groups))


def call_match_players_on_commit(match: Match, *, seats: Iterable[str] = SEATS) -> None:
    """After commit, nudge the players of ``seats`` of ``match``: their accounts and, for a
    tournament table, the entries sitting there (through the registered lookup)."""
    chosen = tuple(seat for seat in SEATS if seat in set(seats))
    user_ids: list[Any] = [getattr(match, f"{seat}_player_id") for seat in chosen]
    entry_ids: Iterable[int] = ()
    lookup = _pairing_entries
    if lookup is not None and match.pairing_id is not None:
        entry_ids = list(lookup(match.pairing_id, chosen))
    call_on_commit(user_ids=user_ids, entry_ids=entry_ids)
