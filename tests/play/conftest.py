"""Accounts for the play tests: two players with display names, and a third."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import create_accounts
from tests.live_server import LiveServer, running_server
from tests.play.browser_players import PASSWORD


def make_player(username: str, display_name: str = "") -> Any:
    from django.contrib.auth import get_user_model

    from core.accounts.profiles import profile_for

    user = get_user_model().objects.create_user(username=username, password="pw-1234-x")
    if display_name:
        profile = profile_for(user)
        profile.display_name = display_name
        profile.save()
    return user


@pytest.fixture
def aoi(db: None) -> Any:
    return make_player("aoi", "青井 葵")


@pytest.fixture
def ren(db: None) -> Any:
    return make_player("ren", "Ren Sato")


@pytest.fixture
def kai(db: None) -> Any:
    return make_player("kai")


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server with the accounts ``aoi`` and ``ren`` (tests/play/browser_players.py)."""
    with running_server(tmp_path) as server:
        create_accounts(server, PASSWORD, "aoi", "ren")
        yield server
