"""RULES.md §12 and the rulebook's card notes (pp. 19–20): the six 六韜 and three 三略 cards.

Each test names the card and the note it checks. Positions are built with
``tests.engine.builders`` and the expansion fields of a side set directly.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.actions import Rotate, RouteReinforce, ScoutCard, ScoutGeneral, Shoot
from engine.observation import observe
from engine.rules import legal_actions
from engine.rulings import RECOMMENDED, Rulings
from engine.state import GameState, Phase, Termination
from engine.types import CAMPS, INTRUSION_SQUARES, CardKind, parse_square
from tests.engine.builders import (
    B,
    R,
    Seat,
    begin_turn,
    code_at,
    fence_names,
    legal,
    piece_at,
    play,
    position,
)

RM, SB, RC, RR = (
    CardKind.RAPID_MOVE,
    CardKind.SUPPLY_BOOST,
    CardKind.ROTATE_CROSSBOW,
    CardKind.REINFORCEMENT_ROUTE,
)
LI, SC, RP, SW, LS = (
    CardKind.LIGHT_INFANTRY,
    CardKind.SCOUTING,
    CardKind.RAPID_FIRE,
    CardKind.SWAP,
    CardKind.LINKED_STRATAGEM,
)


def run(
    pieces: dict[str, str],
    card: str,
    *,
    red: Seat | None = None,
    blue: Seat | None = None,
    rulings: Rulings = RECOMMENDED,
    red_extra: dict[str, Any] | None = None,
    blue_extra: dict[str, Any] | None = None,
) -> GameState:
    """Red begins a turn with ``card`` 1st in its queue; the sides' expansion fields as given."""
    seat = red or Seat()
    seat = replace(seat, queue=f"{card} {seat.queue}".strip())
    state = position(pieces, red=seat, blue=blue, rulings=rulings)
    sides = (
        replace(state.sides[R], **(red_extra or {})),
        replace(state.sides[B], **(blue_extra or {})),
    )
    return begin_turn(replace(state, sides=sides))


def skipped(state: GameState, card: CardKind) -> bool:
    """The card left the queue for the deck bottom without a decision (§6.7, general note)."""
    red = state.sides[R]
    return state.execution is None and red.queue == () and red.deck[-1:] == (card,)


def commanding(state: GameState) -> bool:
    return state.execution is None and all(a.startswith("play ") for a in legal(state))


# -- General expansion note ---------------------------------------------------------------------


@pytest.mark.parametrize(("card", "lp"), [("RM", 1), ("SW", 1), ("SC", 1), ("LS", 1), ("RR", 3)])
def test_a_card_whose_cost_cannot_be_paid_is_skipped_keeping_the_lp(card: str, lp: int) -> None:
    """General note (共通補足): too few LP for the cost → the card is skipped, LP unchanged."""
    pieces = {"c2": "rIN*", "d2": "rAN", "g7": "bIS*"}
    state = run(pieces, card, red=Seat(lp=lp), blue=Seat(queue="MV"))
    assert skipped(state, CardKind(card))
    assert state.sides[R].lp == lp


# -- 六韜 1 高速移動 (RM) -----------------------------------------------------------------------


def test_rapid_move_moves_then_rotates_the_same_piece() -> None:
    """六韜1: one piece does a Move and a Rotate; −2 LP paid as the execution starts."""
    state = run({"c2": "rIN*", "d2": "rIN", "g7": "bIS*"}, "RM", red=Seat(lp=5))
    assert "c2-c3" in legal(state)
    assert "c2>E" in legal(state)
    state = play(state, "c2-c3")
    assert state.sides[R].lp == 3
    assert legal(state) == {"c3>E", "c3>S", "c3>W"}  # the same piece, a real turn
    state = play(state, "c3>W")
    assert code_at(state, "c3") == "rIW"
    assert code_at(state, "d2") == "rIN"  # no chain
    assert commanding(state)


def test_rapid_move_may_rotate_first_then_move() -> None:
    """六韜1: "in either order": rotate first, then the same piece moves."""
    state = run({"c2": "rCN*", "g7": "bIS*"}, "RM", red=Seat(lp=2))
    state = play(state, "c2>E")
    assert legal(state) == {"c2-d2", "c2-e2", "c2-f2", "c2-g2", "c2-c3", "c2-c1"}
    state = play(state, "c2-f2")
    assert code_at(state, "f2") == "rCE"
    assert state.sides[R].lp == 0
    assert commanding(state)


def test_rapid_move_rotation_first_only_when_a_move_follows() -> None:
    """六韜1: a rotation is offered first only if the piece can then move (both are done)."""
    pieces = {"a1": "rCN*", "b1": "rCN", "a2": "rCN", "g7": "bIS*"}
    state = run(pieces, "RM", red=Seat(lp=2))
    rotations = {a.to_str() for a in legal_actions(state) if isinstance(a, Rotate)}
    assert not {"a1>E", "a1>S", "a1>W"} & rotations  # boxed in by own cavalry whichever way
    assert "b1>E" in rotations


def test_rapid_move_may_intrude_and_then_has_nothing_to_rotate() -> None:
    """六韜1 note: intrusion is possible with this card's move; the intruded piece is gone."""
    state = run({"b6": "rIN", "a1": "rIN*", "g7": "bIS*"}, "RM", red=Seat(lp=2))
    state = play(state, "b6-b7+")
    assert len(state.sides[R].intruded) == 1
    assert commanding(state)


# -- 六韜 2 兵站強化 (SB) -----------------------------------------------------------------------


@pytest.mark.parametrize(("lp", "after"), [(0, 2), (10, 12), (17, 18), (18, 18)])
def test_supply_boost_adds_two_lp_capped(lp: int, after: int) -> None:
    """六韜2: +2 LP, no decision; the track ends at 18 (Q8)."""
    state = run({"c2": "rIN*", "g7": "bIS*"}, "SB", red=Seat(lp=lp))
    assert state.sides[R].lp == after
    assert state.sides[R].deck[-1] == SB
    assert commanding(state)


# -- 六韜 3 向き変更/強弩攻撃 (RC) ----------------------------------------------------------------


def test_crossbow_range_is_front_three_and_the_sides() -> None:
    """六韜3 note, §9.2: F, 2F, 3F, L, R; the diagonal front squares are out of range."""
    pieces = {
        "d2": "rAN*",
        "d3": "bIS",
        "d4": "bIS",
        "d5": "bIS",
        "d6": "bIS",
        "c2": "bIS",
        "e2": "bIS",
        "c3": "bIS",
        "e3": "bIS",
        "g7": "bIS*",
    }
    state = run(pieces, "RC")
    shots = {a.to_str() for a in legal_actions(state) if isinstance(a, Shoot)}
    assert shots == {"d2xd3", "d2xd4", "d2xd5", "d2xc2", "d2xe2"}


def test_crossbow_fences_protect_only_their_own_square() -> None:
    """六韜3 note: a fence on the line does not stop a shot at an unfenced square (§9.3, §9.5)."""
    pieces = {"d2": "rAN*", "d3": "bIS", "d5": "bIS", "g7": "bIS*"}
    state = run(pieces, "RC", blue=Seat(fences="d3N"))  # across d3 (and d4's south side)
    shots = {a.to_str() for a in legal_actions(state) if isinstance(a, Shoot)}
    assert shots == {"d2xd5"}


def test_crossbow_chains_with_the_crossbow_range() -> None:
    """六韜3: chain ○; a partner archer also shoots with the crossbow range."""
    pieces = {"d2": "rAN*", "e2": "rAN", "d3": "bIS", "e5": "bCS", "f3": "bCS", "g7": "bIS*"}
    state = play(run(pieces, "RC"), "d2xd3")
    assert legal(state) == {"e2xe5", "done"}  # 3F yes, the diagonal f3 no
    state = play(state, "e2xe5")
    assert piece_at(state, "e5") is None
    assert commanding(state)


def test_rotate_of_card_three_chains_like_the_basic_rotate() -> None:
    """六韜3: 向き変更 chain ○, 180° allowed; partners turn the same way."""
    state = run({"d2": "rIN*", "e2": "rIE", "g7": "bIS*"}, "RC")
    state = play(state, "d2>S")
    assert legal(state) == {"e2>S", "done"}
    state = play(state, "e2>S")
    assert code_at(state, "e2") == "rIS"


# -- 六韜 4 援軍経路 (RR) ------------------------------------------------------------------------


def test_route_squares_next_to_infantry_or_archer_outside_the_own_camp() -> None:
    """六韜4 notes: next to an own infantry or archer (not cavalry); not in the own camp."""
    pieces = {"d3": "rIN*", "b4": "rCN", "g7": "bIS*"}
    state = run(pieces, "RR", red=Seat(lp=4))
    squares = {a.to_str().split()[2] for a in legal_actions(state)}
    assert squares == {"d4"}  # c3, e3, d2 are Red's camp; b4 is a cavalry: no route
    assert all(isinstance(a, RouteReinforce) for a in legal_actions(state))


def test_route_enemy_camp_yes_enemy_intrusion_squares_no() -> None:
    """六韜4 notes: the enemy camp is allowed, its intrusion squares (+) are not."""
    state = run({"c6": "rIN*", "g7": "bIS*"}, "RR", red=Seat(lp=4))
    squares = {parse_square(a.to_str().split()[2]) for a in legal_actions(state)}
    assert squares == {parse_square(s) for s in ("b6", "d6", "c5")}
    assert not squares & INTRUSION_SQUARES[B]
    assert squares <= CAMPS[B]


@pytest.mark.parametrize(("lp", "kinds"), [(4, {"I"}), (5, {"I", "A"}), (6, {"I", "A", "C"})])
def test_route_costs_four_five_six(lp: int, kinds: set[str]) -> None:
    """六韜4: infantry 4, archer 5, cavalry 6 LP (cavalry allowed, ruling Q10)."""
    state = run({"d3": "rIN*", "g7": "bIS*"}, "RR", red=Seat(lp=lp))
    assert {a.to_str().split()[1] for a in legal_actions(state)} == kinds
    kind = sorted(kinds)[-1]
    cost = {"I": 4, "A": 5, "C": 6}[kind]
    state = play(state, f"route {kind} d4 N")
    assert state.sides[R].lp == lp - cost
    assert commanding(state)


def test_route_without_cavalry_under_the_literal_note() -> None:
    """Q10 switched off: the note's literal "cavalry cannot be chosen"."""
    rulings = replace(RECOMMENDED, route_allows_cavalry=False)
    state = run({"d3": "rIN*", "g7": "bIS*"}, "RR", red=Seat(lp=6), rulings=rulings)
    assert {a.to_str().split()[1] for a in legal_actions(state)} == {"I", "A"}


def test_route_removes_enemy_fences_of_the_square() -> None:
    """六韜4 note: a placed piece removes the opponent's fences of that square."""
    state = run({"d3": "rIN*", "g7": "bIS*"}, "RR", red=Seat(lp=4), blue=Seat(fences="d4N d4E"))
    state = play(state, "route I d4 S")
    assert fence_names(state, B) == set()
    assert code_at(state, "d4") == "rIS"


def test_route_never_on_an_occupied_square() -> None:
    """六韜4 note: not on a square with an own or enemy piece."""
    pieces = {"d3": "rIN*", "d4": "bIS", "e3": "rAN", "g7": "bIS*"}
    state = run(pieces, "RR", red=Seat(lp=4))
    squares = {a.to_str().split()[2] for a in legal_actions(state)}
    assert "d4" not in squares
    assert "e4" in squares


# -- 六韜 5 軽装歩兵 (LI) ------------------------------------------------------------------------


def test_light_infantry_moves_one_any_way_or_two_forward() -> None:
    """六韜5: F/B/L/R one square, or exactly two forward; the shield comes off first."""
    state = run({"d3": "rIN*", "g7": "bIS*"}, "LI")
    assert legal(state) == {"d3-d4", "d3-d5", "d3-c3", "d3-e3", "d3-d2"}
    shields = state.stock.shields
    state = play(state, "d3-d5")
    assert code_at(state, "d5") == "riN"
    assert state.stock.shields == shields + 1


def test_light_infantry_two_step_passes_over_any_piece() -> None:
    """六韜5 note: the 2-square move passes over infantry, archers and cavalry alike."""
    for blocker in ("rAN", "bCS", "bIS"):
        state = run({"d3": "rIN*", "d4": blocker, "g7": "bIS*"}, "LI")
        assert "d3-d5" in legal(state)


def test_light_infantry_must_stop_on_a_fenced_square() -> None:
    """六韜5 note: a square with an enemy fence cannot be passed: the move stops there."""
    state = run({"d3": "rIN*", "g7": "bIS*"}, "LI", blue=Seat(fences="d4E"))
    assert "d3-d4" in legal(state)
    assert "d3-d5" not in legal(state)


def test_light_infantry_only_for_infantry() -> None:
    """六韜5: the card moves infantry; an army of archers and cavalry skips it."""
    state = run({"d3": "rAN*", "e3": "rCN", "g7": "bIS*"}, "LI")
    assert skipped(state, LI)


def test_light_infantry_chain_discards_every_shield_same_direction() -> None:
    """六韜5 notes: shielded and unshielded infantry chain; all movers lose their shields;
    partners go the leader's way, two squares only when that is their front."""
    pieces = {"d3": "rIN*", "e3": "rIN", "c3": "riE", "g7": "bIS*"}
    state = play(run(pieces, "LI"), "d3-d5")
    assert legal(state) == {"e3-e4", "e3-e5", "c3-c4", "done"}
    state = play(state, "e3-e5", "c3-c4")
    assert code_at(state, "e5") == "riN"
    assert code_at(state, "c4") == "riN"
    assert commanding(state)


def test_light_infantry_leader_may_wait_for_its_partner_in_front() -> None:
    """Q9, §11.3 with 六韜5: the player orders the chain, the selected infantry included. The
    leader on d2 cannot step west until its partner on c2 has gone; selected with
    ``select d2 W`` it moves after it (and ``done`` only comes after the leader's move)."""
    pieces = {"d2": "rIN", "c2": "rIN", "g7": "bIS*", "a1": "rAN*"}
    state = run(pieces, "LI")
    assert "select d2 W" in legal(state)
    assert "d2-c2" not in legal(state)
    state = play(state, "select d2 W")
    assert legal(state) == {"c2-b2"}
    state = play(state, "c2-b2")
    assert legal(state) == {"d2-c2"}
    state = play(state, "d2-c2")
    assert code_at(state, "b2") == "riW"
    assert code_at(state, "c2") == "riW"
    assert commanding(state)


def test_light_infantry_leaders_game_ending_move_may_come_last() -> None:
    """The selected infantry's move takes Blue's general: its partner moves first."""
    pieces = {"d5": "rIN", "e5": "rIN", "d6": "bAS*", "a1": "rAN*"}
    state = play(run(pieces, "LI"), "select d5 N", "e5-e7")
    assert state.outcome is None
    state = play(state, "d5-d6")
    assert state.outcome is not None
    assert state.outcome.winner is R
    assert code_at(state, "e7") == "riN"


def test_light_infantry_may_intrude() -> None:
    """六韜5 note: this card's move may intrude (two squares too)."""
    state = run({"b5": "rIN", "a1": "rIN*", "g7": "bIS*"}, "LI")
    assert "b5-b7+" in legal(state)
    state = play(state, "b5-b7+")
    assert [p.shield for p in state.sides[R].intruded] == [False]


# -- 六韜 6 伝令偵察/将軍偵察 (SC) -----------------------------------------------------------------


def test_scout_a_card_only_the_scout_sees_it() -> None:
    """六韜6 伝令偵察: −2 LP, look at one queued card; only the scout learns its face."""
    blue = Seat(queue="RF MV^ FN")
    state = run({"c2": "rIN*", "g7": "bIS*"}, "SC", red=Seat(lp=4), blue=blue)
    assert legal(state) == {"scout card 1", "scout card 2", "scout card 3"}  # no 5 LP
    state = play(state, "scout card 3")
    assert state.sides[R].lp == 2
    assert observe(state, R)["sides"]["blue"]["queue"][2]["card"] == "FN"
    assert observe(state, None)["sides"]["blue"]["queue"][2]["card"] is None
    assert observe(state, R)["sides"]["blue"]["queue"][0]["card"] is None


def test_a_scouted_card_is_forgotten_when_it_leaves_the_queue() -> None:
    """六韜6: the look is at a card in the queue; once executed it is a face-down deck card."""
    blue = Seat(queue="RF MV^")
    state = run({"c2": "rIN*", "g7": "bIS*"}, "SC", red=Seat(lp=4), blue=blue)
    state = play(state, "scout card 1", "play MV", "end")  # Blue's turn: RF is executed
    assert state.sides[B].queue[0].seen
    state = play(state, "reinforce I d6 S")
    assert [q.card for q in state.sides[B].queue] == [CardKind.MOVE]
    assert not any(q.seen for q in state.sides[B].queue)
    assert observe(state, R)["sides"]["blue"]["deck"] is None


def test_scout_the_general_yes_reveals_it_to_everybody() -> None:
    """六韜6 将軍偵察: −5 LP, public yes; the chip is turned face up for the rest of the game."""
    state = run({"c2": "rIN*", "d6": "bIS*", "e6": "bIS"}, "SC", red=Seat(lp=5))
    assert {"scout general d6", "scout general e6"} <= legal(state)
    state = play(state, "scout general d6")
    assert state.sides[R].lp == 0
    assert state.sides[B].general_revealed
    for viewer in (None, R):
        view = observe(state, viewer)
        assert view["sides"]["blue"]["general"] == state.sides[B].general
        assert "d6" in [p["square"] for p in view["board"] if p["general"]]
    assert [p["square"] for p in observe(state, None)["board"] if p["general"]] == ["d6"]


def test_scout_the_general_no_is_public() -> None:
    """六韜6 将軍偵察: the answer "no" is public too, and the general stays secret."""
    state = run({"c2": "rIN*", "d6": "bIS*", "e6": "bIS"}, "SC", red=Seat(lp=5))
    state = play(state, "scout general e6")
    assert not state.sides[B].general_revealed
    assert state.sides[B].not_general == {piece_at(state, "e6").letter}  # type: ignore[union-attr]
    assert observe(state, None)["sides"]["blue"]["general"] is None


def test_scouting_must_be_executed_even_without_face_down_cards() -> None:
    """六韜6 note: no face-down card → still execute: look at a face-up one (2) or pay 5."""
    blue = Seat(queue="MV^", cards_placed=2)
    state = run({"c2": "rIN*", "d6": "bIS*"}, "SC", red=Seat(lp=5), blue=blue)
    assert legal(state) == {"scout card 1", "scout general d6"}
    assert all(isinstance(a, (ScoutCard, ScoutGeneral)) for a in legal_actions(state))


# -- 三略 1 連射 (RP) ---------------------------------------------------------------------------


def test_rapid_fire_shoots_twice_the_same_target_allowed() -> None:
    """三略1: one archer shoots twice with the basic range; the same enemy may be shot twice."""
    state = run({"d2": "rAN*", "d3": "bIS", "g7": "bIS*"}, "RP")
    state = play(state, "d2xd3")
    assert code_at(state, "d3") == "biS"
    assert legal(state) == {"d2xd3"}  # mandatory second shot, same archer
    state = play(state, "d2xd3")
    assert piece_at(state, "d3") is None
    assert commanding(state)


def test_rapid_fire_second_shot_may_take_another_target() -> None:
    """三略1 note: the two shots may target different enemy pieces; no chain."""
    pieces = {"d2": "rAN*", "e2": "rAN", "d3": "bAS", "d4": "bAS", "g7": "bIS*"}
    state = play(run(pieces, "RP"), "d2xd3")
    assert legal(state) == {"d2xd4"}
    state = play(state, "d2xd4")
    assert commanding(state)


def test_rapid_fire_ends_when_no_target_is_left() -> None:
    """三略1: with nothing left in range after the first shot the card ends."""
    state = play(run({"d2": "rAN*", "d3": "bAS", "g7": "bIS*"}, "RP"), "d2xd3")
    assert commanding(state)


# -- 三略 2 位置入替 (SW) -----------------------------------------------------------------------


def test_swap_exchanges_two_adjacent_own_pieces_facings_kept() -> None:
    """三略2: −2 LP; the two pieces trade squares, each keeps its facing."""
    state = run({"c2": "rIN*", "c3": "rAE", "g7": "bIS*"}, "SW", red=Seat(lp=2))
    assert legal(state) == {"swap c2 c3"}
    state = play(state, "swap c2 c3")
    assert code_at(state, "c2") == "rAE"
    assert code_at(state, "c3") == "rIN"
    assert state.sides[R].lp == 0


def test_swap_onto_an_intrusion_square_is_no_intrusion_nor_fence_break() -> None:
    """三略2 note: not a move: no intrusion choice (and no fence is knocked down)."""
    state = run(
        {"c7": "rIN", "c6": "rAN", "a1": "rIN*", "g7": "bIS*"},
        "SW",
        red=Seat(lp=2),
        blue=Seat(fences="c7E"),
    )
    state = play(state, "swap c6 c7")
    assert commanding(state)
    assert code_at(state, "c7") == "rAN"
    assert state.sides[R].intruded == ()
    assert fence_names(state, B) == {"c7E"}


def test_swap_without_a_pair_is_skipped_without_paying() -> None:
    """三略2 note: no adjacent own pieces → no effect and the 2 LP are not paid."""
    state = run({"c2": "rIN*", "e2": "rIN", "g7": "bIS*"}, "SW", red=Seat(lp=5))
    assert skipped(state, SW)
    assert state.sides[R].lp == 5


# -- 三略 3 連環の計 (LS) -----------------------------------------------------------------------


def test_linked_stratagem_waits_beside_the_board_outside_the_queue() -> None:
    """三略3: −2 LP, face up beside the board; it does not count toward the 4 cards, so with a
    full queue the Rest refills the hand to two only."""
    red = Seat(lp=2, queue="MV^ RS FN^", hand="MV", deck="RS RF", cards_placed=4)
    state = run({"c2": "rIN*", "g7": "bIS*"}, "LS", red=red)
    red_side = state.sides[R]
    assert red_side.beside == (LS,)
    assert red_side.lp == 0
    assert LS not in red_side.deck
    assert all(q.card is not LS for q in red_side.queue)
    assert observe(state, B)["sides"]["red"]["queue"][0]["card"] == "MV"
    state = play(state, "play MV", "end")
    assert len(state.sides[R].queue) == 4
    assert len(state.sides[R].hand) == 2


def linked(pieces: dict[str, str], card: str = "MV", **kwargs: Any) -> GameState:
    """Red executes ``card`` while Blue's 連環の計 waits beside the board."""
    return run(pieces, card, blue_extra={"beside": (LS,)}, **kwargs)


def test_linked_stratagem_pushes_every_neighbour_of_the_start_square() -> None:
    """三略3 notes, Q11: a one-square move pushes all the mover's pieces of any type next to
    its start square one square the same way; they turn that way; then the card goes to the
    bottom of its owner's deck."""
    pieces = {"d3": "rIN", "c3": "rAE", "e3": "rCS", "d2": "rIW*", "g7": "bIS*"}
    state = play(linked(pieces), "d3-d4")
    assert code_at(state, "d4") == "rIN"
    assert code_at(state, "c4") == "rAN"
    assert code_at(state, "e4") == "rCN"
    assert code_at(state, "d3") == "rIN"  # the piece behind follows into the start square
    assert state.sides[B].beside == ()
    assert state.sides[B].deck[-1] == LS


def test_linked_stratagem_blocked_cases() -> None:
    """Q11: blocked by an own piece, the board edge and an enemy fence edge."""
    pieces = {"b2": "rIN", "a2": "rAN*", "c2": "rIN", "c3": "rAN", "b1": "rIN", "g7": "bIS*"}
    # b2 moves E? c2 is own. Move b2 N to b3: neighbours a2 (→a3), c2 (→c3 own: blocked), b1
    # (→b2 free after the move); a fence of Blue on a3's south edge stops a2.
    state = play(linked(pieces, blue=Seat(fences="a2N")), "b2-b3")
    assert code_at(state, "a2") == "rAN"  # enemy fence on the edge
    assert code_at(state, "c2") == "rIN"  # own piece in the way
    assert code_at(state, "b2") == "rIN"  # b1 pushed into the start square
    edge_state = play(linked({"a3": "rIN", "a2": "rAN*", "g7": "bIS*"}), "a3-a4")
    assert code_at(edge_state, "a3") == "rAN"


def test_linked_stratagem_forced_moves_capture_and_can_end_the_game() -> None:
    """Q11: forced moves capture like moves; taking the LS owner's general ends the game."""
    pieces = {"d3": "rIN", "c3": "rAN*", "c4": "bAS*", "g7": "bIS"}
    state = play(linked(pieces), "d3-d4")
    assert state.phase is Phase.OVER
    assert state.outcome is not None
    assert state.outcome.termination is Termination.GENERAL_CAPTURED
    assert state.outcome.winner is R


def test_linked_stratagem_forced_move_bounces_off_a_shield() -> None:
    """Q11: a forced move is a move: an archer hitting a shielded infantry only strips it."""
    pieces = {"d3": "rIN", "c3": "rAE*", "c4": "bIS", "g7": "bIS*"}
    state = play(linked(pieces), "d3-d4")
    assert code_at(state, "c3") == "rAN"  # stayed, turned (R4)
    assert code_at(state, "c4") == "biS"


def test_linked_stratagem_not_triggered_by_longer_moves() -> None:
    """三略3 note: a cavalry run of 2+ or the 2-square light-infantry move do not trigger it;
    the card keeps waiting."""
    state = play(linked({"d2": "rCN", "c2": "rIN*", "g7": "bIS*"}), "d2-d4")
    assert code_at(state, "c2") == "rIN"
    assert state.sides[B].beside == (LS,)
    state = play(linked({"d2": "rIN", "c2": "rIN*", "g7": "bIS*"}, "LI"), "d2-d4")
    assert state.sides[B].beside == (LS,)
    assert code_at(state, "c2") == "rIN"


def test_linked_stratagem_triggered_by_cavalry_single_step_and_light_infantry_step() -> None:
    """三略3 note: "Move, 高速移動, 軽装歩兵 …" one-square moves all trigger it."""
    state = play(linked({"d2": "rCN", "c2": "rIN*", "g7": "bIS*"}), "d2-d3")
    assert code_at(state, "c3") == "rIN"
    state = play(linked({"d2": "rIN", "c2": "rIN*", "g7": "bIS*"}, "LI"), "d2-d3")
    assert code_at(state, "c3") == "rIN"
    state = play(linked({"d2": "rIN", "e2": "rAN*", "g7": "bIS*"}, "RM", red=Seat(lp=2)), "d2-c2")
    assert code_at(state, "e2") is None
    assert code_at(state, "d2") == "rAW"


def test_linked_stratagem_not_triggered_by_swap_or_bounce() -> None:
    """三略3 note: 位置入替 is no move; a bounce leaves the piece where it was."""
    state = play(
        linked({"d2": "rIN", "d3": "rAN*", "g7": "bIS*"}, "SW", red=Seat(lp=2)), "swap d2 d3"
    )
    assert state.sides[B].beside == (LS,)
    state = play(linked({"d2": "rIN", "c2": "rAN*", "d3": "bIS", "g7": "bIS*"}), "d2-d3")
    assert state.sides[B].beside == (LS,)
    assert code_at(state, "c2") == "rAN"


def test_linked_stratagem_spares_pieces_already_moved_and_ends_their_chain() -> None:
    """Q11: only pieces not yet moved in this execution are pushed; pushed partners have
    moved and do not act again."""
    pieces = {"c2": "rIN", "d2": "rIN", "e2": "rIN", "a1": "rAN*", "g7": "bIS*"}
    state = play(linked(pieces), "d2-d3")  # c2 and e2 (partners) are pushed to c3, e3
    assert code_at(state, "c3") == "rIN"
    assert code_at(state, "e3") == "rIN"
    assert commanding(state)


def test_linked_stratagem_triggers_once() -> None:
    """Q11: the card acts once and goes to the deck bottom; later moves push nothing."""
    pieces = {"c2": "rIN", "d2": "rIN", "e2": "rIN", "a1": "rAN*", "g7": "bIS*"}
    state = linked(pieces)
    state = play(state, "select d2 N", "c2-c3")  # c2's start neighbours: d2 pushed? d2 is
    # the waiting leader: it is pushed to d3 and so has moved.
    assert code_at(state, "d3") == "rIN"
    assert state.sides[B].deck[-1] == LS


def test_linked_stratagem_only_the_opponents_moves() -> None:
    """三略3: the card waits for the *opponent's* move; own moves do not trigger it."""
    state = run({"d2": "rIN", "c2": "rIN*", "g7": "bIS*"}, "MV", red_extra={"beside": (LS,)})
    state = play(state, "d2-d3")
    assert state.sides[R].beside == (LS,)
    assert code_at(state, "c2") == "rIN"


def test_scout_the_swift_dispatch_card() -> None:
    """六韜6 伝令偵察: the 疾風伝令 slot is part of the opponent's queue area."""
    blue = Seat(swift="RF", queue="MV^")
    state = run({"c2": "rIN*", "g7": "bIS*"}, "SC", red=Seat(lp=2), blue=blue)
    assert legal(state) == {"scout card swift", "scout card 1"}
    state = play(state, "scout card swift")
    assert observe(state, R)["sides"]["blue"]["swift"]["card"] == "RF"
    assert observe(state, None)["sides"]["blue"]["swift"]["card"] is None
