"""Direct encounter: ordering a tied group by its own games (FIDE C.07 art. 6, 2026 text).

The rule, in the words of the regulation:

* 6.1 the sum of the scores from the encounters among the tied participants gives separate
  standings; forfeits are excluded unless the event says otherwise (6.1.1), and two players
  who met more than once count the average of their games (6.1.2);
* 6.2 if all tied participants have met each other, the separate standings decide, and
  article 6 is re-applied to any subset still tied, until no further tie can be resolved;
* 6.3 in a Swiss, if they have not all met, a participant who will be alone at the top of the
  separate standings whatever the outcome of the missing games is ranked first, then the same
  for the second place, and so on; article 6 is then re-applied to those left.

A missing game ends at best in a win and at worst in a loss (a draw, in a game with draws, lies
between the two), so a player's best case adds a win's points per missing game and the worst
case a loss's. Player ``p`` is certain to be alone
on top when their worst case beats every other player's best case: for any single rival ``q``
that comparison is exact, because "p loses every missing game, q wins every missing game" is one
consistent outcome (q beats p, and both beat or lose to the others as needed).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from tournaments.standings.record import FORFEITS, PLAYED, EventRecord

Group = list[int]  # player indices into the EventRecord


def _encounters(
    record: EventRecord, group: Group, include_forfeits: bool
) -> dict[int, dict[int, int | Fraction]]:
    """For each player of ``group``, their average points (in record units) against each group
    member met; an ``int`` unless they met more than once."""
    members = set(group)
    counted = PLAYED | FORFEITS if include_forfeits else PLAYED
    games: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i in group:
        kinds, points, opponents = record.kinds[i], record.points[i], record.opponents[i]
        for r in range(record.rounds):
            if kinds[r] not in counted:
                continue
            j = opponents[r]
            if j in members:
                games[(i, j)].append(points[r])
    result: dict[int, dict[int, int | Fraction]] = {i: {} for i in group}
    for (i, j), pts in games.items():
        result[i][j] = pts[0] if len(pts) == 1 else Fraction(sum(pts), len(pts))
    return result


def order_group(record: EventRecord, group: Group, *, include_forfeits: bool) -> list[Group]:
    """The ordered partition article 6 gives ``group``: best sub-group first.

    Returns ``[group]`` when direct encounter separates nobody.
    """
    if len(group) < 2:
        return [list(group)]
    met = _encounters(record, group, include_forfeits)
    mini: dict[int, int | Fraction] = {i: sum(met[i].values()) for i in group}
    complete = all(len(met[i]) == len(group) - 1 for i in group)

    if complete:  # 6.2
        levels = sorted({mini[i] for i in group}, reverse=True)
        if len(levels) == 1:
            return [list(group)]
        result: list[Group] = []
        for level in levels:
            subgroup = [i for i in group if mini[i] == level]
            result.extend(order_group(record, subgroup, include_forfeits=include_forfeits))
        return result

    # 6.3: rank players who are alone on top whatever the missing games bring.
    win, loss = record.win, record.loss
    missing = {i: len(group) - 1 - len(met[i]) for i in group}
    worst = {i: mini[i] + missing[i] * loss for i in group}
    best = {i: mini[i] + missing[i] * win for i in group}
    ranked: list[Group] = []
    remaining = list(group)
    while len(remaining) > 1:
        leader = max(remaining, key=lambda i: worst[i])
        if all(worst[leader] > best[q] for q in remaining if q != leader):
            ranked.append([leader])
            remaining.remove(leader)
        else:
            break
    if not ranked:
        return [list(group)]
    if len(remaining) == 1:
        return [*ranked, remaining]
    return [*ranked, *order_group(record, remaining, include_forfeits=include_forfeits)]
