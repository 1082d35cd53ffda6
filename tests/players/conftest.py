"""Fixtures of the site-ratings tests: accounts and rated games finished through the services."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

T0 = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def players(db: None, django_user_model: Any) -> list[Any]:
    """Six accounts, p0..p5."""
    return [
        django_user_model.objects.create_user(username=f"p{i}", password="pw-for-tests-only")
        for i in range(6)
    ]


@pytest.fixture
def otb_game() -> Any:
    """``otb_game(red, blue, winner, at, rated=True, game="gunshi", variant="basic")``: an
    over-the-board match between two accounts finished by the arbiter's entry at ``at``."""

    def finish(
        red: Any, blue: Any, winner: str, at: dt.datetime, *, rated: bool = True, **setup: Any
    ) -> Any:
        from matches.services.arbiter import match_set_result
        from matches.services.lifecycle import match_create

        match = match_create(kind="otb", red_player=red, blue_player=blue, rated=rated, **setup)
        return match_set_result(match_id=match.pk, winner=winner, now=at)

    return finish
