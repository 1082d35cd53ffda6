"""Games against the computer: create one (docs/play.md, docs/opponent.md "On the site").

A player picks game, format, time control, level and colour; the match is created started,
with the player in one seat and the computer's account of that level in the other
(``play.computer_accounts``). The computer plays its seat from the ``bot`` worker queue
(``play.tasks.computer_move_task``), seeing only its seat's view, like any client.

What is decided here:

* **Never rated.** ``rated=False`` is passed whatever the caller asks: a result against a
  program of fixed strength says nothing about a player's rating.
* **One game at a time.** A player with an unfinished game against the computer (not finished,
  not aborted) is refused until it ends: finish it or resign. A second tab or a double click
  therefore cannot start several bot games that would each hold a worker.
* **Rate limit.** At most ``PLAY_COMPUTER_GAMES_PER_MINUTE`` games in any 60 seconds per
  account (a create-and-resign loop would otherwise keep a worker busy).

Both limits are counted while the player's user row is locked, as ``seek_create`` does.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from matches.models import Match
from matches.services.lifecycle import match_create
from play.choices import game_format_for
from play.computer_accounts import (
    COMPUTER_LEVEL_META,
    COMPUTER_LEVELS,
    COMPUTER_META,
    DEFAULT_COMPUTER_LEVEL,
    computer_account,
    computer_name,
    is_computer,
)
from play.errors import PlayError
from play.models import Seek
from play.selectors import user_display_name
from play.services import (
    RATE_WINDOW,
    _now,
    _require_signed_in,
    check_format,
    check_game,
    check_time_control,
)


def check_level(level: Any) -> int:
    """A level the site offers (1–4), as an int."""
    try:
        value = int(level)
    except (TypeError, ValueError):
        raise PlayError("unknown_level", field="level") from None
    if isinstance(level, bool) or value not in COMPUTER_LEVELS:
        raise PlayError("unknown_level", field="level")
    return value


def _computer_games(player: Any) -> Any:
    return Match.objects.filter(
        Q(red_player=player) | Q(blue_player=player), meta__has_key=COMPUTER_LEVEL_META
    )


def computer_game_unfinished(player: Any) -> Match | None:
    """The player's game against the computer that has not ended, if any."""
    if player is None or not getattr(player, "is_authenticated", False):
        return None
    done = [Match.Status.FINISHED, Match.Status.ABORTED]
    return _computer_games(player).exclude(status__in=done).order_by("-pk").first()


def _check_limits(player: Any, now: datetime) -> None:
    if computer_game_unfinished(player) is not None:
        raise PlayError("computer_game_unfinished")
    recent = _computer_games(player).filter(created_at__gt=now - RATE_WINDOW).count()
    if recent >= settings.PLAY_COMPUTER_GAMES_PER_MINUTE:
        raise PlayError("computer_rate_limited")


@transaction.atomic
def computer_game_create(
    *,
    player: Any,
    game: str = "gunshi",
    variant: str = Match.Variant.BASIC,
    junqi_variants: list[str] | None = None,
    time_control: str = "20+0",
    level: Any = DEFAULT_COMPUTER_LEVEL,
    colour: str = Seek.Colour.RANDOM,
    now: datetime | None = None,
) -> Match:
    """Start an unrated game of ``player`` against the computer at ``level``; returns the
    match (already started). Raises ``PlayError`` (nothing saved) naming the refused field."""
    _require_signed_in(player)
    if is_computer(player):
        raise PlayError("computer_cannot_play")
    game = check_game(game)
    variant, junqi_variants = check_format(game, variant, junqi_variants)
    time_control = check_time_control(time_control)
    level = check_level(level)
    if colour not in Seek.Colour.values:
        raise PlayError("unknown_colour", field="colour")
    now_dt = _now(now)
    get_user_model().objects.select_for_update().filter(pk=player.pk).first()
    _check_limits(player, now_dt)
    computer = computer_account(level)
    player_red = colour == Seek.Colour.RED or (
        colour == Seek.Colour.RANDOM and secrets.randbelow(2) == 0
    )
    computer_seat = "blue" if player_red else "red"
    red, blue = (player, computer) if player_red else (computer, player)
    names = {"red": user_display_name(player), "blue": computer_name(level)}
    if not player_red:
        names = {"red": computer_name(level), "blue": user_display_name(player)}
    return match_create(
        red_player=red,
        blue_player=blue,
        red_name=names["red"],
        blue_name=names["blue"],
        game=game,
        game_format=game_format_for(game, variant, junqi_variants),
        time_control=time_control,
        rated=False,
        meta={
            COMPUTER_LEVEL_META: level,
            COMPUTER_META: {"level": level, "seat": computer_seat},
        },
        start=True,
        actor=player,
        now=now_dt,
    )
