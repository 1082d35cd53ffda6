"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search* (IEEE TCIAIG 4(2),
2012), algorithm 3. One tree is grown for the searching seat; its nodes are sequences of
decisions, not states. Each iteration draws a world (a full state consistent with the seat's
view, ``draw_world``) and walks the tree *in that world*: at a node only the decisions legal in
the world are available, and the child to follow is the available one with the best upper
confidence bound, where a child's exploration term counts the iterations in which it was
available (not its parent's visits), since some decisions exist in some worlds only. The walk
adds one new child, plays a capped random rollout from there and scores the end with the game's
evaluation; each node on the path adds the score of the side that took its decision.

The search is generic: a :class:`SearchGame` supplies the rules' fast path (``engine.search``,
``junqi.search``) and a cheap evaluation; ``opponent.games`` has one for each game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["Budget", "Node", "SearchGame", "SearchResult", "search"]


class SearchGame(Protocol):
    """What the search needs of a game (states and decisions are the engine's own values)."""

    def to_act(self, state: Any) -> int | None:
        """The seat (0 red, 1 blue) that decides in ``state``; ``None`` once it is over."""
        ...

    def legal(self, state: Any) -> Sequence[Hashable]:
        """The decisions of the seat to act, in the engine's fixed order."""
        ...

    def apply(self, state: Any, action: Any) -> Any: ...

    def rollout(self, state: Any, rng: random.Random, decisions: int) -> Any:
        """Random play from ``state`` for at most ``decisions`` decisions (or to the end)."""
        ...

    def value(self, state: Any) -> float:
        """Red's expected score in ``state``: 1 won, 0 lost, 0.5 drawn; an estimate in
        between for an unfinished state."""
        ...


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one search may do: at most ``iterations`` walks and ``seconds`` of CPU time
    (``None``: no time limit, for reproducible searches)."""

    iterations: int
    seconds: float | None = None


@dataclass(slots=True, eq=False)
class Node:
    """A decision sequence of the tree: ``mover`` took the decision leading here."""

    mover: int | None
    children: dict[Hashable, Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0
    score: float = 0.0  # the sum of ``mover``'s scores over the visits

    def bound(self, exploration: float) -> float:
        """The upper confidence bound of this child (its availability counts as the parent's
        visits, the ISMCTS variant of UCB1)."""
        return self.score / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The root's statistics: per decision, its visits and its mean score for the seat."""

    visits: dict[Hashable, int]
    means: dict[Hashable, float]
    iterations: int

    def best(self) -> Hashable:
        """The most visited decision (ties: the better mean)."""
        return max(self.visits, key=lambda a: (self.visits[a], self.means[a]))


def search(
    game: SearchGame,
    draw_world: Callable[[random.Random], Any | None],
    root_actions: Sequence[Hashable],
    budget: Budget,
    rng: random.Random,
    *,
    rollout_decisions: int,
    exploration: float = 0.7,
    clock: Callable[[], float] = time.process_time,
) -> SearchResult:
    """Search from the seat's view and return the root statistics over ``root_actions``.

    ``draw_world(rng)`` gives a state consistent with the view (the searching seat to act) or
    ``None`` when it has none to give; ``root_actions`` are the decisions the view offers (a
    world's decisions outside them are not searched at the root).
    """
    allowed = set(root_actions)
    root = Node(None)
    start = clock()
    done = 0
    while done < budget.iterations:
        if budget.seconds is not None and done and clock() - start >= budget.seconds:
            break
        world = draw_world(rng)
        if world is None:
            break
        done += 1
        _iterate(game, root, world, allowed, rng, rollout_decisions, exploration)
    visits = {a: c.visits for a, c in root.children.items() if c.visits}
    means = {a: root.children[a].score / n for a, n in visits.items()}
    return SearchResult(visits, means, done)


def _iterate(
    game: SearchGame,
    root: Node,
    state: Any,
    allowed: set[Hashable],
    rng: random.Random,
    rollout_decisions: int,
    exploration: float,
) -> None:
    node = root
    path = [root]
    first = True
    while True:
        seat = game.to_act(state)
        if seat is None:
            break
        legal = game.legal(state)
        if first:
            legal = [a for a in legal if a in allowed]
            first = False
        if not legal:
            break
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = children[action] = Node(seat, available=1)
            state = game.apply(state, action)
            path.append(child)
            break
        action = max(legal, key=lambda a: children[a].bound(exploration))
        node = children[action]
        state = game.apply(state, action)
        path.append(node)
    final = game.rollout(state, rng, rollout_decisions)
    red = game.value(final)
    for visited in path:
        visited.visits += 1
        if visited.mover is not None:
            visited.score += red if visited.mover == 0 else 1.0 - red
