"""What a tournament change tells its players in their notifications (``notifications``).

The bell of each player with an account (players of a private link have none):

* **round published** (``round_publish``): every player of a two-player table of the round,
  with their table number, or that they have the bye;
* **result confirmed**: both players, when their table's result becomes final the first time
  (the opponent's confirmation, an arbiter's entry or ruling, the table's clocked game);
  once per table, whichever path gets there first;
* **result corrected**: both players, when an arbiter changes a result that was already final
  (over the board, or by correcting the table's game): a correction says "corrected", never
  "confirmed" a second time;
* **result disputed**: both players, when their table becomes disputed (reports that differ,
  a game result that contradicts a confirmed one, a flag against a pending report).

Every notice links to the player's "My games" page of the event, and carries only the
event's name and the round and table numbers. The services call these inside their
transaction: a rolled-back change notifies nobody.
"""

from __future__ import annotations

from django.urls import reverse

from notifications.kinds import Kind
from notifications.services import notify, notify_each
from tournaments.models import Entry, Pairing, Round


def _my_games(round_: Round) -> str:
    return reverse("tournaments:player_home", kwargs={"slug": round_.event.slug})


def _players(pairing: Pairing) -> list[int | None]:
    ids = [pk for pk in (pairing.red_id, pairing.blue_id) if pk is not None]
    return list(Entry.objects.filter(pk__in=ids).values_list("user_id", flat=True))


def notify_round_published(round_: Round) -> None:
    """Every player of the round's two-player tables: where they play (or their bye)."""
    url = _my_games(round_)
    pairings = Pairing.objects.filter(round=round_).select_related("red", "blue")
    for pairing in pairings.order_by("table"):
        for entry in (pairing.red, pairing.blue):
            if entry is None or entry.user_id is None:
                continue
            params: dict[str, object] = {"event": round_.event.name, "round": round_.number}
            if pairing.blue_id is None:
                params["bye"] = True
            else:
                params["table"] = pairing.table
            notify(entry.user_id, Kind.ROUND_PUBLISHED, params=params, url=url)


def notify_result(pairing: Pairing, *, corrected: bool) -> None:
    """Both players: their table's result is final (``corrected``: it was already, and an
    arbiter changed it)."""
    round_ = pairing.round
    params = {"event": round_.event.name, "round": round_.number}
    if corrected:
        kind, topic = Kind.RESULT_CORRECTED, ""
    else:
        kind, topic = Kind.RESULT_CONFIRMED, f"pairing:{pairing.pk}:result"
    notify_each(_players(pairing), kind, params=params, url=_my_games(round_), topic=topic)


def notify_dispute(pairing: Pairing) -> None:
    """Both players: their table is now disputed (the callers tell only a new dispute)."""
    round_ = pairing.round
    params = {"event": round_.event.name, "round": round_.number}
    notify_each(_players(pairing), Kind.RESULT_DISPUTED, params=params, url=_my_games(round_))
