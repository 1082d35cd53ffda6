"""Game state as immutable values.

Vocabulary (RULES.md):

* **Phase**: deployment (布陣), set-up (general and card order, secret), war, over.
* **LP**: logistics points (兵站ポイント), 0–18, public.
* **Hand / deck**: a player's cards not in play; the deck's order (top first) never changes and
  is hidden from the opponent, as is the hand.
* **Queue**: cards placed in command, 1st first; plus the 疾風伝令 ("swift dispatch") slot left
  of 1st. Each queued card is face down or face up: a player's 1st card ever placed is face down,
  the 2nd face up, and so on across the whole game (``cards_placed`` counts them).
* **General**: the letter of the piece each player chose in set-up; secret until captured.
* **Intrusion area**: pieces that intruded into the opponent's back row (a shielded infantry
  scores 2); three points win.
* **Execution**: the card being carried out in the military-action step, with its chain.

``GameState`` holds everything, including both players' secrets: it is the server's god view and
must never be sent to a client. ``engine.observation.observe`` is the only way to a client.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .rulings import RECOMMENDED, Rulings
from .types import (
    FENCES_PER_SIDE,
    LP_START,
    SHIELDS_TOTAL,
    STOCK_TOTALS,
    CardKind,
    Direction,
    Edge,
    PieceKind,
    Side,
    Square,
)


class Phase(enum.StrEnum):
    DEPLOYMENT = "deployment"
    SETUP = "setup"
    WAR = "war"
    OVER = "over"


class Variant(enum.StrEnum):
    """The game format. Tournament Rule 1 is the basic game."""

    BASIC = "basic"


class Termination(enum.StrEnum):
    """How the engine ended a game (resignation and time are match outcomes, not engine ones)."""

    GENERAL_CAPTURED = "general_captured"
    INTRUSION = "intrusion"
    TURN_LIMIT = "turn_limit"  # non-official cap (Rulings.turn_limit)


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    winner: Side | None


@dataclass(frozen=True, slots=True)
class Piece:
    kind: PieceKind
    owner: Side
    facing: Direction
    letter: str
    shield: bool = False


@dataclass(frozen=True, slots=True)
class QueuedCard:
    card: CardKind
    face_up: bool


@dataclass(frozen=True, slots=True)
class Stock:
    """The shared box stock (RULES.md §1.2): pieces not on the board nor intruded."""

    infantry: int = STOCK_TOTALS[PieceKind.INFANTRY]
    archer: int = STOCK_TOTALS[PieceKind.ARCHER]
    cavalry: int = STOCK_TOTALS[PieceKind.CAVALRY]
    shields: int = SHIELDS_TOTAL

    def count(self, kind: PieceKind) -> int:
        if kind is PieceKind.INFANTRY:
            return min(self.infantry, self.shields)  # R7: infantry enters with its shield
        return self.archer if kind is PieceKind.ARCHER else self.cavalry

    def taken(self, kind: PieceKind) -> Stock:
        if kind is PieceKind.INFANTRY:
            return Stock(self.infantry - 1, self.archer, self.cavalry, self.shields - 1)
        if kind is PieceKind.ARCHER:
            return Stock(self.infantry, self.archer - 1, self.cavalry, self.shields)
        return Stock(self.infantry, self.archer, self.cavalry - 1, self.shields)

    def returned(self, kind: PieceKind, *, shield: bool) -> Stock:
        return Stock(
            self.infantry + (kind is PieceKind.INFANTRY),
            self.archer + (kind is PieceKind.ARCHER),
            self.cavalry + (kind is PieceKind.CAVALRY),
            self.shields + shield,
        )

    def shield_returned(self) -> Stock:
        return Stock(self.infantry, self.archer, self.cavalry, self.shields + 1)


@dataclass(frozen=True, slots=True)
class SideState:
    lp: int = LP_START
    hand: tuple[CardKind, ...] = ()
    deck: tuple[CardKind, ...] = ()
    queue: tuple[QueuedCard, ...] = ()
    swift: QueuedCard | None = None
    cards_placed: int = 0
    fences: frozenset[Edge] = frozenset()
    general: str | None = None
    intruded: tuple[Piece, ...] = ()

    @property
    def fences_in_hand(self) -> int:
        return FENCES_PER_SIDE - len(self.fences)

    @property
    def intrusion_points(self) -> int:
        """RULES.md §3.2: every intruded piece counts 1, its shield 1 more."""
        return sum(2 if p.shield else 1 for p in self.intruded)

    @property
    def queued_count(self) -> int:
        """Cards counting toward the 4-card limit, the 疾風伝令 slot included (§6.2)."""
        return len(self.queue) + (self.swift is not None)

    @property
    def next_face_up(self) -> bool:
        return self.cards_placed % 2 == 1


class Slot(enum.StrEnum):
    SWIFT = "swift"  # 疾風伝令
    FIRST = "first"


class Mode(enum.StrEnum):
    """What a chain does, fixed by its leader's decision."""

    MOVE = "move"
    ROTATE = "rotate"
    SHOOT = "shoot"
    FENCE = "fence"
    PLACE = "place"  # reinforcement: one piece, no chain


@dataclass(frozen=True, slots=True)
class Execution:
    """The card being executed: who leads its chain and which partners may still join."""

    card: CardKind
    slot: Slot
    mode: Mode | None = None
    leader: str | None = None  # letter of the selected piece
    leader_done: bool = False
    direction: Direction | None = None  # shared by chained moves and rotations
    partners: tuple[str, ...] = ()  # letters that may still act


@dataclass(frozen=True, slots=True)
class GameState:
    board: tuple[Piece | None, ...]
    sides: tuple[SideState, SideState] = (SideState(), SideState())
    stock: Stock = field(default_factory=Stock)
    phase: Phase = Phase.DEPLOYMENT
    to_act: Side | None = Side.RED
    ply: int = 0
    turn: int = 0  # war turns begun so far
    played_this_turn: int = 0
    execution: Execution | None = None
    outcome: Outcome | None = None
    variant: Variant = Variant.BASIC
    rulings: Rulings = RECOMMENDED

    def side(self, side: Side) -> SideState:
        return self.sides[side]

    def square_of(self, letter: str) -> Square | None:
        for sq, piece in enumerate(self.board):
            if piece is not None and piece.letter == letter:
                return sq
        return None

    def __str__(self) -> str:  # debug god view: never for clients
        from .text import render_board

        return render_board(self, reveal=True)
