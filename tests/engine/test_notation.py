"""The decision notation (engine/actions.py, docs/notation.md): exact round trips, accepted
spellings and rejected strings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import (
    Action,
    ArrangeCards,
    ChooseGeneral,
    Deploy,
    DeployFence,
    EndCommand,
    FinishChain,
    MovePiece,
    PlaceFence,
    PlayCard,
    Reinforce,
    Rotate,
    SelectLeader,
    SelectShooter,
    Shoot,
    parse_action,
)
from engine.errors import InvalidActionError
from engine.types import EDGES, SQUARES, CardKind, Direction, PieceKind, parse_edge, parse_square
from tests.sampling import examples

squares = st.sampled_from(SQUARES)
edges = st.sampled_from(EDGES)
directions = st.sampled_from(list(Direction))
kinds = st.sampled_from(list(PieceKind))
card_kinds = st.sampled_from(list(CardKind))

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Deploy, kinds, squares, directions),
    st.builds(DeployFence, edges),
    st.builds(ChooseGeneral, squares),
    # Hands and decks are never empty in a game (3 + 4 cards); "cards  / " would not parse.
    st.builds(
        ArrangeCards,
        st.lists(card_kinds, min_size=1, max_size=7).map(tuple),
        st.lists(card_kinds, min_size=1, max_size=7).map(tuple),
    ),
    st.builds(PlayCard, card_kinds),
    st.builds(EndCommand, st.booleans()),
    st.builds(MovePiece, squares, squares, st.booleans()),
    st.builds(SelectLeader, squares, directions),
    st.builds(SelectShooter, squares),
    st.builds(Rotate, squares, directions),
    st.builds(Shoot, squares, squares),
    st.builds(PlaceFence, squares, edges),
    st.builds(Reinforce, kinds, squares, directions),
    st.just(FinishChain()),
)

EXAMPLES = [
    ("deploy I c2 N", Deploy(PieceKind.INFANTRY, parse_square("c2"), Direction.N)),
    ("deploy fence c2N", DeployFence(parse_edge("c2N"))),
    ("general c2", ChooseGeneral(parse_square("c2"))),
    (
        "cards MV,RS,FN / MV,RS,MV,RF",
        ArrangeCards(
            (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.FENCE),
            (CardKind.MOVE, CardKind.ROTATE_SHOOT, CardKind.MOVE, CardKind.REINFORCE),
        ),
    ),
    ("play MV", PlayCard(CardKind.MOVE)),
    ("end", EndCommand()),
    ("dispatch", EndCommand(dispatch=True)),
    ("b2-b3", MovePiece(parse_square("b2"), parse_square("b3"))),
    ("b6-b7+", MovePiece(parse_square("b6"), parse_square("b7"), intrude=True)),
    ("select b2 N", SelectLeader(parse_square("b2"), Direction.N)),
    ("select b2 x", SelectShooter(parse_square("b2"))),
    ("b2>E", Rotate(parse_square("b2"), Direction.E)),
    ("b2xc4", Shoot(parse_square("b2"), parse_square("c4"))),
    ("b2#c3N", PlaceFence(parse_square("b2"), parse_edge("c3N"))),
    ("reinforce A c2 N", Reinforce(PieceKind.ARCHER, parse_square("c2"), Direction.N)),
    ("done", FinishChain()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_documented_examples(text: str, action: Action) -> None:
    """Every action kind of the notation table parses and prints back exactly."""
    assert parse_action(text) == action
    assert action.to_str() == text


def test_every_action_kind_has_an_example() -> None:
    kinds_seen = {type(a) for _, a in EXAMPLES}
    assert kinds_seen == {
        Deploy,
        DeployFence,
        ChooseGeneral,
        ArrangeCards,
        PlayCard,
        EndCommand,
        MovePiece,
        SelectLeader,
        SelectShooter,
        Rotate,
        Shoot,
        PlaceFence,
        Reinforce,
        FinishChain,
    }


@settings(derandomize=True, max_examples=examples(300), database=None, deadline=None)
@given(actions)
def test_every_action_round_trips(action: Action) -> None:
    """``parse_action(a.to_str()) == a`` for every action of every kind."""
    assert parse_action(action.to_str()) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("deploy fence c3S", "deploy fence c2N"),
        ("deploy fence d2W", "deploy fence c2E"),
        ("b2#c4S", "b2#c3N"),
        ("b2#a3W", "b2#a3W"),  # a border edge has a single name
    ],
)
def test_non_canonical_edge_names_are_accepted(text: str, canonical: str) -> None:
    """An edge may be named from either square (§10.2); printing uses the canonical name."""
    action = parse_action(text)
    assert action.to_str() == canonical
    assert parse_action(canonical) == action


def test_hand_order_is_canonical() -> None:
    """The hand is a set: any order parses to the same decision, printed in card order."""
    action = parse_action("cards FN,MV,RS / MV,RS,MV,RF")
    assert action == parse_action("cards MV,RS,FN / MV,RS,MV,RF")
    assert action.to_str() == "cards MV,RS,FN / MV,RS,MV,RF"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "bad_action"),
        ("   ", "bad_action"),
        ("deploy", "bad_action"),
        ("deploy Q c2 N", "bad_piece_kind"),
        ("deploy I z9 N", "bad_square"),
        ("deploy I c2 Q", "bad_direction"),
        ("deploy I c2", "bad_action"),
        ("deploy fence c2", "bad_edge"),
        ("deploy fence c2X", "bad_edge"),
        ("deploy fence h1N", "bad_square"),
        ("general", "bad_action"),
        ("general c8", "bad_square"),
        ("play XX", "bad_card"),
        ("play", "bad_action"),
        ("cards MV,RS,FN MV,RS,MV,RF", "bad_action"),
        ("cards MV,ZZ / MV", "bad_card"),
        ("end now", "bad_action"),
        ("b2?b3", "bad_action"),
        ("b2-b9", "bad_square"),
        ("b2>Q", "bad_direction"),
        ("b2xz1", "bad_square"),
        ("b2#c3", "bad_edge"),
        ("select b2", "bad_action"),
        ("reinforce C c2", "bad_action"),
        ("reinforce C c2 U", "bad_direction"),
        ("pass", "bad_action"),
    ],
)
def test_bad_strings_raise_invalid_action_error(text: str, code: str) -> None:
    """Malformed text raises InvalidActionError with a stable code."""
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert info.value.code == code
