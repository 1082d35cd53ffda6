"""The engine's documentation stays true: its examples are run against the engine.

* docs/engine.md: every ``>>>`` example, as a doctest.
* docs/records.md: the example record replays to the stated outcome.
* docs/notation.md: every decision form of the table parses and is written back unchanged.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

from engine.actions import parse_action
from engine.cli import replay_record
from engine.record import GameRecord

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end != -1 else None]


def test_the_examples_of_engine_md_run() -> None:
    results = doctest.testfile(
        str(DOCS / "engine.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS,
        verbose=False,
        report=True,
    )
    assert results.attempted >= 30
    assert results.failed == 0


def test_the_example_record_of_records_md_replays() -> None:
    example = _section((DOCS / "records.md").read_text(encoding="utf-8"), "## Example")
    block = re.search(r"```json\n(.*?)\n```", example, re.DOTALL)
    assert block is not None
    record = GameRecord.from_dict(json.loads(block.group(1)))
    final = replay_record(record).final
    assert final.outcome is not None
    assert final.outcome.winner is not None
    assert record.result == {
        "winner": final.outcome.winner.label,
        "method": final.outcome.termination.value,
    }
    assert len(record.actions) == final.ply == 35


def test_every_form_in_the_notation_table_round_trips() -> None:
    table = _section((DOCS / "notation.md").read_text(encoding="utf-8"), "## Decisions")
    forms = re.findall(r"^\| `([^`]+)` ", table, re.MULTILINE)
    assert len(forms) == 15
    for text in forms:
        assert parse_action(text).to_str() == text
