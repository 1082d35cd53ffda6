"""The site ratings follow results inside the transaction that records them: rated games
rate both players, unrated and unplayed ones nobody, over the board only confirmed results,
and a correction or a late result leaves exactly what a replay from scratch gives."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from matches.models import Match
from matches.services.arbiter import match_set_result
from matches.services.decisions import match_resign
from matches.services.lifecycle import match_create
from matches.services.otb import otb_confirm_result, otb_report_result
from players.models import SiteRating, SiteRatingChange
from ratings import RatedResult, Rating, RatingSystem, rate_game, replay_results
from tests.matches.helpers import Clock, play, random_action
from tests.players.conftest import T0

pytestmark = pytest.mark.django_db

HOUR = dt.timedelta(hours=1)
RANKS = {"red": (1, 2), "blue": (2, 1), "draw": (1, 1)}


def _stored(user: Any, key: str = "gunshi-basic") -> SiteRating | None:
    return SiteRating.objects.filter(user=user, rating_key=key).first()


def _replayed_from_matches() -> Any:
    """Every rated result rebuilt from the match rows alone, replayed from scratch."""
    results = [
        RatedResult(
            m.pk,
            m.finished_at,
            f"gunshi-{m.variant}",
            RatingSystem.GLICKO2,
            (m.red_player_id, m.blue_player_id),
            RANKS[m.winner],
        )
        for m in Match.objects.filter(rated=True, status="finished", winner__in=RANKS).exclude(
            method__in=["forfeit", "no_show"]
        )
    ]
    return replay_results(results)


def _assert_stored_equals_replay() -> None:
    """Current ratings and every history row equal a from-scratch replay of the matches."""
    replay = _replayed_from_matches()
    stored = {(row.user_id, row.rating_key): row for row in SiteRating.objects.all()}
    assert set(stored) == set(replay.standings)
    for key, standing in replay.standings.items():
        row = stored[key]
        assert (row.rating, row.deviation, row.volatility) == pytest.approx(
            (standing.rating.rating, standing.rating.deviation, standing.rating.volatility),
            rel=1e-12,
        )
        assert (row.games, row.last_played_at) == (standing.games, standing.last_played_at)
    history = SiteRatingChange.objects.order_by("finished_at", "game_id", "position")
    assert [(c.game_id, c.user_id, c.games) for c in history] == [
        (c.game_id, c.player, c.games) for c in replay.changes
    ]
    assert [c.after_rating for c in history] == pytest.approx(
        [c.after.rating for c in replay.changes], rel=1e-12
    )


def test_a_rated_online_game_rates_both_players_when_it_finishes(players: list[Any]) -> None:
    red, blue = players[:2]
    clock = Clock(T0)
    match = match_create(red_player=red, blue_player=blue, rated=True, start=True, now=clock.now)
    rng = random.Random(3)
    for _ in range(2):  # each side makes its first decision
        match = play(match, *random_action(match, rng), clock)
    match_resign(match_id=match.pk, seat="blue", now=clock.tick(1000))
    winner, loser = rate_game(Rating(), Rating(), 1.0)
    assert _stored(red).rating == pytest.approx(winner.rating)
    assert _stored(blue).rating == pytest.approx(loser.rating)
    assert _stored(red).games == 1
    change = SiteRatingChange.objects.get(user=red)
    assert (change.game_id, change.opponent_id, change.rank) == (match.pk, blue.pk, 1)
    assert change.before_rating == 1500.0
    assert change.finished_at == clock.now


def test_an_online_game_resigned_before_both_sides_acted_is_not_rated(
    players: list[Any],
) -> None:
    red, blue = players[:2]
    clock = Clock(T0)
    match = match_create(red_player=red, blue_player=blue, rated=True, start=True, now=clock.now)
    match = play(match, *random_action(match, random.Random(1)), clock)  # Red only
    match_resign(match_id=match.pk, seat="red", now=clock.tick(1000))
    assert not SiteRating.objects.exists()
    assert not SiteRatingChange.objects.exists()


def test_an_unrated_game_moves_no_rating(players: list[Any], otb_game: Any) -> None:
    otb_game(players[0], players[1], "red", T0, rated=False)
    assert not SiteRating.objects.exists()


def test_a_game_with_a_guest_cannot_be_rated(players: list[Any]) -> None:
    match = match_create(kind="otb", red_player=players[0], blue_name="Walk-in", rated=True)
    assert match.rated is False
    match_set_result(match_id=match.pk, winner="red", now=T0)
    assert not SiteRating.objects.exists()


@pytest.mark.parametrize(
    ("winner", "method"), [("red", "no_show"), ("blue", "forfeit"), ("none", "arbiter")]
)
def test_no_shows_forfeits_and_results_without_a_winner_are_not_rated(
    players: list[Any], winner: str, method: str
) -> None:
    match = match_create(kind="otb", red_player=players[0], blue_player=players[1], rated=True)
    match_set_result(match_id=match.pk, winner=winner, method=method, now=T0)
    assert not SiteRating.objects.exists()


def test_over_the_board_a_result_counts_only_once_confirmed(players: list[Any]) -> None:
    red, blue = players[:2]
    match = match_create(kind="otb", red_player=red, blue_player=blue, rated=True, start=True)
    otb_report_result(
        match_id=match.pk, seat="red", winner="red", method="general_captured", now=T0
    )
    assert not SiteRating.objects.exists()  # a report waits for the opponent
    otb_confirm_result(match_id=match.pk, seat="blue", now=T0 + HOUR)
    assert _stored(red).rating > 1500 > _stored(blue).rating
    assert _stored(red).last_played_at == T0 + HOUR


def test_a_disputed_result_counts_only_once_the_arbiter_decides(players: list[Any]) -> None:
    red, blue = players[:2]
    match = match_create(kind="otb", red_player=red, blue_player=blue, rated=True, start=True)
    otb_report_result(
        match_id=match.pk, seat="red", winner="red", method="general_captured", now=T0
    )
    otb_report_result(
        match_id=match.pk, seat="blue", winner="blue", method="general_captured", now=T0 + HOUR
    )
    assert Match.objects.get(pk=match.pk).disputed
    assert not SiteRating.objects.exists()
    match_set_result(match_id=match.pk, winner="blue", now=T0 + 2 * HOUR)
    assert _stored(blue).rating > 1500


def test_pools_are_kept_apart_by_variant_and_game(players: list[Any], otb_game: Any) -> None:
    otb_game(players[0], players[1], "red", T0, variant="expansion")
    otb_game(players[0], players[1], "red", T0 + HOUR, game="junqi")
    assert set(SiteRating.objects.values_list("rating_key", flat=True)) == {
        "gunshi-expansion",
        "junqi",
    }
    assert _stored(players[0], "gunshi-basic") is None


def _season(players: list[Any], otb_game: Any, n: int = 24) -> list[Any]:
    rng = random.Random(7)
    games = []
    for i in range(n):
        red, blue = rng.sample(players, 2)
        games.append(otb_game(red, blue, rng.choice(["red", "blue"]), T0 + i * HOUR))
    return games


def test_a_correction_recomputes_the_pool_to_equal_a_replay_from_scratch(
    players: list[Any], otb_game: Any
) -> None:
    games = _season(players, otb_game)
    _assert_stored_equals_replay()
    before = {r.user_id: r.rating for r in SiteRating.objects.all()}
    early = games[2]
    match_set_result(
        match_id=early.pk, winner="blue" if early.winner == "red" else "red", now=T0 + 99 * HOUR
    )
    assert Match.objects.get(pk=early.pk).finished_at == early.finished_at  # keeps its place
    _assert_stored_equals_replay()
    assert {r.user_id: r.rating for r in SiteRating.objects.all()} != before


def test_a_voided_result_leaves_the_pool_as_if_it_was_never_played(
    players: list[Any], otb_game: Any
) -> None:
    games = _season(players, otb_game, n=12)
    match_set_result(match_id=games[0].pk, winner="none", method="arbiter", now=T0 + 99 * HOUR)
    assert not SiteRatingChange.objects.filter(game_id=games[0].pk).exists()
    _assert_stored_equals_replay()


def test_a_voided_only_game_removes_the_players_ratings(players: list[Any], otb_game: Any) -> None:
    match = otb_game(players[0], players[1], "red", T0)
    match_set_result(match_id=match.pk, winner="none", method="arbiter", now=T0 + HOUR)
    assert not SiteRating.objects.exists()


def test_an_unrated_result_corrected_to_a_win_is_rated(players: list[Any]) -> None:
    match = match_create(kind="otb", red_player=players[0], blue_player=players[1], rated=True)
    match_set_result(match_id=match.pk, winner="none", method="arbiter", now=T0)
    match_set_result(match_id=match.pk, winner="blue", method="arbiter", now=T0 + HOUR)
    assert _stored(players[1]).games == 1
    _assert_stored_equals_replay()


def test_a_result_older_than_the_last_rated_game_is_rated_in_its_place(
    players: list[Any], otb_game: Any
) -> None:
    _season(players, otb_game, n=10)
    otb_game(players[0], players[1], "blue", T0 + 2 * HOUR + dt.timedelta(minutes=30))
    otb_game(players[2], players[3], "red", T0)  # the same instant as the first game
    _assert_stored_equals_replay()


def test_rating_is_refused_with_the_result_when_the_transaction_fails(
    players: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rating and result commit together: a failing rating update records neither."""
    from players.services import ratings

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("rating store unavailable")

    monkeypatch.setattr(ratings, "rate_result", broken)
    match = match_create(kind="otb", red_player=players[0], blue_player=players[1], rated=True)
    with pytest.raises(RuntimeError):
        match_set_result(match_id=match.pk, winner="red", now=T0)
    assert Match.objects.get(pk=match.pk).status != "finished"
