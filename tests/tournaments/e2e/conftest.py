"""The live server for the tournament browser tests: one per test, on its own database.

See `tests/live_server.py` for what runs and why the test process never touches its data.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import LiveServer, running_server


@pytest.fixture
def live_asgi(tmp_path: Path) -> Iterator[LiveServer]:
    with running_server(tmp_path) as server:
        yield server
