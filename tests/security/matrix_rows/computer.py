"""Playing the computer (docs/opponent.md, "On the site")."""

from __future__ import annotations

from tests.security.matrix_rows.base import Row, url
from tests.security.matrix_rows.play import NOT_RED
from tests.security.security_world import (
    LOGGED_IN,
    World,
)

# ---- play the computer (docs/opponent.md, "On the site"): a signed-in player starts an unrated
# game against the computer; one unfinished game at a time.
COMPUTER_FORM = {
    "game": "gunshi",
    "variant": "basic",
    "time_preset": "20+0",
    "level": "1",
    "colour": "red",
}


def _red_plays_the_computer(w: World) -> None:
    from play.computer_services import computer_game_create

    computer_game_create(player=w.users["red"], level=2, colour="red")


COMPUTER_ROWS: list[Row] = [
    Row(
        "play:computer",
        LOGGED_IN,
        lambda w: (url("play:computer"), dict(COMPUTER_FORM)),
        reason="any signed-in player plays the computer; a visitor is sent to log in",
    ),
    Row(
        "play:computer",
        NOT_RED,
        lambda w: (url("play:computer"), dict(COMPUTER_FORM)),
        variant="unfinished game",
        setup=_red_plays_the_computer,
        reason="a player whose game against the computer is still on is refused (409)",
    ),
]
