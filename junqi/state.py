"""The game state: a frozen value, with the vocabulary of phases, outcomes and the ply log.

``GameState`` is the referee's complete knowledge (§8.1): both set-ups and every piece's
identity. It must never be sent to a client as is; ``junqi.observation.observe`` is the only way
a state reaches a player or a spectator. ``__str__`` is a debug god view.

``board`` holds 60 cells (``None`` or a ``Piece``); ``removed`` lists, per owner, the codes of
removed pieces in order; ``log`` has one ``Ply`` per move played, with the combat's full
result (the ranks are server-only until the game is over, §8.2/8.5).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from .options import Options
from .setup import Setup
from .types import COLUMNS, ROWS, Side, station, station_name


class Phase(enum.StrEnum):
    SETUP = "setup"  # both players set up at once and secretly (§3.6, J13)
    PLAY = "play"  # alternate moves, Red first (§4)
    OVER = "over"


class Termination(enum.StrEnum):
    """How a game ended (§7.6)."""

    FLAG = "FLAG"  # a flag was taken (§7.1), or carried home under 軍旗をかつぐ (§9.3 d)
    NO_MOVE = "NO_MOVE"  # the player to move had no legal move (§7.2)
    RESIGN = "RESIGN"  # §7.3, J20
    TIME = "TIME"  # flag fall (§7.5, §11.2)
    SETUP_TIMEOUT = "SETUP_TIMEOUT"  # no set-up when the countdown ended (§11.1)
    DRAW_NO_COMBAT = "DRAW_NO_COMBAT"  # J15: no combat for ``no_combat_limit`` plies
    DRAW_AGREED = "DRAW_AGREED"  # J15: a draw offer accepted
    DRAW_NO_MOVE_BOTH = "DRAW_NO_MOVE_BOTH"  # J14: neither player can move
    ARBITER = "ARBITER"  # a result set by an arbiter


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winner (``None``: drawn, or both lost a set-up timeout)."""

    winner: Side | None
    termination: Termination

    @property
    def result(self) -> str:
        """``"1-0"`` (Red won), ``"0-1"`` or ``"1/2-1/2"`` (§7.6). A double set-up timeout with
        no winner is ``"0-0"``."""
        if self.winner is Side.RED:
            return "1-0"
        if self.winner is Side.BLUE:
            return "0-1"
        if self.termination is Termination.SETUP_TIMEOUT:
            return "0-0"
        return "1/2-1/2"


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the board. ``carrying``: it carries the enemy flag (軍旗をかつぐ, §9.3)."""

    owner: Side
    code: str
    carrying: bool = False


#: Combat results of §10.4: attacker wins, defender wins, both removed, flag taken.
ATTACKER_WINS = ">"
DEFENDER_WINS = "<"
BOTH_REMOVED = "="
FLAG_TAKEN = "#"


@dataclass(frozen=True, slots=True)
class Ply:
    """One move as the referee saw it.

    ``result`` is ``""`` for a displacement, else one of ``> < = #``; ``attacker`` and
    ``defender`` are the codes involved (``defender`` is ``""`` for a displacement); ``events``
    are the §10.4 event tokens (``F@b1``, ``C@d12``, ``C-``).
    """

    side: Side
    src: int
    dst: int
    attacker: str
    defender: str = ""
    result: str = ""
    events: tuple[str, ...] = ()

    @property
    def is_attack(self) -> bool:
        return bool(self.result)

    def text(self, *, ranks: bool = False) -> str:
        """The §10.4 public text (``a6xa8=``), or the §10.5 full text (``a6xa8=[7:B]``)."""
        op = "x" if self.result else "-"
        out = f"{station_name(self.src)}{op}{station_name(self.dst)}{self.result}"
        if ranks and self.result:
            out += f"[{self.attacker}:{self.defender}]"
        for event in self.events:
            out += " " + event
        return out


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    phase: Phase
    board: tuple[Piece | None, ...]
    setups: tuple[Setup | None, Setup | None] = (None, None)
    to_move: Side = Side.RED
    ply: int = 0
    #: Consecutive plies without combat (J15); reset by every attack.
    quiet: int = 0
    #: Per side: its flag has been turned face up (§6.5, J11).
    flag_revealed: tuple[bool, bool] = (False, False)
    #: Per side: the codes of its removed pieces, in order of removal.
    removed: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: Per side: the station its flag was set up on (its home HQ, §9.3 d).
    flag_home: tuple[int | None, int | None] = (None, None)
    #: Per side: its flag is being carried by an enemy piece (§9.3).
    flag_carried: tuple[bool, bool] = (False, False)
    #: The side whose draw offer is pending (J15, J20), and the ply it was made at.
    draw_offer: Side | None = None
    draw_offer_ply: int = -1
    outcome: Outcome | None = None
    log: tuple[Ply, ...] = field(default=())

    def __str__(self) -> str:
        """Debug god view: every piece with its owner (r/b) and code, Blue's back row on top."""
        lines = []
        for row in range(ROWS, 0, -1):
            cells = []
            for c in range(COLUMNS):
                p = self.board[station(c, row)]
                cells.append(".." if p is None else "rb"[p.owner] + p.code)
            lines.append(f"{row:>2} " + " ".join(cells))
        lines.append("    a  b  c  d  e")
        return "\n".join(lines)


def _compile_copy_with() -> Callable[[GameState, Mapping[str, object]], GameState]:
    """Build ``copy_with``: a copy of a ``GameState`` with some fields changed.

    A frozen class's ``__init__`` writes each of its 15 fields through ``object.__setattr__``,
    which dominated the cost of a move. The copy is made as an instance of a plain *twin* class
    with the very same slots, where each field is one plain attribute store, and is then turned
    into a ``GameState`` by assigning its ``__class__`` (CPython allows it between classes of the
    same slot layout, and raises ``TypeError`` if the layouts ever differ). Nothing sees the copy
    before it is a ``GameState``: from then on it is as frozen as any other. ``engine.state``'s
    ``evolve`` does the same for the 軍師軍略 engine.
    """
    names = tuple(f.name for f in fields(GameState))
    if tuple(GameState.__slots__) != names:
        raise TypeError("GameState must be a slotted dataclass (slots=True) to be copied")
    twin = type("_MutableGameState", (), {"__slots__": names})
    body = "\n".join(f"    new.{n} = obj.{n}" for n in names)
    source = (
        f"def copy_with(obj, changes):\n    new = _new(twin)\n{body}\n"
        "    for name, value in changes.items():\n        _setattr(new, name, value)\n"
        "    new.__class__ = cls\n    return new\n"
    )
    namespace: dict[str, Any] = {
        "_new": object.__new__,
        "twin": twin,
        "cls": GameState,
        "_setattr": setattr,
    }
    exec(source, namespace)  # noqa: S102 - fixed source built from the class's own field names
    return namespace["copy_with"]  # type: ignore[no-any-return]


#: ``copy_with(state, changes)``: ``state`` with the fields named in ``changes`` replaced (the
#: names must be fields: ``junqi.rules`` passes only literal keywords).
copy_with: Final = _compile_copy_with()
