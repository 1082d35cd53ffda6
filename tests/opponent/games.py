"""Seeded random games seen from one seat, for the opponent tests."""

from __future__ import annotations

import random
from typing import Any

from opponent.arena import Referee, random_chooser
from opponent.view import SeatView

#: 軍師軍略 formats the site runs: basic, expansion options 1–3, deck building (base draft,
#: no free Move, secret decks).
GUNSHI_FORMATS: dict[str, dict[str, Any]] = {
    "basic": {"variant": "basic"},
    "expansion-1": {
        "variant": "expansion",
        "game_format": {"variant": "expansion", "expansion_option": 1},
    },
    "expansion-2": {
        "variant": "expansion",
        "game_format": {"variant": "expansion", "expansion_option": 2},
    },
    "expansion-3": {
        "variant": "expansion",
        "game_format": {"variant": "expansion", "expansion_option": 3},
    },
    "deck-build": {"variant": "deck_build", "game_format": {"variant": "deck_build"}},
    "deck-build-no-free-move": {
        "variant": "deck_build",
        "game_format": {"variant": "deck_build", "deck_option": "no_free_move"},
    },
    "deck-build-secret": {
        "variant": "deck_build",
        "game_format": {"variant": "deck_build", "deck_option": "secret"},
    },
}

#: 軍棋 option sets: the standard game and each variant.
JUNQI_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "flying_bombs": {"flying_bombs": True},
    "exploding_mines": {"exploding_mines": True},
    "carry_flag": {"carry_flag": True},
    "open_pieces": {"open_pieces": True},
    "free_hq": {"free_hq": True},
}


def random_game(
    game: str, setup: dict[str, Any], *, seed: int, plies: int, deal: int = 0
) -> Referee:
    """A referee after ``plies`` random decisions (fewer if the game ends first)."""
    referee = Referee(game, setup, seed=deal)
    players = (random_chooser(seed), random_chooser(seed + 1))
    for _ in range(plies):
        seat = referee.to_act()
        if seat is None:
            break
        referee.apply(players[seat](referee.view(seat), None))
    return referee


def views_until_asked(referee: Referee, seat: int, rng: random.Random, plies: int) -> SeatView:
    """Play on at random until ``seat`` is asked; its view then."""
    chooser = random_chooser(rng.randrange(1 << 30))
    for _ in range(plies):
        if referee.to_act() in (seat, None):
            break
        other = referee.to_act()
        assert other is not None
        referee.apply(chooser(referee.view(other), None))
    return referee.view(seat)
