"""The board of RULES.md §2 (ruling J1–J5): counts, lines, the §12 neighbour table."""

from __future__ import annotations

import pytest

from junqi.geometry import (
    CAMP_STATIONS,
    CENTRE_ROAD,
    HQ_STATIONS,
    LINES,
    STANDARD,
    board,
    check_board,
)
from junqi.types import Side, half_of, parse_station, rank_row, station_name

# §12, Red half: station, road neighbours, railway neighbours.
TABLE_12 = """
a1 | b1 a2 | -
b1 | a1 c1 b2 | -
c1 | b1 d1 c2 | -
d1 | c1 e1 d2 | -
e1 | d1 e2 | -
a2 | a1 b3 | b2 a3
b2 | b1 b3 | a2 c2
c2 | c1 b3 c3 d3 | b2 d2
d2 | d1 d3 | c2 e2
e2 | e1 d3 | d2 e3
a3 | b3 | a2 a4
b3 | a2 b2 c2 a3 c3 a4 b4 c4 | -
c3 | c2 b3 d3 c4 | -
d3 | c2 d2 e2 c3 e3 c4 d4 e4 | -
e3 | d3 | e2 e4
a4 | b3 b4 b5 | a3 a5
b4 | b3 a4 c4 b5 | -
c4 | b3 c3 d3 b4 d4 b5 c5 d5 | -
d4 | d3 c4 e4 d5 | -
e4 | d3 d4 d5 | e3 e5
a5 | b5 | a4 a6
b5 | a4 b4 c4 a5 c5 a6 b6 c6 | -
c5 | c4 b5 d5 c6 | -
d5 | c4 d4 e4 c5 e5 c6 d6 e6 | -
e5 | d5 | e4 e6
a6 | b5 | a5 b6 a7
b6 | b5 | a6 c6
c6 | b5 c5 d5 | b6 d6 c7
d6 | d5 | c6 e6
e6 | d5 | e5 d6 e7
"""


def _rows() -> list[tuple[str, set[str], set[str]]]:
    out = []
    for line in TABLE_12.strip().splitlines():
        name, roads, rails = (part.strip() for part in line.split("|"))
        out.append((name, set(roads.split()), set() if rails == "-" else set(rails.split())))
    return out


def _mirror(name: str) -> str:
    return f"{name[0]}{13 - int(name[1:])}"


def test_j1_counts_of_the_standard_board() -> None:
    assert check_board(STANDARD) == []
    assert len(STANDARD.connections) == 133
    assert len(STANDARD.railway) == 35
    assert len(STANDARD.roads) == 98
    assert len(STANDARD.diagonals) == 32
    assert len(STANDARD.railway_stations) == 32
    assert len(CAMP_STATIONS) == 10
    assert len(HQ_STATIONS) == 4


@pytest.mark.parametrize(("name", "roads", "rails"), _rows())
def test_j1_neighbour_table_of_section_12(name: str, roads: set[str], rails: set[str]) -> None:
    for side_name, road_set, rail_set in (
        (name, roads, rails),
        (_mirror(name), {_mirror(n) for n in roads}, {_mirror(n) for n in rails}),
    ):
        s = parse_station(side_name)
        rail = {station_name(n) for n in STANDARD.rail_neighbours[s]}
        road = {station_name(n) for n in STANDARD.neighbours[s]} - rail
        assert road == road_set, side_name
        assert rail == rail_set, side_name


def test_j1_every_station_and_connection_is_in_the_table() -> None:
    listed = {
        frozenset((parse_station(a), parse_station(b))) for a, r, rail in _rows() for b in r | rail
    }
    listed |= {frozenset(parse_station(_mirror(station_name(s))) for s in p) for p in listed}
    assert listed == set(STANDARD.connections)


def test_j2_front_line_has_only_three_connections() -> None:
    crossings = {
        frozenset(station_name(s) for s in pair)
        for pair in STANDARD.connections
        if len({half_of(s) for s in pair}) == 2
    }
    assert crossings == {frozenset(p) for p in (("a6", "a7"), ("c6", "c7"), ("e6", "e7"))}
    b6, d6 = parse_station("b6"), parse_station("d6")
    assert parse_station("b7") not in STANDARD.neighbours[b6]
    assert parse_station("d7") not in STANDARD.neighbours[d6]


def test_j3_centre_crossing_is_railway_by_default_and_road_as_option() -> None:
    c6, c7 = parse_station("c6"), parse_station("c7")
    assert c7 in STANDARD.rail_neighbours[c6]
    assert board(centre_railway=False) is CENTRE_ROAD
    assert c7 not in CENTRE_ROAD.rail_neighbours[c6]
    assert c7 in CENTRE_ROAD.neighbours[c6]
    assert check_board(CENTRE_ROAD) == []


def test_j4_diagonals_are_the_camp_diagonals_only() -> None:
    for pair in STANDARD.diagonals:
        assert pair & CAMP_STATIONS
        a, b = sorted(pair)
        assert abs(a % 5 - b % 5) == 1
        assert abs(a // 5 - b // 5) == 1


def test_railway_lines_l1_to_l7() -> None:
    assert [station_name(s) for s in LINES["L5"]] == [f"a{r}" for r in range(2, 12)]
    assert [station_name(s) for s in LINES["L7"]] == ["c6", "c7"]
    assert sum(len(line) - 1 for line in LINES.values()) == 35


def test_j5_rays_from_a2_follow_one_line() -> None:
    rays = {tuple(station_name(s) for s in ray) for ray in STANDARD.rays[parse_station("a2")]}
    assert rays == {tuple(f"a{r}" for r in range(3, 12)), ("b2", "c2", "d2", "e2")}


def test_j26_dan_rows() -> None:
    assert rank_row(Side.RED, 1) == 6
    assert rank_row(Side.RED, 6) == 1
    assert rank_row(Side.BLUE, 1) == 7
    assert rank_row(Side.BLUE, 6) == 12
