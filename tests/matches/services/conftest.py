"""Fixtures shared by the tests of the match services."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from matches.signals import match_finished


@pytest.fixture
def finished_signals() -> Iterator[list[dict[str, Any]]]:
    """Every ``match_finished`` sent during the test, as its keyword arguments."""
    received: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        received.append(kwargs)

    match_finished.connect(receiver, dispatch_uid="test-receiver")
    yield received
    match_finished.disconnect(dispatch_uid="test-receiver")
