"""Every game the site runs, as the home page presents it: read from the game registry, so a
newly registered game appears on the home page by itself (and none is named by hand)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import GameDefinition, TableKind, TimingKind, registered_games


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game on the home page: its name and how its events are played here."""

    key: str
    name: str | Promise
    where: str | Promise
    table: str
    timing: str


def _table(game: GameDefinition) -> str:
    low, high = game.players
    if game.table == TableKind.RANKED_TABLE:
        return gettext("Ranked tables of %(low)s to %(high)s players") % {"low": low, "high": high}
    return gettext("Two players")


def _timing(game: GameDefinition) -> str:
    timing = game.timing
    if timing.kind == TimingKind.SESSION:
        return gettext("Session limit of %(minutes)s minutes a table") % {"minutes": timing.minutes}
    if timing.kind == TimingKind.CHESS_CLOCK:
        return gettext("Chess clock, recommended %(control)s") % {"control": timing.time_control}
    return gettext("Untimed")


def game_summaries() -> list[GameSummary]:
    """Every registered game, in registry order (軍師軍略 first)."""
    return [
        GameSummary(
            key=game.key,
            name=game.name,
            where=(
                _("Over the board, with results and standings on the site")
                if game.over_the_board_only
                else _("Online with a rules engine, or over the board")
            ),
            table=_table(game),
            timing=_timing(game),
        )
        for game in registered_games()
    ]


def game_names() -> str:
    """The names of every game, joined as a sentence list in the active language."""
    return gettext(", ").join(str(game.name) for game in registered_games())
