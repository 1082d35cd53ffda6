"""The engine's documentation stays true: its examples are run against the engine.

* docs/engine.md: every ``>>>`` example, as a doctest.
* docs/records.md: the example record replays to the stated outcome.
* docs/notation.md: every decision form of the table parses and is written back unchanged, and
  the example position is what ``python -m engine show`` prints.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

from engine.actions import parse_action
from engine.cli import main, replay_record
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


def _example_record() -> GameRecord:
    example = _section((DOCS / "records.md").read_text(encoding="utf-8"), "## Example")
    block = re.search(r"```json\n(.*?)\n```", example, re.DOTALL)
    assert block is not None
    return GameRecord.from_dict(json.loads(block.group(1)))


def test_the_example_record_of_records_md_replays() -> None:
    record = _example_record()
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
    assert len(forms) == 16
    for text in forms:
        assert parse_action(text).to_str() == text


def test_the_example_position_of_notation_md_is_what_show_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = _section((DOCS / "notation.md").read_text(encoding="utf-8"), "## Example")
    block = re.search(r"```\n(view of blue\n.*?)```", example, re.DOTALL)
    assert block is not None
    record = _example_record()
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main(["show", str(path), "--ply", "30", "--as", "blue"]) == 0
    printed = "\n".join(line.rstrip() for line in capsys.readouterr().out.splitlines())
    assert printed + "\n" == block.group(1)
