"""Rating pools: which games share a rating, and under which system.

A **pool** is named by its ``rating_key`` (docs/ratings.md, "On the site"):

* ``gunshi-basic``, ``gunshi-expansion``, ``gunshi-deck_build``: 軍師軍略 by variant (the
  official Rules 1, 2 and 3 are different games to be good at);
* ``junqi`` and every other two-player game by its registry key (``banjo_yuki``,
  ``strategem``): Glicko-2;
* every multi-player ranked-table game by its registry key (``sangoku_seisuiki``):
  Plackett–Luce.

The keys come from the game registry (``games``), so a game added there gets its pool
without a change here. Keys are stored in rows: they never change.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from games import get_game, registered_games
from games.base import TableKind
from ratings import RatingSystem

GUNSHI = "gunshi"
#: 軍師軍略's variants, in the order the official rules number them, with their pool's label.
GUNSHI_VARIANTS = ("basic", "expansion", "deck_build")


@dataclass(frozen=True, slots=True)
class Pool:
    """One rating pool: its key, its system, its game and the label lists show."""

    key: str
    system: RatingSystem
    game: str
    variant: str = ""

    @property
    def label(self) -> str | Promise:
        from matches.models import Match  # the variants' translated labels

        title = get_game(self.game).title
        if not self.variant:
            return title
        return f"{title}: {Match.Variant(self.variant).label}"

    @property
    def is_table(self) -> bool:
        return self.system is RatingSystem.PLACKETT_LUCE


def all_pools() -> list[Pool]:
    """Every pool, in the registry's order of games (軍師軍略's three variants first)."""
    found: list[Pool] = []
    for game in registered_games():
        if game.key == GUNSHI:
            found += [
                Pool(f"{GUNSHI}-{v}", RatingSystem.GLICKO2, GUNSHI, v) for v in GUNSHI_VARIANTS
            ]
        elif game.table is TableKind.RANKED_TABLE:
            found.append(Pool(game.key, RatingSystem.PLACKETT_LUCE, game.key))
        else:
            found.append(Pool(game.key, RatingSystem.GLICKO2, game.key))
    return found


def pool_by_key(key: str) -> Pool | None:
    """The pool named ``key``, or None for a key no registered game has."""
    return next((pool for pool in all_pools() if pool.key == key), None)


def pool_of(game: str, variant: str = "") -> Pool | None:
    """The pool of a game of ``game`` (and, for 軍師軍略, ``variant``: the match's variant or
    the event's official format, default basic); None for an unknown game or variant."""
    key = f"{GUNSHI}-{variant or 'basic'}" if game == GUNSHI else game
    return pool_by_key(key)
