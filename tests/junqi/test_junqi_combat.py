"""Every cell of the §6.2 combat table, the 司令 flag reveal (J11) and flag capture (§7.1)."""

from __future__ import annotations

import pytest

from junqi.options import Options
from junqi.state import Phase, Termination
from junqi.types import Side
from tests.junqi.builders import play, position

# Spare mobile pieces so that neither side runs out of moves after the combat.
SPARE = {"a3": "r3", "a10": "b3", "b1": "rF", "b12": "bF"}


def fight(attacker: str, defender: str, options: Options | None = None) -> tuple[str, object]:
    pieces = dict(SPARE)
    pieces["c6"] = "r" + attacker
    pieces["c7"] = "b" + defender
    if defender == "F":
        del pieces["b12"]
    state = play(position(pieces, options=options), "c6-c7")
    return state.log[-1].result, state


RANKED = "987654321"


@pytest.mark.parametrize("a", RANKED)
@pytest.mark.parametrize("d", RANKED)
def test_ranked_against_ranked(a: str, d: str) -> None:
    result, _ = fight(a, d)
    expected = ">" if int(a) > int(d) else "=" if a == d else "<"
    assert result == expected


@pytest.mark.parametrize("a", RANKED)
def test_ranked_against_bomb_both_removed(a: str) -> None:
    result, state = fight(a, "B")
    assert result == "="
    assert state.board[32] is None  # c7 empty


@pytest.mark.parametrize("d", [*RANKED, "B", "M"])
def test_bomb_against_anything_both_removed(d: str) -> None:
    result, _ = fight("B", d)
    assert result == "="


def test_j8_engineer_removes_a_mine_and_moves_in() -> None:
    result, state = fight("1", "M")
    assert result == ">"
    assert state.board[32] is not None
    assert state.board[32].code == "1"


@pytest.mark.parametrize("a", "98765432")
def test_j8_mine_stays_by_default(a: str) -> None:
    result, state = fight(a, "M")
    assert result == "<"
    assert state.board[32] is not None
    assert state.board[32].code == "M"


@pytest.mark.parametrize("a", "98765432")
def test_j8_exploding_mines_option_removes_both(a: str) -> None:
    result, state = fight(a, "M", Options(exploding_mines=True))
    assert result == "="
    assert state.board[32] is None


def test_j8_exploding_mines_engineer_still_wins_and_bomb_still_both() -> None:
    assert fight("1", "M", Options(exploding_mines=True))[0] == ">"
    assert fight("B", "M", Options(exploding_mines=True))[0] == "="


@pytest.mark.parametrize("a", [*RANKED, "B"])
def test_j9_flag_taken_by_any_attacker_wins_the_game(a: str) -> None:
    result, state = fight(a, "F")
    assert result == "#"
    assert state.phase is Phase.OVER
    assert state.outcome is not None
    assert state.outcome.winner is Side.RED
    assert state.outcome.termination is Termination.FLAG


@pytest.mark.parametrize(
    ("a", "d", "revealed"),
    [
        ("9", "8", (False, False)),
        ("8", "9", (False, False)),
        ("9", "9", (True, True)),  # both 司令 fall: both flags turn up
        ("9", "B", (True, False)),
        ("9", "M", (True, False)),
        ("B", "9", (False, True)),
        ("7", "9", (False, False)),  # the defender wins: no 司令 removed
    ],
)
def test_j11_marshal_lost_reveals_the_flag(a: str, d: str, revealed: tuple[bool, bool]) -> None:
    _, state = fight(a, d)
    assert state.flag_revealed == revealed
    events = state.log[-1].events
    assert ("F@b1" in events) == revealed[0]
    assert ("F@b12" in events) == revealed[1]


def test_a_combat_resets_the_no_combat_counter() -> None:
    state = position(SPARE | {"c6": "r5", "c7": "b4"})
    state = play(state, "a3-a4", "a10-a9")
    assert state.quiet == 2
    state = play(state, "c6-c7")
    assert state.quiet == 0
