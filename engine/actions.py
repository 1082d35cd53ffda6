"""Decisions and their notation.

Every decision a player takes is one ``Action``; a game is the sequence of them. Each action has
a text form (docs/notation.md) that round-trips exactly: ``parse_action(a.to_str()) == a``.
That text is the only action format stored or sent over the wire.

| text                          | decision                                                      |
|-------------------------------|---------------------------------------------------------------|
| ``deploy I c2 N``             | deployment: infantry (with shield) on c2 facing N             |
| ``deploy fence c2N``          | deployment: fence on the north edge of c2                     |
| ``general c2``                | set-up: the piece on c2 is my general (secret)                |
| ``cards MV,RS,FN / MV,RS,MV,RF`` | set-up: hand / deck top to bottom (secret)                 |
| ``play MV``                   | command: put a Move card at the end of my queue               |
| ``end`` / ``dispatch``        | close the command step, without / with 疾風伝令 (6 LP)        |
| ``b2-b3`` / ``b6-b7+``        | a Move card's move; ``+`` intrudes from the square reached    |
| ``select b2 N``               | pick b2 as the chain's leader moving N, partners first        |
| ``select b2 x``               | pick the archer on b2 as the shooting leader, partners first  |
| ``b2>E``                      | Rotate: the piece on b2 turns to face E                       |
| ``b2xc4``                     | Shoot: the archer on b2 shoots at c4                          |
| ``b2#c3N``                    | Fence: the infantry on b2 puts a fence on edge c3N            |
| ``reinforce A c2 N``          | Reinforce: an archer from stock on c2 facing N                |
| ``done``                      | end a chain; the remaining partners do not act                |

Expansion formats (docs/expansion.md):

| text                          | decision                                                      |
|-------------------------------|---------------------------------------------------------------|
| ``pick LI``                   | deck-build draft: pick a card for the shared deck (public)    |
| ``deck MV,MV,RS,FN,RM,LI,SC`` | deck-build secret option: my own seven cards (secret)         |
| ``prepare RM,LI,SC``          | expansion rule 1: my prepared expansion cards (secret)        |
| ``exchange RM MV``            | 軍師の閃き: take prepared RM into hand, remove MV (secret)      |
| ``keep``                      | 軍師の閃き: decline the exchange                                |
| ``route I b4 N``              | 援軍経路: a stock infantry on b4 facing N                      |
| ``scout card 2`` / ``scout card swift`` | 伝令偵察: look at the opponent's 2nd / 疾風伝令 card |
| ``scout general c5``          | 将軍偵察: ask whether the piece on c5 is the general            |
| ``swap b2 b3``                | 位置入替: swap two adjacent own pieces (lower square first)     |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import InvalidActionError
from .types import (
    CARD_ORDER,
    DIRECTIONS,
    EDGES,
    SQUARES,
    CardKind,
    Direction,
    Edge,
    PieceKind,
    Square,
    edge_name,
    parse_edge,
    parse_square,
    square_name,
)


def _kind(text: str) -> PieceKind:
    try:
        return PieceKind(text)
    except ValueError:
        raise InvalidActionError("bad_piece_kind", f"not a piece kind: {text!r}") from None


def _direction(text: str) -> Direction:
    try:
        return Direction[text]
    except KeyError:
        raise InvalidActionError("bad_direction", f"not a direction: {text!r}") from None


def _card(text: str) -> CardKind:
    try:
        return CardKind(text)
    except ValueError:
        raise InvalidActionError("bad_card", f"not a card: {text!r}") from None


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deployment (布陣): place a piece from stock in the own camp."""

    kind: PieceKind
    square: Square
    facing: Direction

    def to_str(self) -> str:
        return f"deploy {self.kind} {square_name(self.square)} {self.facing.name}"


@dataclass(frozen=True, slots=True)
class DeployFence:
    """Deployment: place a fence on an edge of an own-camp square."""

    edge: Edge

    def to_str(self) -> str:
        return f"deploy fence {edge_name(self.edge)}"


@dataclass(frozen=True, slots=True)
class ChooseGeneral:
    """Set-up: secretly choose the general among the own pieces on the board."""

    square: Square

    def to_str(self) -> str:
        return f"general {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class ArrangeCards:
    """Set-up: the starting hand (a set, kept in canonical order) and the deck, top first."""

    hand: tuple[CardKind, ...]
    deck: tuple[CardKind, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand, key=CARD_ORDER.__getitem__)))

    def to_str(self) -> str:
        return f"cards {','.join(self.hand)} / {','.join(self.deck)}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Command: put a card from hand at the end of the queue (its face is set by alternation)."""

    card: CardKind

    def to_str(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class EndCommand:
    """Close the command step; with ``dispatch`` the 1st card moves to the 疾風伝令 slot."""

    dispatch: bool = False

    def to_str(self) -> str:
        return "dispatch" if self.dispatch else "end"


@dataclass(frozen=True, slots=True)
class MovePiece:
    """A Move (or chained move): the piece on ``origin`` moves to ``target``.

    ``intrude`` is the intrude-or-stay choice on reaching an opponent intrusion square.
    """

    origin: Square
    target: Square
    intrude: bool = False

    def to_str(self) -> str:
        suffix = "+" if self.intrude else ""
        return f"{square_name(self.origin)}-{square_name(self.target)}{suffix}"


@dataclass(frozen=True, slots=True)
class SelectLeader:
    """Pick the chain's selected piece and direction, letting partners move before it."""

    origin: Square
    direction: Direction

    def to_str(self) -> str:
        return f"select {square_name(self.origin)} {self.direction.name}"


@dataclass(frozen=True, slots=True)
class SelectShooter:
    """Pick the archer on ``origin`` as a shooting chain's leader, letting partners shoot first.

    The leader shoots later in the same chain (its target is chosen then).
    """

    origin: Square

    def to_str(self) -> str:
        return f"select {square_name(self.origin)} x"


@dataclass(frozen=True, slots=True)
class Rotate:
    origin: Square
    facing: Direction

    def to_str(self) -> str:
        return f"{square_name(self.origin)}>{self.facing.name}"


@dataclass(frozen=True, slots=True)
class Shoot:
    origin: Square
    target: Square

    def to_str(self) -> str:
        return f"{square_name(self.origin)}x{square_name(self.target)}"


@dataclass(frozen=True, slots=True)
class PlaceFence:
    origin: Square
    edge: Edge

    def to_str(self) -> str:
        return f"{square_name(self.origin)}#{edge_name(self.edge)}"


@dataclass(frozen=True, slots=True)
class Reinforce:
    kind: PieceKind
    square: Square
    facing: Direction

    def to_str(self) -> str:
        return f"reinforce {self.kind} {square_name(self.square)} {self.facing.name}"


@dataclass(frozen=True, slots=True)
class FinishChain:
    def to_str(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Pick:
    """Deck-build draft: take one card of the pool for the shared deck (public)."""

    card: CardKind

    def to_str(self) -> str:
        return f"pick {self.card}"


def _sorted_cards(cards: tuple[CardKind, ...]) -> tuple[CardKind, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


@dataclass(frozen=True, slots=True)
class ChooseDeck:
    """Deck-build secret option: the seven cards of my own deck (a multiset, canonical order)."""

    cards: tuple[CardKind, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))

    def to_str(self) -> str:
        return f"deck {','.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Prepare:
    """Expansion rule 1: the expansion cards I prepare (a set, canonical order; secret)."""

    cards: tuple[CardKind, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted_cards(self.cards))

    def to_str(self) -> str:
        return f"prepare {','.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """軍師の閃き: take prepared card ``take`` into hand and remove ``give`` from the game."""

    take: CardKind
    give: CardKind

    def to_str(self) -> str:
        return f"exchange {self.take} {self.give}"


@dataclass(frozen=True, slots=True)
class KeepHand:
    """軍師の閃き: decline the once-per-game exchange."""

    def to_str(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class RouteReinforce:
    """援軍経路: a stock piece on a square next to an own infantry or archer."""

    kind: PieceKind
    square: Square
    facing: Direction

    def to_str(self) -> str:
        return f"route {self.kind} {square_name(self.square)} {self.facing.name}"


@dataclass(frozen=True, slots=True)
class ScoutCard:
    """伝令偵察: look at the opponent's queued card ``position`` (1–4; 0 = 疾風伝令 slot)."""

    position: int

    def to_str(self) -> str:
        return f"scout card {self.position or 'swift'}"


@dataclass(frozen=True, slots=True)
class ScoutGeneral:
    """将軍偵察: ask whether the opponent's piece on ``square`` is its general (public answer)."""

    square: Square

    def to_str(self) -> str:
        return f"scout general {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """位置入替: the own pieces on ``first`` and ``second`` (first < second) trade squares."""

    first: Square
    second: Square

    def __post_init__(self) -> None:
        if self.first > self.second:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    def to_str(self) -> str:
        return f"swap {square_name(self.first)} {square_name(self.second)}"


Action = (
    Deploy
    | DeployFence
    | ChooseGeneral
    | ArrangeCards
    | PlayCard
    | EndCommand
    | MovePiece
    | SelectLeader
    | SelectShooter
    | Rotate
    | Shoot
    | PlaceFence
    | Reinforce
    | FinishChain
    | Pick
    | ChooseDeck
    | Prepare
    | Exchange
    | KeepHand
    | RouteReinforce
    | ScoutCard
    | ScoutGeneral
    | Swap
)


# -- Shared action values ----------------------------------------------------------------------
#
# Actions are immutable values compared by their fields, so one instance of each can serve every
# game: ``legal_actions`` hands out these, built once here, instead of building thousands of
# equal objects per game. Index them as ``MOVES[origin][target]``, ``ROTATIONS[square][facing]``
# and so on.

#: ``MOVES[origin][target]``: the move without intrusion; ``INTRUDING_MOVES`` the one with it.
MOVES: Final = tuple(tuple(MovePiece(o, t) for t in SQUARES) for o in SQUARES)
INTRUDING_MOVES: Final = tuple(tuple(MovePiece(o, t, True) for t in SQUARES) for o in SQUARES)
#: ``SHOTS[origin][target]``.
SHOTS: Final = tuple(tuple(Shoot(o, t) for t in SQUARES) for o in SQUARES)
#: ``ROTATIONS[square][facing]`` and ``SELECTIONS[square][direction]``.
ROTATIONS: Final = tuple(tuple(Rotate(sq, d) for d in DIRECTIONS) for sq in SQUARES)
SELECTIONS: Final = tuple(tuple(SelectLeader(sq, d) for d in DIRECTIONS) for sq in SQUARES)
#: ``SHOOTER_SELECTIONS[square]``.
SHOOTER_SELECTIONS: Final = tuple(SelectShooter(sq) for sq in SQUARES)
#: ``TURNS[square][facing]``: the three rotations of a piece facing ``facing``, in N, E, S, W order.
TURNS: Final = tuple(
    tuple(tuple(r for r in ROTATIONS[sq] if r.facing is not facing) for facing in DIRECTIONS)
    for sq in SQUARES
)
#: ``DEPLOYS[kind][square][facing]`` and ``REINFORCEMENTS[kind][square][facing]``.
DEPLOYS: Final = {
    kind: tuple(tuple(Deploy(kind, sq, d) for d in DIRECTIONS) for sq in SQUARES)
    for kind in PieceKind
}
REINFORCEMENTS: Final = {
    kind: tuple(tuple(Reinforce(kind, sq, d) for d in DIRECTIONS) for sq in SQUARES)
    for kind in PieceKind
}
#: ``DEPLOY_FENCES[edge]``.
DEPLOY_FENCES: Final = tuple(DeployFence(edge) for edge in EDGES)
#: ``PLAYS[card]``, the two ways to close the command step, and ``done``.
PLAYS: Final = {card: PlayCard(card) for card in CardKind}
END: Final = EndCommand()
DISPATCH: Final = EndCommand(dispatch=True)
FINISH: Final = FinishChain()


def _cards(text: str) -> tuple[CardKind, ...]:
    return tuple(_card(c) for c in text.split(",")) if text else ()


def parse_action(text: str) -> Action:
    """Parse the notation of one decision.

    >>> parse_action("b6-b7+")
    MovePiece(origin=43, target=50, intrude=True)
    """
    words = text.split()
    try:
        return _parse_words(words)
    except (IndexError, ValueError) as exc:
        if isinstance(exc, InvalidActionError):
            raise
        raise InvalidActionError("bad_action", f"not an action: {text!r}") from None


def _parse_words(words: list[str]) -> Action:
    head = words[0]
    if head == "deploy" and words[1] == "fence" and len(words) == 3:
        return DeployFence(parse_edge(words[2]))
    if head == "deploy" and len(words) == 4:
        return Deploy(_kind(words[1]), parse_square(words[2]), _direction(words[3]))
    if head == "reinforce" and len(words) == 4:
        return Reinforce(_kind(words[1]), parse_square(words[2]), _direction(words[3]))
    if head == "general" and len(words) == 2:
        return ChooseGeneral(parse_square(words[1]))
    if head == "cards" and len(words) == 4 and words[2] == "/":
        return ArrangeCards(_cards(words[1]), _cards(words[3]))
    if head == "play" and len(words) == 2:
        return PlayCard(_card(words[1]))
    if head == "route" and len(words) == 4:
        return RouteReinforce(_kind(words[1]), parse_square(words[2]), _direction(words[3]))
    if head == "pick" and len(words) == 2:
        return Pick(_card(words[1]))
    if head == "deck" and len(words) == 2:
        return ChooseDeck(_cards(words[1]))
    if head == "prepare" and len(words) == 2:
        return Prepare(_cards(words[1]))
    if head == "exchange" and len(words) == 3:
        return Exchange(_card(words[1]), _card(words[2]))
    if head == "scout" and len(words) == 3 and words[1] == "card":
        if words[2] == "swift":
            return ScoutCard(0)
        position = int(words[2])
        if not 1 <= position <= 4 or words[2] != str(position):
            raise InvalidActionError("bad_action", f"not a queue position: {words[2]!r}")
        return ScoutCard(position)
    if head == "scout" and len(words) == 3 and words[1] == "general":
        return ScoutGeneral(parse_square(words[2]))
    if head == "swap" and len(words) == 3:
        first, second = parse_square(words[1]), parse_square(words[2])
        if first >= second:
            raise InvalidActionError("bad_action", "swap names the lower square first")
        return Swap(first, second)
    if head == "select" and len(words) == 3 and words[2] == "x":
        return SelectShooter(parse_square(words[1]))
    if head == "select" and len(words) == 3:
        return SelectLeader(parse_square(words[1]), _direction(words[2]))
    if len(words) != 1:
        raise InvalidActionError("bad_action", f"not an action: {' '.join(words)!r}")
    if head == "keep":
        return KeepHand()
    if head in ("end", "dispatch"):
        return EndCommand(dispatch=head == "dispatch")
    if head == "done":
        return FinishChain()
    origin, sep, rest = head[:2], head[2:3], head[3:]
    if sep == "-":
        intrude = rest.endswith("+")
        return MovePiece(parse_square(origin), parse_square(rest.removesuffix("+")), intrude)
    if sep == ">":
        return Rotate(parse_square(origin), _direction(rest))
    if sep == "x":
        return Shoot(parse_square(origin), parse_square(rest))
    if sep == "#":
        return PlaceFence(parse_square(origin), parse_edge(rest))
    raise InvalidActionError("bad_action", f"not an action: {head!r}")
