"""Positions for rule tests, built directly from a compact description.

A rule test wants one exact situation (a cavalry two squares from a fence, an archer facing a
shielded infantry…) without playing a whole deployment to reach it. ``position`` builds a
war-phase ``GameState`` from:

* ``pieces``: square name -> piece code ``<owner><kind><facing>[*][:<letter>]``, e.g.
  ``"rIN"`` (Red infantry with shield facing N), ``"biS"`` (Blue infantry *without* shield,
  lower-case ``i`` as in ``engine.state.render_board``), ``"rAE*"`` (Red archer facing E, Red's
  general), ``"bCS:X"`` (Blue cavalry with the letter X). Letters default to the first free
  letter of the kind, in square order.
* one ``Seat`` per side: LP, hand, deck (top first), queue (1st first; ``^`` marks a face-up
  card), the 疾風伝令 card, fences (edge names), intruded pieces.

The stock is whatever the board and intrusion areas leave of the box (RULES.md §1.2). When a
seat gives neither hand nor deck, the basic cards that are not queued go to the hand (three)
and the deck, in ``BASIC_DECK`` order, so the seven cards are all accounted for.

``begin_turn`` starts the built side's war turn through the real engine path (the opponent
closes its command step), so the military action runs exactly as in a game: the 疾風伝令 card,
then the 1st card, skips included. ``quick_war`` plays a fixed legal deployment and set-up.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.actions import Action, EndCommand, parse_action
from engine.rules import apply_action, legal_actions, new_game
from engine.rulings import RECOMMENDED, Rulings
from engine.state import GameState, Phase, Piece, QueuedCard, SideState, Stock
from engine.types import (
    BASIC_DECK,
    LETTERS,
    SHIELDS_TOTAL,
    SQUARES,
    STOCK_TOTALS,
    CardKind,
    Direction,
    PieceKind,
    Side,
    parse_edge,
    parse_square,
)

_PIECE_CODE = re.compile(r"^([rb])([IiAC])([NESW])(\*?)(?::([A-X]))?$")
_KINDS = {
    "I": PieceKind.INFANTRY,
    "i": PieceKind.INFANTRY,
    "A": PieceKind.ARCHER,
    "C": PieceKind.CAVALRY,
}

R = Side.RED
B = Side.BLUE


def cards(text: str) -> tuple[CardKind, ...]:
    """``"MV RS,FN"`` -> cards, separated by spaces and/or commas."""
    return tuple(CardKind(c) for c in re.split(r"[,\s]+", text.strip()) if c)


def _queued(text: str) -> tuple[QueuedCard, ...]:
    """``"MV RS^"`` -> queued cards; ``^`` marks a face-up card."""
    words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
    return tuple(QueuedCard(CardKind(w.rstrip("^")), w.endswith("^")) for w in words)


@dataclass(frozen=True)
class Seat:
    """One side of a built position. Card texts as in ``cards``; ``None`` = derive a default."""

    lp: int = 0
    hand: str | None = None
    deck: str | None = None
    queue: str = ""
    swift: str | None = None
    fences: str = ""  # edge names, any of an edge's names: "c2N d3E"
    intruded: str = ""  # kind codes as on the board: "I" shielded infantry, "i", "A", "C"
    cards_placed: int | None = None  # None: the smallest count consistent with the faces


@dataclass(frozen=True)
class _ParsedPiece:
    square: int
    kind: PieceKind
    owner: Side
    facing: Direction
    shield: bool
    general: bool
    letter: str | None


def _parse_piece(square_name: str, code: str) -> _ParsedPiece:
    match = _PIECE_CODE.match(code)
    if match is None:
        raise ValueError(f"bad piece code {code!r} on {square_name}")
    owner, kind, facing, star, letter = match.groups()
    return _ParsedPiece(
        square=parse_square(square_name),
        kind=_KINDS[kind],
        owner=R if owner == "r" else B,
        facing=Direction[facing],
        shield=kind == "I",
        general=star == "*",
        letter=letter,
    )


def _cards_placed(queued: Sequence[QueuedCard], given: int | None) -> int:
    """A ``cards_placed`` whose parity matches the last queued card's face (RULES.md §6.2)."""
    if given is not None:
        return given
    if not queued:
        return 0
    count = len(queued)
    last_face_up = queued[-1].face_up
    # The n-th card ever placed (1-based) is face up exactly when n is even.
    if (count % 2 == 0) != last_face_up:
        count += 1
    return count


def _side_state(seat: Seat, general: str | None, intruded: tuple[Piece, ...]) -> SideState:
    queue = _queued(seat.queue)
    swift = _queued(seat.swift)[0] if seat.swift else None
    in_play = [q.card for q in queue] + ([swift.card] if swift else [])
    if seat.hand is None and seat.deck is None:
        rest = list((Counter(BASIC_DECK) - Counter(in_play)).elements())
        rest.sort(key=BASIC_DECK.index)
        hand, deck = tuple(rest[:3]), tuple(rest[3:])
    else:
        hand = cards(seat.hand or "")
        deck = cards(seat.deck or "")
    order_of_placing = ([swift] if swift else []) + list(queue)
    return SideState(
        lp=seat.lp,
        hand=tuple(sorted(hand, key=list(CardKind).index)),
        deck=deck,
        queue=queue,
        swift=swift,
        cards_placed=_cards_placed(order_of_placing, seat.cards_placed),
        fences=frozenset(parse_edge(e) for e in seat.fences.split()),
        general=general,
        intruded=intruded,
    )


def position(
    pieces: Mapping[str, str] | None = None,
    *,
    red: Seat | None = None,
    blue: Seat | None = None,
    to_act: Side = R,
    rulings: Rulings = RECOMMENDED,
    turn: int = 3,
    played_this_turn: int = 0,
) -> GameState:
    """A war-phase state in the command step of ``to_act`` (no card being executed)."""
    parsed = [_parse_piece(sq, code) for sq, code in (pieces or {}).items()]
    seats = {R: red or Seat(), B: blue or Seat()}
    used = {p.letter for p in parsed if p.letter}
    intruded: dict[Side, list[Piece]] = {R: [], B: []}

    def next_letter(kind: PieceKind) -> str:
        letter = next(x for x in LETTERS[kind] if x not in used)
        used.add(letter)
        return letter

    for side in Side:
        for code in seats[side].intruded:
            kind = _KINDS[code]
            piece = Piece(kind, side, Direction.N, next_letter(kind), code == "I")
            intruded[side].append(piece)
    board: list[Piece | None] = [None for _ in SQUARES]
    generals: dict[Side, str | None] = {R: None, B: None}
    for p in sorted(parsed, key=lambda p: p.square):
        letter = p.letter or next_letter(p.kind)
        if board[p.square] is not None:
            raise ValueError(f"two pieces on square {p.square}")
        board[p.square] = Piece(p.kind, p.owner, p.facing, letter, p.shield)
        if p.general:
            if generals[p.owner] is not None:
                raise ValueError(f"two generals for {p.owner.label}")
            generals[p.owner] = letter
    all_pieces = [p for p in board if p is not None] + intruded[R] + intruded[B]
    return GameState(
        board=tuple(board),
        sides=(
            _side_state(seats[R], generals[R], tuple(intruded[R])),
            _side_state(seats[B], generals[B], tuple(intruded[B])),
        ),
        stock=stock_left(all_pieces),
        phase=Phase.WAR,
        to_act=to_act,
        ply=100,
        turn=turn,
        played_this_turn=played_this_turn,
        rulings=rulings,
    )


def stock_left(pieces: Iterable[Piece]) -> Stock:
    """The box stock once ``pieces`` are out of it (RULES.md §1.2)."""
    pieces = list(pieces)
    kinds = Counter(p.kind for p in pieces)
    shields = sum(p.shield for p in pieces)
    return Stock(
        infantry=STOCK_TOTALS[PieceKind.INFANTRY] - kinds[PieceKind.INFANTRY],
        archer=STOCK_TOTALS[PieceKind.ARCHER] - kinds[PieceKind.ARCHER],
        cavalry=STOCK_TOTALS[PieceKind.CAVALRY] - kinds[PieceKind.CAVALRY],
        shields=SHIELDS_TOTAL - shields,
    )


def begin_turn(state: GameState) -> GameState:
    """Start ``state.to_act``'s war turn: the opponent closes its command, the engine runs on.

    The opponent's Rest happens first (it gains LP for its queued cards and draws up to three),
    so with an empty opponent queue and a full opponent hand nothing changes on its side.
    """
    side = state.to_act
    assert side is not None
    assert state.execution is None
    before = replace(state, to_act=side.opponent, played_this_turn=1, turn=state.turn - 1)
    return apply_action(before, EndCommand())


def executing(
    pieces: Mapping[str, str],
    card: str,
    *,
    red: Seat | None = None,
    blue: Seat | None = None,
    to_act: Side = R,
    rulings: Rulings = RECOMMENDED,
) -> GameState:
    """``to_act`` begins a turn with ``card`` in 1st (face down unless ``^``), other seat as given.

    The acting seat's queue is ``card`` (plus whatever its Seat queues after it).
    """
    seat = (red if to_act is R else blue) or Seat()
    seat = replace(seat, queue=f"{card} {seat.queue}".strip())
    seats = {R: red, B: blue, to_act: seat}
    state = position(pieces, red=seats[R], blue=seats[B], to_act=to_act, rulings=rulings)
    return begin_turn(state)


def play(state: GameState, *texts: str) -> GameState:
    """Apply decisions given in notation, each checked against ``legal_actions``."""
    for text in texts:
        state = apply_action(state, parse_action(text))
    return state


def legal(state: GameState) -> set[str]:
    """The legal decisions, as notation strings."""
    return {a.to_str() for a in legal_actions(state)}


def piece_at(state: GameState, square_name: str) -> Piece | None:
    return state.board[parse_square(square_name)]


def code_at(state: GameState, square_name: str) -> str | None:
    """The piece on a square as a builder code without letter and general mark."""
    piece = piece_at(state, square_name)
    if piece is None:
        return None
    kind = "i" if piece.kind is PieceKind.INFANTRY and not piece.shield else piece.kind.value
    return f"{'r' if piece.owner is R else 'b'}{kind}{piece.facing.name}"


def fence_names(state: GameState, side: Side) -> set[str]:
    from engine.types import edge_name

    return {edge_name(e) for e in state.sides[side].fences}


# -- A fixed legal deployment and set-up ------------------------------------------------------

#: Red spends its 18 LP: 3 infantry (6), 2 archers (6), 1 cavalry (4), 2 fences (2).
RED_DEPLOYMENT = (
    "deploy I c2 N",
    "deploy I d2 N",
    "deploy A c1 N",
    "deploy C e2 N",
    "deploy I b2 N",
    "deploy A d1 N",
    "deploy fence c2N",
    "deploy fence d2N",
)
#: Blue mirrors it, facing S.
BLUE_DEPLOYMENT = (
    "deploy I c6 S",
    "deploy I d6 S",
    "deploy A c7 S",
    "deploy C e6 S",
    "deploy I b6 S",
    "deploy A d7 S",
    "deploy fence c5N",
    "deploy fence d5N",
)
RED_CARDS = "cards MV,RS,FN / MV,RS,MV,RF"
BLUE_CARDS = "cards MV,RS,RF / MV,RS,MV,FN"


def quick_war(
    *,
    red_general: str = "d1",
    blue_general: str = "d7",
    red_cards: str = RED_CARDS,
    blue_cards: str = BLUE_CARDS,
    rulings: Rulings = RECOMMENDED,
) -> tuple[GameState, list[Action]]:
    """Play the fixed deployment and set-up; return Red's first war state and the decisions."""
    state = new_game(rulings=rulings)
    done: list[Action] = []
    for red, blue in zip(RED_DEPLOYMENT, BLUE_DEPLOYMENT, strict=True):
        for text in (red, blue):
            action = parse_action(text)
            state = apply_action(state, action)
            done.append(action)
    assert state.phase is Phase.SETUP, state.phase
    for text in (f"general {red_general}", red_cards, f"general {blue_general}", blue_cards):
        action = parse_action(text)
        state = apply_action(state, action)
        done.append(action)
    assert state.phase is Phase.WAR
    assert legal_actions(state)
    return state, done


# -- Random legal games -----------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    before: GameState
    action: Action
    after: GameState


def random_game(seed: int, *, rulings: Rulings | None = None, turn_limit: int = 12) -> list[Step]:
    """A random legal game: each decision uniform among ``legal_actions``, seeded, capped by
    the non-official war-turn limit (ruling Q18) so that it stays short."""
    rng = random.Random(seed)
    state = new_game(rulings=replace(rulings or RECOMMENDED, turn_limit=turn_limit))
    steps = []
    while state.to_act is not None:
        action = rng.choice(legal_actions(state))
        after = apply_action(state, action)
        steps.append(Step(state, action, after))
        state = after
    return steps
