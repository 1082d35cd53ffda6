"""The rating mathematics imports the standard library, openskill and itself, nothing else."""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest

import ratings
import ratings.replay
from ratings import glicko2, placings
from tests.test_import_contract import python_files, violations_in

DOC = Path(__file__).resolve().parents[2] / "docs" / "ratings.md"


def test_ratings_import_only_the_standard_library_and_openskill() -> None:
    violations = violations_in(python_files("ratings"), ("ratings", "openskill"))
    assert not violations, "\n".join(violations)


MODULES = [ratings, glicko2, placings, ratings.replay]


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_docstring_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_doc_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0
