"""RULES.md §9: shooting ranges, no line of sight, and fence protection (§9.5)."""

from __future__ import annotations

import pytest

from engine.actions import Shoot
from engine.rules import legal_actions
from engine.state import GameState
from engine.types import Direction, square_name
from tests.engine.builders import B, Seat, executing, legal

# (forward, right) offsets around the archer; kinds chosen to respect the stock of 24 letters.
AROUND = {
    (1, 0): "bAS",
    (2, 0): "bAS",
    (3, 0): "bAS",
    (1, -1): "bAS",
    (1, 1): "bAS",
    (0, -1): "bAS",
    (0, 1): "bAS",
    (-1, 0): "bCS",
    (-1, -1): "bCS",
    (-1, 1): "bCS",
    (0, -2): "bCS",
    (0, 2): "bCS",
    (2, -1): "bCS",
    (2, 1): "biS",
}
BASIC_RANGE = {(1, 0), (2, 0), (1, -1), (1, 1), (0, -1), (0, 1)}


def offset_square(facing: Direction, forward: int, right: int) -> str:
    fx, fy = facing.delta
    rx, ry = facing.right.delta
    col = 3 + forward * fx + right * rx
    row = 3 + forward * fy + right * ry
    return "abcdefg"[col] + str(row + 1)


def targets(state: GameState) -> set[str]:
    return {square_name(a.target) for a in legal_actions(state) if isinstance(a, Shoot)}


@pytest.mark.parametrize("facing", list(Direction))
def test_basic_shot_range(facing: Direction) -> None:
    """§9.1, Q5: F, 2F, F+L, F+R, L, R relative to the facing; nothing else (not B, 3F, 2F+L)."""
    pieces = {offset_square(facing, f, r): code for (f, r), code in AROUND.items()}
    pieces["d4"] = f"rA{facing.name}*"
    state = executing(pieces, "RS")
    assert targets(state) == {offset_square(facing, f, r) for f, r in BASIC_RANGE}


def test_pieces_in_between_do_not_block() -> None:
    """§9.3: no line-of-sight blocking by pieces (own or enemy)."""
    state = executing({"d4": "rAN*", "d5": "rIN", "d6": "bAS"}, "RS")
    assert "d4xd6" in legal(state)
    state = executing({"d4": "rAN*", "d5": "bIS", "d6": "bAS"}, "RS")
    assert {"d4xd5", "d4xd6"} <= legal(state)


def test_only_enemy_pieces_are_targets() -> None:
    """§9.4: only enemy soldier pieces can be targeted."""
    state = executing({"d4": "rAN*", "d5": "rIN", "e5": "rCN", "c5": "bAS"}, "RS")
    assert targets(state) == {"c5"}


def test_fences_on_intermediate_squares_do_not_block() -> None:
    """§9.3: a fence on the square in between does not block a shot at an unfenced square."""
    blue = Seat(fences="d4N d5E d5W")  # across and along d5, none on d6's edges
    state = executing({"d4": "rAN*", "d6": "bAS"}, "RS", blue=blue)
    assert "d4xd6" in legal(state)


@pytest.mark.parametrize(
    ("fence", "protected"),
    [
        ("d5S", True),  # near edge, perpendicular to the archer's facing
        ("d5N", True),  # far edge, perpendicular
        ("d5E", False),  # parallel edges give no protection
        ("d5W", False),
    ],
)
def test_fence_protection_front_shot(fence: str, protected: bool) -> None:
    """§9.5: a target-owner fence on an edge perpendicular to the archer's facing protects."""
    state = executing({"d4": "rAN*", "d5": "bAS"}, "RS", blue=Seat(fences=fence))
    assert ("d4xd5" not in legal(state)) is protected


@pytest.mark.parametrize(
    ("fence", "protected"),
    [
        ("e4W", False),  # between archer and target, but parallel to the archer's facing
        ("e4E", False),
        ("e4N", True),
        ("e4S", True),
    ],
)
def test_fence_protection_side_shot(fence: str, protected: bool) -> None:
    """§9.5: a parallel edge gives no protection even for a side shot; perpendicular ones do."""
    state = executing({"d4": "rAN*", "e4": "bAS"}, "RS", blue=Seat(fences=fence))
    assert ("d4xe4" not in legal(state)) is protected


@pytest.mark.parametrize(("fence", "protected"), [("e5N", False), ("e5W", True), ("e5E", True)])
def test_fence_protection_follows_the_archers_facing(fence: str, protected: bool) -> None:
    """§9.5: "the archer faces the same direction as the fence is laid": archer facing E."""
    state = executing({"d5": "rAE*", "e5": "bAS"}, "RS", blue=Seat(fences=fence))
    assert ("d5xe5" not in legal(state)) is protected


def test_fence_protection_diagonal_shot() -> None:
    """§9.5 applies to the F+L/F+R squares too: perpendicular edges of the target square."""
    state = executing({"d4": "rAN*", "e5": "bAS"}, "RS", blue=Seat(fences="e5S"))
    assert "d4xe5" not in legal(state)
    state = executing({"d4": "rAN*", "e5": "bAS"}, "RS", blue=Seat(fences="e5W"))
    assert "d4xe5" in legal(state)


def test_only_the_target_owners_fences_protect() -> None:
    """§9.5: an enemy (target owner's) fence protects; the shooter's own fences do not."""
    state = executing({"d4": "rAN*", "d5": "bAS"}, "RS", red=Seat(fences="d5N"))
    assert "d4xd5" in legal(state)


def test_blue_archer_range_mirrors() -> None:
    """§9.1 for Blue: an archer facing S shoots toward Red."""
    pieces = {"d4": "bAS*", "d3": "rIN", "d2": "rAN", "e4": "rAN", "c5": "rAN"}
    state = executing(pieces, "RS", to_act=B)
    assert targets(state) == {"d3", "d2", "e4"}
