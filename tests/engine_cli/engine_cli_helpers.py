"""Helpers for the command-line tests: find random games with a wanted ending, write records.

Seeds are searched rather than hard-coded so a test states what it needs (a game Red won, a
game Blue won) and survives changes in the order of ``legal_actions``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.cli import replay_record
from engine.playout import random_playout
from engine.record import GameRecord
from engine.state import GameState, Phase, Termination
from engine.types import Side


def find_game(
    wanted: Callable[[GameState], bool], *, seeds: range = range(1, 200)
) -> tuple[GameRecord, GameState]:
    for seed in seeds:
        record, final = random_playout(seed=seed)
        if wanted(final):
            return record, final
    raise AssertionError("no random game of the searched seeds has the wanted ending")


def won_by(side: Side) -> Callable[[GameState], bool]:
    def wanted(final: GameState) -> bool:
        outcome = final.outcome
        return (
            outcome is not None
            and outcome.termination is Termination.GENERAL_CAPTURED
            and outcome.winner is side
        )

    return wanted


def record_dict(record: GameRecord, **changes: Any) -> dict[str, Any]:
    data = record.to_dict()
    data.update(changes)
    return data


def write_json(path: Path, data: dict[str, Any] | str) -> Path:
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return path


def first_war_ply(record: GameRecord) -> int:
    """The number of decisions taken before the war phase begins (deployment and set-up)."""
    states = replay_record(record).states
    return next(k for k, s in enumerate(states) if s.phase is Phase.WAR)
