"""Rulings of RULES.md §17/§18 not already covered beside their sections: Q13, Q14, Q19, R1,
R2, R4. (Q1 and Q15: test_rules_fences; Q3: fences/cards; Q5: shooting; Q6: movement; Q7, Q8,
Q17, R6: turns; Q9, R3: chains; R5: fences/cards; R7: deployment/cards; R8: cards.)"""

from __future__ import annotations

import pytest

from engine.actions import Reinforce
from engine.errors import IllegalActionError
from engine.rules import apply_action
from engine.state import Phase, QueuedCard, Termination
from engine.types import CardKind, Direction, PieceKind, parse_square
from tests.engine.builders import (
    B,
    R,
    Seat,
    begin_turn,
    code_at,
    executing,
    fence_names,
    legal,
    piece_at,
    play,
    position,
)

FAR = {"a7": "bAS*", "g1": "rAN*"}


@pytest.mark.parametrize("occupant", ["rAN", "bAS"])
def test_q13_reinforcement_never_lands_on_an_occupied_square(occupant: str) -> None:
    """Q13: reinforcement is a placement, not a capture: occupied squares are refused."""
    state = executing({"c3": occupant, **FAR}, "RF", red=Seat(lp=4))
    assert not any(m.startswith("reinforce") and " c3 " in m for m in legal(state))
    with pytest.raises(IllegalActionError):
        apply_action(state, Reinforce(PieceKind.INFANTRY, parse_square("c3"), Direction.N))


def test_q14_a_reinforced_piece_is_never_the_general() -> None:
    """Q14: the general is one of the pieces on board at set-up; a later piece is a soldier."""
    state = executing({"g1": "rAN*", "a7": "bAS*", "d4": "bAN"}, "RF", red=Seat(lp=3))
    general = state.sides[R].general
    state = play(state, "reinforce A d3 N")
    assert state.sides[R].general == general
    # Blue shoots the reinforced archer: the game goes on.
    state = begin_turn(
        position(
            {"g1": "rAN*", "a7": "bAS*", "d4": "bAS", "d3": "rAN"},
            blue=Seat(queue="RS"),
            to_act=B,
        )
    )
    state = play(state, "d4xd3")
    assert state.phase is Phase.WAR


def test_q19_standing_on_an_intrusion_square_is_not_intruding() -> None:
    """Q19: intrusion happens only at the moment a piece moves onto an intrusion square."""
    state = executing({"c7": "rAN", **{"g1": "rAN*", "a1": "bAS*"}}, "MV")
    moves = legal(state)
    assert "c7-c6" in moves
    assert "c7-c6+" not in moves
    assert {"c7-b7+", "c7-d7+"} <= moves  # moving along the back row onto another one


def test_q19_rotating_on_an_intrusion_square_does_not_intrude() -> None:
    """Q19: only a move gives the choice; a rotation does not."""
    state = executing({"c7": "rAN", "g1": "rAN*", "a1": "bAS*"}, "RS")
    state = play(state, "c7>S")
    assert code_at(state, "c7") == "rAS"
    assert state.sides[R].intruded == ()


def test_r1_third_intrusion_by_a_partner_ends_the_game_before_other_partners() -> None:
    """R1: the chain stops the moment the third intrusion point is scored."""
    pieces = {"c6": "rIN", "b6": "rIN", "d6": "rIN", "c5": "rIN", "g1": "rAN*", "a1": "bAS*"}
    state = play(executing(pieces, "MV"), "c6-c7+")  # 2 points (shielded)
    state = play(state, "b6-b7+")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.INTRUSION
    assert state.to_act is None
    assert code_at(state, "d6") == "rIN"
    assert code_at(state, "c5") == "rIN"


def test_r2_a_game_ending_swift_card_goes_to_the_deck_bottom_and_first_stays() -> None:
    """R2: the executed card goes under the deck; nothing else is executed afterwards."""
    red = Seat(swift="MV", queue="RS^", hand="MV MV FN", deck="RS RF")
    state = begin_turn(position({"c3": "rIN*", "c4": "bAS*"}, red=red))
    state = play(state, "c3-c4")
    assert state.phase is Phase.OVER
    red_side = state.sides[R]
    assert red_side.deck == (CardKind.ROTATE_SHOOT, CardKind.REINFORCE, CardKind.MOVE)
    assert red_side.swift is None
    assert red_side.queue == (QueuedCard(CardKind.ROTATE_SHOOT, True),)
    assert state.execution is None


def test_r4_bounce_cannot_intrude_and_removes_no_fence() -> None:
    """R4: bouncing off a shield on an intrusion square: no intrusion, the fence stays."""
    state = executing({"c6": "rAN", "c7": "bIS", **FAR}, "MV", blue=Seat(fences="c7N c7E"))
    moves = legal(state)
    assert "c6-c7" in moves
    assert "c6-c7+" not in moves
    state = play(state, "c6-c7")
    assert code_at(state, "c6") == "rAN"
    assert code_at(state, "c7") == "biS"
    assert fence_names(state, B) == {"c7N", "c7E"}
    assert state.sides[R].intruded == ()


def test_r4_capture_on_an_intrusion_square_may_intrude() -> None:
    """R4: a capture landing on an enemy intrusion square may be followed by intrusion."""
    state = executing({"c6": "rAN", "c7": "biS", **FAR}, "MV")
    assert {"c6-c7", "c6-c7+"} <= legal(state)
    state = play(state, "c6-c7+")
    assert piece_at(state, "c7") is None
    assert len(state.sides[R].intruded) == 1
    assert state.stock.infantry == 10  # the captured infantry is back in the stock


def test_r4_cavalry_capture_on_the_back_row_may_intrude() -> None:
    """R4 with §8.3: a cavalry removes a shielded infantry and may then intrude."""
    state = executing({"c3": "rCN", "c7": "bIS", **FAR}, "MV")
    assert "c3-c7+" in legal(state)
    state = play(state, "c3-c7+")
    assert state.sides[R].intrusion_points == 1
