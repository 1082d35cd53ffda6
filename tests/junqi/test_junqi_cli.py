"""The command line ``python -m junqi random|replay``."""

from __future__ import annotations

from pathlib import Path

import pytest

from junqi.cli import main

DATA = Path(__file__).parent / "data"


def test_random_games_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random", "--games", "3", "--seed", "1", "--check"]) == 0
    out = capsys.readouterr().out
    assert "game 3 seed 3" in out
    assert "3 games" in out
    assert "games/s" in out


def test_random_rejects_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random", "--games", "1", "--options", "nonsense"]) == 2


def test_replay_prints_a_valid_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DATA / "handwritten.txt")]) == 0
    out = capsys.readouterr().out
    assert "29. b11xb12#[1:F]" in out
    assert "1-0 FLAG" in out


def test_replay_names_the_bad_ply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(
        (DATA / "handwritten.txt").read_text().replace("5. d6xe6>", "5. d6xe6<"), encoding="utf-8"
    )
    assert main(["replay", str(bad)]) == 1
    assert "ply 5" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
