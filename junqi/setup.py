"""Set-ups: the §10.3 set-up string, its validation (§3.1–3.4) and random legal set-ups.

A set-up is a side's 25 pieces on the 25 non-camp stations of its own half. Its string lists the
side's six rows from its own back row to its own front row (Red rows 1→6, Blue rows 12→7),
separated by ``/``, each row as five codes for columns a→e (absolute, not mirrored); camps are
written ``+``. Example for Red: ``MFM32/1MB14/5+8+6/73+B9/6+2+4/73152``.

Validation raises ``SetupError`` with a machine code:

* ``setup.format`` — not six groups of five characters, an unknown code, or ``+`` misplaced;
* ``setup.counts`` — not exactly the 25 pieces of §1.2 (§3.1);
* ``setup.flag`` — the flag is not on one of the side's headquarters (§3.2);
* ``setup.mine`` — a mine outside the side's two back rows (§3.3);
* ``setup.bomb`` — a bomb in the side's front row (§3.4).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Final

from .errors import SetupError
from .geometry import CAMP_STATIONS, HEADQUARTERS
from .types import (
    BOMB,
    COLUMNS,
    FLAG,
    MINE,
    PIECE_CODES,
    PIECE_COUNTS,
    Side,
    rank_row,
    station,
    station_name,
)

CAMP_MARK: Final = "+"


def rows_of(side: Side) -> tuple[int, ...]:
    """The side's rows in set-up string order: own back row first (Red 1…6, Blue 12…7)."""
    return tuple(rank_row(side, dan) for dan in range(6, 0, -1))


def setup_stations(side: Side) -> tuple[int, ...]:
    """The 25 stations a side fills, in set-up string order (§3.1)."""
    return _SETUP_STATIONS[side]


def _setup_stations(side: Side) -> tuple[int, ...]:
    return tuple(
        station(c, r)
        for r in rows_of(side)
        for c in range(COLUMNS)
        if station(c, r) not in CAMP_STATIONS
    )


_SETUP_STATIONS: Final = {side: _setup_stations(side) for side in Side}


@dataclass(frozen=True, slots=True)
class Setup:
    """A side's validated set-up: ``pieces[i]`` is the code on ``setup_stations(side)[i]``."""

    side: Side
    pieces: tuple[str, ...]

    def __post_init__(self) -> None:
        _validate(self.side, self.pieces)

    @classmethod
    def parse(cls, side: Side, text: str) -> Setup:
        """Read a §10.3 string for ``side``; raises ``SetupError`` (codes above)."""
        groups = text.strip().split("/")
        if len(groups) != 6 or any(len(g) != COLUMNS for g in groups):
            raise SetupError("setup.format", "a set-up is six groups of five characters")
        pieces = []
        for row, group in zip(rows_of(side), groups, strict=True):
            for c, char in enumerate(group):
                is_camp = station(c, row) in CAMP_STATIONS
                if is_camp != (char == CAMP_MARK):
                    where = station_name(station(c, row))
                    raise SetupError(
                        "setup.format",
                        f"{where} is a camp and must be '+'"
                        if is_camp
                        else f"{where} must hold a piece, not '+'",
                    )
                if is_camp:
                    continue
                if char not in PIECE_CODES:
                    raise SetupError("setup.format", f"unknown piece code {char!r}")
                pieces.append(char)
        return cls(side, tuple(pieces))

    @property
    def text(self) -> str:
        """The §10.3 string."""
        by_station = self.placement()
        groups = []
        for row in rows_of(self.side):
            chars = []
            for c in range(COLUMNS):
                s = station(c, row)
                chars.append(CAMP_MARK if s in CAMP_STATIONS else by_station[s])
            groups.append("".join(chars))
        return "/".join(groups)

    def placement(self) -> dict[int, str]:
        """Station → piece code."""
        return dict(zip(setup_stations(self.side), self.pieces, strict=True))

    def __str__(self) -> str:
        return self.text


def _validate(side: Side, pieces: tuple[str, ...]) -> None:
    stations = setup_stations(side)
    if len(pieces) != len(stations) or any(p not in PIECE_CODES for p in pieces):
        raise SetupError("setup.format", "a set-up places 25 known pieces")
    counts = Counter(pieces)
    if counts != Counter(PIECE_COUNTS):
        wrong = [
            f"{code}: {counts.get(code, 0)} instead of {n}"
            for code, n in PIECE_COUNTS.items()
            if counts.get(code, 0) != n
        ]
        raise SetupError("setup.counts", "wrong piece counts (" + ", ".join(wrong) + ")")
    back_rows = {rank_row(side, 5), rank_row(side, 6)}
    front_row = rank_row(side, 1)
    for s, code in zip(stations, pieces, strict=True):
        if code == FLAG and s not in HEADQUARTERS[side]:
            raise SetupError(
                "setup.flag", f"the flag must stand on a headquarters, not {station_name(s)}"
            )
        if code == MINE and s // COLUMNS + 1 not in back_rows:
            raise SetupError(
                "setup.mine", f"a mine must stand in the two back rows, not {station_name(s)}"
            )
        if code == BOMB and s // COLUMNS + 1 == front_row:
            raise SetupError(
                "setup.bomb", f"a bomb may not stand in the front row ({station_name(s)})"
            )


def random_setup(side: Side, rng: random.Random) -> Setup:
    """A uniformly drawn legal set-up for ``side`` (§11.1's random set-up, random playouts).

    The flag goes to a random headquarters, the mines to random free back-row stations, the
    bombs to random free stations outside the front row, the rest anywhere free.
    """
    stations = list(setup_stations(side))
    free = set(stations)
    placed: dict[int, str] = {}

    def put(code: str, candidates: list[int], n: int) -> None:
        chosen = rng.sample(sorted(c for c in candidates if c in free), n)
        for s in chosen:
            placed[s] = code
            free.discard(s)

    put(FLAG, list(HEADQUARTERS[side]), 1)
    back = {rank_row(side, 5), rank_row(side, 6)}
    put(MINE, [s for s in stations if s // COLUMNS + 1 in back], PIECE_COUNTS[MINE])
    front = rank_row(side, 1)
    put(BOMB, [s for s in stations if s // COLUMNS + 1 != front], PIECE_COUNTS[BOMB])
    rest = [
        code
        for code in PIECE_CODES
        if code not in (FLAG, MINE, BOMB)
        for _ in range(PIECE_COUNTS[code])
    ]
    rng.shuffle(rest)
    placed.update(zip(sorted(free), rest, strict=True))
    return Setup(side, tuple(placed[s] for s in stations))
