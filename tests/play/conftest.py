"""Accounts for the play tests: two players with display names, and a third."""

from __future__ import annotations

from typing import Any

import pytest


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
