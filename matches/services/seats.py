"""Who sits in a seat: an account taking over a seat it played through a private link, and the
names of seats that follow their player's new display name.

A seat played through its private link (``red_token``/``blue_token``) has no account. When the
player later claims their tournament entry for an account (``tournaments.services.accounts``),
the seats of that entry's games pass to the account, so the games show on the player's profile;
the seat's link keeps working. The tournaments layer finds the seats (by pairing) and calls
:func:`match_claim_seats`; this module never imports tournaments.

Names: a finished game keeps the names it was played under (its record is history, as on
lichess); a game not yet finished follows a player's new display name
(:func:`match_names_follow`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Q

from matches.errors import MatchError
from matches.models import Match, Seat
from matches.player_games import player_games_changed

#: The statuses whose seats' names still follow their players (the game is not over).
UNFINISHED = (Match.Status.PENDING, Match.Status.RUNNING)


@transaction.atomic
def match_claim_seats(*, user: Any, seats: Iterable[tuple[int, str]]) -> int:
    """Give ``user`` every seat ``(pairing_id, "red" | "blue")`` that has no account yet.

    Every match of those pairings counts (an aborted match replaced by a new one too). A seat
    that already belongs to an account is left as it is; a seat whose opponent is ``user``
    is refused (nobody plays themself): ``MatchError("bad_message")``, nothing changed.
    Returns the number of seats given.
    """
    wanted: dict[str, set[int]] = {Seat.RED: set(), Seat.BLUE: set()}
    for pairing_id, seat in seats:
        if seat not in wanted:
            raise MatchError("bad_message", detail=f"seat {seat!r}")
        wanted[seat].add(pairing_id)
    if not wanted[Seat.RED] and not wanted[Seat.BLUE]:
        return 0
    if Match.objects.filter(
        Q(pairing_id__in=wanted[Seat.RED], blue_player=user)
        | Q(pairing_id__in=wanted[Seat.BLUE], red_player=user)
    ).exists():
        raise MatchError("bad_message", detail="the account holds the other seat")
    given = Match.objects.filter(pairing_id__in=wanted[Seat.RED], red_player=None).update(
        red_player=user
    )
    given += Match.objects.filter(pairing_id__in=wanted[Seat.BLUE], blue_player=None).update(
        blue_player=user
    )
    if given:
        transaction.on_commit(lambda: player_games_changed([user.pk]))  # the profile's caches
    return given


def match_names_follow(*, user: Any, old_name: str, new_name: str) -> int:
    """Rename ``user``'s seats in games not yet finished from ``old_name`` to ``new_name``.

    A seat whose name is not ``old_name`` (an organiser typed another) keeps it. Returns the
    number of seats renamed.
    """
    if not old_name or old_name == new_name:
        return 0
    unfinished = Match.objects.filter(status__in=UNFINISHED)
    renamed = unfinished.filter(red_player=user, red_name=old_name).update(red_name=new_name)
    renamed += unfinished.filter(blue_player=user, blue_name=old_name).update(blue_name=new_name)
    return renamed
