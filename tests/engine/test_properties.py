"""Properties of random legal games (hypothesis drives the seeds and the rulings).

After every decision of a random game: the box's pieces are all somewhere (§1.2, §3.5), LP
stays on the track (§6.9), queues hold at most four cards (§6.2) whose faces alternate in
placement order (§6.2), fences are at most four per side and one per edge (§1.4, §10.2), each
side has exactly one general on the board until it is captured (§3.1, §5.1), each player's
seven cards are all somewhere (§1.5, §5.2), there is always a legal decision while the game
goes on, ``legal_actions`` is deterministic and each of its decisions applies, and every
decision's text round-trips. Replaying the game record reproduces the final state exactly.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import EndCommand, parse_action
from engine.notation import state_from_dict, state_to_dict
from engine.record import GameRecord, replay
from engine.rules import apply_action, legal_actions
from engine.rulings import Rulings
from engine.state import GameState, Phase, Termination
from engine.types import BASIC_DECK, FENCES_PER_SIDE, QUEUE_LIMIT, PieceKind, Side
from tests.engine.builders import random_game
from tests.sampling import examples

settings.register_profile(
    "engine-deterministic",
    derandomize=True,  # the same examples on every run and machine
    database=None,
    deadline=None,
    max_examples=examples(6),
    suppress_health_check=[HealthCheck.too_slow],
)
DETERMINISTIC = settings.get_profile("engine-deterministic")

rulings_strategy = st.builds(
    Rulings,
    bounce_turns_attacker=st.booleans(),
    rest_gain_counts_swift=st.booleans(),
    cavalry_stops_at_side_fence=st.booleans(),
)


def invariant_errors(state: GameState) -> list[str]:
    errors: list[str] = []
    # §1.2, §3.5: board + stock + intrusion areas = the box.
    on_board = [p for p in state.board if p is not None]
    intruded = [p for side in state.sides for p in side.intruded]
    counts = Counter(p.kind for p in on_board + intruded)
    stock = state.stock
    if counts[PieceKind.INFANTRY] + stock.infantry != 10:
        errors.append("infantry not conserved")
    if counts[PieceKind.ARCHER] + stock.archer != 8:
        errors.append("archers not conserved")
    if counts[PieceKind.CAVALRY] + stock.cavalry != 6:
        errors.append("cavalry not conserved")
    if sum(p.shield for p in on_board + intruded) + stock.shields != 10:
        errors.append("shields not conserved")
    if any(p.shield and p.kind is not PieceKind.INFANTRY for p in on_board + intruded):
        errors.append("a shield on a non-infantry piece")
    if len({p.letter for p in on_board + intruded}) != len(on_board) + len(intruded):
        errors.append("a letter used twice")
    # §1.4, §10.2: four fences per side, one per edge.
    red, blue = state.sides
    if len(red.fences) > FENCES_PER_SIDE or len(blue.fences) > FENCES_PER_SIDE:
        errors.append("more than four fences")
    if red.fences & blue.fences:
        errors.append("two fences on one edge")
    for side in Side:
        own = state.sides[side]
        # §6.9 / Q8
        if not 0 <= own.lp <= 18:
            errors.append(f"{side.label} LP {own.lp}")
        # §6.2: at most four cards, 疾風伝令 slot included
        if own.queued_count > QUEUE_LIMIT:
            errors.append(f"{side.label} queue of {own.queued_count}")
        # §6.2: faces alternate over the whole game, first face down
        placed = ([own.swift] if own.swift is not None else []) + list(own.queue)
        for offset, card in enumerate(reversed(placed)):
            index = own.cards_placed - 1 - offset  # 0-based placement index
            if card.face_up != (index % 2 == 1):
                errors.append(f"{side.label} face alternation broken")
        # §1.5, §5.2: the seven cards are all somewhere once arranged
        cards = list(own.hand) + list(own.deck) + [q.card for q in placed]
        if cards and Counter(cards) != Counter(BASIC_DECK):
            errors.append(f"{side.label} cards not conserved: {cards}")
        if state.phase is Phase.WAR and not cards:
            errors.append(f"{side.label} has no cards in war")
        # §3.1, §5.1: exactly one general on the board until captured
        holders = [p for p in on_board if own.general is not None and p.letter == own.general]
        captured = (
            state.outcome is not None
            and state.outcome.termination is Termination.GENERAL_CAPTURED
            and state.outcome.winner is side.opponent
        )
        if state.phase is Phase.DEPLOYMENT and own.general is not None:
            errors.append("general chosen during deployment")
        must_stand = state.phase is Phase.WAR or (state.phase is Phase.OVER and not captured)
        if must_stand and (len(holders) != 1 or holders[0].owner is not side):
            errors.append(f"{side.label} general not exactly once on the board")
        if captured and holders:
            errors.append(f"{side.label} general captured but on the board")
    return errors


def check_step(before: GameState, after: GameState, action_text: str, rng: random.Random) -> None:
    actions = legal_actions(before)
    assert actions, "a side is to act without a legal decision"
    assert legal_actions(before) == actions, "legal_actions is not deterministic"
    assert len(set(actions)) == len(actions), "a decision is offered twice"
    for action in actions:
        assert parse_action(action.to_str()) == action
    for action in rng.sample(actions, min(3, len(actions))):
        apply_action(before, action)  # every legal decision applies without raising
    errors = invariant_errors(after)
    assert not errors, f"after {action_text!r} at ply {before.ply}: {errors}"
    # §6.5, §15.4: in war the turn passes only when the command step is closed
    if before.phase is Phase.WAR and after.phase is Phase.WAR and before.to_act != after.to_act:
        assert isinstance(parse_action(action_text), EndCommand)
    assert after.ply == before.ply + 1


@settings(DETERMINISTIC, max_examples=examples(12))
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    turn_limit=st.integers(min_value=2, max_value=14),
    rulings=rulings_strategy,
)
def test_random_games_keep_every_invariant(seed: int, turn_limit: int, rulings: Rulings) -> None:
    """Every decision of a random legal game keeps the rules' bookkeeping consistent."""
    rng = random.Random(seed)
    steps = random_game(seed, rulings=rulings, turn_limit=turn_limit)
    assert not invariant_errors(steps[0].before)
    for step in steps:
        check_step(step.before, step.after, step.action.to_str(), rng)
    final = steps[-1].after
    assert final.phase is Phase.OVER
    assert legal_actions(final) == ()
    if final.outcome is not None and final.outcome.termination is Termination.TURN_LIMIT:
        assert final.turn == turn_limit


@DETERMINISTIC
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    turn_limit=st.integers(min_value=1, max_value=14),
    rulings=rulings_strategy,
)
def test_replaying_the_record_reproduces_the_game(
    seed: int, turn_limit: int, rulings: Rulings
) -> None:
    """A game record (JSON and back) replays to exactly the same states."""
    steps = random_game(seed, rulings=rulings, turn_limit=turn_limit)
    final = steps[-1].after
    winner = None
    if final.outcome is not None and final.outcome.winner is not None:
        winner = final.outcome.winner.label
    record = GameRecord(
        actions=tuple(s.action.to_str() for s in steps),
        rulings=final.rulings,
        result={"winner": winner, "method": "test"},
    )
    states = replay(GameRecord.from_json(record.to_json()))
    assert states[-1] == final
    assert states[1:] == [s.after for s in steps]
    for state in states[:: max(1, len(states) // 10)]:
        assert state_from_dict(state_to_dict(state)) == state
