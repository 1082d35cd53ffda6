"""RULES.md §6.7: a queued card that cannot be executed is skipped, and the game says so.

The state after a decision lists the cards its automatic steps skipped (``GameState.skipped``);
views and move lists show them to both seats, but a skipped face-down card was not executed,
so its face stays secret to the opponent and spectators (§6.8, ruling P11).
"""

from __future__ import annotations

from engine.notation import state_from_dict, state_to_dict
from engine.observation import observe, skipped_card_visible, skipped_text
from engine.state import SkippedCard, Slot
from engine.types import CardKind
from tests.engine.builders import B, R, Seat, executing, play

FN, MV, LS = CardKind.FENCE, CardKind.MOVE, CardKind.LINKED_STRATAGEM
PIECES = {"c2": "rIN*", "g7": "bIS*"}


def test_a_skipped_face_down_card_is_told_without_its_face() -> None:
    """A Fence card with 0 LP is skipped (§6.7): both seats learn that Red's 1st card was
    skipped; only Red learns it was the Fence card."""
    state = executing(PIECES, "FN", red=Seat(lp=0))
    assert state.skipped == (SkippedCard(R, FN, Slot.FIRST, face_up=False),)
    assert observe(state, R)["skipped"] == [
        {"side": "red", "card": "FN", "slot": "first", "face_up": False}
    ]
    for viewer in (B, None):
        assert observe(state, viewer)["skipped"] == [
            {"side": "red", "card": None, "slot": "first", "face_up": False}
        ]
    assert skipped_text(state.skipped[0], R) == "skip FN (1st)"
    assert skipped_text(state.skipped[0], B) == "skip ? (1st)"
    assert skipped_text(state.skipped[0], None) == "skip ? (1st)"


def test_a_skipped_face_up_card_is_public() -> None:
    state = executing(PIECES, "FN^", red=Seat(lp=0))
    for viewer in (R, B, None):
        assert observe(state, viewer)["skipped"] == [
            {"side": "red", "card": "FN", "slot": "first", "face_up": True}
        ]


def test_the_swift_card_and_the_first_card_are_told_in_order() -> None:
    """§6.1: the 疾風伝令 card is executed (here: skipped) first, then the 1st card."""
    blue = Seat(fences="a1N a1E")  # the lone infantry on a1 cannot move
    red = Seat(lp=0, swift="FN", queue="")
    state = executing({"a1": "rIN*", "g7": "bIS*"}, "MV^", red=red, blue=blue)
    assert state.skipped == (
        SkippedCard(R, FN, Slot.SWIFT, face_up=False),
        SkippedCard(R, MV, Slot.FIRST, face_up=True),
    )


def test_skips_are_told_once_with_the_decision_that_led_to_them() -> None:
    state = executing(PIECES, "FN", red=Seat(lp=0))
    assert state.skipped
    state = play(state, "play MV")
    assert state.skipped == ()


def test_nothing_is_skipped_when_the_card_is_executed() -> None:
    state = executing(PIECES, "MV")
    assert state.skipped == ()
    assert observe(state, B)["skipped"] == []


def test_a_linked_stratagem_without_its_lp_is_told_as_skipped() -> None:
    """三略3: 連環の計 with fewer than 2 LP is skipped, keeping the LP (general note)."""
    state = executing(PIECES, "LS", red=Seat(lp=1))
    assert state.skipped == (SkippedCard(R, LS, Slot.FIRST, face_up=False),)
    assert state.sides[R].lp == 1


def test_skips_survive_the_servers_state_cache() -> None:
    state = executing(PIECES, "FN", red=Seat(lp=0))
    assert state_from_dict(state_to_dict(state)) == state


def test_an_opponent_that_scouted_the_card_sees_it() -> None:
    """伝令偵察: the scout saw the face-down card; the skip does not hide it from the scout."""
    seen = SkippedCard(R, FN, Slot.FIRST, face_up=False, seen=True)
    assert skipped_card_visible(seen, B)
    assert not skipped_card_visible(seen, None)
