"""The fast path a search player drives: moves, their effects, outcomes, random playouts.

An information-set Monte Carlo tree search (ISMCTS) fixes every rank it cannot see (a
*determinisation*), walks its tree by applying moves and finishes each walk with a random
*playout* to the end of the game. Everything it does to a state in play goes through this
module, which gives exactly the results of the checked public API (``junqi.rules``): the states
are the same frozen ``GameState`` values, equal field for field, and the moves the same
``Move`` values in the same order as ``rules.legal_moves`` (tests/junqi/test_junqi_search.py
plays both paths in lockstep over seeded games under every option).

Only moves are searched: draw offers and resignation are a player's, not the game tree's.

Why it is faster than the public API:

* ``apply`` does not check legality (``rules.apply_move``): a search applies only moves it took
  from ``legal_actions``;
* after a move the engine lists the moves of the side to move to know whether it is stuck
  (§7.2); ``legal_actions`` of that state reuses the list (``movement.legal_pairs``);
* moves are shared ``Move`` values from a table, not built one by one.

    >>> import random
    >>> from junqi.playout import start_random
    >>> from junqi.search import outcome, playout
    >>> rng = random.Random(7)
    >>> final = playout(start_random(rng), rng)
    >>> outcome(final) is not None
    True
"""

from __future__ import annotations

import random

from .actions import Move
from .movement import legal_pairs
from .rules import apply_move, outcome
from .state import GameState, Phase
from .types import STATION_COUNT

__all__ = ["apply", "legal_actions", "outcome", "playout"]

#: ``MOVES[src][dst]``: the move from station ``src`` to ``dst``, built once.
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(src, dst) for dst in range(STATION_COUNT)) for src in range(STATION_COUNT)
)


def legal_actions(state: GameState) -> tuple[Move, ...]:
    """The legal moves of the side to move, as ``rules.legal_moves(state)``; empty unless in
    play."""
    if state.phase is not Phase.PLAY:
        return ()
    return tuple([MOVES[src][dst] for src, dst in legal_pairs(state, state.to_move)])


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``, one of ``legal_actions(state)`` (not checked again)."""
    return apply_move(state, move.src, move.dst)


def playout(state: GameState, rng: random.Random, *, max_plies: int | None = None) -> GameState:
    """Play uniformly random legal moves from ``state`` until the game ends (or, unfinished,
    until its ply count reaches ``max_plies``).

    Each move is ``rng.choice`` of the moves in ``rules.legal_moves`` order, the draw of
    ``junqi.playout.random_playout``, so a playout after ``start_random(rng)`` is that seed's
    random game. The no-combat rule (J15) ends every game unless it is switched off.
    """
    choose = rng.choice
    while state.phase is Phase.PLAY and (max_plies is None or state.ply < max_plies):
        src, dst = choose(legal_pairs(state, state.to_move))  # never empty: a stuck side lost
        state = apply_move(state, src, dst)
    return state
