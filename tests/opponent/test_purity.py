"""The opponent is a pure package: standard library, the engines and itself only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_import_contract import BASE_DIR, import_violations

FILES = sorted((BASE_DIR / "opponent").rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(Path(p).relative_to(BASE_DIR)))
def test_the_opponent_imports_only_the_standard_library_and_the_engines(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert import_violations(source, str(path), ("engine", "junqi", "opponent")) == []


def test_the_package_ships_its_type_marker() -> None:
    assert (BASE_DIR / "opponent" / "py.typed").exists()
