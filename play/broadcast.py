"""Telling the open Play pages that something changed; only ``play.services`` call this.

Two kinds of group (``play.consumers.LobbyConsumer`` joins them):

* ``play.lobby``: every open Play page. ``{"type": "lobby"}`` says the list of open lobby seeks
  changed; the page refetches its fragment over HTTP. The frame carries no data.
* ``play.user.<id>``: the pages of one signed-in account. ``{"type": "mine"}`` says that the
  account's own seeks or the challenges addressed to it changed (refetch);
  ``{"type": "started", "url": …}`` says a game of the account has just started from one of its
  seeks, with the address of its board, which the page then opens. The board is public to
  spectators anyway, so the frame tells nothing a spectator could not see.

Everything is sent after the transaction commits, so a page never sees a change that was rolled
back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "play.lobby"


def user_group(user_id: int) -> str:
    """The channel-layer group of one account's open Play and challenge pages."""
    return f"play.user.{user_id}"


def _send(group: str, frame: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group, {"type": "play.frame", "frame": frame})


def announce(*, lobby: bool, users: Iterable[int], started_url: str = "") -> None:
    """Nudge the lobby (when ``lobby``) and the pages of ``users`` (call after commit)."""
    if lobby:
        _send(LOBBY_GROUP, {"type": "lobby"})
    for user_id in users:
        _send(user_group(user_id), {"type": "mine"})
        if started_url:
            _send(user_group(user_id), {"type": "started", "url": started_url})


def seeks_changed_on_commit(*, lobby: bool, users: Iterable[int], started_url: str = "") -> None:
    """Schedule :func:`announce` for when the current transaction commits."""
    ids = tuple(users)
    transaction.on_commit(lambda: announce(lobby=lobby, users=ids, started_url=started_url))
