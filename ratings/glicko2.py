"""Glicko-2 ratings for two-player games, as in Glickman's "Example of the Glicko-2 system".

Vocabulary
----------
* **Rating** ``r``: the estimate of a player's strength on the familiar scale (1500 for a
  newcomer). **Deviation** ``RD``: the standard deviation of that estimate; a player is
  about 95 % likely to be within ``r ± 2·RD``. **Volatility** ``σ``: how erratically the
  player's strength moves; it sets how fast the deviation grows while they do not play.
* **Glicko-2 scale**: the scale the update works on, ``μ = (r − 1500) / 173.7178`` and
  ``φ = RD / 173.7178`` (``σ`` is the same on both scales). ``to_glicko2_scale`` and
  ``from_glicko2_scale`` convert.
* **Rating period**: a batch of games treated as played at once. ``rate_period`` is the
  paper's algorithm (steps 1–8) for one player over one period; a player who did not play
  gets step 6 only: the deviation grows, the rating and volatility stay.
* **τ** (tau): the system constant that limits how much the volatility can change in one
  period (Glickman: between 0.3 and 1.2; this site uses 0.5).
* **Instant update** (lichess): every rated game is its own rating period, computed in the
  transaction that records its result. The deviation's growth in step 6 is then not one whole
  period but the time since the player's previous rated game, ``days × periods_per_day``
  rating periods (``rate_game``). The same growth tells how uncertain an idle player's rating
  has become by now (``rating_after_idle_days``).
* **Provisional**: a rating whose deviation is at least ``provisional_deviation`` (110, as on
  lichess); it is shown with a ``?``.

Everything here is a pure function of immutable values; nothing reads the clock or a database.
The worked example of the paper (a 1500/200/0.06 player who beats 1400/30 and loses to
1550/100 and 1700/300 ends at 1464.06/151.52/0.05999) is a test (tests/ratings/test_glicko2.py).

Reference: Mark E. Glickman, "Example of the Glicko-2 system", Boston University, revision of
30 November 2013, http://www.glicko.net/glicko/glicko2.pdf.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from ratings.errors import RatingError

GLICKO2_SCALE: Final = 173.7178
"""The paper's factor between the Glicko scale and the Glicko-2 scale (400 / ln 10)."""

INITIAL_RATING: Final = 1500.0
INITIAL_DEVIATION: Final = 350.0
INITIAL_VOLATILITY: Final = 0.06
DEFAULT_TAU: Final = 0.5
PROVISIONAL_DEVIATION: Final = 110.0
MINIMUM_DEVIATION: Final = 45.0
RATING_PERIODS_PER_DAY: Final = 0.21436
CONVERGENCE_TOLERANCE: Final = 0.000001


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 rating on the familiar (Glicko) scale.

    >>> Rating()
    Rating(rating=1500.0, deviation=350.0, volatility=0.06)
    >>> Rating(1712.4, 64.0).display()
    '1712'
    >>> Rating(1500.0, 200.0).display()
    '1500?'
    """

    rating: float = INITIAL_RATING
    deviation: float = INITIAL_DEVIATION
    volatility: float = INITIAL_VOLATILITY

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise RatingError(f"rating {self.rating!r} is not finite", code="invalid_rating")
        if not (math.isfinite(self.deviation) and self.deviation > 0):
            raise RatingError(
                f"deviation {self.deviation!r} is not a positive number", code="invalid_rating"
            )
        if not (math.isfinite(self.volatility) and self.volatility > 0):
            raise RatingError(
                f"volatility {self.volatility!r} is not a positive number", code="invalid_rating"
            )

    def is_provisional(self, threshold: float = PROVISIONAL_DEVIATION) -> bool:
        """Whether the deviation is still too high for the rating to be trusted (RD ≥ 110)."""
        return self.deviation >= threshold

    def display(self, threshold: float = PROVISIONAL_DEVIATION) -> str:
        """The rating as lists show it: rounded, with ``?`` while it is provisional."""
        mark = "?" if self.is_provisional(threshold) else ""
        return f"{round(self.rating)}{mark}"


@dataclass(frozen=True, slots=True)
class Glicko2Parameters:
    """The constants of a rating pool (one per game and format; docs/ratings.md explains each).

    ``initial`` is a newcomer's rating. ``maximum_deviation`` caps the growth of an idle
    player's deviation (never less certain than a newcomer) and ``minimum_deviation`` is the
    floor an instant update never goes below (lichess: 45), so a very active player's rating can
    still move. ``periods_per_day`` converts idle time into rating periods for instant updates.
    """

    tau: float = DEFAULT_TAU
    initial: Rating = Rating()
    provisional_deviation: float = PROVISIONAL_DEVIATION
    minimum_deviation: float = MINIMUM_DEVIATION
    maximum_deviation: float = INITIAL_DEVIATION
    periods_per_day: float = RATING_PERIODS_PER_DAY
    tolerance: float = CONVERGENCE_TOLERANCE

    def __post_init__(self) -> None:
        positive = {
            "tau": self.tau,
            "minimum_deviation": self.minimum_deviation,
            "tolerance": self.tolerance,
        }
        for name, value in positive.items():
            if not (math.isfinite(value) and value > 0):
                raise RatingError(f"{name} must be positive, not {value!r}", code="invalid_rating")
        if not (self.minimum_deviation <= self.initial.deviation <= self.maximum_deviation):
            raise RatingError(
                "the initial deviation must lie between the minimum and maximum deviation",
                code="invalid_rating",
            )
        if not (math.isfinite(self.periods_per_day) and self.periods_per_day >= 0):
            raise RatingError("periods_per_day must not be negative", code="invalid_rating")


DEFAULT_PARAMETERS: Final = Glicko2Parameters()


class ScaledRating(NamedTuple):
    """A rating on the Glicko-2 scale: ``μ``, ``φ`` and ``σ`` (paper, step 2)."""

    mu: float
    phi: float
    sigma: float


class GameResult(NamedTuple):
    """One game of a rating period, from the rated player's side.

    ``score`` is 1 for a win, 0.5 for a draw and 0 for a loss.
    """

    opponent: Rating
    score: float


def to_glicko2_scale(rating: Rating) -> ScaledRating:
    """Step 2: ``μ = (r − 1500) / 173.7178``, ``φ = RD / 173.7178``; ``σ`` is unchanged."""
    return ScaledRating(
        (rating.rating - INITIAL_RATING) / GLICKO2_SCALE,
        rating.deviation / GLICKO2_SCALE,
        rating.volatility,
    )


def from_glicko2_scale(scaled: ScaledRating) -> Rating:
    """Step 8: ``r = 173.7178 μ + 1500``, ``RD = 173.7178 φ``."""
    return Rating(
        GLICKO2_SCALE * scaled.mu + INITIAL_RATING, GLICKO2_SCALE * scaled.phi, scaled.sigma
    )


def g(phi: float) -> float:
    """The weight of a result against an opponent of deviation ``φ``: 1/√(1 + 3φ²/π²)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(mu: float, opponent_mu: float, opponent_phi: float) -> float:
    """``E(μ, μj, φj)``: the score the player is expected to make against the opponent."""
    return 1.0 / (1.0 + math.exp(-g(opponent_phi) * (mu - opponent_mu)))


class PeriodEstimate(NamedTuple):
    """Steps 3 and 4: the variance ``v`` of the rating estimated from the period's games alone,
    and the improvement ``Δ`` those games suggest over the pre-period rating."""

    variance: float
    improvement: float


def estimate_from_games(mu: float, results: Sequence[GameResult]) -> PeriodEstimate:
    """``v`` and ``Δ`` of the paper's steps 3 and 4 for a player of strength ``μ``."""
    information = 0.0
    weighted_surprise = 0.0
    for opponent, score in results:
        opponent_mu, opponent_phi, _ = to_glicko2_scale(opponent)
        weight = g(opponent_phi)
        expected = 1.0 / (1.0 + math.exp(-weight * (mu - opponent_mu)))
        information += weight * weight * expected * (1.0 - expected)
        weighted_surprise += weight * (score - expected)
    variance = 1.0 / information
    return PeriodEstimate(variance, variance * weighted_surprise)


def new_volatility(
    scaled: ScaledRating, estimate: PeriodEstimate, *, tau: float, tolerance: float
) -> float:
    """Step 5: the new volatility ``σ'``, by the Illinois algorithm exactly as in the paper.

    It solves ``f(x) = 0`` for ``x = ln σ'²``, where
    ``f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ²`` and ``a = ln σ²``.
    """
    phi_squared = scaled.phi * scaled.phi
    variance = estimate.variance
    delta_squared = estimate.improvement * estimate.improvement
    a = math.log(scaled.sigma * scaled.sigma)
    tau_squared = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi_squared + variance + ex
        return (
            ex * (delta_squared - phi_squared - variance - ex) / (2.0 * spread * spread)
            - (x - a) / tau_squared
        )

    # (b) The initial bracket [A, B] around the root.
    big_a = a
    if delta_squared > phi_squared + variance:
        big_b = math.log(delta_squared - phi_squared - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    # (c)–(d) Shrink the bracket by regula falsi, halving the stale end (Illinois).
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > tolerance:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    # (e)
    return math.exp(big_a / 2.0)


def rate_period(
    player: Rating,
    results: Sequence[GameResult],
    *,
    tau: float = DEFAULT_TAU,
    elapsed_periods: float = 1.0,
    tolerance: float = CONVERGENCE_TOLERANCE,
) -> Rating:
    """The player's rating after one rating period with ``results`` (the paper, steps 2–8).

    Every opponent is taken at their pre-period rating. With no results only step 6 applies:
    ``φ' = √(φ² + σ²)``, rating and volatility unchanged. ``elapsed_periods`` generalises step 6
    to a stretch of ``t`` periods, ``φ* = √(φ² + t·σ'²)``; the paper's algorithm is ``t = 1``.

    >>> after = rate_period(
    ...     Rating(1500, 200, 0.06),
    ...     [GameResult(Rating(1400, 30), 1), GameResult(Rating(1550, 100), 0),
    ...      GameResult(Rating(1700, 300), 0)],
    ... )
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    if not (math.isfinite(elapsed_periods) and elapsed_periods >= 0):
        raise RatingError(f"elapsed_periods {elapsed_periods!r} is negative", code="invalid_time")
    scaled = to_glicko2_scale(player)
    if not results:
        grown = math.sqrt(scaled.phi**2 + elapsed_periods * scaled.sigma**2)
        return from_glicko2_scale(ScaledRating(scaled.mu, grown, scaled.sigma))
    for result in results:
        check_score(result.score)
    estimate = estimate_from_games(scaled.mu, results)
    sigma = new_volatility(scaled, estimate, tau=tau, tolerance=tolerance)
    # Step 6: the pre-period deviation grown by the passage of time.
    phi_star = math.sqrt(scaled.phi**2 + elapsed_periods * sigma * sigma)
    return _after_games(scaled, results, estimate, sigma, phi_star)


def _after_games(
    scaled: ScaledRating,
    results: Sequence[GameResult],
    estimate: PeriodEstimate,
    sigma: float,
    phi_star: float,
) -> Rating:
    """Steps 7 and 8: ``φ' = 1/√(1/φ*² + 1/v)``, ``μ' = μ + φ'² Σ g(φj)(sj − E)``."""
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / estimate.variance)
    mu = scaled.mu + phi * phi * estimate.improvement / estimate.variance
    return from_glicko2_scale(ScaledRating(mu, phi, sigma))


def check_score(score: float) -> None:
    """Refuse a score outside 0..1 (1 win, 0.5 draw, 0 loss)."""
    if not (0.0 <= score <= 1.0):
        raise RatingError(f"score {score!r} is not between 0 and 1", code="invalid_score")


def _idle_periods(days: float, parameters: Glicko2Parameters) -> float:
    if not (math.isfinite(days) and days >= 0):
        raise RatingError(f"idle time {days!r} days is negative", code="invalid_time")
    return days * parameters.periods_per_day


def _clamped_deviation(rating: Rating, parameters: Glicko2Parameters) -> Rating:
    deviation = min(
        max(rating.deviation, parameters.minimum_deviation), parameters.maximum_deviation
    )
    if deviation == rating.deviation:
        return rating
    return Rating(rating.rating, deviation, rating.volatility)


def rating_after_idle_days(
    rating: Rating, days: float, parameters: Glicko2Parameters = DEFAULT_PARAMETERS
) -> Rating:
    """The rating as it stands ``days`` after the player's last rated game.

    The deviation grows as in step 6 over ``days × periods_per_day`` periods, capped at
    ``maximum_deviation``; rating and volatility stay. Lists and profiles show this value, so a
    long-idle player turns provisional again.

    >>> rating_after_idle_days(Rating(1600, 60, 0.06), 180).display()
    '1600'
    >>> rating_after_idle_days(Rating(1600, 60, 0.06), 2 * 365).display()
    '1600?'
    """
    periods = _idle_periods(days, parameters)
    grown = rate_period(rating, (), elapsed_periods=periods)
    if grown.deviation <= parameters.maximum_deviation:
        return grown
    return Rating(rating.rating, parameters.maximum_deviation, rating.volatility)


def _instant_update(
    player: Rating,
    idle_days: float,
    result: GameResult,
    parameters: Glicko2Parameters,
) -> Rating:
    """One side of ``rate_game``: the game is a rating period of ``idle_days`` of time."""
    periods = _idle_periods(idle_days, parameters)
    scaled = to_glicko2_scale(player)
    estimate = estimate_from_games(scaled.mu, (result,))
    sigma = new_volatility(scaled, estimate, tau=parameters.tau, tolerance=parameters.tolerance)
    phi_star = math.sqrt(scaled.phi**2 + periods * sigma * sigma)
    phi_star = min(phi_star, parameters.maximum_deviation / GLICKO2_SCALE)
    updated = _after_games(scaled, (result,), estimate, sigma, phi_star)
    return _clamped_deviation(updated, parameters)


def rate_game(
    first: Rating,
    second: Rating,
    first_score: float,
    *,
    idle_days: tuple[float, float] = (0.0, 0.0),
    parameters: Glicko2Parameters = DEFAULT_PARAMETERS,
) -> tuple[Rating, Rating]:
    """Both players' ratings after one rated game (the lichess instant update).

    ``first_score`` is the first player's score (1 win, 0.5 draw, 0 loss); the second scores
    ``1 − first_score``. Each side is updated from both players' ratings *before* the game.
    ``idle_days`` is, for each player, the time since their previous rated game in this pool
    (0 for a first game): step 6 grows the deviation by that many days of rating periods, capped
    at ``maximum_deviation``, and the new deviation never falls below ``minimum_deviation``.

    >>> winner, loser = rate_game(Rating(), Rating(), 1.0)
    >>> round(winner.rating), round(loser.rating), round(winner.deviation)
    (1662, 1338, 290)
    """
    check_score(first_score)
    return (
        _instant_update(first, idle_days[0], GameResult(second, first_score), parameters),
        _instant_update(second, idle_days[1], GameResult(first, 1.0 - first_score), parameters),
    )
