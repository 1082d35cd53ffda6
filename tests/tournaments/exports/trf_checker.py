"""A TRF checker written from the FIDE TRF-2016 specification, for the export tests.

It shares no code with ``tournaments.exports``: it reads a file the way a pairing program does
and reports every inconsistency it finds, so an exporter bug cannot hide behind itself.

What it reads (FIDE "TRF16", the player section; columns are 1-based and inclusive):

* ``001`` player lines: 5-8 starting rank, 15-47 name, 49-52 rating, 81-84 points (``dd.d``),
  86-89 rank, then one 8-character block per round at 92-99, 102-109, … (10 apart): 1-4 the
  opponent's starting rank (``0000`` or blank when unpaired), 6 the colour (``w``, ``b``, ``-``),
  8 the result code;
* result codes: ``1`` ``0`` ``=`` played games; ``+`` ``-`` forfeit win and loss; ``W`` ``D``
  ``L`` unrated games; ``H`` half-point bye, ``F`` full-point bye, ``U`` pairing-allocated
  bye, ``Z`` zero-point bye; a blank result is a game not played yet;
* the points of each code, declared by the extensions bbpPairings and JaVaFo read: ``BBW``
  (win: ``1`` ``+`` ``W`` ``F``), ``BBD`` (draw: ``=`` ``D`` ``H``), ``BBL`` (loss: ``0``
  ``L``), ``BBZ`` (``Z``), ``BBF`` (forfeit loss ``-``), ``BBU`` (``U``; the win's points
  when absent), with the chess defaults 1 / 0.5 / 0 / 0 / 0;
* ``XXR`` the number of rounds, ``062`` the number of players.

Checks: no line carries a control or bidi character; every player line keeps its columns; the
starting ranks are 1..N, once each; each player's points equal the sum of their round codes'
points; ranks are 1..N once each and follow the points; a game's two entries name each other,
with opposite colours and matching results; byes have no opponent and no colour.
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal

DEFAULT_POINTS = {
    "BBW": Decimal("1"),
    "BBD": Decimal("0.5"),
    "BBL": Decimal("0"),
    "BBZ": Decimal("0"),
    "BBF": Decimal("0"),
}
# Which declared value each result code scores.
CODE_POINTS = {
    "1": "BBW",
    "+": "BBW",
    "W": "BBW",
    "F": "BBW",
    "=": "BBD",
    "D": "BBD",
    "H": "BBD",
    "0": "BBL",
    "L": "BBL",
    "Z": "BBZ",
    "-": "BBF",
    "U": "BBU",
}
PLAYED = {"1", "0", "=", "W", "D", "L"}
FORFEITS = {"+", "-"}
BYES = {"H", "F", "U", "Z"}
# The result the opponent's entry must show for each result (a double forfeit is "-" twice).
OPPOSITE = {
    "1": {"0"},
    "0": {"1"},
    "=": {"="},
    "W": {"L"},
    "L": {"W"},
    "D": {"D"},
    "+": {"-"},
    "-": {"+", "-"},
    " ": {" "},
}


@dataclass
class RoundEntry:
    opponent: int  # 0: no opponent
    colour: str  # "w", "b", "-" or " "
    code: str


@dataclass
class PlayerLine:
    number: int
    name: str
    rating: str
    points: Decimal
    rank: int
    rounds: list[RoundEntry] = field(default_factory=list)


@dataclass
class TrfFile:
    tags: dict[str, str]
    players: dict[int, PlayerLine]
    problems: list[str]

    def points_of(self, code: str) -> Decimal:
        declared = {k: Decimal(v) for k, v in self.tags.items() if k in CODE_POINTS.values()}
        values = DEFAULT_POINTS | declared
        values.setdefault("BBU", values["BBW"])
        return values[CODE_POINTS[code]]


def _unsafe(line: str) -> list[str]:
    return [
        f"U+{ord(ch):04X}"
        for ch in line
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch != "\r"
    ]


def parse(text: str) -> TrfFile:
    """Read ``text`` (lines end with LF or CR LF) into tags and player lines, noting problems
    of form on the way."""
    problems: list[str] = []
    tags: dict[str, str] = {}
    players: dict[int, PlayerLine] = {}
    for index, raw in enumerate(text.split("\n"), start=1):
        line = raw.removesuffix("\r")
        if not line:
            continue
        bad = _unsafe(line)
        if bad:
            problems.append(f"line {index}: control or format characters {bad}")
        code = line[:3]
        if code != "001":
            if len(line) > 3 and line[3] != " ":
                problems.append(f"line {index}: no space after the tag {code!r}")
            tags[code] = line[4:].strip()
            continue
        player = _player(line, index, problems)
        if player is None:
            continue
        if player.number in players:
            problems.append(f"line {index}: starting rank {player.number} repeated")
        players[player.number] = player
    return TrfFile(tags, players, problems)


def _player(line: str, index: int, problems: list[str]) -> PlayerLine | None:
    where = f"line {index}"
    if len(line) < 84:
        problems.append(f"{where}: a player line is shorter than its points column")
        return None
    problems.extend(
        f"{where}: column {column} should be blank, not {line[column - 1]!r}"
        for column in (4, 9, 14, 48, 53, 80, 85)
        if column <= len(line) and line[column - 1] != " "
    )
    try:
        number = int(line[4:8])
        points = Decimal(line[80:84].strip())
        rank = int(line[85:89]) if len(line) >= 89 else 0
    except ValueError:
        problems.append(f"{where}: starting rank, points or rank is not a number")
        return None
    if line[80:84] != f"{points:4.1f}":
        problems.append(f"{where}: points {line[80:84]!r} are not in the dd.d layout")
    player = PlayerLine(number, line[14:47].rstrip(), line[48:52].strip(), points, rank)
    rounds_text = line[89:]
    if rounds_text[:2].strip():
        problems.append(f"{where}: columns 90-91 should be blank")
    start = 91
    while start < len(line):
        block = line[start : start + 8].ljust(8)
        gap = line[start + 8 : start + 10]
        if gap.strip():
            problems.append(f"{where}: text between round blocks at column {start + 9}")
        if block[4] != " " or block[6] != " ":
            problems.append(f"{where}: round block at column {start + 1} is not 'nnnn c r'")
        opponent_text = block[:4]
        if opponent_text.strip() and not opponent_text.strip().isdigit():
            problems.append(f"{where}: opponent {opponent_text!r} is not a number")
            opponent = 0
        else:
            opponent = int(opponent_text) if opponent_text.strip() else 0
        colour, code = block[5], block[7]
        if colour not in "wb- ":
            problems.append(f"{where}: colour {colour!r} at column {start + 6}")
        if code not in CODE_POINTS and code != " ":
            problems.append(f"{where}: result code {code!r} at column {start + 8}")
        player.rounds.append(RoundEntry(opponent, colour, code))
        start += 10
    return player


def check(text: str) -> list[str]:
    """Every problem found in the TRF ``text`` (an empty list: the file is consistent)."""
    trf = parse(text)
    problems = list(trf.problems)
    players = trf.players
    count = len(players)
    if sorted(players) != list(range(1, count + 1)):
        problems.append(f"starting ranks are not 1..{count}: {sorted(players)}")
    if trf.tags.get("062") and int(trf.tags["062"]) != count:
        problems.append(f"062 says {trf.tags['062']} players, the file lists {count}")
    rounds = max((len(p.rounds) for p in players.values()), default=0)
    if trf.tags.get("XXR") and rounds > int(trf.tags["XXR"]):
        problems.append(f"{rounds} rounds written, XXR announces {trf.tags['XXR']}")
    for p in players.values():
        problems += _check_score(trf, p)
        for r, entry in enumerate(p.rounds, start=1):
            problems += _check_round(players, p, r, entry)
    ranks = sorted(p.rank for p in players.values())
    if ranks != list(range(1, count + 1)):
        problems.append(f"ranks are not 1..{count}: {ranks}")
    by_rank = sorted(players.values(), key=lambda p: p.rank)
    for higher, lower in itertools.pairwise(by_rank):
        if higher.points < lower.points:
            problems.append(
                f"rank {higher.rank} has {higher.points} points, rank {lower.rank} more "
                f"({lower.points})"
            )
    return problems


def _check_score(trf: TrfFile, p: PlayerLine) -> list[str]:
    total = sum(
        (trf.points_of(e.code) for e in p.rounds if e.code in CODE_POINTS), start=Decimal(0)
    )
    if total != p.points:
        codes = "".join(e.code for e in p.rounds)
        return [f"player {p.number}: points {p.points} but the rounds ({codes!r}) make {total}"]
    return []


def _check_round(
    players: dict[int, PlayerLine], p: PlayerLine, r: int, entry: RoundEntry
) -> list[str]:
    where = f"player {p.number}, round {r}"
    if entry.code in BYES or entry.opponent == 0:
        if entry.opponent != 0 or entry.colour in "wb" or entry.code not in BYES:
            return [f"{where}: a bye needs opponent 0000, colour '-' and H/F/U/Z"]
        return []
    if entry.opponent == p.number:
        return [f"{where}: paired against themself"]
    opponent = players.get(entry.opponent)
    if opponent is None:
        return [f"{where}: opponent {entry.opponent} has no player line"]
    if entry.colour not in "wb":
        return [f"{where}: a game needs a colour, not {entry.colour!r}"]
    if len(opponent.rounds) < r:
        return [f"{where}: opponent {entry.opponent} has no entry for this round"]
    theirs = opponent.rounds[r - 1]
    problems = []
    if theirs.opponent != p.number:
        problems.append(f"{where}: opponent {entry.opponent} lists {theirs.opponent} instead")
    if {entry.colour, theirs.colour} != {"w", "b"}:
        problems.append(f"{where}: colours {entry.colour!r} and {theirs.colour!r}")
    if theirs.code not in OPPOSITE.get(entry.code, set()):
        problems.append(f"{where}: results {entry.code!r} and {theirs.code!r} do not match")
    return problems
