"""The search player: legal answers in every phase, decisions that depend on the seat's view
only, and a clock rule that spends less when less is left."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import random
import time

import pytest

from opponent.arena import Referee, play_game, random_chooser
from opponent.clock import decision_seconds, expected_decisions_left
from opponent.gunshi_worlds import GunshiBelief
from opponent.junqi_worlds import JunqiBelief
from opponent.levels import DEFAULT_LEVEL, LEVELS, Level, SearchBudget
from opponent.player import SearchPlayer
from opponent.view import GUNSHI, JUNQI, SeatView

from .games import GUNSHI_FORMATS, JUNQI_OPTIONS, random_game, views_until_asked

#: The budget of the strength test: enough search to beat random play.
QUICK = Level("test", 10.0, SearchBudget(24, 12), SearchBudget(24, 12), worlds=4)
#: The budget of the tests that check what the player answers (legal, the same whatever the
#: hidden parts, the same for the same seed), not how well: a small real search.
LEGAL = Level("legal", 10.0, SearchBudget(6, 6), SearchBudget(6, 6), worlds=2)


def test_the_player_is_given_a_seat_view_and_nothing_else() -> None:
    parameters = inspect.signature(SearchPlayer.decide).parameters
    assert list(parameters) == ["self", "view", "remaining_ms"]
    fields = {f.name for f in dataclasses.fields(SeatView)}
    assert fields == {"game", "seat", "setup", "history", "observations"}


def _gunshi_twins(seed: int, plies: int) -> tuple[SeatView, list[Referee]]:
    """A seat's view and several true games behind it that differ in their hidden parts."""
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=seed, plies=plies)
    view = views_until_asked(referee, 0, random.Random(seed), 20)
    belief = GunshiBelief()
    draw = belief.drawer(view)
    rng = random.Random(seed)
    games = [referee]
    states = {referee.state}
    for _ in range(200):
        world = draw(rng)
        assert world is not None
        if world.state in states:
            continue
        states.add(world.state)
        twin = Referee(GUNSHI, GUNSHI_FORMATS["basic"])
        for action in world.decisions():
            twin.apply(action.to_str())
        games.append(twin)
        if len(games) == 4:
            break
    return view, games


@pytest.mark.parametrize("seed", [3, 9])
def test_hidden_parts_of_the_true_state_do_not_change_the_gunshi_decision(seed: int) -> None:
    view, games = _gunshi_twins(seed, 70)
    assert len(games) >= 2  # the true games differ in hidden parts…
    assert len({game.state for game in games}) == len(games)
    for game in games:
        assert game.view(0) == view  # …and look the same from the seat
    for player_seed in range(3):
        answers = {
            SearchPlayer(LEGAL, seed=player_seed, timed=False).decide(game.view(0)).action
            for game in games
        }
        assert len(answers) == 1


def test_hidden_parts_of_the_true_state_do_not_change_the_junqi_decision() -> None:
    referee = random_game(JUNQI, {}, seed=5, plies=50)
    view = views_until_asked(referee, 1, random.Random(5), 3)
    belief = JunqiBelief(view)
    rng = random.Random(1)
    games = [referee]
    for _ in range(3):
        world = belief.sample(rng)
        assert world is not None
        twin = Referee(JUNQI, {})
        for line, seen in zip(view.history, view.observations[1:], strict=True):
            twin.apply(belief.decision(line, world.setup).text)
            assert twin.view(1).observations[-1] == seen
        games.append(twin)
    assert len({game.state for game in games}) > 1
    for game in games:
        assert game.view(1) == view
    answers = {
        SearchPlayer(LEGAL, seed=2, timed=False).decide(game.view(1)).action for game in games
    }
    assert len(answers) == 1


@pytest.mark.parametrize("name", ["basic", "expansion-2", "deck-build"])
def test_gunshi_answers_are_legal_in_every_phase(name: str) -> None:
    player = SearchPlayer(LEGAL, seed=1, timed=False)
    referee = Referee(GUNSHI, GUNSHI_FORMATS[name])
    other = random_chooser(4)
    hows = set()
    for _ in range(160):
        seat = referee.to_act()
        if seat is None:
            break
        view = referee.view(seat)
        if seat == 0:
            decision = player.decide(view)
            assert decision.action in view.legal_actions
            hows.add(decision.how)
            referee.apply(decision.action)
        else:
            referee.apply(other(view, None))
    assert "search" in hows


@pytest.mark.parametrize("name", sorted(JUNQI_OPTIONS))
def test_junqi_answers_are_a_setup_then_legal_moves(name: str) -> None:
    player = SearchPlayer(LEGAL, seed=1, timed=False)
    hows: list[str] = []

    def bot(view: SeatView, remaining_ms: int | None) -> str:
        decision = player.decide(view)
        hows.append(decision.how)
        return decision.action

    # The referee applies every answer through the engine, which refuses an illegal one.
    result = play_game(
        JUNQI,
        (bot, random_chooser(2)),
        setup={"game_format": JUNQI_OPTIONS[name]},
        max_decisions=40,
    )
    assert result.decisions > 2
    assert hows[0] == "setup"
    assert "search" in hows or (JUNQI_OPTIONS[name].get("open_pieces") and "only" in hows)


def test_the_search_beats_random_play_in_both_games() -> None:
    for game in (GUNSHI, JUNQI):
        player = SearchPlayer(QUICK, seed=7, timed=False)
        bot = lambda v, r, player=player: player.decide(v).action  # noqa: E731
        result = play_game(game, (bot, random_chooser(7)), max_decisions=1500)
        assert result.winner == 0, game


def test_the_same_view_and_seed_give_the_same_decision() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=12, plies=60)
    view = views_until_asked(referee, 1, random.Random(12), 20)
    first = SearchPlayer(LEGAL, seed=5, timed=False).decide(view).action
    # A player that decided earlier in the game continues its belief: the same answer.
    again = SearchPlayer(LEGAL, seed=5, timed=False)
    earlier = next(
        view.prefix(p) for p in range(view.ply - 1, 0, -1) if view.prefix(p).legal_actions
    )
    again.decide(earlier)
    assert again.decide(view).action == first


def test_the_clock_rule_spends_less_with_less_time_and_keeps_a_margin() -> None:
    left = expected_decisions_left(GUNSHI, 0)
    plenty = decision_seconds(1.0, 20 * 60 * 1000, left)
    short = decision_seconds(1.0, 20 * 1000, left)
    assert plenty == 1.0
    assert 0 < short < plenty
    assert decision_seconds(1.0, 900, left) == 0.0  # below the margin: no search at all
    assert decision_seconds(1.0, None, left) == 1.0
    for remaining in (2_000, 10_000, 60_000):
        assert decision_seconds(5.0, remaining, 1) <= remaining / 1000 - 1.0


def test_a_player_short_of_time_answers_without_searching() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=2, plies=60)
    view = views_until_asked(referee, 0, random.Random(2), 20)
    decision = SearchPlayer(DEFAULT_LEVEL, seed=1).decide(view, remaining_ms=800)
    assert decision.action in view.legal_actions
    assert decision.how in ("clock", "only")


def test_the_levels_table_orders_the_budgets_and_the_default_keeps_to_a_second() -> None:
    assert len(LEVELS) >= 4
    for game in (GUNSHI, JUNQI):
        walks = [lv.search(game).walks for lv in LEVELS]
        assert walks == sorted(walks)
        assert len(set(walks)) == len(walks)
    assert LEVELS[0].noise > 0
    default = next(lv for lv in LEVELS if lv.name == DEFAULT_LEVEL)
    assert default.seconds <= 1.0


def test_a_draw_offered_while_the_seat_is_not_to_move_is_declined() -> None:
    referee = random_game(JUNQI, {}, seed=3, plies=2)
    referee.apply("offer draw")  # Red offers on its own turn; Blue may answer
    view = referee.view(1)
    assert "accept draw" in view.legal_actions
    assert SearchPlayer(LEGAL, seed=1).decide(view).action == "decline draw"


def test_a_seat_whose_clock_runs_out_loses_on_time() -> None:
    """The arena's sudden-death clock charges each decision its CPU time, hands the player
    what remains, and ends the game when a clock runs out, as the site does."""
    seen: list[int | None] = []
    mover = random_chooser(3)

    def slow(view: SeatView, remaining_ms: int | None) -> str:
        seen.append(remaining_ms)
        deadline = time.process_time() + 0.02
        while time.process_time() < deadline:
            pass
        return mover(view, remaining_ms)

    result = play_game(GUNSHI, (random_chooser(4), slow), clock_ms=100, max_decisions=1500)
    assert result.flagged == 1
    assert result.winner == 0
    assert result.ending == "time"
    assert seen[0] == 100
    assert all(a > b for a, b in itertools.pairwise(seen))
    assert len(seen) <= 5


def test_no_flag_falls_when_the_clocks_are_long() -> None:
    result = play_game(
        GUNSHI, (random_chooser(5), random_chooser(6)), clock_ms=1_200_000, max_decisions=1500
    )
    assert result.flagged is None
    assert result.ending in {"general_captured", "intrusion", "turn_limit"}
