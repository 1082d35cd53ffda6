"""The fast path a search player drives: decisions, their effects, outcomes, random playouts.

An information-set Monte Carlo tree search (ISMCTS) fixes every secret of a position (a
*determinisation*: the opponent's general, the face-down cards), walks its tree by applying
decisions and finishes each walk with a random *playout* to the end of the game. Everything it
does to a state goes through this module, which gives exactly the results of the checked public
API (``engine.rules``): the states are the same frozen ``GameState`` values, equal field for
field, and the decisions the same tuples in the same order (tests/engine/test_search.py plays
both paths in lockstep over seeded games of every format).

Why it is faster than the public API:

* ``apply`` does not check legality (``rules.apply_unchecked``): a search applies only the
  decisions it took from ``legal_actions``, and checking would list them a second time;
* applying a decision often searches the next decisions anyway (a card is executed only when it
  has a leader decision, a chain goes on only while a partner can act): ``legal_actions`` of the
  state just made returns those at once;
* ``playout`` keeps no record, no history of states and no action texts.

The states stay immutable: a tree may keep any of them and expand it again later.

    >>> import random
    >>> from engine import new_game
    >>> from engine.search import outcome, playout
    >>> from engine.playout import playout_rulings
    >>> final = playout(new_game(rulings=playout_rulings(None, 300)), random.Random(18))
    >>> outcome(final).termination.value, outcome(final).winner.label
    ('general_captured', 'red')
"""

from __future__ import annotations

import random

from .actions import Action
from .playout import StuckGameError
from .rules import apply_unchecked, legal_actions, outcome
from .state import GameState

__all__ = ["apply", "legal_actions", "outcome", "playout"]


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, one of ``legal_actions(state)`` (not checked again)."""
    return apply_unchecked(state, action)


def playout(state: GameState, rng: random.Random, *, max_decisions: int | None = None) -> GameState:
    """Play uniformly random legal decisions from ``state`` to the end of the game.

    Each decision is ``legal_actions(s)[rng.randrange(len(...))]``, the very draw of
    ``engine.playout.random_steps``, so a playout from a new game with ``random.Random(seed)``
    is that seed's random game. The game ends by the rules (with the war-turn cap of
    ``state.rulings.turn_limit``, if any) or, unfinished, after ``max_decisions`` decisions.
    Raises ``StuckGameError`` if a side is to act without any legal decision (an engine bug).
    """
    choose = rng.choice  # draws the index as randrange(len(actions)) does, with less checking
    left = -1 if max_decisions is None else max_decisions
    while state.to_act is not None and left != 0:
        actions = legal_actions(state)
        if not actions:
            raise StuckGameError(state)
        state = apply_unchecked(state, choose(actions))
        left -= 1
    return state
