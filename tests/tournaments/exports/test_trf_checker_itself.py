"""The TRF checker the export tests rely on finds what it claims to find.

A hand-written three-player file (a win, a forfeit, byes) passes; each mutation of it is caught.
"""

from __future__ import annotations

import pytest

from tests.tournaments.exports.trf_checker import check


def _player(number: int, name: str, points: str, rank: int, rounds: list[str]) -> str:
    line = f"001 {number:4d}      {name:<33} {'':4} {'':3} {'':11} {'':10} {points:>4} {rank:4d}"
    return line + "".join(f"  {r}" for r in rounds)


HEADER = ["012 Checker cup", "XXR 2", "BBW  1.0", "BBF  0.0", "BBU  1.0"]
GOOD = [
    _player(1, "Aiko", "2.0", 1, ["   3 w 1", "0000 - U"]),
    _player(2, "Ben", "2.0", 2, ["0000 - U", "   3 b +"]),
    _player(3, "Chie", "0.0", 3, ["   1 b 0", "   2 w -"]),
]


def _text(lines: list[str]) -> str:
    return "\n".join([*HEADER, *lines]) + "\n"


def test_a_consistent_file_passes() -> None:
    assert check(_text(GOOD)) == []


@pytest.mark.parametrize(
    ("index", "old", "new", "finding"),
    [
        (0, "2.0", "1.0", "points 1.0 but the rounds"),  # score does not add up
        (2, "   1 b 0", "   2 b 0", "lists"),  # opponents disagree
        (2, "   1 b 0", "   1 w 0", "colours"),  # both White
        (2, "   1 b 0", "   1 b 1", "do not match"),  # both won
        (1, "0000 - U", "0000 w U", "a bye needs"),  # a bye with a colour
        (0, "Aiko", "Ai\u202eko", "control or format"),  # a bidi override in a name
        (2, "   3", "   4", "starting ranks"),  # a number missing
    ],
)
def test_each_inconsistency_is_found(index: int, old: str, new: str, finding: str) -> None:
    lines = list(GOOD)
    lines[index] = lines[index].replace(old, new, 1)
    problems = check(_text(lines))
    assert any(finding in p for p in problems), problems


def test_a_forfeit_loss_scored_as_a_forfeit_win_is_found() -> None:
    # The exporter's old bug: BBF written as the forfeit-win points.
    text = _text(GOOD).replace("BBF  0.0", "BBF  1.0")
    assert any("player 3" in p for p in check(text))


def test_a_name_that_spills_into_the_next_column_is_found() -> None:
    lines = list(GOOD)
    lines[0] = lines[0][:14] + "A" * 40 + lines[0][54:]
    assert any("column 48" in p for p in check(_text(lines)))
