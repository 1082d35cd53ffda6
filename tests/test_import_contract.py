"""The rules engines (軍師軍略 and 軍棋) and the clock import nothing outside the standard library.

This is the guarantee behind STYLE.md's "pure package" rule (import-linter checks the same in CI,
but only for the packages it is told to forbid). Every `.py` file under engine/, junqi/ and
clock/ is parsed with `ast`; each import must be either a standard-library module
(`sys.stdlib_module_names`), a relative import, or one of the pure packages themselves
(`engine`, `junqi`, `clock`). Imports hidden under `if TYPE_CHECKING:` or inside functions count
too, and dynamic imports (`__import__`, `importlib.import_module`) are refused outright.

The pure algorithms of `tournaments.pairing` and `tournaments.standings` get the same check, with
`rustworkx` (maximum-weight matching for Swiss pairing) as their one allowed third-party import.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("engine", "junqi", "clock")
# Directory -> packages (dotted prefixes) its files may import besides the standard library.
PURE_ALGORITHMS = {
    "tournaments/pairing": ("tournaments.pairing", "tournaments.standings", "rustworkx"),
    "tournaments/standings": ("tournaments.pairing", "tournaments.standings", "rustworkx"),
}


def import_violations(
    source: str, filename: str = "<string>", allowed: tuple[str, ...] = PURE_PACKAGES
) -> list[str]:
    """Return a description of every import in `source` that is neither stdlib nor `allowed`."""
    tree = ast.parse(source, filename=filename)
    violations = []

    def check(module: str, node: ast.AST) -> None:
        if module.split(".", 1)[0] in sys.stdlib_module_names:
            return
        if any(module == prefix or module.startswith(prefix + ".") for prefix in allowed):
            return
        violations.append(f"{filename}:{getattr(node, 'lineno', '?')}: imports {module!r}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                check(alias.name, node)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module is not None:
                check(node.module, node)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in {"__import__", "import_module"}:
                line = getattr(node, "lineno", "?")
                violations.append(f"{filename}:{line}: dynamic import via {name}()")
    return violations


def python_files(*directories: str) -> list[Path]:
    """All Python files under `directories`, whatever exists right now."""
    files: list[Path] = []
    for directory in directories:
        root = BASE_DIR / directory
        if root.is_dir():
            files += sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    return files


def violations_in(files: list[Path], allowed: tuple[str, ...]) -> list[str]:
    violations = []
    for path in files:
        relative = str(path.relative_to(BASE_DIR))
        violations += import_violations(path.read_text(encoding="utf-8"), relative, allowed)
    return violations


def test_pure_packages_import_only_the_standard_library() -> None:
    violations = violations_in(python_files(*PURE_PACKAGES), PURE_PACKAGES)
    assert not violations, "\n".join(violations)


@pytest.mark.parametrize("directory", sorted(PURE_ALGORITHMS))
def test_pure_algorithms_import_no_framework(directory: str) -> None:
    violations = violations_in(python_files(directory), PURE_ALGORITHMS[directory])
    assert not violations, "\n".join(violations)


@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "from django.db import models",
        "import channels.layers",
        "from celery import shared_task",
        "import psycopg",
        "import tournaments.models",
        "from config import settings",
        "import rustworkx",
        "if TYPE_CHECKING:\n    from django.http import HttpRequest",
        "def f():\n    import redis",
        "import importlib\nm = importlib.import_module('django')",
        "m = __import__('os')",
    ],
)
def test_checker_rejects(source: str) -> None:
    assert import_violations(source)


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations",
        "import dataclasses, enum, random, typing",
        "from collections.abc import Iterator",
        "import json as _json",
        "from . import types",
        "from .rules import apply_action",
        "from ..engine import state",
        "import engine.types",
        "from engine.types import Side",
        "from clock.logic import ClockState",
        "from junqi.rules import apply_action",
    ],
)
def test_checker_accepts(source: str) -> None:
    assert import_violations(source) == []


def test_algorithm_allowance_is_by_package_prefix() -> None:
    allowed = PURE_ALGORITHMS["tournaments/pairing"]
    assert import_violations("import rustworkx as rx", allowed=allowed) == []
    assert import_violations("from tournaments.standings.points import X", allowed=allowed) == []
    assert import_violations("from tournaments.models import Event", allowed=allowed)
    assert import_violations("from tournaments import models", allowed=allowed)
    assert import_violations("import engine", allowed=allowed)
