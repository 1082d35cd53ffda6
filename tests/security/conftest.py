"""Fixtures the permission-matrix modules share."""

from __future__ import annotations

import pytest


@pytest.fixture
def fresh_rate_limits() -> None:
    """allauth counts sign-ups and mails per address in the cache: each case starts afresh."""
    from django.core.cache import cache

    cache.clear()
