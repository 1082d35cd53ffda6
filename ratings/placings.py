"""Ratings from the placings of multi-player tables (三国盛衰記, the card games).

Vocabulary
----------
* **Table**: one game of three to five players (any two or more are accepted), ended with a
  **placing** for each player: 1 for first place, 2 for second, and so on. Players who share a
  placing **tie**: ranks ``(1, 2, 2, 4)`` say that the second and third players tied for second.
  Only the order of the ranks matters, not their size.
* **Table rating**: a Gaussian belief about the player's skill, mean ``mu`` and standard
  deviation ``sigma``, on OpenSkill's scale (a newcomer is 25 ± 25/3). Lists rank players by the
  **ordinal** ``mu − 3·sigma``, a value the player's skill exceeds with about 99.7 % certainty,
  so a newcomer starts at 0 and climbs as their results make the belief precise.
* **Provisional**: ``sigma`` at or above the same share of a newcomer's deviation as Glicko's
  110 of 350, that is ``25/3 × 110/350 ≈ 2.62``.

The update is the Plackett–Luce model of Weng and Lin (2011), Algorithm 4, as implemented by the
``openskill`` package with its default constants (β = 25/6, κ = 0.0001, τ = 25/300): each player
is a team of one, and every table is one update, applied when its result is recorded. This
module only converts between the site's immutable values and the package's objects, so the
rest of the site never imports ``openskill``.

References: Ruby C. Weng and Chih-Jen Lin, "A Bayesian Approximation Method for Online
Ranking", JMLR 12 (2011) 267–300; https://openskill.me.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

from ratings.errors import RatingError
from ratings.glicko2 import INITIAL_DEVIATION, PROVISIONAL_DEVIATION

INITIAL_MU: Final = 25.0
INITIAL_SIGMA: Final = 25.0 / 3.0
PROVISIONAL_SIGMA: Final = INITIAL_SIGMA * PROVISIONAL_DEVIATION / INITIAL_DEVIATION

_MODEL: Final = PlackettLuce(mu=INITIAL_MU, sigma=INITIAL_SIGMA)
"""The one model every table is rated with; ``rate`` never changes it (no ``limit_sigma``)."""


@dataclass(frozen=True, slots=True)
class TableRating:
    """A player's rating for multi-player tables (OpenSkill's ``mu`` and ``sigma``).

    >>> TableRating().ordinal()
    0.0
    >>> TableRating(31.2, 2.1).display()
    '24.9'
    """

    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA

    def __post_init__(self) -> None:
        if not math.isfinite(self.mu):
            raise RatingError(f"mu {self.mu!r} is not finite", code="invalid_rating")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise RatingError(
                f"sigma {self.sigma!r} is not a positive number", code="invalid_rating"
            )

    def ordinal(self) -> float:
        """The conservative value lists sort by: ``mu − 3·sigma``."""
        return self.mu - 3.0 * self.sigma

    def is_provisional(self, threshold: float = PROVISIONAL_SIGMA) -> bool:
        """Whether ``sigma`` is still too high for the rating to be trusted."""
        return self.sigma >= threshold

    def display(self, threshold: float = PROVISIONAL_SIGMA) -> str:
        """The ordinal to one decimal, with ``?`` while the rating is provisional."""
        mark = "?" if self.is_provisional(threshold) else ""
        return f"{self.ordinal():.1f}{mark}"


def check_ranks(players: int, ranks: Sequence[int]) -> None:
    """Refuse a table that cannot be rated: fewer than two players, or ranks that are not one
    positive whole number per player."""
    if players < 2:
        raise RatingError("a table needs at least two players", code="table_too_small")
    if len(ranks) != players:
        raise RatingError(
            f"{len(ranks)} ranks for {players} players", code="ranks_do_not_match_players"
        )
    for rank in ranks:
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise RatingError(f"rank {rank!r} is not a placing 1, 2, …", code="invalid_rank")


def _rate_teams(
    teams: Sequence[Sequence[TableRating]], ranks: Sequence[float] | None
) -> list[list[TableRating]]:
    """The package's ``rate`` on teams of players (ranks: lower is better; ``None``: the
    teams finished in the order given)."""
    model_teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    rated: list[list[PlackettLuceRating]] = _MODEL.rate(
        model_teams, ranks=None if ranks is None else [float(rank) for rank in ranks]
    )
    return [[TableRating(r.mu, r.sigma) for r in team] for team in rated]


def rate_table(ratings: Sequence[TableRating], ranks: Sequence[int]) -> tuple[TableRating, ...]:
    """Every player's table rating after one table, in the order given.

    ``ranks[i]`` is the placing of the player rated ``ratings[i]`` (1 = first; equal ranks tie).

    >>> winner, second, third = rate_table([TableRating()] * 3, [1, 2, 3])
    >>> winner.mu > second.mu > third.mu
    True
    >>> round(winner.mu, 3), round(third.mu, 3)
    (27.869, 21.414)
    """
    check_ranks(len(ratings), ranks)
    rated = _rate_teams([[rating] for rating in ratings], ranks)
    return tuple(team[0] for team in rated)
