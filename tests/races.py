"""Races for the row-lock tests: calls released at the same moment, each in its own thread
with its own database connection (PostgreSQL only: SQLite serialises whole-database writes)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.db import connection, connections


def skip_unless_postgresql() -> None:
    """Skip the calling test on SQLite: its race would test nothing there."""
    if connection.vendor != "postgresql":
        pytest.skip("row-lock races need PostgreSQL (set DATABASE_URL=postgres://…)")


def race(
    calls: Sequence[Callable[[], Any]],
    refusal: type[Exception] | tuple[type[Exception], ...],
) -> list[Any]:
    """Run each call in its own thread, all released together by a barrier; each call's
    result, or the ``refusal`` it raised, in the order of ``calls``."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        except refusal as exc:
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
