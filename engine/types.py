"""The engine's vocabulary: sides, squares, directions, edges, pieces and cards.

Coordinates follow the rules digest (RULES.md §2.1): columns ``a``–``g`` from Red's left, rows
``1``–``7`` from Red's back row. A square is an ``int`` 0–48 (``row * 7 + column``), as squares
are in python-chess. Directions are absolute compass points seen from above with Blue's side at
the top: ``N`` points from Red towards Blue, ``E`` to Red's right.

An **edge** is a side of a square; fences lie on edges (RULES.md §10.2, the edge model), so an
interior edge belongs to both squares that share it. Edges are ``int`` ids: horizontal edges
``0–55`` (``y * 7 + column``, ``y`` = 0 the bottom border … 7 the top border) and vertical edges
``56–111`` (``56 + row * 8 + x``, ``x`` = 0 the left border … 7 the right border). The text form
names an edge by a square and a side, canonically the square below or to the left of it
(``c2N`` is the edge between c2 and c3; ``a1S`` the bottom border under a1).
"""

from __future__ import annotations

import enum
from typing import Final

from .errors import InvalidActionError

WIDTH: Final = 7
HEIGHT: Final = 7
Square = int
Edge = int

SQUARES: Final = tuple(range(WIDTH * HEIGHT))
FILE_NAMES: Final = "abcdefg"
RANK_NAMES: Final = "1234567"
SQUARE_NAMES: Final = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
_SQUARE_BY_NAME: Final = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


class Side(enum.IntEnum):
    """A player. Red deploys and moves first; Blue second (RULES.md §4.1)."""

    RED = 0
    BLUE = 1

    @property
    def opponent(self) -> Side:
        return _OPPONENTS[self]

    @property
    def label(self) -> str:
        return self.name.lower()


#: The members as plain module constants. Python 3.11 reads an enum member (``Side.RED``) through
#: the enum class's ``__getattr__`` hook, several times slower than a module global, so the
#: engine's hot paths compare against these instead.
RED: Final = Side.RED
BLUE: Final = Side.BLUE
_OPPONENTS: Final = (BLUE, RED)


class Direction(enum.IntEnum):
    """An absolute direction, clockwise from north (towards Blue's back row)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def delta(self) -> tuple[int, int]:
        """(column step, row step)."""
        return _DELTAS[self]

    def turned(self, quarter_turns: int) -> Direction:
        """The direction after ``quarter_turns`` clockwise quarter turns (negative: counter)."""
        return Direction((self + quarter_turns) % 4)

    @property
    def reverse(self) -> Direction:
        return self.turned(2)

    @property
    def right(self) -> Direction:
        return self.turned(1)

    @property
    def left(self) -> Direction:
        return self.turned(-1)


#: The four directions as a tuple: iterating the enum itself is slow on hot paths.
DIRECTIONS: Final = (Direction.N, Direction.E, Direction.S, Direction.W)
#: ``OPPOSITE[direction]``: ``direction.reverse`` without building an enum member on hot paths.
OPPOSITE: Final = (Direction.S, Direction.W, Direction.N, Direction.E)

_DELTAS: Final = {
    Direction.N: (0, 1),
    Direction.E: (1, 0),
    Direction.S: (0, -1),
    Direction.W: (-1, 0),
}


class PieceKind(enum.StrEnum):
    """A soldier type. An infantry always enters with a shield (RULES.md §8.4, R7)."""

    INFANTRY = "I"
    ARCHER = "A"
    CAVALRY = "C"


#: Hot-path constants of the piece kinds (see ``RED``).
INFANTRY: Final = PieceKind.INFANTRY
ARCHER: Final = PieceKind.ARCHER
CAVALRY: Final = PieceKind.CAVALRY

#: Shared stock of the box (RULES.md §1.2): kind -> number of pieces; shields are separate.
STOCK_TOTALS: Final = {PieceKind.INFANTRY: 10, PieceKind.ARCHER: 8, PieceKind.CAVALRY: 6}
SHIELDS_TOTAL: Final = 10
FENCES_PER_SIDE: Final = 4
LP_MAX: Final = 18
LP_START: Final = 18
HAND_SIZE: Final = 3
QUEUE_LIMIT: Final = 4
SWIFT_DISPATCH_COST: Final = 6
FENCE_COST: Final = 1

#: Deployment and reinforcement cost of each kind (RULES.md §4.2, §7.4).
PIECE_COST: Final = {PieceKind.INFANTRY: 2, PieceKind.ARCHER: 3, PieceKind.CAVALRY: 4}

#: Unique letters printed on the 24 non-shield pieces (RULES.md §1.3); which letter sits on which
#: kind is not in the rulebook text, so the engine gives each kind a contiguous block.
LETTERS: Final = {
    PieceKind.INFANTRY: tuple("ABCDEFGHIJ"),
    PieceKind.ARCHER: tuple("KLMNOPQR"),
    PieceKind.CAVALRY: tuple("STUVWX"),
}
KIND_OF_LETTER: Final = {letter: kind for kind, ls in LETTERS.items() for letter in ls}


class CardKind(enum.StrEnum):
    """A card. Codes are the notation's; names follow the rulebook."""

    MOVE = "MV"  # 移動
    ROTATE_SHOOT = "RS"  # 向き変更/射撃
    FENCE = "FN"  # 柵配置
    REINFORCE = "RF"  # 援軍
    # 六韜 expansion cards (RULES.md §12), one set per colour.
    RAPID_MOVE = "RM"  # 高速移動
    SUPPLY_BOOST = "SB"  # 兵站強化
    ROTATE_CROSSBOW = "RC"  # 向き変更/強弩攻撃
    REINFORCEMENT_ROUTE = "RR"  # 援軍経路
    LIGHT_INFANTRY = "LI"  # 軽装歩兵
    SCOUTING = "SC"  # 伝令偵察/将軍偵察
    # 三略 promotional cards (RULES.md §12, "Promo").
    RAPID_FIRE = "RP"  # 連射
    SWAP = "SW"  # 位置入替
    LINKED_STRATAGEM = "LS"  # 連環の計


#: The basic deck of each player (RULES.md §1.5).
BASIC_DECK: Final = (
    CardKind.MOVE,
    CardKind.MOVE,
    CardKind.MOVE,
    CardKind.ROTATE_SHOOT,
    CardKind.ROTATE_SHOOT,
    CardKind.FENCE,
    CardKind.REINFORCE,
)
#: The canonical order of cards (hands are kept sorted in it): basic cards, 六韜, 三略.
CARD_ORDER: Final = {card: i for i, card in enumerate(CardKind)}

#: The six 六韜 expansion cards of one colour (RULES.md §12).
RIKUTO_CARDS: Final = (
    CardKind.RAPID_MOVE,
    CardKind.SUPPLY_BOOST,
    CardKind.ROTATE_CROSSBOW,
    CardKind.REINFORCEMENT_ROUTE,
    CardKind.LIGHT_INFANTRY,
    CardKind.SCOUTING,
)
#: The three 三略 promotional cards of one colour (RULES.md §12, "Promo").
SANRYAKU_CARDS: Final = (CardKind.RAPID_FIRE, CardKind.SWAP, CardKind.LINKED_STRATAGEM)


def square(file: int, rank: int) -> Square:
    """The square at 0-based ``file`` (column a = 0) and ``rank`` (row 1 = 0)."""
    return rank * WIDTH + file


def square_file(sq: Square) -> int:
    return sq % WIDTH


def square_rank(sq: Square) -> int:
    return sq // WIDTH


def square_name(sq: Square) -> str:
    """>>> square_name(square(2, 3))
    'c4'
    """
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    try:
        return _SQUARE_BY_NAME[name]
    except KeyError:
        raise InvalidActionError("bad_square", f"not a square: {name!r}") from None


def step(sq: Square, direction: Direction, distance: int = 1) -> Square | None:
    """The square ``distance`` steps from ``sq`` towards ``direction``, or None off the board."""
    dx, dy = _DELTAS[direction]
    f = sq % WIDTH + dx * distance
    r = sq // WIDTH + dy * distance
    if 0 <= f < WIDTH and 0 <= r < HEIGHT:
        return r * WIDTH + f
    return None


def direction_between(a: Square, b: Square) -> tuple[Direction, int] | None:
    """The direction and distance from ``a`` to ``b`` when they share a row or column."""
    return _DIRECTIONS_BETWEEN[a][b]


def _direction_between(a: int, b: int) -> tuple[Direction, int] | None:
    df = b % WIDTH - a % WIDTH
    dr = b // WIDTH - a // WIDTH
    if df == 0 and dr > 0:
        return Direction.N, dr
    if df == 0 and dr < 0:
        return Direction.S, -dr
    if dr == 0 and df > 0:
        return Direction.E, df
    if dr == 0 and df < 0:
        return Direction.W, -df
    return None


#: ``direction_between`` of every pair of squares, as a table (every move made asks it).
_DIRECTIONS_BETWEEN: Final = tuple(
    tuple(_direction_between(a, b) for b in SQUARES) for a in SQUARES
)


def neighbours(sq: Square) -> tuple[Square, ...]:
    """Orthogonal neighbours (RULES.md §2.5): chains and routes use these."""
    return NEIGHBOURS[sq]


#: ``NEIGHBOURS[sq]``: ``neighbours(sq)`` as a table, for hot loops.
NEIGHBOURS: Final = tuple(
    tuple(n for d in Direction if (n := step(sq, d)) is not None) for sq in SQUARES
)

# -- Edges -----------------------------------------------------------------------------------

_VERTICAL_BASE: Final = (HEIGHT + 1) * WIDTH  # 56
EDGES: Final = tuple(range(_VERTICAL_BASE + HEIGHT * (WIDTH + 1)))


def edge_of(sq: Square, side: Direction) -> Edge:
    """The edge on ``side`` of ``sq``."""
    f, r = sq % WIDTH, sq // WIDTH
    if side is Direction.S:
        return r * WIDTH + f
    if side is Direction.N:
        return (r + 1) * WIDTH + f
    if side is Direction.W:
        return _VERTICAL_BASE + r * (WIDTH + 1) + f
    return _VERTICAL_BASE + r * (WIDTH + 1) + f + 1


def square_edges(sq: Square) -> tuple[Edge, Edge, Edge, Edge]:
    """The four edges of ``sq`` in N, E, S, W order."""
    return _SQUARE_EDGES[sq]


_SQUARE_EDGES: Final = tuple(
    (
        edge_of(sq, Direction.N),
        edge_of(sq, Direction.E),
        edge_of(sq, Direction.S),
        edge_of(sq, Direction.W),
    )
    for sq in SQUARES
)


def edge_squares(edge: Edge) -> tuple[Square, ...]:
    """The one or two squares that have ``edge`` as a side."""
    return _EDGE_SQUARES[edge]


def _squares_of_edge(edge: Edge) -> tuple[Square, ...]:
    return tuple(sq for sq in SQUARES if edge in _SQUARE_EDGES[sq])


_EDGE_SQUARES: Final = tuple(_squares_of_edge(e) for e in EDGES)


def edge_between(a: Square, b: Square) -> Edge:
    """The edge shared by orthogonal neighbours ``a`` and ``b``."""
    found = direction_between(a, b)
    assert found is not None and found[1] == 1, "squares are not neighbours"
    return edge_of(a, found[0])


def edge_name(edge: Edge) -> str:
    """Canonical text of an edge: the square below / left of it, else the border square."""
    return _EDGE_NAMES[edge]


def _canonical_edge_name(edge: Edge) -> str:
    if edge < _VERTICAL_BASE:
        y, f = divmod(edge, WIDTH)
        return square_name(square(f, y - 1)) + "N" if y > 0 else square_name(square(f, 0)) + "S"
    r, x = divmod(edge - _VERTICAL_BASE, WIDTH + 1)
    return square_name(square(x - 1, r)) + "E" if x > 0 else square_name(square(0, r)) + "W"


_EDGE_NAMES: Final = tuple(_canonical_edge_name(e) for e in EDGES)


def parse_edge(text: str) -> Edge:
    """Parse ``<square><N|E|S|W>``; any of the (up to two) names of an edge is accepted."""
    if len(text) != 3 or text[2] not in "NESW":
        raise InvalidActionError("bad_edge", f"not an edge: {text!r}")
    return edge_of(parse_square(text[:2]), Direction[text[2]])


# -- Board regions ---------------------------------------------------------------------------


def _camp(side: Side) -> frozenset[Square]:
    near, second, third = (0, 1, 2) if side is Side.RED else (6, 5, 4)
    rows = {square(f, near) for f in range(WIDTH)} | {square(f, second) for f in range(WIDTH)}
    return frozenset(rows | {square(f, third) for f in (2, 3, 4)})


#: Own camp (自陣, RULES.md §2.2): two nearest rows plus the middle three of the third.
CAMPS: Final = (_camp(Side.RED), _camp(Side.BLUE))

#: Each side's camp squares in ascending order, where it deploys and reinforces.
CAMP_SQUARES: Final = (tuple(sorted(CAMPS[Side.RED])), tuple(sorted(CAMPS[Side.BLUE])))

#: Intrusion squares (侵入マス, RULES.md §2.3) of each side's back row: b1–f1 are Red's, so Blue
#: intrudes there; Red intrudes into Blue's b7–f7.
INTRUSION_SQUARES: Final = (
    frozenset(square(f, 0) for f in range(1, 6)),
    frozenset(square(f, 6) for f in range(1, 6)),
)


def intrusion_targets(side: Side) -> frozenset[Square]:
    """The squares from which ``side`` may intrude: the opponent's intrusion squares."""
    return INTRUSION_SQUARES[side.opponent]


#: ``NEXT_SQUARE[sq][direction]``: the neighbour of ``sq`` that way, or None off the board.
NEXT_SQUARE: Final = tuple(tuple(step(sq, d) for d in Direction) for sq in SQUARES)
#: ``EDGE_TOWARDS[sq][direction]``: the edge a one-square step from ``sq`` that way crosses.
EDGE_TOWARDS: Final = tuple(tuple(edge_of(sq, d) for d in Direction) for sq in SQUARES)
