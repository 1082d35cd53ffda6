"""軍師軍略: the hidden worlds consistent with what one seat has seen.

Everything secret in a game of 軍師軍略 comes from a few decisions of the opponent that the
seat reads masked (``history_text``): its general (``general ?``), its hand and deck order
(``cards ?``), each face-down card it played (``play ?``), and in the expansion formats its
secret deck (``deck ?``), its prepared cards (``prepare ?``) and its exchange (``exchange ?``);
expansion option 1 adds a random deal of prepared cards that neither seat sees at first. The
rest of the game follows from these by the rules. A **world** is a full game state reached by
filling every masked decision (and the deal) so that each state of the game, observed from the
seat, gives exactly the view the seat received after that decision.

:class:`GunshiBelief` finds the worlds by filtering forwards, one decision at a time, over a set
of candidate states (all deals at the start; at a masked decision, every legal decision of the
candidate whose masked text is the one the seat read). A candidate survives a decision when
``engine.observe`` of the new state, from the seat, equals the view that followed; candidates
that reach the same state are one world. A card that is executed is face up in the next view,
a drawn card stays hidden in the hand, so the set grows at ``cards ?`` (at most 114 orders of
the basic cards) and shrinks as the opponent's cards come out.

The general is kept out of the set, because nothing the seat sees depends on it until it is
captured (which ends the game), found by 将軍偵察, or not found ("no" answers): candidates carry
the letter ``SENTINEL``, which no piece has, and a world draws its general uniformly among the
opponent's pieces that stood on the board at every view since the choice and were never
answered "no" (:func:`general_candidates`). Worlds are thus uniform over (card world, general).

When the candidates outgrow ``cap`` the filter keeps a uniform random subset of them (a particle
filter): exact below the cap, an approximation above it (large secret decks, option 1 deals).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import (
    EngineError,
    GameFormat,
    GameState,
    Rulings,
    Side,
    StartPosition,
    apply_action,
    history_text,
    new_game,
    observe,
)
from engine.actions import Action, ChooseGeneral, parse_action
from engine.rules import legal_actions
from engine.search import apply
from engine.state import evolve
from engine.types import CARD_ORDER, CardKind

from .view import SeatView

__all__ = ["SENTINEL", "GunshiBelief", "GunshiWorld", "first_position", "general_candidates"]

#: The general letter candidates carry while the opponent's general is not drawn (no piece has
#: it, so no capture, intrusion or 将軍偵察 answer of the rules ever matches it).
SENTINEL = "?"

#: How many candidate states the filter keeps at most (see the module docstring).
DEFAULT_CAP = 600

#: How many times a capped filter that lost every candidate starts again.
RETRIES = 1

#: A path of decisions, newest first, shared between candidates: ``(decision, earlier)``.
#: ``None`` as a decision stands for the opponent's masked general choice.
Path = tuple[Action | None, "Path"] | None


@dataclass(frozen=True, slots=True)
class GunshiWorld:
    """A full state consistent with a seat's view: ``state``, reached from ``first`` (the
    game's first position, the deal of option 1 included) by the decisions of ``path`` with the
    opponent's general ``general`` (``None``: known, or not chosen yet)."""

    first: GameState
    path: Path
    general: str | None
    state: GameState

    def decisions(self) -> tuple[Action, ...]:
        """Every decision of the world's game, oldest first (replayed: for checks, not search)."""
        return _decisions(self.path, self.first, self.general)


def first_position(setup: Mapping[str, Any], *, seed: int = 0) -> GameState:
    """The first position of a match's set-up. The deal seed of expansion option 1 is not
    public: a seat's first position is built with seed 0 and the deal left to the sampler;
    the referee of ``opponent.arena`` passes the true ``seed``."""
    data = dict(setup.get("game_format") or {"variant": setup.get("variant", "basic")})
    data["seed"] = seed
    fmt = GameFormat.from_dict(data)
    rulings = Rulings.from_dict(dict(setup.get("rulings") or {}))
    start = setup.get("start_position")
    opening = StartPosition.from_dict(start) if start else None
    return new_game(format=fmt, rulings=rulings, start=opening)


def _deals(first: GameState) -> list[GameState]:
    """Every first position the format's random deal may have made (expansion option 1: three
    prepared cards per side, which neither seat sees); the first position itself otherwise."""
    fmt = first.format
    if fmt.is_basic or fmt.expansion_option != 1 or not first.sides[0].prepared:
        return [first]
    cards = sorted(set(fmt.expansion_cards), key=CARD_ORDER.__getitem__)
    size = len(first.sides[0].prepared)
    hands: list[tuple[CardKind, ...]] = list(itertools.combinations(cards, size))
    worlds = []
    for red, blue in itertools.product(hands, hands):
        sides = (evolve(first.sides[0], prepared=red), evolve(first.sides[1], prepared=blue))
        worlds.append(evolve(first, sides=sides))
    return worlds


def _with_general(state: GameState, side: Side, letter: str) -> GameState:
    own = evolve(state.sides[side], general=letter)
    sides = (own, state.sides[1]) if side is Side.RED else (state.sides[0], own)
    return evolve(state, sides=sides)


def _letters(observation: Mapping[str, Any], owner: str) -> set[str]:
    return {p["letter"] for p in observation.get("board", ()) if p["owner"] == owner}


def general_candidates(view: SeatView) -> tuple[str, ...]:
    """The letters the opponent's general may have, from the views alone.

    The general is one of the opponent's pieces on the board when it was chosen (§5.1) and has
    stood on the board ever since (its capture ends the game; it never intrudes); a piece that
    left the board and came back as a reinforcement is another piece. 将軍偵察's "no" answers
    rule letters out, a "yes" names it (then it shows in the view).
    """
    opponent = Side(1 - view.seat).label
    latest = view.current["sides"][opponent]
    if latest.get("general"):
        return (latest["general"],)
    chosen = None
    for ply, line in enumerate(view.history):
        before = view.observations[ply]
        if line == "general ?" and before.get("to_act") == opponent:
            chosen = ply
    if chosen is None:
        return ()
    letters = _letters(view.observations[chosen], opponent)
    for observation in view.observations[chosen + 1 :]:
        letters &= _letters(observation, opponent)
    ruled_out = set(latest.get("expansion", {}).get("not_general", ()))
    return tuple(sorted(letters - ruled_out))


class GunshiBelief:
    """The candidate worlds of one seat, kept up to date as its view grows (see the module
    docstring). ``update`` with a longer view of the same game continues the filter; with any
    other view it starts again. Deterministic: the same views and ``seed`` give the same set."""

    def __init__(self, *, cap: int = DEFAULT_CAP, seed: int = 0) -> None:
        self.cap = cap
        self._seed = seed
        self._view: SeatView | None = None
        #: Each candidate state, with the first position and the decisions that lead to it.
        self._candidates: dict[GameState, tuple[GameState, Path]] = {}
        self.exact = True

    @property
    def size(self) -> int:
        """How many card worlds are held (before the general is drawn)."""
        return len(self._candidates)

    def update(self, view: SeatView) -> None:
        """Bring the candidates up to ``view``. A capped filter that lost every candidate
        starts again from the first position with another random subset, up to ``RETRIES``
        times (a filter under the cap never loses the true world)."""
        known = self._view
        if known is None or not _extends(view, known):
            self._start(view, 0)
            ply = 0
        else:
            ply = known.ply
        side = Side(view.seat)
        while ply < view.ply:
            self._step(side, view.history[ply], view.observations[ply], view.observations[ply + 1])
            ply += 1
            if not self._candidates and not self.exact and self._attempt < RETRIES:
                self._start(view, self._attempt + 1)
                ply = 0
        self._view = view

    def _start(self, view: SeatView, attempt: int) -> None:
        self._attempt = attempt
        seed = f"{self._seed}:{attempt}"
        self._rng = random.Random(seed)  # noqa: S311 - a reproducible filter, not security
        first = first_position(view.setup)
        side = Side(view.seat)
        self._candidates = {}
        self.exact = True
        for deal in _deals(first):
            if observe(deal, side) == view.observations[0]:
                self._candidates[deal] = (deal, None)
        self._trim()
        self._view = view.prefix(0)

    def _trim(self) -> None:
        if len(self._candidates) > self.cap:
            self.exact = False
            kept = self._rng.sample(sorted(self._candidates, key=_order_key), self.cap)
            self._candidates = {state: self._candidates[state] for state in kept}

    def _choices(self, state: GameState, line: str, viewer: Side) -> Iterator[Action | None]:
        """The decisions a candidate may have taken where the seat read ``line`` (``None``: the
        opponent's masked general choice, made with the sentinel)."""
        actor = state.to_act
        if actor is None:
            return
        if actor is not viewer and line == "general ?":
            yield None
            return
        if actor is not viewer and line.endswith("?"):
            for action in legal_actions(state):
                if history_text(state, action, viewer) == line:
                    yield action
            return
        try:
            yield parse_action(line)
        except EngineError:
            return

    @staticmethod
    def _successor(state: GameState, action: Action | None) -> GameState | None:
        if action is None:
            choice = next((a for a in legal_actions(state) if isinstance(a, ChooseGeneral)), None)
            if choice is None:
                return None
            actor = Side.RED if state.to_act is Side.RED else Side.BLUE
            return _with_general(apply(state, choice), actor, SENTINEL)
        try:
            return apply_action(state, action)
        except EngineError:
            return None

    def _step(
        self, viewer: Side, line: str, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> None:
        opponent = viewer.opponent
        revealed = after["sides"][opponent.label].get("general")
        pairs: list[tuple[GameState, Action | None, GameState, Path]] = []
        for state, (first, path) in self._candidates.items():
            if revealed and state.sides[opponent].general == SENTINEL:
                state = _with_general(state, opponent, revealed)  # 将軍偵察 found it
            pairs.extend((state, a, first, path) for a in self._choices(state, line, viewer))
        capped = len(pairs) > self.cap
        if capped:
            self._rng.shuffle(pairs)  # the first survivors are then a uniform random subset
        found: dict[GameState, tuple[GameState, Path]] = {}
        for state, action, first, path in pairs:
            successor = self._successor(state, action)
            if successor is None or successor in found:
                continue
            if observe(successor, viewer) == after:
                found[successor] = (first, (action, path))
                if capped and len(found) >= self.cap:
                    self.exact = False
                    break
        self._candidates = found

    def worlds(self, view: SeatView) -> int:
        """How many worlds the held candidates stand for (card worlds times generals)."""
        generals = max(1, len(general_candidates(view)))
        plain = sum(1 for s in self._candidates if not _needs_general(s, view.seat))
        return plain + (len(self._candidates) - plain) * generals

    def sample(self, view: SeatView, rng: random.Random) -> GunshiWorld | None:
        """One world drawn uniformly from the held candidates (``None`` when none is left)."""
        return self.drawer(view)(rng)

    def drawer(self, view: SeatView) -> Callable[[random.Random], GunshiWorld | None]:
        """A function drawing worlds of ``view`` uniformly, for many draws of one decision."""
        self.update(view)
        states = list(self._candidates)
        candidates = dict(self._candidates)
        letters = general_candidates(view)
        opponent = Side(1 - view.seat)

        def draw(rng: random.Random) -> GunshiWorld | None:
            if not states:
                return None
            state = states[rng.randrange(len(states))]
            first, path = candidates[state]
            general: str | None = None
            if _needs_general(state, view.seat):
                if not letters:
                    return None
                general = letters[rng.randrange(len(letters))]
                state = _with_general(state, opponent, general)
            return GunshiWorld(first, path, general, state)

        return draw


def _needs_general(state: GameState, seat: int) -> bool:
    return state.sides[1 - seat].general == SENTINEL


def _decisions(path: Path, first: GameState, general: str | None) -> tuple[Action, ...]:
    """The decisions of ``path`` oldest first, the masked general choice filled with the piece
    lettered ``general`` (found by replaying the path up to it)."""
    found: list[Action | None] = []
    while path is not None:
        found.append(path[0])
        path = path[1]
    found.reverse()
    if None not in found:
        return tuple(a for a in found if a is not None)
    state = first
    decisions: list[Action] = []
    for action in found:
        if action is None:
            letter = general or SENTINEL
            square = state.square_of(letter)
            if square is None:  # the sentinel: any legal choice, for replays of the cards only
                action = next(a for a in legal_actions(state) if isinstance(a, ChooseGeneral))
            else:
                action = ChooseGeneral(square)
        decisions.append(action)
        state = apply_action(state, action)
    return tuple(decisions)


def _extends(view: SeatView, known: SeatView) -> bool:
    """Whether ``view`` continues ``known`` (same game and seat, ``known`` a prefix of it)."""
    return (
        view.seat == known.seat
        and view.setup == known.setup
        and view.ply >= known.ply
        and view.history[: known.ply] == known.history
        and view.observations[known.ply] == known.observations[-1]
    )


def _order_key(state: GameState) -> tuple[int, str]:
    """A fixed order of candidates, so that a random subset depends on the seed alone."""
    return (state.ply, repr(state.sides))
