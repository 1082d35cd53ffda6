"""RULES.md §11: chains (連携) for Move, Rotate/Shoot and Fence; rulings Q9, R1, R3."""

from __future__ import annotations

from engine.state import Phase, Termination
from engine.types import CardKind, Direction
from tests.engine.builders import (
    B,
    R,
    Seat,
    code_at,
    executing,
    legal,
    piece_at,
    play,
)

FAR = {"a7": "bAS*", "g1": "rAN*"}


def test_partners_are_same_type_neighbours_of_the_selected_piece() -> None:
    """§11.1: same type (shielded and unshielded infantry alike), orthogonally adjacent."""
    pieces = {"c2": "rIN", "d2": "rIN", "c1": "riN", "b2": "rAN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3")
    assert legal(state) == {"d2-d3", "c1-c2", "done"}


def test_chain_is_not_transitive_nor_diagonal() -> None:
    """§11.1: only the selected piece's 4 neighbours (not a neighbour's neighbour, no diagonal)."""
    pieces = {"c2": "rIN", "d2": "rIN", "e2": "rIN", "b3": "rIN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3")
    assert legal(state) == {"d2-d3", "done"}


def test_partners_are_the_neighbours_where_the_leader_was_selected() -> None:
    """§11.1: neighbours of the selected piece when it is selected, not where it arrives."""
    pieces = {"c2": "rIN", "d3": "rIN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3")
    assert state.execution is None  # d3 was not next to c2: no partner, the card is done


def test_chained_moves_go_in_the_same_absolute_direction() -> None:
    """§11.2: every chained move goes the leader's direction."""
    pieces = {"c2": "rIN", "d2": "rIS", "b2": "rIE", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3")
    assert legal(state) == {"d2-d3", "b2-b3", "done"}
    state = play(state, "d2-d3", "b2-b3")
    assert code_at(state, "d3") == "rIN"
    assert code_at(state, "b3") == "rIN"


def test_cavalry_partner_joins_only_if_the_direction_is_its_front_left_or_right() -> None:
    """§11.2: each partner still follows its own movement rule."""
    pieces = {"c2": "rCN", "d2": "rCS", "b2": "rCE", "c1": "rCN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c5")
    moves = legal(state)
    assert not any(m.startswith("d2-") for m in moves)  # N is its back
    assert {m for m in moves if m.startswith("b2-")} == {"b2-b3"}  # N is its left: 1 step
    assert {m for m in moves if m.startswith("c1-")} == {"c1-c2", "c1-c3", "c1-c4"}


def test_chained_cavalry_choose_distances_independently() -> None:
    """§11.2: forward cavalry choose their distances freely."""
    pieces = {"c2": "rCN", "d2": "rCN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3", "d2-d6")
    assert code_at(state, "c3") == "rCN"
    assert code_at(state, "d6") == "rCN"


def test_partners_are_optional() -> None:
    """§11.1: each partner may act (individually optional): "done" ends the chain."""
    pieces = {"c2": "rIN", "d2": "rIN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3", "done")
    assert state.execution is None
    assert code_at(state, "d2") == "rIN"


def test_the_chain_ends_by_itself_when_no_partner_can_act() -> None:
    """§11 (engine): once every partner acted the card is finished."""
    pieces = {"c2": "rIN", "d2": "rIN", **FAR}
    state = play(executing(pieces, "MV"), "c2-c3", "d2-d3")
    assert state.execution is None


def test_each_chained_piece_chooses_to_intrude_or_stay() -> None:
    """§11.3: each piece may separately choose to intrude."""
    pieces = {"c6": "rAN", "d6": "rAN", **FAR}
    state = play(executing(pieces, "MV"), "c6-c7+", "d6-d7")
    assert len(state.sides[R].intruded) == 1
    assert code_at(state, "d7") == "rAN"


def test_chained_rotations_face_the_same_direction() -> None:
    """§7.2, §11.2: chained pieces all end up facing the same absolute direction."""
    pieces = {"c2": "rAN", "d2": "rAS", "b2": "rAW", **FAR}
    state = play(executing(pieces, "RS"), "c2>E")
    assert legal(state) == {"d2>E", "b2>E", "done"}
    state = play(state, "d2>E", "b2>E")
    assert {code_at(state, sq) for sq in ("b2", "c2", "d2")} == {"rAE"}


def test_partner_already_facing_the_direction_does_not_take_part() -> None:
    """R3: a partner already facing the chosen direction simply does not rotate."""
    pieces = {"c2": "rIN", "d2": "rIE", **FAR}
    state = play(executing(pieces, "RS"), "c2>E")
    assert state.execution is None


def test_the_leaders_choice_fixes_rotate_or_shoot() -> None:
    """§7.2: the card is Rotate or Shoot; a chain does what its leader did."""
    pieces = {"c3": "rAN", "d3": "rAN", "c4": "bAS", "d4": "bAS", **FAR}
    state = play(executing(pieces, "RS"), "c3xc4")
    assert legal(state) == {"d3xd4", "done"}
    state = play(executing(pieces, "RS"), "c3>E")
    assert legal(state) == {"d3>E", "done"}


def test_chained_shots_choose_separate_targets_with_their_own_facing() -> None:
    """§7.2, §11.2: each chained archer chooses its own target, using its own facing."""
    pieces = {"c3": "rAN", "d3": "rAE", "c4": "bAS", "e3": "bAS", "d4": "bCS", **FAR}
    state = play(executing(pieces, "RS"), "c3xc4")
    assert legal(state) == {"d3xe3", "d3xd4", "done"}


def test_two_chained_archers_remove_shield_then_infantry() -> None:
    """§11.2, §8.4: the first shot strips the shield, the partner's shot removes the infantry."""
    pieces = {"d3": "rAN", "c3": "rAE", "d4": "bIS", **FAR}
    state = play(executing(pieces, "RS"), "d3xd4")
    assert code_at(state, "d4") == "biS"
    assert "c3xd4" in legal(state)
    state = play(state, "c3xd4")
    assert piece_at(state, "d4") is None


def test_chained_fences_cost_one_lp_each() -> None:
    """§7.3, §11.2: each chained infantry may place one fence, 1 LP each."""
    pieces = {"c3": "rIN", "d3": "rIN", **FAR}
    state = play(executing(pieces, "FN", red=Seat(lp=2)), "c3#c4N")
    assert state.sides[R].lp == 1
    state = play(state, "d3#d4N")
    assert state.sides[R].lp == 0
    assert state.sides[R].fences_in_hand == 2
    assert state.execution is None


def test_chained_fence_needs_lp_for_each_fence() -> None:
    """§7.3: with 1 LP only the leader can place a fence."""
    pieces = {"c3": "rIN", "d3": "rIN", **FAR}
    state = play(executing(pieces, "FN", red=Seat(lp=1)), "c3#c4N")
    assert state.execution is None  # no LP left: the partner cannot act
    assert state.sides[R].lp == 0


def test_chained_fence_needs_a_fence_in_hand_for_each() -> None:
    """§7.3: a chained fence needs a fence in hand."""
    pieces = {"c3": "rIN", "d3": "rIN", **FAR}
    red = Seat(lp=5, fences="a1S b1S c1S")
    state = play(executing(pieces, "FN", red=red), "c3#c4N")
    assert state.execution is None
    assert state.sides[R].fences_in_hand == 0


def test_select_lets_a_front_partner_move_first() -> None:
    """Q9, §11.3: the order is the player's; a front piece can vacate a square for the one
    behind (``select`` names the leader without moving it)."""
    pieces = {"c2": "rIN", "c3": "rIN", **FAR}
    state = executing(pieces, "MV")
    assert "select c2 N" in legal(state)
    state = play(state, "select c2 N")
    assert legal(state) == {"c3-c4"}  # the leader must still act: no "done" yet
    state = play(state, "c3-c4")
    assert legal(state) == {"c2-c3"}
    state = play(state, "c2-c3")
    assert state.execution is None
    assert code_at(state, "c4") == "rIN"
    assert code_at(state, "c3") == "rIN"


def test_select_for_cavalry_behind_a_cavalry() -> None:
    """Q9: a cavalry may not pass an own cavalry, so the front one goes first."""
    pieces = {"c1": "rCN", "c2": "rCN", **FAR}
    state = play(executing(pieces, "MV"), "select c1 N", "c2-c6")
    assert {m for m in legal(state) if m.startswith("c1-")} == {f"c1-c{r}" for r in range(2, 6)}


def test_select_is_not_offered_when_the_front_partner_cannot_free_the_square() -> None:
    """No dead ends (§11.3): a front partner that would only bounce cannot let the leader go."""
    pieces = {"c2": "rIN", "c3": "rIN", "c4": "bIS", **FAR}
    state = executing(pieces, "MV")
    assert "select c2 N" not in legal(state)
    assert "c3-c4" in legal(state)


def test_while_the_leader_waits_other_partners_may_act_in_any_order() -> None:
    """Q9, §11.3: with the leader waiting behind its front partner, a side partner may move
    before the front partner; the order is the player's."""
    pieces = {"c2": "rIN", "c3": "rIN", "d2": "rIN", **FAR}
    state = play(executing(pieces, "MV"), "select c2 N")
    assert legal(state) == {"c3-c4", "d2-d3"}
    state = play(state, "d2-d3", "c3-c4", "c2-c3")
    assert state.execution is None
    assert {code_at(state, sq) for sq in ("c3", "c4", "d3")} == {"rIN"}


def test_a_chained_partner_capturing_the_general_ends_the_game_at_once() -> None:
    """R1: the game ends at once; remaining partners do not act; R2: card to deck bottom."""
    pieces = {"c2": "rIN", "d2": "rIN", "b2": "rIN", "d3": "bAS*", "g1": "rAN*"}
    red = Seat(queue="MV", hand="MV RS FN", deck="MV RS RF")
    state = play(executing(pieces, "MV", red=red), "c2-c3", "d2-d3")
    assert state.phase is Phase.OVER
    assert state.outcome is not None
    assert state.outcome.termination is Termination.GENERAL_CAPTURED
    assert state.to_act is None
    assert legal(state) == set()
    assert code_at(state, "b2") == "rIN"  # the third partner never acted
    assert state.sides[R].deck[-1] is CardKind.MOVE
    assert state.execution is None


def test_blue_chain_mirrors() -> None:
    """§11 for Blue: chained moves toward Red's side."""
    pieces = {"c6": "bIS", "d6": "bIS", "a1": "rAN*", "g7": "bAS*"}
    state = play(executing(pieces, "MV", to_act=B), "c6-c5")
    assert legal(state) == {"d6-d5", "done"}
    state = play(state, "d6-d5")
    piece = piece_at(state, "d5")
    assert piece is not None
    assert piece.facing is Direction.S


def test_chain_decisions_do_not_depend_on_the_opponents_secret_general() -> None:
    """§6.8 with §11.3: which chained moves are offered must not reveal the opponent's general
    (a capture ending the game must not make an otherwise-refused move legal)."""
    offered = []
    for general in ("d3", "a7"):
        pieces = {"c2": "rIN", "c3": "rIN", "d2": "rIN", "d3": "bAS", "a7": "bAS", "g1": "rAN*"}
        pieces[general] += "*"
        state = play(executing(pieces, "MV"), "select c2 N")
        offered.append(legal(state))
    assert offered[0] == offered[1]


def test_select_is_offered_to_an_unblocked_leader_with_partners() -> None:
    """Q9, §11.3: any order is the player's, so a leader that could move at once may also wait
    while its partners go first (here the side cavalry runs before the leader)."""
    pieces = {"c1": "rCN", "d1": "rCN", **FAR}
    state = executing(pieces, "MV")
    assert {"c1-c2", "select c1 N"} <= legal(state)
    state = play(state, "select c1 N", "d1-d4")
    assert "done" not in legal(state)  # the leader has not moved yet
    state = play(state, "c1-c3")
    assert state.execution is None
    assert code_at(state, "c3") == "rCN"
    assert code_at(state, "d4") == "rCN"


def test_select_is_not_offered_to_a_piece_without_partners() -> None:
    """A lone piece has nobody to wait for: ``select`` would only repeat its own moves."""
    pieces = {"c1": "rCN", **FAR}
    assert not any(a.startswith("select") for a in legal(executing(pieces, "MV")))


def test_a_waiting_shooter_lets_its_partners_shoot_before_its_game_ending_shot() -> None:
    """Q9, §11.3: the player orders a shooting chain, the selected archer included. Here the
    leader's shot takes Blue's general: its partner must be able to shoot first (after the
    leader's shot nothing more happens, R1)."""
    pieces = {"c3": "rAN", "d3": "rAN", "c4": "bAS*", "e4": "bCS", "g1": "rAN*"}
    state = executing(pieces, "RS")
    assert {"c3xc4", "select c3 x", "select d3 x"} <= legal(state)
    state = play(state, "select c3 x")
    # d3xc4 would leave the waiting leader nothing to shoot at; done only after the leader.
    assert legal(state) == {"c3xc4", "d3xe4"}
    state = play(state, "d3xe4", "c3xc4")
    assert piece_at(state, "e4") is None
    assert state.outcome is not None
    assert state.outcome.termination is Termination.GENERAL_CAPTURED
    assert state.outcome.winner is R
    assert state.sides[R].deck[-1] is CardKind.ROTATE_SHOOT


def test_a_partner_may_strip_the_shield_the_waiting_shooter_then_shoots() -> None:
    """A shot at a shielded infantry only takes its shield (§8.4): the leader keeps its target."""
    pieces = {"c3": "rAN", "d3": "rAN", "c4": "bIS", **FAR}
    state = play(executing(pieces, "RS"), "select c3 x")
    assert legal(state) == {"c3xc4", "d3xc4"}
    state = play(state, "d3xc4")
    assert code_at(state, "c4") == "biS"
    assert legal(state) == {"c3xc4"}
    state = play(state, "c3xc4")
    assert piece_at(state, "c4") is None
    assert state.execution is None


def test_select_x_needs_a_partner_that_can_shoot() -> None:
    """With no partner able to shoot, waiting would only repeat the leader's own shots."""
    pieces = {"c3": "rAN", "d3": "rAS", "c4": "bAS", **FAR}
    assert not any(a.endswith(" x") for a in legal(executing(pieces, "RS")))


def test_a_shooter_selection_shows_no_secret() -> None:
    """§6.8: which shots are offered to partners does not depend on where Blue's general is."""
    offered = []
    for general in ("c4", "a7"):
        pieces = {"c3": "rAN", "d3": "rAN", "c4": "bAS", "e4": "bCS", "a7": "bAS", "g1": "rAN*"}
        pieces[general] += "*"
        offered.append(legal(play(executing(pieces, "RS"), "select c3 x")))
    assert offered[0] == offered[1]
