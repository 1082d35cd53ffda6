"""Table assignment for multi-player ranked tables (三国盛衰記): who sits at which table.

Pure and deterministic: the same players, standings order, history and seed give the same
tables. The rule (``docs/tournaments.md``, "Ranked tables"):

* **Sizes.** ``n`` players are split into the fewest tables whose sizes stay within
  ``[minimum, maximum]``; the sizes are as equal as possible (they differ by at most one) and
  the larger tables come first: 13 players with 3–5 seats give 5, 4, 4. When no split fits
  (2 players with at least 3 seats a table, or 7 players with 4–5), ``PairingError``
  ``no_table_split`` says so.
* **Round 1** seats the players in the order of a drawing of lots (``random.Random(seed)``).
* **Later rounds** seat the players by their current standing, strongest together (as the
  Swiss system pairs score groups): table 1 takes the leader, then, one seat at a time, the
  best-placed remaining player among the next few candidates who has met the fewest of the
  players already at the table. The window keeps the grouping by standing while letting a
  repeated meeting be avoided where a near neighbour in the standings can take the seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import PlayerId

#: How many of the best-placed remaining players are considered for each seat.
LOOKAHEAD = 4


def table_sizes(players: int, minimum: int, maximum: int) -> list[int]:
    """The sizes of the tables for ``players`` players, largest first.

    >>> table_sizes(13, 3, 5)
    [5, 4, 4]
    >>> table_sizes(9, 3, 5)
    [5, 4]
    """
    if minimum < 2 or maximum < minimum:
        raise PairingError("invalid_entrants", f"table size {minimum}–{maximum} is not valid")
    if players < minimum:
        raise PairingError(
            "no_table_split", f"{players} players cannot fill a table of at least {minimum}"
        )
    tables = -(-players // maximum)  # the fewest tables that seat everyone
    base, larger = divmod(players, tables)
    if base < minimum:
        raise PairingError(
            "no_table_split",
            f"{players} players cannot be split into tables of {minimum} to {maximum}",
        )
    return [base + 1] * larger + [base] * (tables - larger)


def meetings(tables: Iterable[Sequence[PlayerId]]) -> Counter[frozenset[PlayerId]]:
    """How often each two players sat at the same table (``tables``: earlier rounds' tables)."""
    met: Counter[frozenset[PlayerId]] = Counter()
    for table in tables:
        seated = list(table)
        for i, first in enumerate(seated):
            for second in seated[i + 1 :]:
                met[frozenset((first, second))] += 1
    return met


def draw_order(players: Iterable[PlayerId], seed: int) -> list[PlayerId]:
    """The players in the order of a drawing of lots with ``seed`` (sorted first, so the
    order the caller lists them in does not matter)."""
    order = sorted(players)
    random.Random(seed).shuffle(order)  # noqa: S311 - a published, checkable draw
    return order


def assign_tables(
    standing_order: Sequence[PlayerId],
    *,
    minimum: int,
    maximum: int,
    seed: int,
    round_number: int,
    previous_tables: Iterable[Sequence[PlayerId]] = (),
) -> list[list[PlayerId]]:
    """Seat every player of ``standing_order`` exactly once; tables in order, table 1 first.

    ``standing_order`` lists the players who play this round, best first (ignored in round 1,
    which draws lots with ``seed`` and ``round_number``). ``previous_tables`` are the tables of
    earlier rounds, to avoid repeated meetings.
    """
    players = list(standing_order)
    if len(set(players)) != len(players):
        raise PairingError("invalid_entrants", "a player is listed twice")
    sizes = table_sizes(len(players), minimum, maximum)
    if round_number <= 1:
        order = draw_order(players, seed * 1000 + round_number)
        tables: list[list[PlayerId]] = []
        start = 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        return tables
    met = meetings(previous_tables)
    remaining = players[:]
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[:LOOKAHEAD]
            choice = min(
                range(len(window)),
                key=lambda i: (sum(met[frozenset((window[i], p))] for p in table), i),
            )
            table.append(remaining.pop(choice))
        tables.append(table)
    return tables
