"""Fixtures for the command-line tests: finished random games with a known winner."""

from __future__ import annotations

import pytest

from engine.record import GameRecord
from engine.state import GameState
from engine.types import Side
from tests.engine_cli.engine_cli_helpers import find_game, won_by


@pytest.fixture(scope="session")
def red_win() -> tuple[GameRecord, GameState]:
    """A finished random game Red won by capturing Blue's general."""
    return find_game(won_by(Side.RED))


@pytest.fixture(scope="session")
def blue_win() -> tuple[GameRecord, GameState]:
    """A finished random game Blue won by capturing Red's general."""
    return find_game(won_by(Side.BLUE))
