"""The field of an event: who plays a round, how many Swiss rounds it allows, the draw order
and start numbers.

Before round 1, once anybody has checked in, the players who have not are left out of it
(``players_left_out`` lists them for the organiser); a late entrant plays from their
``Entry.first_round``. Start numbers are given in seed order when round 1 is paired and never
change (exports after different rounds name players alike). The draw order of a round robin or
a bracket is stored on the event (``Event.draw_order``).
"""

from __future__ import annotations

from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event
from tournaments.pairing import swiss
from tournaments.services._common import _latest_round


def max_swiss_rounds(player_count: int) -> int:
    """Most Swiss rounds ``player_count`` players can play without a rematch.

    With an even count everyone meets everyone in n − 1 rounds; with an odd count the bye
    rotates and n rounds are possible.
    """
    if player_count < 2:
        return 0
    return player_count - 1 if player_count % 2 == 0 else player_count


def recommended_rounds(player_count: int) -> int:
    """⌈log2 N⌉ Swiss rounds, enough for one player alone to finish with a perfect score."""
    return swiss.recommended_rounds(player_count)


def _check_round_count(rounds: int, players: int) -> None:
    maximum = max_swiss_rounds(players)
    if rounds > maximum:
        raise TournamentError(
            "impossible_rounds", {"rounds": rounds, "players": players, "maximum": maximum}
        )


def _available_for(event: Event, number: int) -> tuple[list[Entry], set[int]]:
    """Active entries, and the ids of those who do not play round ``number``.

    Before round 1, if anyone has checked in, players who have not are left out.
    """
    active = list(
        Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).only(
            "pk", "first_round", "checked_in", "seed", "rating"
        )
    )
    unavailable = {e.pk for e in active if e.first_round > number}
    if number == 1 and any(e.checked_in for e in active):
        unavailable |= {e.pk for e in active if not e.checked_in}
    return active, unavailable


def players_left_out(*, event: Event) -> list[Entry]:
    """Active players the next round would leave out because they have not checked in.

    Only round 1 looks at check-in, and only once anybody has checked in (``_available_for``);
    the organiser must confirm pairing without them (``round_pair(leave_out_absent=True)``).
    """
    if _latest_round(event) is not None:
        return []
    active, unavailable = _available_for(event, 1)
    if not any(e.checked_in for e in active):
        return []
    absent = {e.pk for e in active if not e.checked_in} & unavailable
    return list(Entry.objects.filter(pk__in=absent).order_by("name"))


def _give_start_numbers(event: Event) -> None:
    """Number every entry without a start number, after the numbers already given, in seed
    order. Round 1 numbers everyone; later, only late entrants are new. A number once given
    never changes, so exports after different rounds name players alike."""
    numbered = Entry.objects.filter(event=event, start_number__isnull=False)
    following = max(numbered.values_list("start_number", flat=True), default=0)
    new = selectors.seed_order(Entry.objects.filter(event=event, start_number__isnull=True))
    for entry in new:
        following += 1
        entry.start_number = following
    Entry.objects.bulk_update(new, ["start_number"])


def _draw(event: Event, order: list[int]) -> None:
    event.draw_order = order
    event.save(update_fields=["draw_order", "updated_at"])
