"""The vocabulary of 軍棋: sides, stations and piece codes (RULES.md §1, §2.1, §10.1–10.2).

A station is an ``int`` 0–59: ``(row - 1) * 5 + column`` with column ``a`` = 0 … ``e`` = 4 and
row 1 = Red's back row … row 12 = Blue's back row. Coordinates are absolute, never mirrored per
player (§2.1). Pieces are written with the one-character codes of §10.2: ``9``–``1`` for the
ranked pieces 司令…工兵, ``B`` 炸弾, ``M`` 地雷, ``F`` 軍旗.
"""

from __future__ import annotations

import enum
from typing import Final

from .errors import InvalidActionError

COLUMNS: Final = 5
ROWS: Final = 12
STATION_COUNT: Final = COLUMNS * ROWS
COLUMN_NAMES: Final = "abcde"
STATIONS: Final = tuple(range(STATION_COUNT))
STATION_NAMES: Final = tuple(
    f"{COLUMN_NAMES[s % COLUMNS]}{s // COLUMNS + 1}" for s in range(STATION_COUNT)
)
_STATION_BY_NAME: Final = {name: s for s, name in enumerate(STATION_NAMES)}


class Side(enum.IntEnum):
    """A player. Red moves first and holds rows 1–6; Blue holds rows 7–12 (§1.1, J12)."""

    RED = 0
    BLUE = 1

    @property
    def opponent(self) -> Side:
        return BLUE if self is RED else RED

    @property
    def label(self) -> str:
        """``"red"`` or ``"blue"``: the form used in texts and JSON."""
        return _LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Side:
        try:
            return cls[text.upper()]
        except KeyError:
            raise InvalidActionError("side.unknown", f"unknown side {text!r}") from None


RED: Final = Side.RED
BLUE: Final = Side.BLUE
_LABELS: Final = ("red", "blue")

#: Piece codes, strongest ranked piece first, then bomb, mine, flag (§1.2, §10.2).
PIECE_CODES: Final = "987654321BMF"
RANKED: Final = frozenset("987654321")
MARSHAL: Final = "9"
ENGINEER: Final = "1"
BOMB: Final = "B"
MINE: Final = "M"
FLAG: Final = "F"
#: How many of each piece a side has (§1.2): 25 in all.
PIECE_COUNTS: Final = {
    "9": 1,
    "8": 1,
    "7": 2,
    "6": 2,
    "5": 2,
    "4": 2,
    "3": 3,
    "2": 3,
    "1": 3,
    "B": 2,
    "M": 3,
    "F": 1,
}
#: Names of the pieces: one-character display names (§1.2) and the English names used here.
KANJI: Final = {
    "9": "司",
    "8": "軍",
    "7": "師",
    "6": "旅",
    "5": "団",
    "4": "営",
    "3": "連",
    "2": "排",
    "1": "兵",
    "B": "弾",
    "M": "雷",
    "F": "旗",
}
ENGLISH: Final = {
    "9": "Marshal",
    "8": "General",
    "7": "Division commander",
    "6": "Brigade commander",
    "5": "Regiment commander",
    "4": "Battalion commander",
    "3": "Company commander",
    "2": "Platoon leader",
    "1": "Engineer",
    "B": "Bomb",
    "M": "Mine",
    "F": "Flag",
}
#: The code of an enemy piece whose identity the viewer may not know (§10.2).
UNKNOWN: Final = "?"


def station(column: int, row: int) -> int:
    """The station at ``column`` 0–4 (a–e) and ``row`` 1–12."""
    return (row - 1) * COLUMNS + column


def column_of(s: int) -> int:
    return s % COLUMNS


def row_of(s: int) -> int:
    """The absolute row 1–12 of a station."""
    return s // COLUMNS + 1


def station_name(s: int) -> str:
    return STATION_NAMES[s]


def parse_station(text: str) -> int:
    """``"a1"`` … ``"e12"`` → station; anything else raises ``InvalidActionError``."""
    try:
        return _STATION_BY_NAME[text]
    except KeyError:
        raise InvalidActionError("station.unknown", f"unknown station {text!r}") from None


def half_of(s: int) -> Side:
    """The side whose half the station is in (Red rows 1–6, Blue rows 7–12, §2.1)."""
    return RED if s < 30 else BLUE


def rank_row(side: Side, dan: int) -> int:
    """The absolute row of the article's 段 ``dan`` (1 = front row … 6 = back row) of ``side``.

    Ruling J26: Red's 段k is row 7 − k, Blue's 段k is row 6 + k.
    """
    return 7 - dan if side is RED else 6 + dan
