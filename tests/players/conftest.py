"""Fixtures of the players tests: accounts (with display names) and games finished through the
services, rated or not, for the site ratings and the player pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Places in standings are cached by event id and version, and ids are reused between
    tests on a rolled-back database: each test starts with an empty cache."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player(db: None, django_user_model: Any) -> Any:
    """``player("name", display_name=..., hidden=...)``: an account and its profile."""
    from core.accounts.profiles import profile_for

    def make(username: str, *, display_name: str = "", hidden: bool = False) -> Any:
        user = django_user_model.objects.create_user(username=username, password="pw-12345-x")
        profile = profile_for(user)
        profile.display_name = display_name or username
        profile.hidden_from_search = hidden
        profile.save()
        return django_user_model.objects.select_related("profile").get(pk=user.pk)

    return make


@pytest.fixture
def finished_game() -> Any:
    """``finished_game(red, blue, winner="red", **create)``: a game played and decided through
    the match services (the arbiter's result, or a resignation for ``method="resignation"``)."""
    from matches.models import Match
    from matches.services.arbiter import match_set_result
    from matches.services.decisions import match_resign
    from matches.services.lifecycle import match_create

    def make(red: Any, blue: Any, winner: str = "red", **create: Any) -> Match:
        method = create.pop("method", Match.Method.ARBITER)
        match = match_create(red_player=red, blue_player=blue, start=True, **create)
        if method == Match.Method.RESIGNATION:
            loser = "blue" if winner == "red" else "red"
            match_resign(match_id=match.pk, seat=loser)
        else:
            match_set_result(match_id=match.pk, winner=winner, method=method)
        return Match.objects.get(pk=match.pk)

    return make
