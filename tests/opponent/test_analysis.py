"""Post-game analysis: each decision judged from its mover's own view, with the root
statistics of the search (win chance, the search's choice, the value of the decision played)."""

from __future__ import annotations

import inspect
import random

import pytest

from opponent.analysis import (
    ALTERNATIVE_THRESHOLD,
    MAX_TURNING_POINTS,
    Analyst,
    DecisionAnalysis,
    analyse_decision,
    turning_points,
)
from opponent.arena import Referee, random_chooser
from opponent.gunshi_worlds import GunshiBelief
from opponent.junqi_worlds import JunqiBelief
from opponent.levels import ANALYSIS_LEVEL, DEFAULT_LEVEL, Level, SearchBudget, level
from opponent.view import GUNSHI, JUNQI

from .games import GUNSHI_FORMATS, JUNQI_OPTIONS, random_game, views_until_asked

QUICK = Level("test", 10.0, SearchBudget(24, 12), SearchBudget(24, 12), worlds=3)


def _analyse_game(game: str, setup: dict[str, object], plies: int, seed: int) -> list[object]:
    """Play ``plies`` random decisions and analyse each from its mover's view."""
    referee = Referee(game, setup, seed=seed)
    analyst = Analyst(QUICK, seed=seed, timed=False)
    chooser = random_chooser(seed)
    results: list[object] = []
    for _ in range(plies):
        seat = referee.to_act()
        if seat is None:
            break
        view = referee.view(seat)
        played = chooser(view, None)
        results.append(analyst.analyse(view, played))
        referee.apply(played)
    return results


def test_the_analysis_is_given_the_movers_view_and_the_decision_played() -> None:
    parameters = list(inspect.signature(analyse_decision).parameters)
    assert parameters[:3] == ["view", "played", "budget"]
    assert list(inspect.signature(Analyst.analyse).parameters) == ["self", "view", "played"]


@pytest.mark.parametrize("name", ["basic", "expansion-2", "deck-build"])
def test_gunshi_decisions_get_a_win_chance_and_the_searchs_choice(name: str) -> None:
    results = _analyse_game(GUNSHI, GUNSHI_FORMATS[name], plies=40, seed=2)
    analysed = [r for r in results if isinstance(r, DecisionAnalysis)]
    assert len(analysed) >= 30
    for item in analysed:
        assert 0.0 <= item.win_chance <= 1.0
        assert 0.0 <= item.best_value <= 1.0
        assert item.played_value is not None
        assert 0.0 <= item.played_value <= 1.0
        assert (
            abs(item.red_chance - (item.win_chance if item.mover == 0 else 1 - item.win_chance))
            < 1e-9
        )
    # Searched decisions with a choice name a best decision the view offered.
    assert any(not item.forced and item.best != item.played for item in analysed)


@pytest.mark.parametrize("name", ["standard", "flying_bombs"])
def test_junqi_setups_are_skipped_and_moves_analysed(name: str) -> None:
    results = _analyse_game(JUNQI, {"game_format": JUNQI_OPTIONS[name]}, plies=24, seed=3)
    assert results[0] is None
    assert results[1] is None
    moves = [r for r in results[2:] if isinstance(r, DecisionAnalysis)]
    assert len(moves) >= len(results[2:]) - 2
    assert [m.ply for m in moves] == sorted(m.ply for m in moves)
    assert {m.mover for m in moves} == {0, 1}


def test_a_decision_the_view_does_not_offer_is_refused() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=1, plies=10)
    seat = referee.to_act()
    assert seat is not None
    with pytest.raises(ValueError, match="not a decision"):
        analyse_decision(referee.view(seat), "no such decision", QUICK, timed=False)


def test_hidden_parts_of_the_true_gunshi_game_do_not_change_its_analysis() -> None:
    """Two true games that differ only in the opponent's hidden parts (hand, deck order,
    face-down cards, general) give the mover the same view, and so the same analysis."""
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=9, plies=70)
    view = views_until_asked(referee, 0, random.Random(9), 20)
    draw = GunshiBelief().drawer(view)
    rng = random.Random(4)
    twins = [referee]
    for _ in range(200):
        world = draw(rng)
        assert world is not None
        if world.state in {t.state for t in twins}:
            continue
        twin = Referee(GUNSHI, GUNSHI_FORMATS["basic"])
        for action in world.decisions():
            twin.apply(action.to_str())
        twins.append(twin)
        if len(twins) == 3:
            break
    assert len({t.state for t in twins}) == len(twins) >= 2
    played = random_chooser(1)(view, None)
    analyses = set()
    for twin in twins:
        assert twin.view(0) == view
        analyses.add(analyse_decision(twin.view(0), played, QUICK, seed=5, timed=False))
    assert len(analyses) == 1


def test_hidden_parts_of_the_true_junqi_game_do_not_change_its_analysis() -> None:
    referee = random_game(JUNQI, {}, seed=5, plies=50)
    view = views_until_asked(referee, 1, random.Random(5), 3)
    belief = JunqiBelief(view)
    rng = random.Random(1)
    twins = [referee]
    for _ in range(2):
        world = belief.sample(rng)
        assert world is not None
        twin = Referee(JUNQI, {})
        for line in view.history:
            twin.apply(belief.decision(line, world.setup).text)
        twins.append(twin)
    assert len({t.state for t in twins}) > 1
    played = random_chooser(2)(view, None)
    analyses = {analyse_decision(t.view(1), played, QUICK, seed=3, timed=False) for t in twins}
    assert len(analyses) == 1
    assert None not in analyses


def _item(ply: int, best_value: float, played_value: float) -> DecisionAnalysis:
    return DecisionAnalysis(
        ply=ply,
        mover=ply % 2,
        played="a",
        win_chance=0.5,
        best="b",
        best_value=best_value,
        played_value=played_value,
        iterations=10,
    )


def test_an_alternative_is_shown_only_above_the_threshold() -> None:
    assert _item(1, 0.6, 0.6 - ALTERNATIVE_THRESHOLD + 0.01).alternative is None
    assert _item(1, 0.6, 0.6 - ALTERNATIVE_THRESHOLD - 0.01).alternative == "b"
    same = DecisionAnalysis(1, 0, "a", 0.5, "a", 0.9, 0.2, 10)
    assert same.loss == 0.0
    assert same.alternative is None
    stored = _item(3, 0.8, 0.4).to_dict()
    assert stored["alternative"] == "b"
    assert stored["loss"] == 0.4
    assert stored["red_chance"] == 0.5


def test_turning_points_are_the_biggest_losses_in_game_order() -> None:
    decisions = {p: _item(p, 0.5 + p / 100, 0.3) for p in range(1, 12)}
    decisions[12] = _item(12, 0.5, 0.45)  # under the threshold: never a turning point
    points = turning_points(decisions)
    assert len(points) == MAX_TURNING_POINTS
    assert points == sorted(points) == list(range(7, 12))


def test_the_analysis_budget_is_the_default_levels_search_under_a_tighter_cap() -> None:
    default = level(DEFAULT_LEVEL)
    assert ANALYSIS_LEVEL.gunshi == default.gunshi
    assert ANALYSIS_LEVEL.junqi == default.junqi
    assert ANALYSIS_LEVEL.seconds <= 0.2
