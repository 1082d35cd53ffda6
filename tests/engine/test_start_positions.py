"""Custom start positions (engine.start): validation, the set-up that opens on them (generals
chosen freely, fixed cards, RULES.md §14, Q12), records that replay them and what ``observe``
hides."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import ArrangeCards, ChooseGeneral
from engine.cli import replay_record
from engine.formats import GameFormat
from engine.observation import observe
from engine.playout import check_invariants
from engine.record import GameRecord, ReplayError, replay
from engine.rules import apply_action, apply_unchecked, clock_side, legal_actions, new_game
from engine.rulings import Rulings
from engine.start import (
    STARTER_GUIDE_CARDS,
    PresetPiece,
    PresetSide,
    StartPosition,
    StartPositionError,
)
from engine.state import GameState, Phase
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
        ("red: pieces Ic2N; cards MV,RS,FN\nblue: pieces Ic6S", "start_syntax"),
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
        (
            "red: pieces Ic2N; cards MV,RS,RM / MV,RS,MV,RF\nblue: pieces Ic6S",
            "start_cards",
        ),
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


@pytest.mark.parametrize("fmt", [GameFormat.tournament_rule_2(), GameFormat.tournament_rule_3()])
def test_only_the_basic_game_takes_a_start_position(fmt: GameFormat) -> None:
    with pytest.raises(StartPositionError) as caught:
        new_game(format=fmt, start=starter())
    assert caught.value.code == "start_format"


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
    sides = tuple(
        PresetSide(
            lp=draw(st.integers(0, 18)), hand=hand if fixed else (), deck=deck if fixed else ()
        )
        for _ in Side
    )
    return StartPosition(pieces=tuple(pieces), sides=(sides[0], sides[1]))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(start_positions())
def test_any_valid_position_round_trips_and_opens_consistently(start: StartPosition) -> None:
    assert StartPosition.from_text(start.to_text()) == start
    assert StartPosition.from_dict(start.to_dict()) == start
    state = new_game(start=start)
    assert not check_invariants(state)
    assert all(isinstance(a, ChooseGeneral) for a in legal_actions(state))
