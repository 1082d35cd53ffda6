"""Custom start positions: an opening fixed by the organiser, which every game of an event
starts from.

The rulebook's starter guide and advanced patterns (RULES.md §14) skip deployment: the pieces
stand on the board, the fences are up and the card orders are printed; the players only choose
their generals, freely. A ``StartPosition`` holds such an opening:

* **pieces**: owner, kind, facing and (infantry only) shield of the piece on each square. A
  preset may put pieces anywhere on the board (the advanced patterns do not follow the camps),
  within the box's stock (10 infantry and 10 shields, 8 archers, 6 cavalry, RULES.md §1.2).
  Each side needs at least one piece, to choose its general from.
* **fences** of each side: at most four (§1.4), on any edge of the board, one fence per edge,
  never on an edge of a square an enemy piece stands on (arriving there would have removed it,
  §10.5).
* **LP** of each side when the war begins: 0 unless the organiser sets it (Q12), at most 18.
* **hand and deck** of each side (optional): a hand of three and a deck of four, top first,
  that together are the side's seven cards (§1.5). A side without them arranges its cards in
  set-up as usual.
* **intruded pieces** of each side (optional): pieces already in its intrusion area, fewer
  than three points (§3.2: three would have won); they count against the box's stock.
* **expansion formats** (engine.formats): in a deck-build game (Rule 3) each side's seven cards
  (``cards``, or its hand and deck) may be fixed, for both sides or neither, within one
  colour's set (shared-deck options: the same seven for both); in an expansion game (Rule 2)
  each side's prepared expansion cards (``prepared``, for both sides or neither) and whether
  its one-time exchange is used up (``exchange done``).

``new_game(start=...)`` puts the position on the board at the set-up phase with Red to act:
the first decision is Red's general, then Blue's (each followed by its card arrangement when
that side's cards are not fixed), then the war begins with Red's turn. In the expansion
formats what the position leaves open is chosen first, as the format chooses it before
deployment: the draft when the seven cards are not fixed, the preparation (options 2 and 3)
when the prepared cards are not (option 1 deals them from the format's seed); set-up follows.

Piece letters are given per kind in square order (a1, b1, …, g7): the rulebook lets same-kind
pieces take any letters (§14.2), and a letter is only a name.

Two equivalent forms, both round-trip: ``to_dict``/``from_dict`` (JSON-ready, stored on
matches and records) and ``to_text``/``from_text``, one line per side::

    red: lp 0; pieces Ib2N Ic2N A-d1N; fences c2N; cards MV,RS,FN / MV,RS,MV,RF
    blue: pieces Ib6S Cd7S; cards MV,RS,RF / MV,RS,MV,FN

A piece is ``<kind><square><facing>`` (``I`` infantry, ``A`` archer, ``C`` cavalry); ``I-``
is an infantry without its shield. ``lp``, ``fences`` and ``cards`` may be left out (0, none,
arranged in set-up), as may ``intruded I- A`` (kinds, none), ``prepared RM,LI,SC`` and
``exchange done``. ``cards`` without ``/`` fixes a deck-build side's seven cards only. Errors
are ``StartPositionError`` with a stable ``code``; ``start_state`` checks what depends on
the format and the rulings.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .errors import EngineError
from .formats import DeckOption, GameFormat, Variant, is_buildable
from .rulings import Rulings
from .state import GameState, Phase, Piece, SideState, Stock, evolve
from .types import (
    BASIC_DECK,
    CARD_ORDER,
    EDGES,
    FENCES_PER_SIDE,
    HAND_SIZE,
    LETTERS,
    LP_MAX,
    RIKUTO_CARDS,
    SANRYAKU_CARDS,
    SHIELDS_TOTAL,
    SQUARES,
    STOCK_TOTALS,
    CardKind,
    Direction,
    Edge,
    PieceKind,
    Side,
    Square,
    edge_name,
    edge_squares,
    parse_edge,
    parse_square,
    square_name,
)

#: LP of each side when a preset game's war begins, unless the organiser sets it (Q12).
PRESET_LP = 0
#: Expansion rule 1, options 1 and 2: prepared cards of each side (§13.1).
PREPARED_CARDS = 3

_PIECE = re.compile(r"^([IAC])(-?)([a-g][1-7])([NESW])$")
_INTRUDED = re.compile(r"^([IAC])(-?)$")
_SEGMENTS = ("lp", "pieces", "fences", "cards", "intruded", "prepared", "exchange")
_SIDE_KEYS = frozenset(
    {"lp", "pieces", "fences", "hand", "deck", "cards", "intruded", "prepared", "exchange_done"}
)
#: Intrusion points that win the game (§3.2): a start position holds fewer.
_WINNING_POINTS = 3


class StartPositionError(EngineError):
    """A start position that is malformed or breaks the rules of the box."""


@dataclass(frozen=True, slots=True)
class PresetPiece:
    """One piece of a start position. ``shield`` is for infantry only; an infantry carries its
    shield unless ``shield=False`` (``None`` is normalised to that default)."""

    square: Square
    owner: Side
    kind: PieceKind
    facing: Direction
    shield: bool | None = None

    def __post_init__(self) -> None:
        if self.shield is None:
            object.__setattr__(self, "shield", self.kind is PieceKind.INFANTRY)
        if self.shield and self.kind is not PieceKind.INFANTRY:
            raise StartPositionError(
                "start_shield", f"only infantry carries a shield ({square_name(self.square)})"
            )

    @property
    def shielded(self) -> bool:
        return bool(self.shield)

    def to_str(self) -> str:
        shield = "-" if self.kind is PieceKind.INFANTRY and not self.shielded else ""
        return f"{self.kind.value}{shield}{square_name(self.square)}{self.facing.name}"

    @classmethod
    def parse(cls, text: str, owner: Side) -> PresetPiece:
        found = _PIECE.match(text)
        if found is None:
            raise StartPositionError(
                "start_syntax", f"not a piece: {text!r} (e.g. Ic2N, I-c2N, Ab1E)"
            )
        kind = PieceKind(found[1])
        if found[2] and kind is not PieceKind.INFANTRY:
            raise StartPositionError("start_syntax", f"only infantry carries a shield: {text!r}")
        return cls(
            square=parse_square(found[3]),
            owner=owner,
            kind=kind,
            facing=Direction[found[4]],
            shield=kind is PieceKind.INFANTRY and not found[2],
        )


@dataclass(frozen=True, slots=True)
class PresetIntruder:
    """A piece already in a side's intrusion area: its kind and (infantry) shield."""

    kind: PieceKind
    shield: bool = False

    def __post_init__(self) -> None:
        if self.shield and self.kind is not PieceKind.INFANTRY:
            raise StartPositionError("start_shield", "only infantry carries a shield")

    @property
    def points(self) -> int:
        return 2 if self.shield else 1

    def to_str(self) -> str:
        return "I" if self.shield else ("I-" if self.kind is PieceKind.INFANTRY else self.kind)

    @classmethod
    def parse(cls, text: str) -> PresetIntruder:
        found = _INTRUDED.match(text)
        if found is None or (found[2] and found[1] != "I"):
            raise StartPositionError(
                "start_syntax", f"not an intruded piece: {text!r} (I, I-, A, C)"
            )
        kind = PieceKind(found[1])
        return cls(kind, shield=kind is PieceKind.INFANTRY and not found[2])


def _card_sorted(cards: tuple[CardKind, ...]) -> tuple[CardKind, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


@dataclass(frozen=True, slots=True)
class PresetSide:
    """One side's fences, LP, intruded pieces and (optionally) fixed cards.

    ``hand``/``deck`` fix the arrangement (empty: arranged in set-up); ``cards`` fixes only the
    seven cards of a deck-build game (hand and deck, when given, are those seven). ``prepared``
    and ``exchange_done`` are expansion rule 1's state (§13.1).
    """

    lp: int = PRESET_LP
    fences: tuple[Edge, ...] = ()
    hand: tuple[CardKind, ...] = ()
    deck: tuple[CardKind, ...] = ()
    cards: tuple[CardKind, ...] = ()
    intruded: tuple[PresetIntruder, ...] = ()
    prepared: tuple[CardKind, ...] = ()
    exchange_done: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "fences", tuple(sorted(self.fences)))
        object.__setattr__(self, "hand", _card_sorted(self.hand))
        cards = self.cards or (self.hand + self.deck if self.hand and self.deck else ())
        object.__setattr__(self, "cards", _card_sorted(cards))
        object.__setattr__(self, "prepared", _card_sorted(self.prepared))
        intruded = sorted(self.intruded, key=lambda p: (p.kind.value, not p.shield))
        object.__setattr__(self, "intruded", tuple(intruded))

    @property
    def cards_fixed(self) -> bool:
        return bool(self.hand)

    @property
    def intrusion_points(self) -> int:
        return sum(p.points for p in self.intruded)


@dataclass(frozen=True, slots=True)
class StartPosition:
    """A whole opening: the pieces (sorted by square) and each side's fences, LP and cards.

    Construction validates it; an invalid position raises ``StartPositionError``.
    """

    pieces: tuple[PresetPiece, ...]
    sides: tuple[PresetSide, PresetSide] = field(default=(PresetSide(), PresetSide()))

    def __post_init__(self) -> None:
        object.__setattr__(self, "pieces", tuple(sorted(self.pieces, key=lambda p: p.square)))
        _validate(self)

    # -- dict form ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """``{"red": {"lp", "pieces", "fences", "hand", "deck"}, "blue": {...}}``."""
        return {side.label: self._side_dict(side) for side in Side}

    def _side_dict(self, side: Side) -> dict[str, Any]:
        preset = self.sides[side]
        data: dict[str, Any] = {
            "lp": preset.lp,
            "pieces": [p.to_str() for p in self.pieces if p.owner is side],
            "fences": [edge_name(e) for e in preset.fences],
            "hand": [c.value for c in preset.hand],
            "deck": [c.value for c in preset.deck],
        }
        # Written only when used, so positions made before these existed keep their form.
        if preset.cards and not preset.cards_fixed:
            data["cards"] = [c.value for c in preset.cards]
        if preset.intruded:
            data["intruded"] = [p.to_str() for p in preset.intruded]
        if preset.prepared:
            data["prepared"] = [c.value for c in preset.prepared]
        if preset.exchange_done:
            data["exchange_done"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any) -> StartPosition:
        """The inverse of ``to_dict``; missing side keys take their defaults."""
        if not isinstance(data, dict) or set(data) != {"red", "blue"}:
            raise StartPositionError("start_syntax", "a start position has a red and a blue side")
        pieces: list[PresetPiece] = []
        sides: list[PresetSide] = []
        for side in Side:
            entry = data[side.label]
            if not isinstance(entry, dict) or set(entry) - _SIDE_KEYS:
                raise StartPositionError("start_syntax", f"bad {side.label} side: {entry!r}")
            try:
                pieces.extend(PresetPiece.parse(str(t), side) for t in entry.get("pieces", ()))
                lp = entry.get("lp", PRESET_LP)
                if isinstance(lp, bool) or not isinstance(lp, int):
                    raise StartPositionError("start_syntax", f"LP must be a number: {lp!r}")
                exchange_done = entry.get("exchange_done", False)
                if not isinstance(exchange_done, bool):
                    raise StartPositionError("start_syntax", "exchange_done is true or false")
                sides.append(
                    PresetSide(
                        lp=lp,
                        fences=tuple(parse_edge(str(e)) for e in entry.get("fences", ())),
                        hand=tuple(CardKind(c) for c in entry.get("hand", ())),
                        deck=tuple(CardKind(c) for c in entry.get("deck", ())),
                        cards=tuple(CardKind(c) for c in entry.get("cards", ())),
                        intruded=tuple(
                            PresetIntruder.parse(str(p)) for p in entry.get("intruded", ())
                        ),
                        prepared=tuple(CardKind(c) for c in entry.get("prepared", ())),
                        exchange_done=exchange_done,
                    )
                )
            except StartPositionError:
                raise
            except (EngineError, ValueError, TypeError) as exc:
                raise StartPositionError("start_syntax", f"{side.label}: {exc}") from None
        return cls(pieces=tuple(pieces), sides=(sides[0], sides[1]))

    # -- text form ---------------------------------------------------------------------------

    def to_text(self) -> str:
        """One line per side, Red first (see the module docstring)."""
        lines = []
        for side in Side:
            preset = self.sides[side]
            parts = [
                f"lp {preset.lp}",
                "pieces " + " ".join(p.to_str() for p in self.pieces if p.owner is side),
            ]
            if preset.fences:
                parts.append("fences " + " ".join(edge_name(e) for e in preset.fences))
            if preset.cards_fixed:
                parts.append(f"cards {','.join(preset.hand)} / {','.join(preset.deck)}")
            elif preset.cards:
                parts.append(f"cards {','.join(preset.cards)}")
            if preset.intruded:
                parts.append("intruded " + " ".join(p.to_str() for p in preset.intruded))
            if preset.prepared:
                parts.append(f"prepared {','.join(preset.prepared)}")
            if preset.exchange_done:
                parts.append("exchange done")
            lines.append(f"{side.label}: " + "; ".join(parts))
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> StartPosition:
        """Parse the text form; blank lines and ``#`` comments are ignored."""
        found: dict[str, dict[str, Any]] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            label, colon, rest = line.partition(":")
            label = label.strip().lower()
            if not colon or label not in ("red", "blue"):
                raise StartPositionError(
                    "start_syntax", f"line {number}: start with 'red:' or 'blue:'"
                )
            if label in found:
                raise StartPositionError("start_syntax", f"line {number}: {label} given twice")
            found[label] = _parse_side_line(rest, number)
        if set(found) != {"red", "blue"}:
            raise StartPositionError("start_syntax", "give one line for red and one for blue")
        return cls.from_dict(found)


def _parse_side_line(text: str, number: int) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    for segment in filter(None, (s.strip() for s in text.split(";"))):
        key, _, value = segment.partition(" ")
        value = value.strip()
        if key not in _SEGMENTS or key in entry or (key == "exchange" and "exchange_done" in entry):
            raise StartPositionError(
                "start_syntax",
                f"line {number}: {key!r} is not one of {', '.join(_SEGMENTS)} (each once)",
            )
        if key == "lp":
            if not value.isdigit():
                raise StartPositionError("start_syntax", f"line {number}: LP must be a number")
            entry["lp"] = int(value)
        elif key in ("pieces", "fences", "intruded"):
            entry[key] = value.split()
        elif key == "prepared":
            entry[key] = [c.strip() for c in value.split(",") if c.strip()]
        elif key == "exchange":
            if value != "done":
                raise StartPositionError("start_syntax", f"line {number}: write 'exchange done'")
            entry["exchange_done"] = True
        else:
            hand, slash, deck = value.partition("/")
            if not slash:  # a deck-build side's seven cards, arranged in set-up
                entry["cards"] = [c.strip() for c in hand.split(",") if c.strip()]
                continue
            entry["hand"] = [c.strip() for c in hand.split(",") if c.strip()]
            entry["deck"] = [c.strip() for c in deck.split(",") if c.strip()]
    return entry


def _all_intruded(start: StartPosition) -> list[PresetIntruder]:
    return [p for side in start.sides for p in side.intruded]


def _validate(start: StartPosition) -> None:
    """What holds in every format: the board, the box, fences, intrusions, card counts."""
    occupied: dict[Square, PresetPiece] = {}
    for piece in start.pieces:
        if not 0 <= piece.square < len(SQUARES):
            raise StartPositionError("start_square", f"no square {piece.square}")
        if piece.square in occupied:
            raise StartPositionError(
                "start_square_taken", f"two pieces on {square_name(piece.square)}"
            )
        occupied[piece.square] = piece
    intruded = _all_intruded(start)
    counts = Counter(p.kind for p in start.pieces) + Counter(p.kind for p in intruded)
    for kind, total in STOCK_TOTALS.items():
        if counts[kind] > total:
            raise StartPositionError(
                "start_stock",
                f"{counts[kind]} {kind.name.lower()} pieces on the board and intruded,"
                f" the box has {total}",
            )
    shields = sum(p.shielded for p in start.pieces) + sum(p.shield for p in intruded)
    if shields > SHIELDS_TOTAL:  # pragma: no cover - 10 infantry
        raise StartPositionError("start_stock", f"more than {SHIELDS_TOTAL} shields")
    for side in Side:
        if not any(p.owner is side for p in start.pieces):
            raise StartPositionError(
                "start_no_pieces", f"{side.label} has no piece to choose a general from"
            )
        _validate_side(start.sides[side], side, occupied)
    shared = set(start.sides[0].fences) & set(start.sides[1].fences)
    if shared:
        edge = edge_name(min(shared))
        raise StartPositionError("start_fence_shared", f"both sides have a fence on {edge}")


def _validate_side(preset: PresetSide, side: Side, occupied: dict[Square, PresetPiece]) -> None:
    who = side.label
    if not 0 <= preset.lp <= LP_MAX:
        raise StartPositionError("start_lp", f"{who} LP {preset.lp} is not within 0–{LP_MAX}")
    if len(preset.fences) > FENCES_PER_SIDE:
        raise StartPositionError(
            "start_fences", f"{who} has {len(preset.fences)} fences, at most {FENCES_PER_SIDE}"
        )
    if len(set(preset.fences)) != len(preset.fences):
        raise StartPositionError("start_fences", f"{who} has two fences on one edge")
    for edge in preset.fences:
        if not 0 <= edge < len(EDGES):
            raise StartPositionError("start_fences", f"no edge {edge}")
        enemy = [
            sq for sq in edge_squares(edge) if sq in occupied and occupied[sq].owner is not side
        ]
        if enemy:
            raise StartPositionError(
                "start_fence_by_enemy",
                f"{who} fence {edge_name(edge)} borders an enemy piece on {square_name(enemy[0])}",
            )
    if preset.intrusion_points >= _WINNING_POINTS:
        raise StartPositionError(
            "start_intrusion",
            f"{who} has {preset.intrusion_points} intrusion points: {_WINNING_POINTS} win the game",
        )
    expansion = set(RIKUTO_CARDS + SANRYAKU_CARDS)
    if len(set(preset.prepared)) != len(preset.prepared) or not set(preset.prepared) <= expansion:
        raise StartPositionError(
            "start_prepared", f"{who}'s prepared cards must be different expansion cards"
        )
    if not preset.hand and not preset.deck and not preset.cards:
        return
    if (preset.hand or preset.deck) and (
        len(preset.hand) != HAND_SIZE or len(preset.deck) != len(BASIC_DECK) - HAND_SIZE
    ):
        raise StartPositionError(
            "start_cards", f"{who} needs a hand of {HAND_SIZE} and a deck of the other 4 cards"
        )
    if len(preset.cards) != len(BASIC_DECK) or (
        preset.hand and Counter(preset.hand + preset.deck) != Counter(preset.cards)
    ):
        raise StartPositionError(
            "start_cards", f"{who}'s cards must be seven, its hand and deck those seven"
        )
    if not is_buildable(preset.cards, promos=True):
        raise StartPositionError("start_cards", f"{who}'s seven cards are not one colour's set")


def _validate_for_format(start: StartPosition, fmt: GameFormat, rulings: Rulings) -> None:
    """What depends on the game format and the rulings (``start_state``)."""
    for side in Side:
        preset = start.sides[side]
        if preset.lp > rulings.lp_cap:
            raise StartPositionError(
                "start_lp", f"{side.label} LP {preset.lp} is above the cap of {rulings.lp_cap}"
            )
        if fmt.variant is not Variant.EXPANSION and (preset.prepared or preset.exchange_done):
            raise StartPositionError(
                "start_format", "prepared cards and the exchange belong to the expansion game"
            )
        if fmt.variant is not Variant.DECK_BUILD:
            if preset.cards and not preset.cards_fixed:
                raise StartPositionError(
                    "start_format", "seven cards without hand and deck are for deck building"
                )
            if preset.cards and Counter(preset.cards) != Counter(BASIC_DECK):
                raise StartPositionError(
                    "start_cards",
                    f"{side.label}'s hand and deck must be its seven cards:"
                    f" {','.join(sorted(BASIC_DECK))}",
                )
    if fmt.variant is Variant.DECK_BUILD:
        _validate_deck_build(start, fmt)
    elif fmt.variant is Variant.EXPANSION:
        _validate_prepared(start, fmt)


def _validate_deck_build(start: StartPosition, fmt: GameFormat) -> None:
    red, blue = (s.cards for s in start.sides)
    if bool(red) != bool(blue):
        raise StartPositionError(
            "start_cards", "fix both sides' seven cards or neither (the draft chooses them)"
        )
    if not red:
        return
    for side, cards in zip(Side, (red, blue), strict=True):
        if not is_buildable(cards, promos=fmt.promos):
            raise StartPositionError(
                "start_cards", f"{side.label}'s seven cards are not one colour's set"
            )
    if fmt.deck_option is DeckOption.AGREED and not red == blue == fmt.agreed_deck:
        raise StartPositionError("start_cards", "both sides play the format's agreed deck")
    if fmt.deck_option is not DeckOption.SECRET and red != blue:
        raise StartPositionError("start_cards", "both sides play the same seven cards")


def _validate_prepared(start: StartPosition, fmt: GameFormat) -> None:
    red, blue = (s.prepared for s in start.sides)
    if bool(red) != bool(blue):
        raise StartPositionError(
            "start_prepared", "fix both sides' prepared cards or neither (they are chosen first)"
        )
    if not red:
        return
    for side, prepared in zip(Side, (red, blue), strict=True):
        if not set(prepared) <= set(fmt.expansion_cards):
            raise StartPositionError(
                "start_prepared", f"{side.label} prepared a card this format does not use"
            )
        if fmt.expansion_option != 3 and len(prepared) != PREPARED_CARDS:
            raise StartPositionError(
                "start_prepared", f"{side.label} needs {PREPARED_CARDS} prepared cards"
            )
    if fmt.expansion_option == 3 and (red != blue or len(red) not in (2, 4)):
        raise StartPositionError(
            "start_prepared", "option 3 lays out the same 2 or 4 surviving cards for both sides"
        )


def start_state(start: StartPosition, *, format: GameFormat, rulings: Rulings) -> GameState:
    """The state of a game opening on ``start``: set-up with Red to choose its general, after
    the draft or the preparation when the format chooses what the position leaves open."""
    _validate_for_format(start, format, rulings)
    letters = {kind: iter(LETTERS[kind]) for kind in PieceKind}
    board: list[Piece | None] = [None for _ in SQUARES]
    for p in start.pieces:
        board[p.square] = Piece(p.kind, p.owner, p.facing, next(letters[p.kind]), p.shielded)
    intruded = [
        tuple(Piece(p.kind, side, Direction.N, next(letters[p.kind]), p.shield) for p in s.intruded)
        for side, s in zip(Side, start.sides, strict=True)
    ]
    counts = Counter(p.kind for p in start.pieces) + Counter(p.kind for p in _all_intruded(start))
    shields = sum(p.shielded for p in start.pieces) + sum(p.shield for p in _all_intruded(start))
    stock = Stock(
        infantry=STOCK_TOTALS[PieceKind.INFANTRY] - counts[PieceKind.INFANTRY],
        archer=STOCK_TOTALS[PieceKind.ARCHER] - counts[PieceKind.ARCHER],
        cavalry=STOCK_TOTALS[PieceKind.CAVALRY] - counts[PieceKind.CAVALRY],
        shields=SHIELDS_TOTAL - shields,
    )
    deck_build = format.variant is Variant.DECK_BUILD
    red, blue = (
        SideState(
            lp=s.lp,
            fences=frozenset(s.fences),
            hand=s.hand,
            deck=s.deck,
            intruded=intruded[side],
            cards=s.cards if deck_build else (),
            prepared=s.prepared,
            exchange_done=s.exchange_done,
        )
        for side, s in zip(Side, start.sides, strict=True)
    )
    state = GameState(
        board=tuple(board),
        sides=(red, blue),
        stock=stock,
        phase=Phase.SETUP,
        to_act=Side.RED,
        format=format,
        rulings=rulings,
        preset=True,
    )
    return _open_choices(state, start)


def _open_choices(state: GameState, start: StartPosition) -> GameState:
    """Before set-up, the draft or the preparation of what ``start`` leaves to the players
    (they come before deployment in a normal game; ``engine.preparation`` goes on to set-up)."""
    from .preparation import initial_state

    fmt = state.format
    if fmt.variant is Variant.DECK_BUILD and not start.sides[Side.RED].cards:
        return initial_state(state)  # the draft (AGREED: the format's deck, then set-up)
    if fmt.variant is Variant.EXPANSION and not start.sides[Side.RED].prepared:
        if fmt.expansion_option == 1:
            return initial_state(state)  # dealt from the format's seed
        return evolve(state, phase=Phase.PREPARE)
    return state


#: The starter guide's card orders (RULES.md §14.1; side A = Red, side B = Blue, inferred):
#: hand and deck (top first) of each side. The guide's piece positions are lost (Q16): the
#: organiser enters them.
STARTER_GUIDE_CARDS: tuple[tuple[tuple[CardKind, ...], tuple[CardKind, ...]], ...] = (
    (
        (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE),
        (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.MOVE, CardKind.REINFORCE),
    ),
    (
        (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.REINFORCE),
        (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.MOVE, CardKind.FENCE),
    ),
)
