"""Plain-text pictures of a position, for the command line and debugging."""

from __future__ import annotations

from .state import GameState
from .types import FILE_NAMES, HEIGHT, WIDTH, Direction, Side, square

_ARROWS = {Direction.N: "^", Direction.E: ">", Direction.S: "v", Direction.W: "<"}


def render_board(state: GameState, *, reveal: bool = False) -> str:
    """The board from Red's side (row 7 at the top). Pieces read ``<owner><kind><facing>``.

    Owner ``r``/``b``; kind ``I`` (``i`` = infantry without shield), ``A``, ``C``; the general is
    marked ``*`` only with ``reveal`` (the server's god view, never for a client).
    """
    generals = {s.general for s in state.sides} if reveal else set()
    lines = []
    for rank in range(HEIGHT - 1, -1, -1):
        cells = []
        for file in range(WIDTH):
            piece = state.board[square(file, rank)]
            if piece is None:
                cells.append(" .  ")
                continue
            kind = piece.kind.value if piece.shield or piece.kind.value != "I" else "i"
            owner = "r" if piece.owner is Side.RED else "b"
            mark = "*" if piece.letter in generals else " "
            cells.append(f"{owner}{kind}{_ARROWS[piece.facing]}{mark}")
        lines.append(f"{rank + 1} " + " ".join(cells))
    lines.append("   " + "    ".join(FILE_NAMES))
    for side in Side:
        own = state.sides[side]
        lines.append(
            f"{side.label}: LP {own.lp}, fences {own.fences_in_hand} in hand, "
            f"intrusion {own.intrusion_points}"
        )
    to_act = state.to_act.label if state.to_act is not None else "-"
    lines.append(f"phase {state.phase}, to act {to_act}")
    return "\n".join(lines)
