"""Finished games for the analysis tests, played through the match services."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.matches.helpers import Clock

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from matches.models import Match


def play_random(match: Match, clock: Clock, *, plies: int, seed: int) -> Match:
    """Play ``plies`` random legal decisions (random 軍棋 set-ups; moves only) by the seat asked."""
    import junqi
    from matches.selectors import match_game_state, match_rules
    from matches.services.decisions import match_submit_action

    rng = random.Random(seed)
    rules = match_rules(match)
    for _ in range(plies):
        state = match_game_state(match)
        seats = [seat for seat in (0, 1) if rules.can_act(state, seat)]
        if not seats or match.status != "running":
            break
        seat = seats[0]
        label = ("red", "blue")[seat]
        if match.game == "junqi" and state.state.phase is junqi.Phase.SETUP:
            text = f"setup {label} {junqi.random_setup(junqi.Side(seat), rng).text}"
        else:
            legal = rules.legal_actions(state, seat)
            moves = [a for a in legal if match.game != "junqi" or "-" in a.split()[0]]
            text = rng.choice(moves)
        match = match_submit_action(
            match_id=match.pk,
            seat=label,
            action_text=text,
            expected_ply=match.ply,
            now=clock.tick(1000),
        )
    return match


def finish(match: Match, clock: Clock) -> Match:
    from matches.services.decisions import match_resign

    match_resign(match_id=match.pk, seat="blue", now=clock.tick(1000))
    match.refresh_from_db()
    return match


@pytest.fixture
def clock_at() -> Clock:
    return Clock()


@pytest.fixture
def players(db: None, django_user_model: type[User]) -> tuple[Any, Any, Any]:
    """Red, Blue and a spectator with an account."""
    return tuple(
        django_user_model.objects.create_user(username=name, password="pw-1234-x")
        for name in ("aoi", "ren", "mio")
    )


@pytest.fixture
def make_game(players: tuple[Any, Any, Any], clock_at: Clock) -> Any:
    """``make_game(game=..., plies=..., finished=True)``: an online match between Red and Blue
    after random play, resigned by Blue unless ``finished=False``."""
    from matches.services.lifecycle import match_create

    def make(
        *, game: str = "gunshi", plies: int = 14, finished: bool = True, seed: int = 1
    ) -> Match:
        red, blue, _ = players
        match = match_create(
            red_player=red, blue_player=blue, game=game, start=True, now=clock_at.now
        )
        match = play_random(match, clock_at, plies=plies, seed=seed)
        return finish(match, clock_at) if finished else match

    return make


@pytest.fixture(autouse=True)
def _fresh_state() -> Iterator[None]:
    """Each test gets its own channel layer (the Redis layer binds to one event loop), an
    empty cache (the per-user request allowance) and English messages."""
    from channels.layers import channel_layers
    from django.core.cache import cache
    from django.utils import translation

    channel_layers.backends.clear()
    cache.clear()
    with translation.override("en"):
        yield
