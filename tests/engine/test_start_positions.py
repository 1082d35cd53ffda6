"""Custom start positions (engine.start): validation, the set-up that opens on them (generals
chosen freely, fixed cards, RULES.md §14, Q12), records that replay them and what ``observe``
hides."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import ArrangeCards, ChooseGeneral, parse_action
from engine.cli import replay_record
from engine.formats import DeckOption, GameFormat
from engine.observation import observe
from engine.playout import check_invariants
from engine.record import GameRecord, ReplayError, replay
from engine.rules import apply_action, apply_unchecked, clock_side, legal_actions, new_game
from engine.rulings import Rulings
from engine.start import (
    STARTER_GUIDE_CARDS,
    PresetIntruder,
    PresetPiece,
    PresetSide,
    StartPosition,
    StartPositionError,
)
from engine.state import GameState, Phase, Termination
from engine.types import (
    DIRECTIONS,
    SHIELDS_TOTAL,
    SQUARES,
    STOCK_TOTALS,
    CardKind,
    PieceKind,
    Side,
    parse_square,
)
from tests.engine.builders import B, R, cards
from tests.sampling import examples

#: A starter-guide opening: the guide's card orders (§14.1, side A = Red) on an entered board.
STARTER = """
red: pieces Ib2N Ic2N Id2N Ac1N Ce1N; fences b2N; cards MV,RS,FN / MV,RS,MV,RF
blue: lp 0; pieces Ib6S Ic6S Id6S Ac7S Ce7S; fences d6S; cards MV,RS,RF / MV,RS,MV,FN
"""


def starter() -> StartPosition:
    return StartPosition.from_text(STARTER)


def choose_generals(state: GameState, red: str = "c1", blue: str = "e7") -> GameState:
    state = apply_action(state, ChooseGeneral(parse_square(red)))
    return apply_action(state, ChooseGeneral(parse_square(blue)))


def test_the_text_form_gives_the_starter_guide_card_orders() -> None:
    start = starter()
    (red_hand, red_deck), (blue_hand, blue_deck) = STARTER_GUIDE_CARDS
    assert start.sides[R] == PresetSide(
        lp=0, fences=start.sides[R].fences, hand=red_hand, deck=red_deck
    )
    assert (start.sides[B].hand, start.sides[B].deck) == (cards("MV,RS,RF"), blue_deck)
    assert set(blue_hand) == set(start.sides[B].hand)
    assert [p.to_str() for p in start.pieces if p.owner is R] == [
        "Ac1N",
        "Ce1N",
        "Ib2N",
        "Ic2N",
        "Id2N",
    ]


def test_text_and_dict_forms_round_trip() -> None:
    start = starter()
    assert StartPosition.from_text(start.to_text()) == start
    assert StartPosition.from_dict(start.to_dict()) == start
    assert start.to_dict()["blue"]["fences"] == ["d5N"]  # d6S, canonical name


def test_a_preset_game_opens_at_set_up_with_the_general_choice() -> None:
    state = new_game(start=starter())
    assert (state.phase, state.to_act, state.ply) == (Phase.SETUP, R, 0)
    assert {a.to_str() for a in legal_actions(state)} == {
        "general c1",
        "general e1",
        "general b2",
        "general c2",
        "general d2",
    }
    assert state.sides[R].lp == state.sides[B].lp == 0  # Q12: presets start the war on 0
    assert state.sides[R].hand == cards("MV,RS,FN")
    assert state.stock.infantry == STOCK_TOTALS[PieceKind.INFANTRY] - 6
    assert state.stock.shields == SHIELDS_TOTAL - 6
    assert not check_invariants(state)

    assert clock_side(state) is None  # Red's first decision is untimed (§15.2)

    after_red = apply_action(state, ChooseGeneral(parse_square("c1")))
    assert (after_red.phase, after_red.to_act, clock_side(after_red)) == (Phase.SETUP, B, B)
    assert all(isinstance(a, ChooseGeneral) for a in legal_actions(after_red))
    war = apply_action(after_red, ChooseGeneral(parse_square("e7")))
    assert (war.phase, war.to_act, war.turn) == (Phase.WAR, R, 1)
    assert war.sides[R].general == "K"  # the archer on c1 (letters in square order)
    assert war.sides[B].deck == cards("MV,RS,MV,FN")
    assert not check_invariants(war)


def test_a_side_without_fixed_cards_arranges_them_after_its_general() -> None:
    start = StartPosition.from_text(
        "red: pieces Ic2N; cards MV,RS,FN / MV,RS,MV,RF\nblue: lp 3; pieces Ic6S"
    )
    state = choose_generals(new_game(start=start), red="c2", blue="c6")
    assert (state.phase, state.to_act) == (Phase.SETUP, B)
    assert all(isinstance(a, ArrangeCards) for a in legal_actions(state))
    state = apply_action(state, legal_actions(state)[0])
    assert (state.phase, state.to_act, state.sides[B].lp) == (Phase.WAR, R, 3)


def test_a_shieldless_infantry_leaves_its_shield_in_the_box() -> None:
    start = StartPosition.from_text("red: pieces I-c2N Ab1E\nblue: pieces Cc6W")
    state = new_game(start=start)
    piece = state.board[parse_square("c2")]
    assert piece is not None
    assert (piece.kind, piece.shield) == (PieceKind.INFANTRY, False)
    assert state.stock.shields == SHIELDS_TOTAL
    assert start.to_text().splitlines()[0] == "red: lp 0; pieces Ab1E I-c2N"
    assert not check_invariants(state)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("red: pieces Ic2N", "start_syntax"),  # no blue line
        ("red: pieces Ic2N\nred: pieces Id2N\nblue: pieces Ic6S", "start_syntax"),
        ("green: pieces Ic2N\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces Ic2X\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces A-c2N\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces Ic8N\nblue: pieces Ic6S", "start_syntax"),
        ("red: lp x; pieces Ic2N\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces Ic2N; colour red\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces Ic2N; cards MV,RS,FN\nblue: pieces Ic6S", "start_cards"),
        ("red: pieces Ic2N Ac2E\nblue: pieces Ic6S", "start_square_taken"),
        ("red: pieces Ic2N\nblue: pieces", "start_no_pieces"),
        ("red: lp 19; pieces Ic2N\nblue: pieces Ic6S", "start_lp"),
        (
            "red: pieces Ic2N; fences a1N b1N c1N d1N e1N\nblue: pieces Ic6S",
            "start_fences",
        ),
        ("red: pieces Ic2N; fences c5N\nblue: pieces Ic6S", "start_fence_by_enemy"),
        ("red: pieces Ic2N; fences a4N\nblue: pieces Ic6S; fences a5S", "start_fence_shared"),
        (
            "red: pieces Ic2N; cards MV,RS,FN / MV,RS,MV\nblue: pieces Ic6S",
            "start_cards",
        ),
        (
            "red: pieces Ic2N; cards MV,RS,FN / MV,RS,MV,MV\nblue: pieces Ic6S",
            "start_cards",
        ),
        (
            "red: pieces Ic2N; cards MV,RS,FN,MV / RS,MV,RF\nblue: pieces Ic6S",
            "start_cards",
        ),
        ("red: pieces Ic2N; intruded I A\nblue: pieces Ic6S", "start_intrusion"),
        ("red: pieces Ic2N; intruded A-\nblue: pieces Ic6S", "start_syntax"),
        ("red: pieces Ic2N; prepared RM,RM,SC\nblue: pieces Ic6S", "start_prepared"),
        ("red: pieces Ic2N; prepared RM,MV\nblue: pieces Ic6S", "start_prepared"),
        ("red: pieces Ic2N; exchange now\nblue: pieces Ic6S", "start_syntax"),
    ],
)
def test_invalid_positions_are_refused_with_a_code(text: str, code: str) -> None:
    with pytest.raises(StartPositionError) as caught:
        StartPosition.from_text(text)
    assert caught.value.code == code


def test_the_box_limits_the_pieces() -> None:
    squares = [f"{f}{r}" for r in "1234" for f in "abcdefg"]
    red = " ".join(f"C{sq}N" for sq in squares[:7])
    with pytest.raises(StartPositionError) as caught:
        StartPosition.from_text(f"red: pieces {red}\nblue: pieces Ic6S")
    assert caught.value.code == "start_stock"


def test_a_shield_on_an_archer_is_refused() -> None:
    with pytest.raises(StartPositionError) as caught:
        PresetPiece(parse_square("c2"), R, PieceKind.ARCHER, DIRECTIONS[0], shield=True)
    assert caught.value.code == "start_shield"


@pytest.mark.parametrize(
    "change",
    [
        {"red": 5},
        {"blue": []},
        {"green": {}},
        {"red": {"pieces": ["Ic2N"], "colour": "red"}},
        {"red": {"pieces": ["Ic2N"], "lp": "3"}},
        {"red": {"pieces": ["Ic2N"], "hand": ["XX"]}},
        {"red": {"pieces": ["Ic2N"], "fences": ["c9N"]}},
    ],
)
def test_the_dict_form_refuses_malformed_data(change: dict[str, object]) -> None:
    data = starter().to_dict() | change
    with pytest.raises(StartPositionError) as caught:
        StartPosition.from_dict(data)
    assert caught.value.code == "start_syntax"


# -- Every format (tournament Rules 2 and 3), LP and intrusions -----------------------------------

RULE_2, RULE_3 = GameFormat.tournament_rule_2(), GameFormat.tournament_rule_3()
PREPARED = """
red: lp 4; pieces Ib2N Ac1N; prepared RM,LI,SC; intruded I-; exchange done
blue: lp 2; pieces Ib6S Ac7S; prepared RC,RR,SB
"""
SEVEN = """
red: pieces Ib2N Ac1N; cards MV,MV,RS,FN,RM,LI,SC
blue: pieces Ib6S Ac7S; cards MV,MV,RS,FN,RM,LI,SC
"""


def test_a_rule_2_game_opens_with_the_preparation_then_set_up() -> None:
    """§13.1, §15.5: the expansion cards are chosen before deployment, so on a start position
    they are chosen first (untimed), then set-up on the position; Red's general is untimed."""
    state = new_game(format=RULE_2, start=starter())
    assert (state.phase, state.to_act, clock_side(state)) == (Phase.PREPARE, R, None)
    board = state.board
    state = apply_action(state, parse_action("prepare RM,LI,SC"))
    state = apply_action(state, parse_action("prepare RC,RR,SB"))
    assert (state.phase, state.to_act, clock_side(state)) == (Phase.SETUP, R, None)
    assert state.board == board
    assert state.sides[B].prepared == cards("SB RC RR")
    state = apply_action(state, ChooseGeneral(parse_square("c1")))
    assert clock_side(state) is B  # Red's cards are fixed: Blue's general is next, timed


def test_a_rule_2_position_may_fix_the_prepared_cards_and_the_exchange() -> None:
    start = StartPosition.from_text(PREPARED)
    assert StartPosition.from_text(start.to_text()) == start
    assert StartPosition.from_dict(start.to_dict()) == start
    state = new_game(format=RULE_2, start=start)
    assert (state.phase, state.to_act) == (Phase.SETUP, R)
    red, blue = state.sides
    assert (red.lp, blue.lp) == (4, 2)
    assert red.prepared == cards("RM LI SC")
    assert red.exchange_done
    assert blue.prepared == cards("SB RC RR")
    assert not blue.exchange_done
    assert [(p.kind, p.shield, p.owner) for p in red.intruded] == [(PieceKind.INFANTRY, False, R)]
    assert red.intrusion_points == 1
    assert state.stock.infantry == STOCK_TOTALS[PieceKind.INFANTRY] - 3
    assert state.stock.shields == SHIELDS_TOTAL - 2
    assert not check_invariants(state)
    assert observe(state, B)["sides"]["red"]["expansion"]["prepared"] is None  # still secret


def test_a_rule_3_game_drafts_first_when_the_cards_are_open() -> None:
    """§13.2: the draft comes before deployment; on a start position before set-up."""
    bare = StartPosition.from_text("red: pieces Ib2N Ac1N\nblue: pieces Ib6S Ac7S")
    state = new_game(format=RULE_3, start=bare)
    assert (state.phase, state.to_act, clock_side(state)) == (Phase.DRAFT, R, None)
    for pick in ("MV", "RS", "RM", "LI", "FN", "SC"):
        state = apply_action(state, parse_action(f"pick {pick}"))
    assert (state.phase, state.to_act) == (Phase.SETUP, R)
    assert state.sides[R].cards == state.sides[B].cards == cards("MV MV RS FN RM LI SC")
    state = apply_action(state, ChooseGeneral(parse_square("c1")))
    assert all(isinstance(a, ArrangeCards) for a in legal_actions(state))
    assert ArrangeCards(cards("RM LI SC"), cards("MV MV RS FN")) in legal_actions(state)


def test_a_rule_3_position_may_fix_the_seven_cards() -> None:
    start = StartPosition.from_text(SEVEN)
    assert StartPosition.from_text(start.to_text()) == start
    assert StartPosition.from_dict(start.to_dict()) == start
    state = new_game(format=RULE_3, start=start)
    assert (state.phase, state.to_act) == (Phase.SETUP, R)
    assert state.sides[R].cards == cards("MV MV RS FN RM LI SC")
    state = apply_action(state, ChooseGeneral(parse_square("c1")))
    assert ArrangeCards(cards("RM LI SC"), cards("MV MV RS FN")) in legal_actions(state)
    fixed = new_game(format=RULE_3, start=starter())  # hand and deck fixed: the basic seven
    assert fixed.phase is Phase.SETUP
    assert fixed.sides[B].cards == cards("MV MV MV RS RS FN RF")


@pytest.mark.parametrize(
    ("fmt", "text", "code"),
    [
        (GameFormat(), "red: pieces Ic2N; cards MV,RS,RM / MV,RS,MV,RF", "start_cards"),
        (GameFormat(), "red: pieces Ic2N; prepared RM,LI,SC", "start_format"),
        (GameFormat(), "red: pieces Ic2N; exchange done", "start_format"),
        (GameFormat(), "red: pieces Ic2N; cards MV,MV,RS,FN,RF,RS,MV", "start_format"),
        (RULE_3, "red: pieces Ic2N; prepared RM,LI,SC", "start_format"),
        (RULE_3, "red: pieces Ic2N; cards MV,MV,RS,FN,RM,LI,SC", "start_cards"),
        (RULE_2, "red: pieces Ic2N; prepared RM,LI", "start_prepared"),
        (RULE_2, "red: pieces Ic2N; prepared RM,LI,SC; cards MV,MV,RS,FN,RF,RS,MV", "start_format"),
        (
            GameFormat(promos=False, variant=RULE_2.variant),
            "red: pieces Ic2N; prepared RM,LI,SW",
            "start_prepared",
        ),
    ],
)
def test_what_a_format_cannot_take_is_refused_with_a_code(
    fmt: GameFormat, text: str, code: str
) -> None:
    """The format decides which fields a start position may hold; the other side gives the
    same as Red where the field must be given for both (here Blue's line copies Red's cards)."""
    blue = "blue: pieces Ic6S"
    if "prepared" in text and code != "start_format":
        blue += "; prepared RM,LI,SC"
    start = StartPosition.from_text(f"{text}\n{blue}")
    with pytest.raises(StartPositionError) as caught:
        new_game(format=fmt, start=start)
    assert caught.value.code == code


def test_shared_deck_build_options_give_both_sides_the_same_seven() -> None:
    text = SEVEN.replace(
        "blue: pieces Ib6S Ac7S; cards MV,MV,RS,FN,RM,LI,SC",
        "blue: pieces Ib6S Ac7S; cards MV,MV,MV,RS,RS,FN,RF",
    )
    start = StartPosition.from_text(text)
    with pytest.raises(StartPositionError) as caught:
        new_game(format=RULE_3, start=start)
    assert caught.value.code == "start_cards"
    secret = GameFormat(variant=RULE_3.variant, deck_option=DeckOption.SECRET)
    assert new_game(format=secret, start=start).sides[B].cards == cards("MV MV MV RS RS FN RF")


def test_lp_above_the_rulings_cap_is_refused() -> None:
    start = StartPosition.from_text("red: lp 15; pieces Ic2N\nblue: pieces Ic6S")
    with pytest.raises(StartPositionError) as caught:
        new_game(start=start, rulings=Rulings(lp_cap=12))
    assert caught.value.code == "start_lp"


def test_intruded_pieces_count_towards_the_winning_three() -> None:
    """§3.2: Red starts with a shielded infantry intruded (2 points); one more intrusion wins."""
    text = STARTER.replace("red: pieces", "red: intruded I; pieces Ib6N").replace("Ib6S ", "Ia6S ")
    start = StartPosition.from_text(text)
    state = choose_generals(new_game(start=start), red="c1", blue="e7")
    for decision in ("play MV", "end", "play MV", "end", "b6-b7+"):
        state = apply_action(state, parse_action(decision))
    assert state.outcome is not None
    assert (state.outcome.termination, state.outcome.winner) == (Termination.INTRUSION, R)
    assert state.sides[R].intrusion_points == 4


def test_observe_hides_the_opponents_general_and_cards_in_a_preset_game() -> None:
    state = apply_action(new_game(start=starter()), ChooseGeneral(parse_square("c1")))
    blue_view, red_view = observe(state, B), observe(state, R)
    assert blue_view["sides"]["red"]["general"] is None
    assert blue_view["sides"]["red"]["hand"] is None
    assert blue_view["sides"]["red"]["deck"] is None
    assert blue_view["sides"]["blue"]["hand"] == ["MV", "RS", "RF"]
    assert red_view["sides"]["red"]["general"] == "K"
    assert blue_view["sides"]["red"]["setup_done"] is True
    assert blue_view["sides"]["blue"]["setup_done"] is False
    # Two preset games differing only in Red's general look the same to Blue.
    other = apply_action(new_game(start=starter()), ChooseGeneral(parse_square("e1")))
    assert observe(other, B) == blue_view


def test_a_record_replays_a_preset_game() -> None:
    """A random game from the start position, recorded, through JSON, replayed state by state;
    every state keeps the rules' bookkeeping (conservation, LP bounds)."""
    rng = random.Random(5)
    state = new_game(start=starter(), rulings=Rulings(turn_limit=12))
    states, actions = [state], []
    while state.to_act is not None:
        options = legal_actions(state)
        action = options[rng.randrange(len(options))]
        state = apply_unchecked(state, action)
        states.append(state)
        actions.append(action.to_str())
        assert not check_invariants(state)
    record = GameRecord(actions=tuple(actions), rulings=state.rulings, start=starter())
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert replay(loaded) == states
    assert replay_record(loaded).states == tuple(states)  # the command line's replay too
    # Without the start position the same decisions do not replay: the record needs it.
    with pytest.raises(ReplayError) as caught:
        replay(replace(record, start=None))
    assert (caught.value.index, caught.value.code) == (0, "illegal_action")
    assert "start" not in replace(record, start=None).to_dict()


INFANTRY = PieceKind.INFANTRY


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        (RULE_2, STARTER),  # the preparation first
        (RULE_2, PREPARED),
        (GameFormat(variant=RULE_2.variant, expansion_option=1, seed=3), PREPARED),
        (GameFormat(variant=RULE_2.variant, expansion_option=3), STARTER),
        (RULE_3, "red: pieces Ib2N Ac1N Cd2N\nblue: pieces Ib6S Ac7S Cd6S"),  # the draft first
        (RULE_3, SEVEN),
    ],
)
def test_random_games_from_a_start_position_in_each_format_replay(
    fmt: GameFormat, text: str
) -> None:
    """Every decision from the opening to a capped end keeps the engine's invariants, and the
    record (format, rulings, start position) replays the same states."""
    start = StartPosition.from_text(text)
    rng = random.Random(11)
    state = new_game(format=fmt, start=start, rulings=Rulings(turn_limit=16))
    states, actions = [state], []
    while state.to_act is not None:
        options = legal_actions(state)
        action = options[rng.randrange(len(options))]
        state = apply_unchecked(state, action)
        states.append(state)
        actions.append(action.to_str())
        assert not check_invariants(state)
    assert state.turn > 0  # the war was reached
    record = GameRecord(actions=tuple(actions), rulings=state.rulings, format=fmt, start=start)
    assert replay(GameRecord.from_json(record.to_json())) == states


@st.composite
def start_positions(draw: st.DrawFn) -> StartPosition:
    squares = draw(st.lists(st.sampled_from(SQUARES), min_size=2, max_size=20, unique=True))
    pieces: list[PresetPiece] = []
    left = dict(STOCK_TOTALS)
    for index, sq in enumerate(squares):
        kinds = [k for k in PieceKind if left[k] > 0]
        kind = draw(st.sampled_from(kinds))
        left[kind] -= 1
        owner = (R, B)[index % 2] if index < 2 else draw(st.sampled_from((R, B)))
        shield = draw(st.booleans()) if kind is PieceKind.INFANTRY else False
        pieces.append(PresetPiece(sq, owner, kind, draw(st.sampled_from(DIRECTIONS)), shield))
    hand = (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE)
    deck = (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.MOVE, CardKind.REINFORCE)
    fixed = draw(st.booleans())
    intruded = []
    for _ in Side:  # fewer than three points, within what the box has left
        kinds = [k for k in PieceKind if left[k] > 0]
        chosen = draw(st.lists(st.sampled_from(kinds), max_size=1)) if kinds else []
        for kind in chosen:
            left[kind] -= 1
        shielded = draw(st.booleans())
        intruded.append(tuple(PresetIntruder(k, shielded and k is INFANTRY) for k in chosen))
    sides = tuple(
        PresetSide(
            lp=draw(st.integers(0, 18)),
            hand=hand if fixed else (),
            deck=deck if fixed else (),
            intruded=intruded[side],
        )
        for side in Side
    )
    return StartPosition(pieces=tuple(pieces), sides=(sides[0], sides[1]))


@settings(max_examples=examples(40), deadline=None, derandomize=True)
@given(start_positions())
def test_any_valid_position_round_trips_and_opens_consistently(start: StartPosition) -> None:
    assert StartPosition.from_text(start.to_text()) == start
    assert StartPosition.from_dict(start.to_dict()) == start
    state = new_game(start=start)
    assert not check_invariants(state)
    assert all(isinstance(a, ChooseGeneral) for a in legal_actions(state))
