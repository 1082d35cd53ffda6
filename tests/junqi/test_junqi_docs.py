"""docs/junqi.md and the package docstring: their examples run, their rulings table is complete."""

from __future__ import annotations

import doctest
from pathlib import Path

import junqi
from junqi.rulings import RULINGS

DOC = Path(__file__).resolve().parents[2] / "docs" / "junqi.md"


def test_doc_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.failed == 0
    assert doctest.testmod(junqi).failed == 0


def test_doc_lists_every_ruling() -> None:
    text = DOC.read_text(encoding="utf-8")
    for ruling in RULINGS:
        assert f"| {ruling.number} |" in text
