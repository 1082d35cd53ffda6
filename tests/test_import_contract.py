"""The rules engine and the clock import nothing outside the standard library.

This is the guarantee behind STYLE.md's "pure package" rule (import-linter checks the same in CI,
but only for the packages it is told to forbid). Every `.py` file under engine/ and clock/ is
parsed with `ast`; each import must be either a standard-library module
(`sys.stdlib_module_names`), a relative import, or one of the pure packages themselves
(`engine`, `clock`). Imports hidden under `if TYPE_CHECKING:` or inside functions count too, and
dynamic imports (`__import__`, `importlib.import_module`) are refused outright.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("engine", "clock")


def import_violations(source: str, filename: str = "<string>") -> list[str]:
    """Return a description of every import in `source` that leaves stdlib + pure packages."""
    tree = ast.parse(source, filename=filename)
    violations = []

    def check(module: str, node: ast.AST) -> None:
        top = module.split(".", 1)[0]
        if top not in sys.stdlib_module_names and top not in PURE_PACKAGES:
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


def pure_source_files() -> list[Path]:
    """All Python files under the pure packages, whatever exists right now."""
    files: list[Path] = []
    for package in PURE_PACKAGES:
        root = BASE_DIR / package
        if root.is_dir():
            files += sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    return files


def test_pure_packages_import_only_the_standard_library() -> None:
    violations = []
    for path in pure_source_files():
        relative = str(path.relative_to(BASE_DIR))
        violations += import_violations(path.read_text(encoding="utf-8"), relative)
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
    ],
)
def test_checker_accepts(source: str) -> None:
    assert import_violations(source) == []
