"""The 軍師軍略 sampler: every world fits the seat's view, and every fitting world can appear."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine import EngineError, GameState, Side, apply_action, history_text, observe
from engine.actions import Action, ChooseGeneral, parse_action
from engine.rules import legal_actions
from opponent.gunshi_worlds import SENTINEL, GunshiBelief, GunshiWorld, first_position
from opponent.view import GUNSHI, SeatView
from tests.sampling import in_turn

from .games import GUNSHI_FORMATS, random_game


def replayed_view(view: SeatView, world: GunshiWorld) -> tuple[tuple[str, ...], tuple[dict, ...]]:
    """The history lines and views the seat would have received in ``world``'s game."""
    side = Side(view.seat)
    state = world.first
    lines: list[str] = []
    seen = [observe(state, side)]
    for action in world.decisions():
        lines.append(history_text(state, action, side))
        state = apply_action(state, action)
        seen.append(observe(state, side))
    assert state == world.state
    return tuple(lines), tuple(seen)


#: The games each format and seat is sampled after: ``(seed, plies)``.
POSITIONS = ((1, 12), (3, 60), (4, 160))


@pytest.mark.parametrize("name", sorted(GUNSHI_FORMATS))
@pytest.mark.parametrize("seat", [0, 1])
def test_every_sampled_world_gives_exactly_the_seats_view_and_history(name: str, seat: int) -> None:
    """In CI every format and seat is sampled after each of the games; everyday runs take one
    of them per format and seat, in turn, so that together they still meet all three."""
    case = 2 * sorted(GUNSHI_FORMATS).index(name) + seat
    for seed, plies in in_turn(POSITIONS, case):
        referee = random_game(GUNSHI, GUNSHI_FORMATS[name], seed=seed, plies=plies, deal=seed)
        view = referee.view(seat)
        belief = GunshiBelief(seed=seed)
        rng = random.Random(seed)
        for _ in range(2):
            world = belief.sample(view, rng)
            if world is None:  # only a capped filter may lose every world
                assert not belief.exact, (name, seat, seed, plies)
                continue
            assert world.state.sides[1 - seat].general != SENTINEL
            lines, seen = replayed_view(view, world)
            assert lines == view.history
            assert seen == view.observations


def test_the_true_state_is_among_the_worlds_and_the_filter_continues_a_game() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=8, plies=60)
    belief = GunshiBelief()
    belief.update(referee.view(0).prefix(30))
    belief.update(referee.view(0))  # continues from ply 30
    fresh = GunshiBelief()
    fresh.update(referee.view(0))
    assert belief.size == fresh.size
    truth = referee.state
    draw = belief.drawer(referee.view(0))
    rng = random.Random(0)
    assert any(draw(rng).state == truth for _ in range(400))  # type: ignore[union-attr]


# -- coverage: brute-force enumeration on small positions -------------------------------------


def consistent_worlds(view: SeatView) -> set[GameState]:
    """Every state the seat's view allows, by depth-first search over all fillings of the
    masked decisions (no merging, no sentinel: an enumeration independent of the filter)."""
    side = Side(view.seat)
    found: set[GameState] = set()

    def walk(state: GameState, ply: int) -> Iterator[GameState]:
        if ply == view.ply:
            yield state
            return
        line = view.history[ply]
        actions: list[Action]
        if line.endswith("?") and state.to_act is not side:
            actions = [a for a in legal_actions(state) if history_text(state, a, side) == line]
        else:
            try:
                actions = [parse_action(line)]
            except EngineError:
                return
        for action in actions:
            try:
                after = apply_action(state, action)
            except EngineError:
                continue
            if observe(after, side) == view.observations[ply + 1]:
                yield from walk(after, ply + 1)

    found.update(walk(first_position(view.setup), 0))
    return found


@pytest.mark.parametrize(("seed", "plies", "seat"), [(5, 40, 1), (11, 70, 0), (21, 33, 0)])
def test_every_consistent_world_appears_roughly_uniformly(seed: int, plies: int, seat: int) -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=seed, plies=plies)
    view = referee.view(seat)
    expected = consistent_worlds(view)
    assert referee.state in expected
    assert 2 <= len(expected) <= 200, len(expected)
    belief = GunshiBelief()
    belief.update(view)
    assert belief.exact
    assert belief.worlds(view) == len(expected)
    draw = belief.drawer(view)
    rng = random.Random(seed)
    draws = 60 * len(expected)
    counts = Counter(draw(rng).state for _ in range(draws))  # type: ignore[union-attr]
    assert set(counts) == expected
    mean = draws / len(expected)
    assert min(counts.values()) > 0.4 * mean
    assert max(counts.values()) < 1.8 * mean


def test_the_general_is_drawn_among_pieces_on_the_board_since_the_choice() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=3, plies=120)
    view = referee.view(0)
    belief = GunshiBelief()
    rng = random.Random(1)
    generals = {belief.sample(view, rng).state.sides[1].general for _ in range(200)}  # type: ignore[union-attr]
    on_board = {p.letter for p in referee.state.board if p is not None and p.owner is Side.BLUE}
    assert referee.state.sides[1].general in generals
    assert generals <= on_board


def test_a_general_choice_is_masked_then_filled_with_a_legal_choice() -> None:
    referee = random_game(GUNSHI, GUNSHI_FORMATS["basic"], seed=6, plies=80)
    world = GunshiBelief().sample(referee.view(1), random.Random(2))
    assert world is not None
    chosen = [a for a in world.decisions() if isinstance(a, ChooseGeneral)]
    assert len(chosen) == 2
