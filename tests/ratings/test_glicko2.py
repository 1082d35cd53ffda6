"""Glicko-2 against Glickman's worked example, and the properties every update must keep."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.errors import RatingError
from ratings.glicko2 import (
    GLICKO2_SCALE,
    GameResult,
    Glicko2Parameters,
    Rating,
    ScaledRating,
    estimate_from_games,
    expected_score,
    from_glicko2_scale,
    g,
    new_volatility,
    rate_game,
    rate_period,
    rating_after_idle_days,
    to_glicko2_scale,
)

# The paper's example: a 1500/200/0.06 player meets three opponents in one rating period.
PLAYER = Rating(1500.0, 200.0, 0.06)
OPPONENTS = (Rating(1400.0, 30.0), Rating(1550.0, 100.0), Rating(1700.0, 300.0))
RESULTS = tuple(GameResult(o, s) for o, s in zip(OPPONENTS, (1.0, 0.0, 0.0), strict=True))


def test_worked_example_step_2_scale() -> None:
    mu, phi, sigma = to_glicko2_scale(PLAYER)
    assert (mu, round(phi, 4), sigma) == (0.0, 1.1513, 0.06)
    scaled = [to_glicko2_scale(o) for o in OPPONENTS]
    assert [round(s.mu, 4) for s in scaled] == [-0.5756, 0.2878, 1.1513]
    assert [round(s.phi, 4) for s in scaled] == [0.1727, 0.5756, 1.7269]


def test_worked_example_weights_and_expected_scores() -> None:
    scaled = [to_glicko2_scale(o) for o in OPPONENTS]
    assert [round(g(s.phi), 4) for s in scaled] == [0.9955, 0.9531, 0.7242]
    assert [round(expected_score(0.0, s.mu, s.phi), 3) for s in scaled] == [0.639, 0.432, 0.303]


def test_worked_example_steps_3_to_5() -> None:
    estimate = estimate_from_games(0.0, RESULTS)
    # The paper works from its rounded g and E of step 3 (0.9955, 0.639, ...), which puts its
    # v = 1.7785 and Δ = −0.4834 half a thousandth from the unrounded values.
    assert estimate.variance == pytest.approx(1.7785, abs=0.0006)
    assert estimate.improvement == pytest.approx(-0.4834, abs=0.0006)
    sigma = new_volatility(to_glicko2_scale(PLAYER), estimate, tau=0.5, tolerance=1e-6)
    assert 0.05999 <= sigma < 0.06  # the paper: σ' = 0.05999 (four significant figures)


def test_worked_example_final_rating() -> None:
    after = rate_period(PLAYER, RESULTS, tau=0.5)
    scaled = to_glicko2_scale(after)
    # The paper's steps 6-7 on the Glicko-2 scale: φ* = 1.152862, φ' = 0.8722, μ' = −0.2069.
    # (The paper squares its rounded φ = 1.1513; from the exact 200/173.7178 φ* is 1.152855.)
    phi_star = math.sqrt(to_glicko2_scale(PLAYER).phi ** 2 + after.volatility**2)
    assert phi_star == pytest.approx(1.152862, abs=1e-5)
    assert (round(scaled.mu, 4), round(scaled.phi, 4)) == (-0.2069, 0.8722)
    # Step 8: r' = 1464.06 and RD' = 151.52 (the paper converts its rounded μ' and φ').
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_grows_the_deviation() -> None:
    after = rate_period(PLAYER, ())
    assert (after.rating, after.volatility) == (PLAYER.rating, PLAYER.volatility)
    expected_phi = math.sqrt((200.0 / GLICKO2_SCALE) ** 2 + 0.06**2)
    assert after.deviation == pytest.approx(expected_phi * GLICKO2_SCALE)
    assert after.deviation > PLAYER.deviation


def test_the_volatility_rises_after_a_great_upset_and_solves_the_papers_equation() -> None:
    # Δ² > φ² + v: the bracket's upper end comes from ln(Δ² − φ² − v), not the k·τ search.
    player = Rating(1500.0, 60.0, 0.06)
    results = [GameResult(Rating(2300.0, 40.0), 1.0)] * 6
    scaled = to_glicko2_scale(player)
    estimate = estimate_from_games(scaled.mu, results)
    assert estimate.improvement**2 > scaled.phi**2 + estimate.variance
    sigma = new_volatility(scaled, estimate, tau=0.5, tolerance=1e-9)
    assert sigma > player.volatility
    x, a = math.log(sigma**2), math.log(player.volatility**2)
    ex, phi2, v, d2 = math.exp(x), scaled.phi**2, estimate.variance, estimate.improvement**2
    f = ex * (d2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / 0.25
    assert f == pytest.approx(0.0, abs=1e-6)


def test_a_smaller_tau_holds_the_volatility_closer() -> None:
    results = [GameResult(Rating(2300.0, 40.0), 1.0)] * 6
    loose = rate_period(Rating(1500.0, 60.0), results, tau=1.2)
    tight = rate_period(Rating(1500.0, 60.0), results, tau=0.3)
    assert 0.06 < tight.volatility < loose.volatility


def test_provisional_from_a_deviation_of_110() -> None:
    assert Rating(1500.0, 110.0).is_provisional()
    assert not Rating(1500.0, 109.99).is_provisional()
    assert Rating(1623.5, 110.0).display() == "1624?"
    assert Rating(1623.4, 60.0).display() == "1623"
    assert not Rating(1500.0, 150.0).is_provisional(threshold=200.0)


def test_idle_time_grows_the_deviation_up_to_the_cap() -> None:
    rating = Rating(1800.0, 50.0, 0.06)
    assert rating_after_idle_days(rating, 0.0) == rating
    month, year = rating_after_idle_days(rating, 30), rating_after_idle_days(rating, 365)
    assert rating.deviation < month.deviation < year.deviation
    assert month.rating == year.rating == 1800.0
    # A year is 78 periods of σ² on the Glicko-2 scale.
    expected = math.sqrt((50 / GLICKO2_SCALE) ** 2 + 365 * 0.21436 * 0.06**2) * GLICKO2_SCALE
    assert year.deviation == pytest.approx(expected)
    assert rating_after_idle_days(rating, 100 * 365).deviation == 350.0


def test_instant_update_counts_idle_days_in_step_6() -> None:
    rested, _ = rate_game(Rating(1600, 60), Rating(1600, 60), 1.0, idle_days=(200.0, 0.0))
    fresh, _ = rate_game(Rating(1600, 60), Rating(1600, 60), 1.0)
    assert rested.rating > fresh.rating
    assert rested.deviation > fresh.deviation
    # Step 6 over 200 days of periods, then steps 7-8 against the opponent as they were.
    by_hand = rate_period(
        Rating(1600, 60), [GameResult(Rating(1600, 60), 1.0)], elapsed_periods=200 * 0.21436
    )
    assert rested == by_hand


def test_instant_update_keeps_the_deviation_within_its_bounds() -> None:
    parameters = Glicko2Parameters()
    veteran = Rating(2000.0, 45.0, 0.04)
    for _ in range(20):
        veteran, _ = rate_game(veteran, Rating(2000.0, 45.0), 0.5, parameters=parameters)
        assert veteran.deviation >= parameters.minimum_deviation
    assert veteran.deviation == parameters.minimum_deviation
    idle, _ = rate_game(Rating(1500, 300), Rating(1500, 300), 1.0, idle_days=(10_000.0, 0.0))
    fresh, _ = rate_game(Rating(1500, 350), Rating(1500, 300), 1.0)
    # The grown deviation is capped at the newcomer's 350 before steps 7-8 (step 5, the
    # volatility, still starts from the stored 300, as the paper's order has it).
    assert (idle.rating, idle.deviation) == (fresh.rating, fresh.deviation)


def test_invalid_values_are_refused() -> None:
    with pytest.raises(RatingError) as excinfo:
        rate_game(Rating(), Rating(), 1.5)
    assert excinfo.value.code == "invalid_score"
    with pytest.raises(RatingError) as excinfo:
        rate_game(Rating(), Rating(), 1.0, idle_days=(-1.0, 0.0))
    assert excinfo.value.code == "invalid_time"
    with pytest.raises(RatingError):
        rate_period(PLAYER, [GameResult(Rating(), -0.5)])
    for bad in ({"deviation": 0.0}, {"volatility": -0.1}, {"rating": math.nan}):
        with pytest.raises(RatingError):
            Rating(**bad)
    with pytest.raises(RatingError):
        Glicko2Parameters(tau=0.0)
    with pytest.raises(RatingError):
        Glicko2Parameters(maximum_deviation=300.0)  # below the newcomer's 350


ratings = st.builds(
    Rating,
    st.floats(600.0, 2800.0),
    st.floats(45.0, 350.0),
    st.floats(0.03, 0.09),
)
scores = st.sampled_from([0.0, 0.5, 1.0])
idle = st.floats(0.0, 400.0)


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(ratings, ratings, scores, idle, idle)
def test_the_update_is_symmetric_in_the_two_players(
    a: Rating, b: Rating, score: float, idle_a: float, idle_b: float
) -> None:
    new_a, new_b = rate_game(a, b, score, idle_days=(idle_a, idle_b))
    other_b, other_a = rate_game(b, a, 1.0 - score, idle_days=(idle_b, idle_a))
    assert (new_a, new_b) == (other_a, other_b)


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(ratings, idle)
def test_a_draw_between_equals_changes_no_rating(rating: Rating, days: float) -> None:
    first, second = rate_game(rating, rating, 0.5, idle_days=(days, days))
    assert first == second
    assert first.rating == pytest.approx(rating.rating, abs=1e-9)


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(ratings, ratings)
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_one(a: Rating, b: Rating) -> None:
    winner, loser = rate_game(a, b, 1.0)
    assert winner.rating >= a.rating
    assert loser.rating <= b.rating


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(ratings, ratings)
def test_a_better_result_gives_a_higher_rating(a: Rating, b: Rating) -> None:
    after = [rate_game(a, b, score)[0].rating for score in (0.0, 0.5, 1.0)]
    assert after[0] < after[1] < after[2]


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(ratings, ratings, scores)
def test_the_deviation_shrinks_after_a_game(a: Rating, b: Rating, score: float) -> None:
    new_a, _ = rate_game(a, b, score)
    assert new_a.deviation <= max(a.deviation, Glicko2Parameters().minimum_deviation)
    assert 45.0 <= new_a.deviation <= 350.0


@settings(deadline=None)  # a shared machine: timing is not what these check
@given(st.floats(-5.0, 5.0), st.floats(0.01, 3.0), st.floats(0.01, 0.2))
def test_scales_convert_both_ways(mu: float, phi: float, sigma: float) -> None:
    back = to_glicko2_scale(from_glicko2_scale(ScaledRating(mu, phi, sigma)))
    assert back.mu == pytest.approx(mu, abs=1e-12)
    assert back.phi == pytest.approx(phi)
    assert back.sigma == sigma
