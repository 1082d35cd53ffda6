"""Round robin by the FIDE Berger tables (FIDE Handbook C.05, Annex 1).

Players get pairing numbers 1..n (by lot or by the organiser: the caller passes them in that
order). With an odd count a dummy takes the number n + 1, and whoever is paired with it has the
bye that round. For an even table size N the Berger table for round r (1 ≤ r ≤ N − 1) is:

* table 1: N against ``i = ((r − 1)·N/2 mod (N − 1)) + 1``, with N on Red in even rounds and
  ``i`` on Red in odd rounds;
* table b ≥ 2: ``x = ((r − 1)·N/2 + b − 1) mod (N − 1) + 1`` on Red against
  ``y = ((r − x) mod (N − 1)) + 1`` on Blue.

This reproduces the published tables (round 1: 1-N, 2-(N-1), …; round 2: N-(N/2+1), …, 1-2),
which ``tests/tournaments/pairing/test_round_robin.py`` checks as data. The first-named player
of a published pairing has White in chess; here that is Red, who moves first.

A double round robin plays the table twice, colours reversed in the second cycle. As C.05
Annex 1 recommends, the last two rounds of the first cycle are swapped (``swap_last_two``) so
that nobody plays the same colour three times running across the two cycles' seam.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import Bout, PlayerId


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """One round of the schedule: bouts in table order and the player with the bye, if any."""

    round_number: int
    bouts: tuple[Bout, ...]
    bye: PlayerId | None


def berger_table(player_count: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The Berger table as pairing numbers: ``table[r - 1]`` lists round r's (Red, Blue) pairs.

    For an odd ``player_count`` the table is that of ``player_count + 1`` players, whose
    highest number is the dummy (the bye).

    >>> berger_table(4)
    (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
    """
    if player_count < 2:
        raise PairingError(
            "invalid_entrants", f"a round robin needs at least 2 players, not {player_count}"
        )
    size = player_count + player_count % 2
    cycle = size - 1
    half = size // 2
    rounds = []
    for r in range(1, size):
        opponent = (r - 1) * half % cycle + 1
        first = (size, opponent) if r % 2 == 0 else (opponent, size)
        tables = [first]
        for board in range(2, half + 1):
            x = ((r - 1) * half + board - 1) % cycle + 1
            y = (r - x) % cycle + 1
            tables.append((x, y))
        rounds.append(tuple(tables))
    return tuple(rounds)


def round_robin(
    players: Sequence[PlayerId], *, double: bool = False, swap_last_two: bool = True
) -> tuple[RoundRobinRound, ...]:
    """The whole schedule for ``players`` given in pairing-number order (``players[0]`` is 1).

    ``double`` plays every pairing twice, colours reversed in the second cycle;
    ``swap_last_two`` (only used when ``double``) swaps the first cycle's last two rounds.
    """
    if len(set(players)) != len(players):
        raise PairingError("invalid_entrants", "a player is listed twice")
    table = berger_table(len(players))
    number = {i + 1: p for i, p in enumerate(players)}  # the dummy has no entry
    first_cycle = list(table)
    if double and swap_last_two and len(first_cycle) >= 2:
        first_cycle[-2], first_cycle[-1] = first_cycle[-1], first_cycle[-2]
    cycles = [(first_cycle, False)] + ([(list(table), True)] if double else [])

    schedule: list[RoundRobinRound] = []
    for rounds, reverse in cycles:
        for pairs in rounds:
            round_number = len(schedule) + 1
            bouts: list[Bout] = []
            bye: PlayerId | None = None
            for red, blue in pairs:
                if red not in number or blue not in number:
                    bye = number.get(red, number.get(blue))
                    continue
                if reverse:
                    red, blue = blue, red
                bouts.append(Bout(round_number, number[red], number[blue]))
            schedule.append(RoundRobinRound(round_number, tuple(bouts), bye))
    return tuple(schedule)
