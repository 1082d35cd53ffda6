"""Calls released together in threads, each on its own database connection: the row-lock race
tests' one runner (PostgreSQL; SQLite serialises whole-database writes and tests nothing)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections


def run_together(
    calls: Sequence[Callable[[], Any]], *, refusals: tuple[type[Exception], ...]
) -> list[Any]:
    """Run every call in its own thread, all released at once by a barrier; each call's result,
    or the refusal it raised (any other exception fails the caller's assertions as ``None``)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(index: int) -> None:
        try:
            barrier.wait()
            results[index] = calls[index]()
        except refusals as exc:
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
