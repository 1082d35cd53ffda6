"""Rating mathematics: Glicko-2 for two-player games, Plackett–Luce for multi-player tables.

A pure package (standard library plus ``openskill``): no Django, no database, no clock. The
site's models, the transaction that records a result, the re-computation after a correction
and the /ratings/ pages call these functions with plain values. ``docs/ratings.md`` gives the
mathematics, the parameters chosen and the references.

>>> from datetime import UTC, datetime
>>> result = RatedResult(
...     game_id=1, finished_at=datetime(2026, 5, 1, tzinfo=UTC), rating_key="gunshi-basic",
...     system=RatingSystem.GLICKO2, players=(11, 12), ranks=(1, 2),
... )
>>> [(change.player, change.after.display()) for change in rate_result(result, {})]
[(11, '1662?'), (12, '1338?')]
"""

from ratings.errors import RatingError
from ratings.glicko2 import (
    DEFAULT_PARAMETERS,
    GameResult,
    Glicko2Parameters,
    Rating,
    from_glicko2_scale,
    rate_game,
    rate_period,
    rating_after_idle_days,
    to_glicko2_scale,
)
from ratings.placings import TableRating, rate_table
from ratings.replay import (
    PlayerRating,
    RatedResult,
    RatingChange,
    RatingSystem,
    Replay,
    newcomer,
    rate_result,
    replay_results,
)

__all__ = [
    "DEFAULT_PARAMETERS",
    "GameResult",
    "Glicko2Parameters",
    "PlayerRating",
    "RatedResult",
    "Rating",
    "RatingChange",
    "RatingError",
    "RatingSystem",
    "Replay",
    "TableRating",
    "from_glicko2_scale",
    "newcomer",
    "rate_game",
    "rate_period",
    "rate_result",
    "rate_table",
    "rating_after_idle_days",
    "replay_results",
    "to_glicko2_scale",
]
