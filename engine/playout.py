"""Random legal playouts and the invariants every reachable state must satisfy.

A random playout picks each decision uniformly among ``legal_actions`` with a private
``random.Random(seed)``, so a game is a pure function of its seed (and rulings): the command
line's fuzz mode (``python -m engine random``), the benchmark and property tests all replay any
game they report from the seed alone.

``check_invariants`` lists what is wrong with a state, from the rules' bookkeeping point of view:
the box's pieces and shields are all somewhere (board, stock or an intrusion area, RULES.md
§1.2, §3.5), LP stays on the 0–18 track (§6.9), a queue holds at most four cards (§6.2), each
side owns four fences (§1.4), each side's general stands on the board until captured (§5.1),
each player's seven cards are all somewhere (§1.5) and queued cards alternate faces in placement
order (§6.2). An empty list means the state is consistent.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import NamedTuple

from .actions import Action
from .formats import GameFormat
from .record import GameRecord
from .rules import apply_unchecked, legal_actions, new_game, own_cards
from .rulings import RECOMMENDED, Rulings
from .state import GameState, Phase, Slot, Termination
from .types import (
    FENCES_PER_SIDE,
    HAND_SIZE,
    KIND_OF_LETTER,
    LP_MAX,
    QUEUE_LIMIT,
    SHIELDS_TOTAL,
    STOCK_TOTALS,
    PieceKind,
    Side,
    square_name,
)

#: The default cap on war turns (both players' turns counted) of a random game. Random play
#: rarely ends quickly; the cap is the non-official ruling Q18 (``Rulings.turn_limit``), so a
#: capped game ends with ``Termination.TURN_LIMIT`` and its record still replays exactly.
DEFAULT_TURN_LIMIT = 300


class StuckGameError(RuntimeError):
    """A side is to act but has no legal decision: the engine would deadlock (an engine bug)."""

    def __init__(self, state: GameState) -> None:
        side = state.to_act.label if state.to_act is not None else "nobody"
        super().__init__(f"{side} is to act at ply {state.ply} but has no legal decision")
        self.state = state


class Step(NamedTuple):
    """One decision of a playout: the state it was taken in, the decision, the state after.

    A named tuple rather than a frozen dataclass: one is made for every decision played, and a
    tuple is built without a frozen class's slow attribute writes."""

    before: GameState
    action: Action
    after: GameState


def playout_rulings(rulings: Rulings | None, turn_limit: int | None) -> Rulings:
    """The rulings a random game is played under: ``rulings`` with the turn cap applied.

    ``turn_limit=None`` keeps whatever cap ``rulings`` already has (none by default).
    """
    base = RECOMMENDED if rulings is None else rulings
    return base if turn_limit is None else replace(base, turn_limit=turn_limit)


def random_steps(
    *,
    seed: int,
    rulings: Rulings | None = None,
    turn_limit: int | None = DEFAULT_TURN_LIMIT,
    format: GameFormat | None = None,
) -> Iterator[Step]:
    """Play a random legal game and yield every decision as it is taken.

    Raises ``StuckGameError`` if a side is to act without any legal decision.
    """
    rng = random.Random(seed)  # noqa: S311 - reproducible play, not security
    state = new_game(rulings=playout_rulings(rulings, turn_limit), format=format)
    while state.to_act is not None:
        actions = legal_actions(state)
        if not actions:
            raise StuckGameError(state)
        action = actions[rng.randrange(len(actions))]
        after = apply_unchecked(state, action)
        yield Step(state, action, after)
        state = after


def record_of(
    actions: list[Action] | tuple[Action, ...],
    final: GameState,
    *,
    seed: int | None = None,
) -> GameRecord:
    """The game record of a (possibly unfinished) game played from ``new_game``."""
    result = None
    if final.outcome is not None:
        winner = final.outcome.winner
        result = {
            "winner": winner.label if winner is not None else None,
            "method": final.outcome.termination.value,
        }
    meta: dict[str, object] = {"source": "random playout"}
    if seed is not None:
        meta["seed"] = seed
    return GameRecord(
        actions=tuple(a.to_str() for a in actions),
        variant=final.variant,
        format=final.format,
        rulings=final.rulings,
        players={"red": "random", "blue": "random"},
        result=result,
        meta=meta,
    )


def random_playout(
    *,
    seed: int,
    rulings: Rulings | None = None,
    turn_limit: int | None = DEFAULT_TURN_LIMIT,
    format: GameFormat | None = None,
) -> tuple[GameRecord, GameState]:
    """A whole random legal game: its record and its final state.

    Each decision is drawn uniformly from ``legal_actions`` with ``random.Random(seed)`` (the
    global RNG is never touched) and applied with ``apply_unchecked``. The game ends by the
    rules or at the war-turn cap ``turn_limit`` (applied as ``Rulings.turn_limit``, which the
    record stores, so ``replay(record)[-1] == final``).
    """
    actions: list[Action] = []
    final = new_game(rulings=playout_rulings(rulings, turn_limit), format=format)
    for step in random_steps(seed=seed, rulings=rulings, turn_limit=turn_limit, format=format):
        actions.append(step.action)
        final = step.after
    return record_of(actions, final, seed=seed), final


# -- Invariants ------------------------------------------------------------------------------


def check_invariants(state: GameState) -> list[str]:
    """Everything inconsistent in ``state``, one English sentence each; empty when all holds."""
    problems: list[str] = []
    problems += _check_pieces(state)
    problems += _check_sides(state)
    problems += _check_generals(state)
    problems += _check_cards(state)
    problems += _check_progress(state)
    return problems


def _check_pieces(state: GameState) -> list[str]:
    """Box conservation (§1.2, §3.5) and unique letters on the right kinds (§1.3)."""
    problems: list[str] = []
    on_board = [p for p in state.board if p is not None]
    intruded = [p for s in state.sides for p in s.intruded]
    everywhere = on_board + intruded
    stock = {
        PieceKind.INFANTRY: state.stock.infantry,
        PieceKind.ARCHER: state.stock.archer,
        PieceKind.CAVALRY: state.stock.cavalry,
    }
    for kind, total in STOCK_TOTALS.items():
        placed = sum(1 for p in everywhere if p.kind is kind)
        if stock[kind] < 0 or placed + stock[kind] != total:
            problems.append(
                f"{kind.name.lower()} not conserved: {placed} placed + {stock[kind]} in stock "
                f"!= {total}"
            )
    shields = sum(1 for p in everywhere if p.shield)
    if state.stock.shields < 0 or shields + state.stock.shields != SHIELDS_TOTAL:
        problems.append(
            f"shields not conserved: {shields} placed + {state.stock.shields} in stock "
            f"!= {SHIELDS_TOTAL}"
        )
    for p in everywhere:
        if p.shield and p.kind is not PieceKind.INFANTRY:
            problems.append(f"piece {p.letter} is a {p.kind.name.lower()} with a shield")
        if KIND_OF_LETTER.get(p.letter) is not p.kind:
            problems.append(f"piece {p.letter} has a letter not of its kind {p.kind.value}")
    repeated = sorted(
        letter for letter, n in Counter(p.letter for p in everywhere).items() if n > 1
    )
    if repeated:
        problems.append(f"letters used more than once: {', '.join(repeated)}")
    return problems


def _check_sides(state: GameState) -> list[str]:
    """LP track (§6.9), queue limit (§6.2) and fences (§1.4, one fence per edge)."""
    problems: list[str] = []
    for side in Side:
        own = state.sides[side]
        who = side.label
        if not 0 <= own.lp <= min(LP_MAX, state.rulings.lp_cap):
            problems.append(f"{who} LP {own.lp} off the track")
        if own.queued_count > QUEUE_LIMIT:
            problems.append(f"{who} has {own.queued_count} queued cards (limit {QUEUE_LIMIT})")
        if len(own.fences) > FENCES_PER_SIDE:
            problems.append(f"{who} has {len(own.fences)} fences on the board")
        if len(own.hand) > HAND_SIZE:
            problems.append(f"{who} holds {len(own.hand)} cards")
    shared = state.sides[Side.RED].fences & state.sides[Side.BLUE].fences
    if shared:
        problems.append(f"edges with two fences: {len(shared)}")
    return problems


def _general_captured(state: GameState, side: Side) -> bool:
    outcome = state.outcome
    return (
        outcome is not None
        and outcome.termination is Termination.GENERAL_CAPTURED
        and outcome.winner is side.opponent
    )


def _check_generals(state: GameState) -> list[str]:
    """One general per side among its own pieces on the board, until captured (§5.1, §3.1)."""
    problems: list[str] = []
    for side in Side:
        general = state.sides[side].general
        if general is None:
            if state.phase in (Phase.WAR, Phase.OVER):
                problems.append(f"{side.label} has no general in the {state.phase} phase")
            continue
        holders = [p for p in state.board if p is not None and p.letter == general]
        if any(p.letter == general for p in state.sides[side].intruded):
            problems.append(f"{side.label}'s general {general} has intruded")
        if _general_captured(state, side):
            if holders:
                problems.append(f"{side.label}'s captured general {general} is still on the board")
            continue
        if len(holders) != 1 or holders[0].owner is not side:
            problems.append(
                f"{side.label}'s general {general} is not exactly one own piece on the board"
            )
    return problems


def _check_cards(state: GameState) -> list[str]:
    """Each player's seven cards are in hand, deck, queue or 疾風伝令 slot (§1.5, §6.1).

    The card under execution stays in its slot until its execution ends, so it is counted
    there. Queued cards (疾風伝令 slot first) are consecutive placements, so their faces
    alternate, the latest placed being face up exactly when it was an even-numbered one.
    """
    problems: list[str] = []
    for side in Side:
        own = state.sides[side]
        queued = ([own.swift] if own.swift is not None else []) + list(own.queue)
        arranged = bool(own.hand or own.deck or queued)
        if not arranged and state.phase not in (Phase.WAR, Phase.OVER):
            continue
        cards = Counter([*own.hand, *own.deck, *(q.card for q in queued), *own.beside])
        if cards != Counter(own_cards(state, side)):
            which = "its seven cards" if own.cards else "the basic deck"
            problems.append(f"{side.label}'s cards are not {which}: {sorted(cards.elements())}")
        for back, queued_card in enumerate(reversed(queued)):
            number = own.cards_placed - back  # 1-based placement number of this card
            if queued_card.face_up != (number % 2 == 0):
                problems.append(f"{side.label}'s queued card no. {number} has the wrong face")
                break
    execution = state.execution
    if execution is not None:
        if state.to_act is None:
            problems.append("a card is under execution but nobody is to act")
        else:
            own = state.sides[state.to_act]
            slot_card = (
                own.swift if execution.slot is Slot.SWIFT else own.queue[0] if own.queue else None
            )
            if slot_card is None or slot_card.card is not execution.card:
                problems.append(
                    f"{execution.card} is under execution but not in the {execution.slot} slot"
                )
    return problems


def _check_progress(state: GameState) -> list[str]:
    """Phase, side to act and outcome agree; intrusion points below 3 until an intrusion win."""
    problems: list[str] = []
    over = state.phase is Phase.OVER
    if over != (state.outcome is not None) or over != (state.to_act is None):
        problems.append(
            f"phase {state.phase}, outcome {state.outcome}, to act {state.to_act} disagree"
        )
    for side in Side:
        points = state.sides[side].intrusion_points
        won_by_intrusion = (
            state.outcome is not None
            and state.outcome.termination is Termination.INTRUSION
            and state.outcome.winner is side
        )
        if points >= 3 and not won_by_intrusion:
            problems.append(f"{side.label} has {points} intrusion points but has not won")
    if state.phase is Phase.WAR and state.execution is not None:
        leader = state.execution.leader
        if (
            leader is not None
            and not state.execution.leader_done
            and state.square_of(leader) is None
        ):
            problems.append(f"the selected leader {leader} is not on the board")
    return problems


def describe_pieces(state: GameState) -> str:
    """Every piece on the board as ``<square>:<owner><kind><letter>``, for violation reports."""
    return " ".join(
        f"{square_name(sq)}:{p.owner.label[0]}{p.kind.value}{p.letter}"
        for sq, p in enumerate(state.board)
        if p is not None
    )
