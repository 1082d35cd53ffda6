"""Fixtures of the arbiter console tests: an arbiter of event 7, the event their matches are in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from matches.permissions import set_event_arbiter_check

#: The event whose matches ``event_arbiter`` arbitrates.
ARBITRATED_EVENT = 7


@pytest.fixture
def event_arbiter(django_user_model: Any, password: str) -> Iterator[Any]:
    """A plain account (``judge``) that is an arbiter of event 7 only."""
    arbiter = django_user_model.objects.create_user(username="judge", password=password)
    registered = set_event_arbiter_check(
        lambda user, event_id: user.pk == arbiter.pk and event_id == ARBITRATED_EVENT
    )
    yield arbiter
    set_event_arbiter_check(registered)
