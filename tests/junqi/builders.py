"""Positions for 軍棋 rule tests, built directly from a compact description.

``position({"c6": "r7", "c7": "b5", "b1": "rF", "b12": "bF"})`` builds a state in play with a
Red 師長 on c6, a Blue 団長 on c7 and the two flags; a code is ``<r|b><piece code>`` and an
optional ``*`` marks a carrier (軍旗をかつぐ). Flags given become the flag homes. The removed
pieces are whatever the board leaves of each side's 25, so conservation holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from junqi.actions import Move
from junqi.options import Options
from junqi.rules import apply_action
from junqi.state import GameState, Phase, Piece
from junqi.types import FLAG, PIECE_COUNTS, Side, parse_station, station_name

RED_SETUP = "MFM32/1MB14/5+8+6/73+B9/6+2+4/73152"
BLUE_SETUP = "MFM32/1MB14/5+8+6/73+B9/6+2+4/73152"


def position(
    pieces: Mapping[str, str],
    *,
    options: Options | None = None,
    to_move: Side = Side.RED,
    carried: tuple[bool, bool] = (False, False),
    homes: tuple[str | None, str | None] = (None, None),
) -> GameState:
    cells: list[Piece | None] = [None] * 60
    flag_home: list[int | None] = [parse_station(h) if h is not None else None for h in homes]
    for name, code in pieces.items():
        owner = Side.RED if code[0] == "r" else Side.BLUE
        piece = Piece(owner, code[1], carrying=code.endswith("*"))
        cells[parse_station(name)] = piece
        if piece.code == FLAG:
            flag_home[owner] = parse_station(name)
    removed = []
    for side in Side:
        counts = Counter(PIECE_COUNTS)
        counts.subtract(p.code for p in cells if p is not None and p.owner is side)
        if carried[side]:
            counts[FLAG] -= 1
        removed.append(tuple(code for code, n in counts.items() for _ in range(max(n, 0))))
    return GameState(
        options=options or Options(),
        phase=Phase.PLAY,
        board=tuple(cells),
        to_move=to_move,
        removed=(removed[0], removed[1]),
        flag_home=(flag_home[0], flag_home[1]),
        flag_carried=carried,
    )


def destinations(state: GameState, src: str) -> set[str]:
    """Where the piece on ``src`` may move (legal moves of the side to move)."""
    from junqi.movement import moves

    s = parse_station(src)
    return {station_name(b) for a, b in moves(state, state.to_move) if a == s}


def play(state: GameState, *moves: str) -> GameState:
    for text in moves:
        a, b = text.split("-")
        state = apply_action(state, Move(parse_station(a), parse_station(b)))
    return state
