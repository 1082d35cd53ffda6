"""The board of RULES.md §2, generated from its description and checked against its counts.

Stations (§2.3): 2 headquarters (HQ) and 5 camps per side, the other 23 stations of each half are
posts. Connections (§2.4) are undirected and of two kinds: **railway** (the 7 straight lines
L1–L7 of §2.4.1, 35 connections over 32 stations) and **road** (66 orthogonal connections inside
each half plus the 32 camp diagonals of §2.4.3), 133 in all (J1, J4). Across the front line only
a6–a7, c6–c7 and e6–e7 exist (§2.4.4, J2); b6–b7 and d6–d7 are mountains (山界), not connected.

Ruling J3 makes the centre crossing c6–c7 a railway line (L7). The option
``Options.centre_railway=False`` reads it as a road instead; ``board(centre_railway)`` returns
the tables for either reading, built once at import.

Everything the move generator needs is precomputed into tuples indexed by station:
neighbours (road and railway), railway neighbours and the straight railway rays of each station
(one ray per line and direction, §5.3, J5).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from .types import COLUMNS, STATION_COUNT, Side, column_of, half_of, row_of, station

#: Headquarters 大本営 per side (§2.3): Red b1, d1; Blue b12, d12.
HEADQUARTERS: Final = {
    Side.RED: (station(1, 1), station(3, 1)),
    Side.BLUE: (station(1, 12), station(3, 12)),
}
HQ_STATIONS: Final = frozenset(HEADQUARTERS[Side.RED] + HEADQUARTERS[Side.BLUE])
#: Camps 行営 per side (§2.3): Red b3 d3 c4 b5 d5; Blue b10 d10 c9 b8 d8.
CAMPS: Final = {
    Side.RED: tuple(station(c, r) for c, r in ((1, 3), (3, 3), (2, 4), (1, 5), (3, 5))),
    Side.BLUE: tuple(station(c, r) for c, r in ((1, 10), (3, 10), (2, 9), (1, 8), (3, 8))),
}
CAMP_STATIONS: Final = frozenset(CAMPS[Side.RED] + CAMPS[Side.BLUE])


def _line(names: str) -> tuple[int, ...]:
    return tuple(station("abcde".index(name[0]), int(name[1:])) for name in names.split())


#: The railway lines of §2.4.1, stations in order.
LINES: Final = {
    "L1": _line("a2 b2 c2 d2 e2"),
    "L2": _line("a6 b6 c6 d6 e6"),
    "L3": _line("a7 b7 c7 d7 e7"),
    "L4": _line("a11 b11 c11 d11 e11"),
    "L5": _line("a2 a3 a4 a5 a6 a7 a8 a9 a10 a11"),
    "L6": _line("e2 e3 e4 e5 e6 e7 e8 e9 e10 e11"),
    "L7": _line("c6 c7"),
}
#: The three connections across the front line (§2.5, J2).
FRONT_LINE: Final = frozenset(
    frozenset(pair)
    for pair in (
        (station(0, 6), station(0, 7)),
        (station(2, 6), station(2, 7)),
        (station(4, 6), station(4, 7)),
    )
)


def _pairs(line: tuple[int, ...]) -> list[frozenset[int]]:
    return [frozenset(p) for p in itertools.pairwise(line)]


def _diagonals() -> set[frozenset[int]]:
    out: set[frozenset[int]] = set()
    for camp in CAMP_STATIONS:
        c, r = column_of(camp), row_of(camp)
        for dc in (-1, 1):
            for dr in (-1, 1):
                out.add(frozenset((camp, station(c + dc, r + dr))))
    return out


@dataclass(frozen=True, slots=True)
class Board:
    """The connection tables of one reading of the board (J3: ``centre_railway``)."""

    centre_railway: bool
    lines: tuple[tuple[int, ...], ...]
    railway: frozenset[frozenset[int]]
    roads: frozenset[frozenset[int]]
    diagonals: frozenset[frozenset[int]]
    railway_stations: frozenset[int]
    #: Every neighbour of a station, road or railway (a step, §5.2), sorted.
    neighbours: tuple[tuple[int, ...], ...]
    #: Railway neighbours only (the engineer's graph, §5.4).
    rail_neighbours: tuple[tuple[int, ...], ...]
    #: Straight railway rays from a station: one per line through it and direction (§5.3).
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    on_railway: tuple[bool, ...]

    @property
    def connections(self) -> frozenset[frozenset[int]]:
        return self.railway | self.roads


def _build(centre_railway: bool) -> Board:
    lines = [line for name, line in LINES.items() if centre_railway or name != "L7"]
    railway: set[frozenset[int]] = set()
    for line in lines:
        railway.update(_pairs(line))
    roads: set[frozenset[int]] = set()
    for s in range(STATION_COUNT):
        c, r = column_of(s), row_of(s)
        if c + 1 < COLUMNS:
            roads.add(frozenset((s, s + 1)))
        if r < 12 and half_of(s) is half_of(s + COLUMNS):
            roads.add(frozenset((s, s + COLUMNS)))
    roads -= railway
    if not centre_railway:
        roads.add(frozenset((station(2, 6), station(2, 7))))
    diagonals = _diagonals()
    roads |= diagonals
    neighbours: list[list[int]] = [[] for _ in range(STATION_COUNT)]
    rail: list[list[int]] = [[] for _ in range(STATION_COUNT)]
    for pair in roads | railway:
        a, b = sorted(pair)
        neighbours[a].append(b)
        neighbours[b].append(a)
    for pair in railway:
        a, b = sorted(pair)
        rail[a].append(b)
        rail[b].append(a)
    rays: list[list[tuple[int, ...]]] = [[] for _ in range(STATION_COUNT)]
    for line in lines:
        for i, s in enumerate(line):
            if i + 1 < len(line):
                rays[s].append(line[i + 1 :])
            if i > 0:
                rays[s].append(tuple(reversed(line[:i])))
    rail_stations = frozenset(s for line in lines for s in line)
    return Board(
        centre_railway=centre_railway,
        lines=tuple(lines),
        railway=frozenset(railway),
        roads=frozenset(roads),
        diagonals=frozenset(diagonals),
        railway_stations=rail_stations,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        rail_neighbours=tuple(tuple(sorted(n)) for n in rail),
        rays=tuple(tuple(r) for r in rays),
        on_railway=tuple(s in rail_stations for s in range(STATION_COUNT)),
    )


STANDARD: Final = _build(centre_railway=True)
CENTRE_ROAD: Final = _build(centre_railway=False)


def board(centre_railway: bool = True) -> Board:
    """The board's tables; ``centre_railway`` is ruling J3 (default: c6–c7 is railway L7)."""
    return STANDARD if centre_railway else CENTRE_ROAD


def check_board(b: Board) -> list[str]:
    """The counts of §2.4 and §12 that the generated board must meet (empty list: all hold)."""
    problems = []
    expected_rail = 35 if b.centre_railway else 34
    if len(b.connections) != 133:
        problems.append(f"{len(b.connections)} connections, expected 133")
    if len(b.railway) != expected_rail:
        problems.append(f"{len(b.railway)} railway connections, expected {expected_rail}")
    if len(b.roads) != 133 - expected_rail:
        problems.append(f"{len(b.roads)} road connections")
    if len(b.diagonals) != 32:
        problems.append(f"{len(b.diagonals)} diagonals, expected 32")
    if len(b.railway_stations) != 32:
        problems.append(f"{len(b.railway_stations)} railway stations, expected 32")
    if b.railway_stations & (CAMP_STATIONS | HQ_STATIONS):
        problems.append("a camp or headquarters lies on the railway")
    crossings = {p for p in b.connections if len({half_of(s) for s in p}) == 2}
    if crossings != set(FRONT_LINE):
        problems.append("the front line is not exactly a6-a7, c6-c7, e6-e7")
    return problems


_problems = check_board(STANDARD) + check_board(CENTRE_ROAD)
assert not _problems, _problems
