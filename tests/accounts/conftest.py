"""Fixtures of the account tests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

#: The first link of a mail body (allauth's mails carry one: verification, password reset).
LINK = re.compile(r"https?://\S+")


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """allauth keeps its rate limits (one verification mail per address every 3 minutes, …) in
    the cache: each test starts with none spent."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def link_in(message: Any) -> str:
    """The link of an e-mail message, as a path on the test server."""
    match = LINK.search(message.body)
    assert match, message.body
    return match.group(0).removeprefix("http://testserver")
