"""Move generation (RULES.md §5): steps, railway runs, engineer paths, camps and headquarters.

``moves(state, side)`` lists every legal ``(from, to)`` of ``side``, sorted. It works on the
precomputed tables of ``junqi.geometry`` (neighbours, railway neighbours, straight rays):

* **immobile** (§5.1, J10): flags and mines never move; a piece on any HQ never moves again,
  unless 大本営自由 (``free_hq``) or 軍旗をかつぐ (``carry_flag``, §9.3 b) is in force;
* **step** (§5.2, J7): along any one connection, road or railway, camp diagonals included;
* **railway run** (§5.3, J5): along one line, one direction, over empty stations, stopping at
  the first occupied one (attacked if it is an enemy's);
* **engineer** (§5.4, J6) — and a bomb under 飛ぶ爆弾 (§9.1): a breadth-first search over
  empty railway stations; any railway neighbour of the start or of a reached empty station is
  a destination if empty or an attackable enemy;
* a destination holds no own piece (§4.3, J22) and no enemy on a camp (§5.5); under
  軍旗をかつぐ a carried flag's home HQ is reserved (§9.3 d–e).
"""

from __future__ import annotations

from .geometry import CAMP_STATIONS, HQ_STATIONS, Board, board
from .state import GameState, Piece
from .types import BOMB, ENGINEER, FLAG, MINE, STATION_COUNT, Side

_IMMOBILE_CODES = frozenset((FLAG, MINE))


def is_mobile(state: GameState, s: int) -> bool:
    """Whether the piece on ``s`` may move at all (§5.1, J10, §9.3 b, §9.6)."""
    p = state.board[s]
    if p is None or p.code in _IMMOBILE_CODES:
        return False
    options = state.options
    return not (s in HQ_STATIONS and not (options.free_hq or options.carry_flag))


def _target_ok_carry(state: GameState, mover: Piece, dst: int) -> bool:
    """§9.3 d–e: a destination's legality under 軍旗をかつぐ (also §4.3 and §5.5)."""
    side = mover.owner
    target = state.board[dst]
    for owner in (Side.RED, Side.BLUE):
        if state.flag_carried[owner] and dst == state.flag_home[owner]:
            # Reserved: only its owner's carrier, completing §9.3 d, may enter it.
            return owner is side and mover.carrying and (target is None or target.owner is not side)
    if target is None:
        return True
    if target.owner is side:
        return mover.carrying and target.code == FLAG and dst == state.flag_home[side]
    return dst not in CAMP_STATIONS


def moves(state: GameState, side: Side) -> list[tuple[int, int]]:
    """Every legal move of ``side`` as sorted ``(from, to)`` pairs (state must be in play)."""
    return list(legal_pairs(state, side))


def legal_pairs(state: GameState, side: Side) -> tuple[tuple[int, int], ...]:
    """``moves`` as a tuple, remembered for the last state asked about.

    ``apply_move`` asks whether the side to move has a move (§7.2) and the next decision lists
    that side's moves, in the very same (frozen) state: the list is made once for both.
    """
    found = _found
    if found[0] is state and found[1] is side:
        return found[2]
    if state.options.carry_flag:
        pairs = tuple(
            (src, d) for src, p in _movers(state, side) for d in sorted(_dests(state, src, p))
        )
    else:
        pairs = _standard_pairs(state, side)
    _remember(state, side, pairs)
    return pairs


#: The last state whose moves were listed, the side and the moves (see ``legal_pairs``).
_found: tuple[GameState | None, Side | None, tuple[tuple[int, int], ...]] = (None, None, ())


def _remember(state: GameState, side: Side, pairs: tuple[tuple[int, int], ...]) -> None:
    global _found  # one shared entry, replaced whole: a concurrent reader sees an old or new one
    _found = (state, side, pairs)


#: ``_PAIRS[src][dst]``: the move ``(src, dst)``, built once (a tuple per move listed is slow).
_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((src, dst) for dst in range(STATION_COUNT)) for src in range(STATION_COUNT)
)


def _standard_pairs(state: GameState, side: Side) -> tuple[tuple[int, int], ...]:
    """``moves`` without 軍旗をかつぐ, written out on the board's tables (the hot path of every
    random game): no HQ is reserved and no own piece is ever a destination."""
    options = state.options
    geo = board(options.centre_railway)
    neighbours, on_railway, rays = geo.neighbours, geo.on_railway, geo.rays
    frozen = not options.free_hq
    flying = options.flying_bombs
    cells = state.board
    camps = CAMP_STATIONS
    out: list[tuple[int, int]] = []
    for src, p in enumerate(cells):
        if p is None or p.owner is not side:
            continue
        code = p.code
        if code in _IMMOBILE_CODES or (frozen and src in HQ_STATIONS):
            continue
        pairs = _PAIRS[src]
        # Steps along any connection (§5.2); the neighbours are sorted.
        if not on_railway[src]:
            out += [
                pairs[n]
                for n in neighbours[src]
                if (t := cells[n]) is None or (t.owner is not side and n not in camps)
            ]
            continue
        dests = {
            n
            for n in neighbours[src]
            if (t := cells[n]) is None or (t.owner is not side and n not in camps)
        }
        if code == ENGINEER or (code == BOMB and flying):
            _engineer(cells, geo, src, side, dests)
        else:
            _runs(cells, rays[src], side, dests)
        out += [pairs[d] for d in sorted(dests)]
    return tuple(out)


def is_legal(state: GameState, side: Side, src: int, dst: int) -> bool:
    """Whether ``src``-``dst`` is a legal move of ``side`` (only that piece's moves are made)."""
    p = state.board[src]
    if p is None or p.owner is not side or not is_mobile(state, src):
        return False
    return dst in _dests(state, src, p)


def has_move(state: GameState, side: Side) -> bool:
    """Whether ``side`` has any legal move (§7.2); the moves are kept for ``moves``."""
    return bool(legal_pairs(state, side))


def _movers(state: GameState, side: Side) -> list[tuple[int, Piece]]:
    """``side``'s mobile pieces with their stations (§5.1)."""
    options = state.options
    frozen = not (options.free_hq or options.carry_flag)
    return [
        (src, p)
        for src, p in enumerate(state.board)
        if p is not None
        and p.owner is side
        and p.code not in _IMMOBILE_CODES
        and not (frozen and src in HQ_STATIONS)
    ]


def _dests(state: GameState, src: int, p: Piece) -> set[int]:
    options = state.options
    geo = board(options.centre_railway)
    if options.carry_flag:
        return _destinations(state, geo, src, p, carry=True)
    # The fast path of the standard rules: no reserved HQs, no own piece is ever a target.
    cells = state.board
    side = p.owner
    dests = {
        n
        for n in geo.neighbours[src]
        if (t := cells[n]) is None or (t.owner is not side and n not in CAMP_STATIONS)
    }
    if not geo.on_railway[src]:
        return dests
    if p.code == ENGINEER or (p.code == BOMB and options.flying_bombs):
        return _engineer(cells, geo, src, side, dests)
    return _runs(cells, geo.rays[src], side, dests)


def _runs(
    cells: tuple[Piece | None, ...], rays: tuple[tuple[int, ...], ...], side: Side, dests: set[int]
) -> set[int]:
    """§5.3, J5: along each straight railway ray, the empty stations and the first enemy (no
    railway station is a camp: any enemy on a ray is attackable). Added to ``dests``."""
    for ray in rays:
        for r in ray:
            q = cells[r]
            if q is None:
                dests.add(r)
                continue
            if q.owner is not side:
                dests.add(r)
            break
    return dests


def _engineer(
    cells: tuple[Piece | None, ...], geo: Board, src: int, side: Side, dests: set[int]
) -> set[int]:
    """§5.4, J6: breadth-first search over empty railway stations from ``src``."""
    seen = {src}
    frontier = [src]
    rail = geo.rail_neighbours
    while frontier:
        u = frontier.pop()
        for v in rail[u]:
            if v in seen:
                continue
            seen.add(v)
            q = cells[v]
            if q is None:
                dests.add(v)
                frontier.append(v)
            elif q.owner is not side:
                dests.add(v)
    return dests


def _destinations(state: GameState, geo: Board, src: int, p: Piece, carry: bool) -> set[int]:
    cells = state.board
    side = p.owner
    dests: set[int] = set()

    def ok(dst: int) -> bool:
        if carry:
            return _target_ok_carry(state, p, dst)
        t = cells[dst]
        return t is None or (t.owner is not side and dst not in CAMP_STATIONS)

    for n in geo.neighbours[src]:
        if ok(n):
            dests.add(n)
    if not geo.on_railway[src]:
        return dests
    if p.code == ENGINEER or (p.code == BOMB and state.options.flying_bombs):
        seen = {src}
        frontier = [src]
        while frontier:
            u = frontier.pop()
            for v in geo.rail_neighbours[u]:
                if v in seen:
                    continue
                seen.add(v)
                if cells[v] is None:
                    dests.add(v)
                    frontier.append(v)
                elif ok(v):
                    dests.add(v)
        return dests
    for ray in geo.rays[src]:
        for t in ray:
            if cells[t] is None:
                dests.add(t)
                continue
            if ok(t):
                dests.add(t)
            break
    return dests
