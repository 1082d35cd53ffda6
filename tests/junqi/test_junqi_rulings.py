"""One or more tests per ruling J1–J27 of RULES.md §13 (J1–J4 and J26 in test_geometry.py;
J8, J9 and J11 in test_combat.py as well), plus movement (§5) and the end of the game (§7)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from junqi import rulings
from junqi.actions import AcceptDraw, DeclineDraw, Move, OfferDraw, Resign, SubmitSetup
from junqi.errors import IllegalActionError
from junqi.geometry import STANDARD
from junqi.observation import history_text, observe
from junqi.options import Options, SetupTimeoutPolicy
from junqi.rules import (
    apply_action,
    apply_setup_timeout,
    apply_timeout,
    clock_side,
    legal_actions,
    new_game,
)
from junqi.setup import Setup, random_setup
from junqi.state import Phase, Termination
from junqi.types import Side, parse_station, station_name
from tests.junqi.builders import BLUE_SETUP, RED_SETUP, destinations, play, position

FLAGS = {"b1": "rF", "b12": "bF"}
SPARE = FLAGS | {"a10": "b3"}


def started(options: Options | None = None) -> object:
    state = new_game(options)
    state = apply_action(state, SubmitSetup(Setup.parse(Side.RED, RED_SETUP)))
    return apply_action(state, SubmitSetup(Setup.parse(Side.BLUE, BLUE_SETUP)))


def test_every_ruling_is_documented() -> None:
    numbers = [r.number for r in rulings.RULINGS]
    assert numbers == [f"J{i}" for i in range(1, 28)]
    option_names = {f.name for f in dataclasses.fields(Options)}
    for ruling in rulings.RULINGS:
        if ruling.option is not None:
            for name in ruling.option.split(", "):
                assert name in option_names, ruling.number
        else:
            assert ruling.why, ruling.number


def test_j5_railway_run_goes_straight_along_one_line() -> None:
    state = position(SPARE | {"a2": "r7"})
    reach = destinations(state, "a2")
    assert {f"a{r}" for r in range(3, 10)} <= reach  # a10 holds an enemy: attacked, then stop
    assert "a10" in reach
    assert "a11" not in reach
    assert {"b2", "c2", "d2", "e2"} <= reach
    assert "b6" not in reach
    assert "e3" not in reach
    assert {"a1", "b3"} <= reach  # road steps


def test_j5_railway_run_stops_at_an_own_piece() -> None:
    state = position(SPARE | {"a2": "r7", "a5": "r3"})
    reach = destinations(state, "a2")
    assert reach >= {"a3", "a4"}
    assert "a5" not in reach
    assert "a6" not in reach


def test_j6_engineer_turns_on_railway() -> None:
    state = position(FLAGS | {"a2": "r1", "a12": "b3"})
    reach = destinations(state, "a2")
    rail = {station_name(s) for s in STANDARD.railway_stations} - {"a2"}
    assert reach == rail | {"a1", "b3"}


def test_j6_engineer_path_needs_empty_stations() -> None:
    # a3 and b2 blocked by own pieces: the engineer cannot get onto the railway at all.
    state = position(FLAGS | {"a2": "r1", "a3": "r3", "b2": "r3", "a12": "b3"})
    assert destinations(state, "a2") == {"a1", "b3"}
    # An enemy on the path is attacked but not passed.
    state = position(FLAGS | {"a2": "r1", "a3": "r3", "c2": "b3", "a12": "b4"})
    assert destinations(state, "a2") == {"a1", "b3", "b2", "c2"}


def test_j6_non_engineer_and_bomb_do_not_turn_unless_flying_bombs() -> None:
    state = position(SPARE | {"a2": "rB"})
    assert "b6" not in destinations(state, "a2")
    state = position(SPARE | {"a2": "rB"}, options=Options(flying_bombs=True))
    assert "b6" in destinations(state, "a2")


def test_j7_no_direction_limit() -> None:
    state = position(SPARE | {"c3": "r5"})
    assert destinations(state, "c3") == {"c2", "b3", "d3", "c4"}


def test_camps_protect_and_camp_diagonals() -> None:
    state = position(SPARE | {"c4": "r5", "b5": "b9", "d3": "b2"})
    # §5.5: enemies on camps cannot be attacked; §2.4.3: camp diagonals.
    reach = destinations(state, "c4")
    assert "b5" not in reach
    assert "d3" not in reach
    assert {"b3", "d5", "c3", "c5", "b4", "d4"} <= reach
    state = position(SPARE | {"a4": "r5"})
    assert "b3" in destinations(state, "a4")
    assert "b5" in destinations(state, "a4")


def test_j10_hq_pieces_are_frozen() -> None:
    state = position(SPARE | {"d1": "r9", "c1": "r5"})
    assert destinations(state, "d1") == set()
    state = play(state, "c1-c2", "a10-a9")
    assert destinations(state, "c2") >= {"c1"}
    # A piece entering an HQ (own) is frozen there.
    state = position(SPARE | {"c1": "r5"})
    state = play(state, "c1-d1", "a10-a9")
    assert destinations(state, "d1") == set()


def test_j10_enemy_hq_entered_and_attacked() -> None:
    state = position(FLAGS | {"c12": "r5", "d12": "b3", "a10": "b3", "a3": "r2"})
    assert "d12" in destinations(state, "c12")
    state = play(state, "c12-d12", "a10-a9")
    assert state.board[parse_station("d12")] is not None
    assert destinations(state, "d12") == set()


def test_j10_free_hq_option() -> None:
    state = position(SPARE | {"d1": "r9"}, options=Options(free_hq=True))
    assert destinations(state, "d1") == {"c1", "e1", "d2"}
    # flags and mines still never move
    assert destinations(state, "b1") == set()


def test_flag_and_mine_never_move() -> None:
    state = position(SPARE | {"a2": "rM", "c3": "r2"}, options=Options(free_hq=True))
    assert destinations(state, "a2") == set()


def test_j12_red_moves_first_and_clock_side() -> None:
    state = new_game()
    assert clock_side(state) is None
    state = started()
    assert state.phase is Phase.PLAY
    assert state.to_move is Side.RED
    assert clock_side(state) is Side.RED


def test_j13_setup_is_simultaneous_and_final() -> None:
    state = new_game()
    state = apply_action(state, SubmitSetup(Setup.parse(Side.BLUE, BLUE_SETUP)))
    assert state.phase is Phase.SETUP
    with pytest.raises(IllegalActionError) as caught:
        apply_action(state, SubmitSetup(Setup.parse(Side.BLUE, RED_SETUP)))
    assert caught.value.code == "setup.final"


def test_j13_setup_timeout_loss_default_and_random() -> None:
    state = apply_action(new_game(), SubmitSetup(Setup.parse(Side.RED, RED_SETUP)))
    over = apply_setup_timeout(state)
    assert over.outcome is not None
    assert over.outcome.termination is Termination.SETUP_TIMEOUT
    assert over.outcome.winner is Side.RED
    default = random_setup(Side.BLUE, random.Random(3))
    playing = apply_setup_timeout(state, defaults={Side.BLUE: default})
    assert playing.phase is Phase.PLAY
    assert playing.setups[Side.BLUE] == default
    random_policy = Options(setup_timeout_policy=SetupTimeoutPolicy.RANDOM)
    state = new_game(random_policy)
    playing = apply_setup_timeout(state, rng=random.Random(1))
    assert playing.phase is Phase.PLAY
    both = apply_setup_timeout(new_game())
    assert both.outcome is not None
    assert both.outcome.winner is None
    assert both.outcome.result == "0-0"
    assert Options().setup_seconds == 300


def test_j14_no_legal_move_loses() -> None:
    state = position(FLAGS | {"c6": "r5", "c7": "b4", "a1": "rM", "a3": "r3"})
    state = play(state, "c6-c7")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.NO_MOVE
    assert state.outcome.winner is Side.RED


def test_j14_both_stuck_is_a_draw_or_a_loss_as_option() -> None:
    pieces = FLAGS | {"c6": "r5", "c7": "b5"}
    state = play(position(pieces), "c6-c7")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.DRAW_NO_MOVE_BOTH
    assert state.outcome.winner is None
    state = play(position(pieces, options=Options(both_stuck_draw=False)), "c6-c7")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.NO_MOVE
    assert state.outcome.winner is Side.RED


def test_j15_no_combat_draw_after_the_limit() -> None:
    state = position(SPARE | {"a3": "r3"}, options=Options(no_combat_limit=4))
    state = play(state, "a3-a4", "a10-a9", "a4-a3")
    assert state.phase is Phase.PLAY
    assert state.quiet == 3
    state = play(state, "a9-a10")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.DRAW_NO_COMBAT
    assert Options().no_combat_limit == 60
    free = position(SPARE | {"a3": "r3"}, options=Options(no_combat_limit=None))
    for _ in range(40):
        free = play(free, "a3-a4", "a10-a9", "a4-a3", "a9-a10")
    assert free.phase is Phase.PLAY


def test_j15_j20_draw_offer_accept_decline_and_implicit_decline() -> None:
    state = position(SPARE | {"a3": "r3"})
    assert OfferDraw() in legal_actions(state, Side.RED)
    assert OfferDraw() not in legal_actions(state, Side.BLUE)
    offered = apply_action(state, OfferDraw())
    assert offered.draw_offer is Side.RED
    assert AcceptDraw() in legal_actions(offered, Side.BLUE)
    with pytest.raises(IllegalActionError):
        apply_action(offered, OfferDraw())  # once per own turn
    drawn = apply_action(offered, AcceptDraw())
    assert drawn.outcome is not None
    assert drawn.outcome.termination is Termination.DRAW_AGREED
    declined = apply_action(offered, DeclineDraw())
    assert declined.draw_offer is None
    assert declined.phase is Phase.PLAY
    moved = play(offered, "a3-a4")
    assert moved.draw_offer is Side.RED  # still open until Blue moves
    moved = play(moved, "a10-a9")
    assert moved.draw_offer is None  # implicit decline
    no_offers = position(SPARE | {"a3": "r3"}, options=Options(draw_offers=False))
    with pytest.raises(IllegalActionError) as caught:
        apply_action(no_offers, OfferDraw())
    assert caught.value.code == "draw.disabled"


def test_j16_a_player_sees_the_outcome_class_only() -> None:
    state = play(position(SPARE | {"a3": "r3", "c6": "r7", "c7": "bB"}), "c6-c7")
    for viewer in (Side.BLUE, Side.RED, None):
        assert observe(state, viewer)["moves"] == ["c6xc7="]
    assert observe(state, None, arbiter=True)["moves"] == ["c6xc7=[7:B]"]
    assert observe(state, Side.BLUE)["sides"]["red"]["removed"] is None
    assert observe(state, Side.BLUE)["sides"]["red"]["removed_count"] == state.ply * 0 + len(
        state.removed[Side.RED]
    )


def test_j17_spectators_see_no_ranks_during_play_and_all_after() -> None:
    state = started()
    view = observe(state, None)
    assert {p["piece"] for p in view["pieces"]} == {"?"}
    over = apply_action(state, Resign(Side.BLUE))
    assert "?" not in {p["piece"] for p in observe(over, None)["pieces"]}
    assert observe(over, None)["sides"]["blue"]["setup"] == BLUE_SETUP


def test_j18_time_control_defaults_and_flag_fall() -> None:
    assert Options().time_control == "600+5"
    state = apply_timeout(started(), Side.RED)
    assert state.outcome is not None
    assert state.outcome.termination is Termination.TIME
    assert state.outcome.winner is Side.BLUE
    with pytest.raises(IllegalActionError):
        apply_timeout(new_game(), Side.RED)


def test_j19_engineer_turn_is_visible() -> None:
    state = position(FLAGS | {"a2": "r1", "a12": "b3"})
    assert history_text(state, Move(parse_station("a2"), parse_station("c6")), Side.BLUE) == (
        "a2-c6"
    )


def test_j20_resign_any_time_including_setup() -> None:
    state = apply_action(new_game(), Resign(Side.BLUE))
    assert state.outcome is not None
    assert state.outcome.termination is Termination.RESIGN
    assert state.outcome.winner is Side.RED
    assert legal_actions(new_game(), Side.RED) == (Resign(Side.RED),)
    with pytest.raises(IllegalActionError):
        apply_action(new_game(), OfferDraw())


def test_j21_illegal_input_rejected_without_change() -> None:
    state = position(SPARE | {"a3": "r3"})
    before = state
    with pytest.raises(IllegalActionError) as caught:
        apply_action(state, Move(parse_station("a3"), parse_station("c3")))
    assert caught.value.code == "move.illegal"
    assert state == before
    with pytest.raises(IllegalActionError):
        apply_action(state, Move(parse_station("a10"), parse_station("a9")))  # not Blue's turn


def test_j22_no_move_onto_an_own_piece() -> None:
    state = position(SPARE | {"c3": "r5", "c4": "r2", "b3": "r3", "c2": "r3"})
    assert destinations(state, "c3") == {"d3"}


CARRY = Options(carry_flag=True)


def test_j23_carry_flag_pick_up_and_carry_home() -> None:
    pieces = {"b1": "rF", "d12": "bF", "c12": "r5", "a10": "b3", "a3": "r3"}
    state = play(position(pieces, options=CARRY), "c12-d12")
    ply = state.log[-1]
    assert ply.result == "#"
    assert ply.events == ("C@d12",)
    assert state.phase is Phase.PLAY  # a. taking the flag does not end the game
    carrier = state.board[parse_station("d12")]
    assert carrier is not None
    assert carrier.carrying
    assert state.flag_carried == (False, True)
    # b. the carrier is not frozen on the HQ; c. its carrying is public, its rank is not.
    assert destinations(play(state, "a10-a9"), "d12")
    blue_view = observe(state, Side.BLUE)
    shown = next(p for p in blue_view["pieces"] if p["station"] == "d12")
    assert shown == {"station": "d12", "owner": "red", "piece": "?", "carrying": True}


def test_j23_carrier_wins_on_its_own_flag_home() -> None:
    pieces = {"b1": "rF", "c1": "r5*", "b12": "b3", "a10": "b3", "a3": "r3"}
    state = position(pieces, options=CARRY, carried=(False, True), homes=(None, "d12"))
    assert "b1" in destinations(state, "c1")  # d. may end on its own flag
    state = play(state, "c1-b1")
    assert state.outcome is not None
    assert state.outcome.termination is Termination.FLAG
    assert state.outcome.winner is Side.RED


def test_j23_bomb_against_flag_and_carrier_removed_returns_flag() -> None:
    pieces = {"b1": "rF", "d12": "bF", "c12": "rB", "a10": "b3", "a3": "r3"}
    state = play(position(pieces, options=CARRY), "c12-d12")
    assert state.log[-1].result == "<"  # a. the bomb is removed, the flag stays
    assert state.board[parse_station("d12")] is not None
    # f. the carrier is removed: the flag returns home at once.
    pieces = {"b1": "rF", "c11": "r5*", "c10": "b9", "a3": "r3", "a10": "b3"}
    state = position(
        pieces, options=CARRY, carried=(False, True), homes=(None, "d12"), to_move=Side.BLUE
    )
    state = play(state, "c10-c11")
    assert state.log[-1].events == ("C-",)
    assert state.flag_carried == (False, False)
    flag = state.board[parse_station("d12")]
    assert flag is not None
    assert flag.code == "F"


def test_j23_reserved_home_hq() -> None:
    # e. while Blue's flag is carried, d12 is reserved: no Red non-carrier, no Blue piece.
    pieces = {"b1": "rF", "c12": "r5", "e12": "b4", "a3": "r3", "a5": "r6*"}
    state = position(pieces, options=CARRY, carried=(False, True), homes=(None, "d12"))
    assert "d12" not in destinations(state, "c12")
    state = play(state, "a3-a4")
    assert "d12" not in destinations(state, "e12")


def test_j24_j27_not_offered() -> None:
    names = {f.name for f in dataclasses.fields(Options)}
    assert not {"fanqi", "four_player", "turn_pieces"} & names
    assert rulings.RULINGS_BY_NUMBER["J24"].ruling == "Not offered"
    assert rulings.RULINGS_BY_NUMBER["J27"].ruling == "Not offered"


def test_j25_open_pieces_after_both_setups_only() -> None:
    options = Options(open_pieces=True)
    state = apply_action(new_game(options), SubmitSetup(Setup.parse(Side.RED, RED_SETUP)))
    assert observe(state, Side.BLUE)["sides"]["red"]["setup"] is None
    state = apply_action(state, SubmitSetup(Setup.parse(Side.BLUE, BLUE_SETUP)))
    assert "?" not in {p["piece"] for p in observe(state, None)["pieces"]}
