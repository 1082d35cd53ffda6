"""What a match tells its players in their notifications (``notifications``).

* **game started**: both seats' accounts of an online match, when it starts (both players
  joined, or an arbiter started it), tournament table or not; the notice links to the board.
  Once per match and account (topic ``match:<id>:started``): another caller announcing the
  same start (a casual game's challenge flow) adds nothing.
* **results of games outside events**: a match that belongs to no event and no table
  (``event_id`` and ``pairing_id`` empty, e.g. a casual game) tells both players its result
  is recorded, corrected or disputed. A tournament table's game is told by the tournaments
  layer (``tournaments.notices``), which knows the event and round, so no player hears of
  one result twice.

The start notice is stored in the start's transaction (``matches.services.lifecycle._start``);
the result notices come from this app's own receivers of ``match_finished`` and
``match_disputed`` (connected in ``MatchesConfig.ready``), after the result committed. The
notices carry the opponent's name only: never a piece, a card or a position.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from matches.models import Match
from notifications.kinds import Kind
from notifications.services import notify

SEATS = ("red", "blue")


def _board(match: Match) -> str:
    return reverse("matches:match_board", kwargs={"match_id": match.pk})


def _each_seat(match: Match, kind: str, *, topic: str = "") -> None:
    for seat, other in (("red", "blue"), ("blue", "red")):
        user_id = getattr(match, f"{seat}_player_id")
        if user_id is None:
            continue
        opponent = getattr(match, f"{other}_name") or ""
        notify(user_id, kind, params={"opponent": opponent[:150]}, url=_board(match), topic=topic)


def notify_game_started(match: Match) -> None:
    """Both players of an online match that has just started (inside its transaction)."""
    if match.kind != Match.Kind.ONLINE:
        return
    _each_seat(match, Kind.GAME_STARTED, topic=f"match:{match.pk}:started")


def _casual(match_id: int, event_id: int | None, pairing_id: int | None) -> Match | None:
    if event_id is not None or pairing_id is not None:
        return None
    return Match.objects.filter(pk=match_id).first()


def on_match_finished(
    sender: Any,
    *,
    match_id: int,
    event_id: int | None = None,
    pairing_id: int | None = None,
    corrected: bool = False,
    **kwargs: Any,
) -> None:
    """``match_finished``: the players of a game outside events hear of its result."""
    match = _casual(match_id, event_id, pairing_id)
    if match is None:
        return
    if corrected:
        _each_seat(match, Kind.RESULT_CORRECTED)
    else:
        _each_seat(match, Kind.RESULT_CONFIRMED, topic=f"match:{match.pk}:result")


def on_match_disputed(
    sender: Any,
    *,
    match_id: int,
    event_id: int | None = None,
    pairing_id: int | None = None,
    **kwargs: Any,
) -> None:
    """``match_disputed``: the players of a game outside events hear that an arbiter decides."""
    match = _casual(match_id, event_id, pairing_id)
    if match is not None:
        _each_seat(match, Kind.RESULT_DISPUTED)
