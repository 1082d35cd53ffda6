"""Actions and their text (the only format stored or sent over the socket).

========================  ===================================  =========================
action                    text                                 who acts
========================  ===================================  =========================
``SubmitSetup``           ``setup red MFM32/1MB14/...``        that side, set-up phase
``Move``                  ``e4-e9`` (``e4xe9`` is read too)    the side to move
``Resign``                ``resign blue``                      that side, any time (J20)
``OfferDraw``             ``offer draw``                       the side to move (J20)
``AcceptDraw``            ``accept draw``                      the offer's receiver
``DeclineDraw``           ``decline draw``                     the offer's receiver
========================  ===================================  =========================

A move is only the from and to stations: the engine decides whether it is an attack and its
result (§6.6). ``parse_action(a.text) == a`` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidActionError, SetupError
from .setup import Setup
from .types import Side, parse_station, station_name


@dataclass(frozen=True, slots=True)
class Move:
    src: int
    dst: int

    @property
    def text(self) -> str:
        return f"{station_name(self.src)}-{station_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class SubmitSetup:
    setup: Setup

    @property
    def side(self) -> Side:
        return self.setup.side

    @property
    def text(self) -> str:
        return f"setup {self.side.label} {self.setup.text}"


@dataclass(frozen=True, slots=True)
class Resign:
    side: Side

    @property
    def text(self) -> str:
        return f"resign {self.side.label}"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    @property
    def text(self) -> str:
        return "offer draw"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    @property
    def text(self) -> str:
        return "accept draw"


@dataclass(frozen=True, slots=True)
class DeclineDraw:
    @property
    def text(self) -> str:
        return "decline draw"


Action = Move | SubmitSetup | Resign | OfferDraw | AcceptDraw | DeclineDraw

_FIXED: dict[str, Action] = {
    "offer draw": OfferDraw(),
    "accept draw": AcceptDraw(),
    "decline draw": DeclineDraw(),
}


def parse_action(text: str) -> Action:
    """Read an action's text; raises ``InvalidActionError`` (code ``action.syntax`` etc.)."""
    words = text.split()
    if not words:
        raise InvalidActionError("action.empty", "empty action")
    joined = " ".join(words)
    if joined in _FIXED:
        return _FIXED[joined]
    if words[0] == "resign" and len(words) == 2:
        return Resign(Side.parse(words[1]))
    if words[0] == "setup" and len(words) == 3:
        try:
            return SubmitSetup(Setup.parse(Side.parse(words[1]), words[2]))
        except SetupError as error:
            raise InvalidActionError(error.code, error.detail) from None
    if len(words) == 1:
        word = words[0]
        for op in "-x":
            src, sep, dst = word.partition(op)
            if sep and src and dst:
                a, b = parse_station(src), parse_station(dst)
                if a == b:
                    raise InvalidActionError("action.syntax", "a move needs two stations")
                return Move(a, b)
    raise InvalidActionError("action.syntax", f"not an action: {text!r}")
