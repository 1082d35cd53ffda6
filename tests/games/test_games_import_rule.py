"""The import rule (docs/games.md): matches/, tournaments/, core/ and config/ never import a
rules engine; they reach one through ``games``. import-linter checks the same in CI
(pyproject.toml); this check reads every file, imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SPEAKERS = ("matches", "tournaments", "core", "config")
ENGINES = ("engine", "junqi")


def _engine_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [
            f"{path.relative_to(BASE_DIR)}:{node.lineno}: {name}"
            for name in names
            if name.split(".", 1)[0] in ENGINES
        ]
    return found


def test_no_module_of_the_platform_imports_an_engine() -> None:
    files = [
        path
        for package in SPEAKERS
        for path in sorted((BASE_DIR / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    ]
    assert len(files) > 50
    assert [hit for path in files for hit in _engine_imports(path)] == []
