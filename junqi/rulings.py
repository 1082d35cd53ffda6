"""Rulings J1–J27 of RULES.md §13 as records: what the article leaves open and what we decided.

Each ``Ruling`` has its number, the question, the ruling and its default. Where the ruling is a
choice an organiser may change, ``option`` names the ``Options`` field that implements it
(``None``: fixed by the engine, with the reason in ``why``). docs/junqi.md prints this table;
tests/junqi/test_rulings.py has at least one test per ruling.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Ruling:
    number: str
    question: str
    ruling: str
    default: str
    option: str | None = None
    why: str = ""


RULINGS: Final = (
    Ruling(
        "J1",
        "Exact board (the article's diagram is lost)",
        "Standard 5 x 12 board of §2: HQ b1 d1 b12 d12; camps b3 d3 c4 b5 d5 / b10 d10 c9 b8 d8; "
        "railway lines L1-L7; roads incl. 32 camp diagonals",
        "standard board",
        why="fixed: the board is the game",
    ),
    Ruling(
        "J2",
        "Pieces cannot stop on the front line",
        "The front line is the three connections a6-a7, c6-c7, e6-e7; crossing is one move",
        "front line = connections",
        why="fixed: automatic on this board",
    ),
    Ruling(
        "J3",
        "Is the centre crossing c6-c7 railway or road?",
        "Railway (line L7)",
        "railway",
        option="centre_railway",
    ),
    Ruling(
        "J4",
        "Which diagonals exist",
        "Only the 32 camp diagonals of §2.4.3",
        "32 camp diagonals",
        why="fixed: part of the board (J1)",
    ),
    Ruling(
        "J5",
        "What is 'straight' on the railway",
        "Along one line L1-L7 in one direction; a junction is passed only straight on",
        "one line",
        why="fixed: the article's 直進",
    ),
    Ruling(
        "J6",
        "Engineer path",
        "Any railway path through empty stations, any length, ending on an empty or enemy "
        "station; the path is not recorded",
        "any railway path",
        why="fixed: the article's 途中で曲がることができる",
    ),
    Ruling(
        "J7",
        "Direction limits",
        "None: every mobile piece may step in every direction",
        "no limit",
        why="fixed: the article states none",
    ),
    Ruling(
        "J8",
        "Mine rule (the article gives two)",
        "The mine stays, the attacker is removed; 爆発地雷 removes both",
        "mine stays",
        option="exploding_mines",
    ),
    Ruling(
        "J9",
        "Bomb attacks flag",
        "Flag taken: the bomb's side wins",
        "flag taken",
        why="fixed: a rule forbidding it would make a move's legality depend on a hidden "
        "identity, which the referee cannot apply without revealing it",
    ),
    Ruling(
        "J10",
        "Who is frozen on an HQ",
        "Every piece on any HQ, from set-up or entering later; 大本営自由 turns this off",
        "frozen",
        option="free_hq",
    ),
    Ruling(
        "J11",
        "Flag reveal after 司令 loss",
        "Any removal of the 司令 reveals that side's flag (identity and station) to everybody "
        "for the rest of the game; both flags if both 司令 fall",
        "reveal",
        why="fixed: the article's rule",
    ),
    Ruling(
        "J12",
        "Who moves first",
        "Red (rows 1-6); colours come from the pairing system",
        "Red",
        why="fixed: the colour is assigned by pairing, so first move is too",
    ),
    Ruling(
        "J13",
        "Set-up procedure and time",
        "Simultaneous, secret, server-validated, final on submit; 5 minutes; timeout: stored "
        "default set-up, else loss (option: random set-up)",
        "300 s, loss",
        option="setup_seconds, setup_timeout_policy",
    ),
    Ruling(
        "J14",
        "Timing of the no-legal-move loss",
        "Checked at the start of the player's turn; if neither player can move: draw (ours)",
        "both stuck = draw",
        option="both_stuck_draw",
    ),
    Ruling(
        "J15",
        "Draw rule",
        "Ours: 60 plies without combat = draw; draw by agreement; no repetition rule",
        "60 plies, agreement on",
        option="no_combat_limit, draw_offers",
    ),
    Ruling(
        "J16",
        "What a combat reveals",
        "Outcome class only; never ranks; removed enemy pieces hidden until the end",
        "outcome class",
        why="fixed: the referee's secrecy (§8)",
    ),
    Ruling(
        "J17",
        "Spectators",
        "Public view only during the game, no delayed omniscient feed",
        "public view",
        why="fixed: static mines and flags make any reveal decisive",
    ),
    Ruling(
        "J18",
        "Time control",
        "10 min + 5 s Fischer per player; flag fall loses",
        "600+5",
        option="time_seconds, increment_seconds",
    ),
    Ruling(
        "J19",
        "Deductions (engineer turning, HQ occupancy)",
        "Not hidden or blurred by the engine",
        "not hidden",
        why="fixed: inherent in the rules",
    ),
    Ruling(
        "J20",
        "Resignation / draw offer timing",
        "Resign any time incl. set-up; offer draws only on own turn during play",
        "any time / own turn",
        why="fixed timing; agreed draws can be switched off (J15)",
    ),
    Ruling(
        "J21",
        "Illegal input",
        "Rejected by the server with no penalty; legal moves listed",
        "reject",
        why="fixed: the online referee",
    ),
    Ruling(
        "J22",
        "Move onto an own piece (公営 read as 行営)",
        "No move ends on an own piece on a post, camp or HQ",
        "forbidden",
        why="fixed: context (except the carrier's last move under 軍旗をかつぐ, §9.3 d)",
    ),
    Ruling("J23", "軍旗をかつぐ details", "§9.3 a-h", "variant off", option="carry_flag"),
    Ruling("J24", "翻棋", "Not offered", "not offered", why="underspecified, luck-dominated"),
    Ruling(
        "J25",
        "明棋 for two players",
        "Offered; set-up still secret, reveal after both submit",
        "variant off",
        option="open_pieces",
    ),
    Ruling(
        "J26",
        "Row numbering of the article (段)",
        "段1 = front row; Red 段k = row 7 - k, Blue 段k = row 6 + k",
        "as stated",
        why="fixed: a reading of the text (junqi.types.rank_row)",
    ),
    Ruling("J27", "Four-player game", "Not offered", "not offered", why="out of scope"),
)

RULINGS_BY_NUMBER: Final = {r.number: r for r in RULINGS}
