"""RULES.md §6: the war turn (military action, command, 疾風伝令, Rest) and §15 clock presses."""

from __future__ import annotations

import pytest

from engine.rules import clock_side, new_game
from engine.rulings import Rulings
from engine.state import Phase, QueuedCard, Slot
from engine.types import CardKind
from tests.engine.builders import (
    B,
    R,
    Seat,
    begin_turn,
    cards,
    legal,
    play,
    position,
    quick_war,
)

MV, RS, FN, RF = CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE, CardKind.REINFORCE
BOARD = {"c2": "rIN*", "g7": "bIS*"}


def test_swift_dispatch_card_executes_before_the_first_card() -> None:
    """§6.1: the 疾風伝令 card is executed first, then the card in 1st."""
    state = begin_turn(position(BOARD, red=Seat(swift="RS", queue="MV^")))
    assert state.execution is not None
    assert state.execution.slot is Slot.SWIFT
    assert state.execution.card is RS
    state = play(state, "c2>E")
    assert state.execution is not None
    assert state.execution.slot is Slot.FIRST
    assert state.execution.card is MV
    state = play(state, "c2-d2")
    assert state.execution is None  # on to command


def test_executed_cards_go_to_the_deck_bottom_in_execution_order() -> None:
    """§6.1: each executed card goes face down under the deck, in execution order."""
    seat = Seat(swift="RS", queue="MV^ FN", hand="MV RS RF", deck="MV")
    state = begin_turn(position(BOARD, red=seat))
    state = play(state, "c2>E", "c2-d2")
    assert state.sides[R].deck == (MV, RS, MV)
    assert state.sides[R].swift is None


def test_the_queue_slides_left_after_the_action() -> None:
    """§6.1, §6.6: the rest of the queue slides left; its order never changes."""
    state = begin_turn(position(BOARD, red=Seat(queue="MV RS^ FN")))
    state = play(state, "c2-c3")
    assert state.sides[R].queue == (QueuedCard(RS, True), QueuedCard(FN, False))


def test_command_requires_at_least_one_card() -> None:
    """§6.2: playing ≥1 card is mandatory: no end before the first play."""
    state = position(BOARD, red=Seat(hand="MV RS FN", deck="MV RS MV RF"))
    assert legal(state) == {"play MV", "play RS", "play FN"}
    state = play(state, "play RS")
    assert "end" in legal(state)


def test_several_cards_may_be_played_in_any_order() -> None:
    """§6.2: any number of cards, any order, each to the end of the queue."""
    state = position(BOARD, red=Seat(hand="MV RS FN", deck="MV RS MV RF"))
    state = play(state, "play FN", "play MV", "play RS")
    assert [q.card for q in state.sides[R].queue] == [FN, MV, RS]


def test_queue_holds_at_most_four_cards() -> None:
    """§6.2: the queue holds at most 4 cards."""
    state = position(BOARD, red=Seat(queue="MV RS^ FN", hand="MV RS RF", deck="MV"))
    state = play(state, "play MV")
    assert not any(a.startswith("play") for a in legal(state))
    assert "end" in legal(state)


def test_the_swift_slot_counts_toward_the_four() -> None:
    """§6.2: the 疾風伝令 slot counts toward the 4-card limit."""
    state = position(BOARD, red=Seat(swift="MV", queue="RS^ FN", hand="MV RS RF", deck="MV"))
    state = play(state, "play MV")
    assert state.sides[R].queued_count == 4
    assert not any(a.startswith("play") for a in legal(state))


def test_queue_limit_and_mandatory_play_never_conflict() -> None:
    """Q17: after the action step the queue holds ≤3 cards, so a card can always be played."""
    state = begin_turn(position(BOARD, red=Seat(queue="MV RS^ FN MV^", hand="RS RF", deck="MV")))
    state = play(state, "c2-c3")
    assert len(state.sides[R].queue) == 3
    assert any(a.startswith("play") for a in legal(state))


def test_faces_alternate_from_face_down() -> None:
    """§6.2: a player's 1st card ever placed is face down, the 2nd face up, the 3rd down…"""
    state = position(BOARD, red=Seat(hand="MV RS FN", deck="MV RS MV RF", cards_placed=0))
    state = play(state, "play MV", "play RS", "play FN")
    assert [q.face_up for q in state.sides[R].queue] == [False, True, False]


def test_faces_alternate_across_turns() -> None:
    """§6.2: the alternation continues across turns (over the whole game)."""
    state, _ = quick_war()
    state = play(state, "play MV", "end")  # Red's 1st card: face down
    state = play(state, "play MV", "play RS", "end")  # Blue: down, up
    assert state.execution is not None  # Red's MV is executed first
    state = play(state, "c2-c3", "done")  # its chain partners b2, d2 stay
    state = play(state, "play RS")  # Red's 2nd card ever: face up
    assert state.sides[R].queue[-1] == QueuedCard(RS, True)
    state = play(state, "play FN")  # 3rd: face down
    assert state.sides[R].queue[-1] == QueuedCard(FN, False)
    assert state.sides[R].cards_placed == 3


def test_swift_dispatch_moves_first_card_to_the_slot_for_six_lp() -> None:
    """§6.3: pay 6 LP, the 1st card goes to the 疾風伝令 slot, the rest slide left."""
    state = position(BOARD, red=Seat(lp=6, hand="MV RS FN", deck="MV RS MV RF"))
    state = play(state, "play FN", "play RS")
    assert "dispatch" in legal(state)
    state = play(state, "dispatch")
    red = state.sides[R]
    assert red.swift == QueuedCard(FN, False)
    assert red.queue == (QueuedCard(RS, True),)
    assert red.lp == 0 + 1  # paid 6, then Rest: +1 for the card in 1st (Q7)


def test_swift_dispatch_needs_six_lp_before_the_rest_gain() -> None:
    """§6.3, R6: 疾風伝令 needs 6 LP when it is used, before the Rest step's gain."""
    state = position(BOARD, red=Seat(lp=5, queue="MV RS^", hand="MV RS FN", deck="MV RF"))
    state = play(state, "play FN")  # Rest would bring 5 + 3 = 8
    assert "dispatch" not in legal(state)


def test_swift_dispatch_executes_both_cards_next_turn() -> None:
    """§6.3: next turn both execute, 疾風伝令 first, then 1st."""
    state = position(BOARD, red=Seat(lp=6, hand="MV RS FN", deck="MV RS MV RF"))
    state = play(state, "play RS", "play MV", "dispatch")
    state = play(state, "play MV", "end")  # Blue's command; then Red's turn begins
    assert state.to_act is R
    assert state.execution is not None
    assert state.execution.slot is Slot.SWIFT
    assert state.execution.card is RS


@pytest.mark.parametrize(("counts_swift", "gain"), [(False, 2), (True, 3)])
def test_rest_gain_with_a_card_in_the_swift_slot(counts_swift: bool, gain: int) -> None:
    """§6.4, Q7: the recommended ruling counts the highest filled numbered slot only;
    the alternative counts the 疾風伝令 card too."""
    rulings = Rulings(rest_gain_counts_swift=counts_swift)
    seat = Seat(lp=6, hand="MV RS FN", deck="MV RS MV RF")
    state = position(BOARD, red=seat, rulings=rulings)
    state = play(state, "play MV", "play RS", "play FN", "dispatch")
    assert state.sides[R].lp == 0 + gain


@pytest.mark.parametrize("counts_swift", [False, True])
def test_rest_gain_is_the_number_of_queued_cards(counts_swift: bool) -> None:
    """§6.4: "cards placed up to 3rd → +3", older queued cards included."""
    rulings = Rulings(rest_gain_counts_swift=counts_swift)
    seat = Seat(lp=0, queue="MV RS^", hand="MV RS FN", deck="MV RF")
    state = play(position(BOARD, red=seat, rulings=rulings), "play FN", "end")
    assert state.sides[R].lp == 3


def test_lp_never_exceeds_eighteen() -> None:
    """§6.9, Q8: LP is capped at 18."""
    seat = Seat(lp=17, hand="MV RS FN", deck="MV RS MV RF")
    state = play(position(BOARD, red=seat), "play MV", "play RS", "play FN", "end")
    assert state.sides[R].lp == 18


def test_rest_draws_from_the_deck_top_up_to_three() -> None:
    """§6.4: draw from the top of the deck until the hand has 3 cards."""
    seat = Seat(hand="MV RS FN", deck="RF MV RS MV")
    state = play(position(BOARD, red=seat), "play MV", "play RS", "end")
    red = state.sides[R]
    assert sorted(red.hand) == sorted(cards("FN RF MV"))
    assert red.deck == cards("RS MV")


def test_rest_draws_fewer_when_the_deck_runs_out() -> None:
    """§6.4: fewer cards when the deck runs out; no reshuffle."""
    seat = Seat(hand="MV RS", deck="FN", queue="MV^ RS RF^")
    state = play(position(BOARD, red=seat), "play MV", "end")
    red = state.sides[R]
    assert red.hand == (RS, FN)
    assert red.deck == ()


def test_the_turn_passes_to_the_opponent() -> None:
    """§6.5: after Rest the opponent's turn begins."""
    state = position(BOARD, red=Seat(hand="MV RS FN", deck="MV RS MV RF"))
    turn = state.turn
    state = play(state, "play MV", "end")
    assert state.to_act is B
    assert state.turn == turn + 1


# -- §15 official clock presses ---------------------------------------------------------------


def test_clock_is_stopped_before_reds_first_placement() -> None:
    """§15.2: Red's first placement is untimed; Blue's clock starts when it is done."""
    state = new_game()
    assert clock_side(state) is None
    state = play(state, "deploy I c2 N")
    assert clock_side(state) is B
    state = play(state, "deploy I c6 S")
    assert clock_side(state) is R


def test_clock_in_set_up_and_war() -> None:
    """§15.3–15.4: Red's clock during its set-up, then Blue's; in war the clock passes only at
    the end of the mover's Rest."""
    state, decisions = quick_war()
    assert clock_side(state) is R
    states = [new_game()]
    for action in decisions:
        states.append(play(states[-1], action.to_str()))
    setup = [s for s in states if s.phase is Phase.SETUP]
    assert [clock_side(s) for s in setup] == [R, R, B, B]
    state = play(state, "play MV")
    assert clock_side(state) is R
    state = play(state, "end")
    assert clock_side(state) is B
    state = play(state, "play MV", "end")
    assert state.execution is not None  # Red executes its card: still Red's time
    assert clock_side(state) is R
