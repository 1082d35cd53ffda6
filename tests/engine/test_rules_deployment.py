"""RULES.md §4 (deployment, 布陣) and §5 (general and card order), with Q12, Q14, R7."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import permutations

import pytest

from engine.actions import ArrangeCards, ChooseGeneral, Deploy, DeployFence
from engine.effects import with_side
from engine.errors import IllegalActionError
from engine.rules import apply_action, legal_actions, new_game
from engine.state import GameState, Phase, Stock
from engine.types import BASIC_DECK, CardKind, Direction, PieceKind, Side, parse_square
from tests.engine.builders import B, R, legal, piece_at, play, quick_war


def deploying(red_lp: int = 18, blue_lp: int = 18, **changes: object) -> GameState:
    state = new_game()
    state = with_side(state, R, replace(state.sides[R], lp=red_lp))
    state = with_side(state, B, replace(state.sides[B], lp=blue_lp))
    return replace(state, **changes)  # type: ignore[arg-type]


def kinds_offered(state: GameState) -> set[PieceKind]:
    return {a.kind for a in legal_actions(state) if isinstance(a, Deploy)}


@pytest.mark.parametrize(("text", "kind", "cost"), [("I", "I", 2), ("A", "A", 3), ("C", "C", 4)])
def test_deployment_costs(text: str, kind: str, cost: int) -> None:
    """§4.2: infantry (+shield) 2, archer 3, cavalry 4, paid on placement."""
    state = play(new_game(), f"deploy {text} c2 E")
    piece = piece_at(state, "c2")
    assert piece is not None
    assert piece.kind.value == kind
    assert piece.facing is Direction.E
    assert piece.owner is R
    assert piece.shield is (kind == "I")
    assert state.sides[R].lp == 18 - cost


def test_fence_deployment_costs_one() -> None:
    """§4.2: a fence costs 1 and leaves the hand of fences."""
    state = play(new_game(), "deploy fence a1S")
    assert state.sides[R].lp == 17
    assert state.sides[R].fences_in_hand == 3


def test_deployed_infantry_takes_a_shield_from_stock() -> None:
    """§4.2, R7: an infantry is always placed with its shield."""
    state = play(new_game(), "deploy I c2 N")
    assert state.stock == Stock(infantry=9, shields=9)


def test_any_facing_may_be_chosen() -> None:
    """§4.2: any facing."""
    facings = {a.facing for a in legal_actions(new_game()) if isinstance(a, Deploy)}
    assert facings == set(Direction)


def test_players_alternate_one_item_at_a_time() -> None:
    """§4.2: starting with Red, players alternately place one item."""
    state = new_game()
    assert state.to_act is R
    state = play(state, "deploy I c2 N")
    assert state.to_act is B
    state = play(state, "deploy fence c6N")
    assert state.to_act is R


def test_only_own_camp_empty_squares() -> None:
    """§4.2: into the own camp; a square holds one piece."""
    state = play(new_game(), "deploy I c2 N", "deploy I c6 S")
    squares = {a.square for a in legal_actions(state) if isinstance(a, Deploy)}
    assert parse_square("c2") not in squares
    assert parse_square("c6") not in squares
    assert parse_square("c4") not in squares
    with pytest.raises(IllegalActionError):
        apply_action(state, Deploy(PieceKind.ARCHER, parse_square("c2"), Direction.N))


def test_blue_deploys_only_in_blue_camp() -> None:
    """§4.2 for Blue."""
    state = play(new_game(), "deploy I c2 N")
    with pytest.raises(IllegalActionError):
        apply_action(state, Deploy(PieceKind.INFANTRY, parse_square("c3"), Direction.S))
    assert "deploy I c5 S" in legal(state)


def test_a_fenced_edge_cannot_take_a_second_fence() -> None:
    """§10.2: at most one fence per edge."""
    state = play(new_game(), "deploy fence c2N", "deploy fence c6N")
    assert "deploy fence c2N" not in legal(state)


def test_only_affordable_items_are_offered() -> None:
    """§4.2/4.3: with 3 LP no cavalry; with 1 LP only a fence."""
    assert kinds_offered(deploying(red_lp=3)) == {PieceKind.INFANTRY, PieceKind.ARCHER}
    state = deploying(red_lp=1)
    assert kinds_offered(state) == set()
    assert all(isinstance(a, DeployFence) for a in legal_actions(state))


def test_there_is_no_pass_while_able_to_place() -> None:
    """§4.3: a player must keep spending while able: every decision is a placement."""
    state = deploying(red_lp=1)
    assert legal_actions(state)
    assert all(isinstance(a, Deploy | DeployFence) for a in legal_actions(state))


def test_exhausted_stock_kind_cannot_be_deployed() -> None:
    """§1.2: the shared stock is finite."""
    state = deploying(stock=Stock(infantry=0, archer=8, cavalry=0, shields=10))
    assert kinds_offered(state) == {PieceKind.ARCHER}


def test_infantry_needs_a_shield_in_stock() -> None:
    """R7: deploying an infantry needs an infantry and a shield."""
    state = deploying(stock=Stock(infantry=4, archer=0, cavalry=0, shields=0))
    assert kinds_offered(state) == set()


def test_stock_is_shared_by_both_players() -> None:
    """§1.2: pieces deployed by either side leave the same stock."""
    state = new_game()
    for i in range(6):
        red_sq, blue_sq = f"{'abcdefg'[i]}1", f"{'abcdefg'[i]}7"
        state = play(state, f"deploy C {red_sq} N" if i < 3 else f"deploy I {red_sq} N")
        state = play(state, f"deploy C {blue_sq} S" if i < 3 else f"deploy I {blue_sq} S")
    assert state.stock.cavalry == 0
    assert PieceKind.CAVALRY not in kinds_offered(state)


def test_one_side_continues_alone_when_the_other_cannot_place() -> None:
    """§4.3: when one player can place nothing more, the other places consecutively."""
    state = new_game()
    red = ["deploy C a1 N", "deploy C b1 N", "deploy C c1 N", "deploy C d1 N", "deploy I e1 N"]
    for i, text in enumerate(red):
        state = play(state, text)
        state = play(state, f"deploy I {'abcde'[i]}6 S")
    assert state.sides[R].lp == 0
    assert state.sides[B].lp == 8
    assert state.to_act is B
    state = play(state, "deploy I f6 S")
    assert state.to_act is B  # Red cannot place: Blue goes on
    state = play(state, "deploy A g6 S", "deploy fence a7N", "deploy fence b7N", "deploy fence c7N")
    assert state.sides[B].lp == 0
    assert state.phase is Phase.SETUP
    assert state.to_act is R


def test_deployment_ends_with_one_lp_and_no_fences() -> None:
    """§4.3 example: 1 LP left and no fences in hand: that player is done with 1 LP (§4.4)."""
    red = [
        "deploy C a1 N",
        "deploy C b1 N",
        "deploy A c1 N",
        "deploy I d1 N",
        "deploy fence a1S",
        "deploy fence b1S",
        "deploy fence c1S",
        "deploy fence d1S",
    ]
    blue = [
        "deploy C a7 S",
        "deploy C b7 S",
        "deploy C c7 S",
        "deploy I d7 S",
        "deploy I e7 S",
        "deploy I f7 S",
    ]
    state = new_game()
    for red_text, blue_text in zip(red, blue, strict=False):
        state = play(state, red_text, blue_text)
    assert state.sides[B].lp == 0
    assert state.to_act is R  # Blue is done; Red places its last two fences alone
    state = play(state, *red[len(blue) :])
    assert state.sides[R].lp == 1
    assert state.sides[R].fences_in_hand == 0
    assert state.sides[B].lp == 0
    assert state.phase is Phase.SETUP
    state = play(state, "general a1", "cards MV,MV,MV / RS,RS,FN,RF")
    state = play(state, "general a7", "cards MV,MV,MV / RS,RS,FN,RF")
    assert state.phase is Phase.WAR
    assert state.sides[R].lp == 1  # §4.4 / Q12: carried into the war phase


def test_deployment_ends_when_both_are_at_zero() -> None:
    """§4.3: the phase ends when both are at 0 LP; set-up starts with Red (§5)."""
    state, _ = quick_war()
    assert state.sides[R].lp == 0
    assert state.sides[B].lp == 0


# -- §5 set-up ------------------------------------------------------------------------------


def setup_state() -> GameState:
    state = new_game()
    for red, blue in [("I c2 N", "I c6 S"), ("C d2 N", "A d6 S")]:
        state = play(state, f"deploy {red}", f"deploy {blue}")
    state = with_side(state, R, replace(state.sides[R], lp=0))
    state = with_side(state, B, replace(state.sides[B], lp=0))
    return replace(state, phase=Phase.SETUP, to_act=R)


def test_general_is_chosen_among_own_deployed_pieces() -> None:
    """§5.1: the general is one of the player's own pieces on the board, any type."""
    state = setup_state()
    assert set(legal_actions(state)) == {
        ChooseGeneral(parse_square("c2")),
        ChooseGeneral(parse_square("d2")),
    }
    with pytest.raises(IllegalActionError):
        apply_action(state, ChooseGeneral(parse_square("c6")))
    state = play(state, "general d2")
    assert state.sides[R].general == piece_at(state, "d2").letter  # type: ignore[union-attr]


def test_red_sets_up_first_then_blue_then_red_starts_the_war() -> None:
    """§5 with §15.3: Red fixes general and cards, then Blue; then Red's first war turn."""
    state = setup_state()
    state = play(state, "general c2")
    assert state.to_act is R
    state = play(state, "cards MV,RS,FN / MV,RS,MV,RF")
    assert state.to_act is B
    assert state.phase is Phase.SETUP
    state = play(state, "general c6", "cards MV,MV,MV / RS,RS,FN,RF")
    assert state.phase is Phase.WAR
    assert state.to_act is R
    assert state.turn == 1


def test_hand_and_deck_are_as_chosen() -> None:
    """§5.2: hand of 3 chosen freely; the 4 others stacked in the chosen order (top first)."""
    state = play(setup_state(), "general c2", "cards MV,RS,FN / RF,MV,RS,MV")
    assert state.sides[R].hand == (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE)
    assert state.sides[R].deck == (
        CardKind.REINFORCE,
        CardKind.MOVE,
        CardKind.ROTATE_SHOOT,
        CardKind.MOVE,
    )


def test_every_hand_and_deck_order_of_the_basic_cards_is_offered() -> None:
    """§5.2: any 3 as the hand, the other 4 in any order.

    The seven basic cards have 7!/(3!·2!) = 420 distinct orders; read as hand (first three, a
    set) + deck (last four, a sequence) they give 114 distinct decisions, all offered once.
    """
    state = play(setup_state(), "general c2")
    offered = legal_actions(state)
    assert all(isinstance(a, ArrangeCards) for a in offered)
    orders = set(permutations(BASIC_DECK))
    assert len(orders) == 420
    expected = {ArrangeCards(order[:3], order[3:]) for order in orders}
    assert len(expected) == 114
    assert len(offered) == len(set(offered)) == 114
    assert set(offered) == expected


def test_cards_not_owned_cannot_be_arranged() -> None:
    """§5.2: the hand and deck are exactly the seven own cards."""
    state = play(setup_state(), "general c2")
    wrong = ArrangeCards((CardKind.MOVE,) * 3, (CardKind.MOVE, CardKind.ROTATE_SHOOT) * 2)
    assert Counter(wrong.hand + wrong.deck) != Counter(BASIC_DECK)
    with pytest.raises(IllegalActionError):
        apply_action(state, wrong)


def test_general_cannot_be_chosen_after_set_up() -> None:
    """Q14: the general is fixed in set-up; no later decision can choose one."""
    state, _ = quick_war()
    with pytest.raises(IllegalActionError):
        apply_action(state, ChooseGeneral(parse_square("c2")))
    assert state.sides[R].general == piece_at(state, "d1").letter  # type: ignore[union-attr]


def test_blue_general_choice_is_among_blue_pieces() -> None:
    """§5.1 for Blue."""
    state = play(setup_state(), "general c2", "cards MV,RS,FN / MV,RS,MV,RF")
    squares = {a.square for a in legal_actions(state) if isinstance(a, ChooseGeneral)}
    assert squares == {parse_square("c6"), parse_square("d6")}


def test_first_war_turn_skips_the_military_action() -> None:
    """§6.1: on each player's first war turn the queue is empty, so command comes at once."""
    state, _ = quick_war()
    assert state.execution is None
    assert legal(state) == {"play MV", "play RS", "play FN"}
    assert Side.RED is state.to_act
