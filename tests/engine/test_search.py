"""The search fast path (``engine.search``) against the checked public API, in lockstep.

Each seeded random game is played twice at once: the reference path lists decisions with
``rules.legal_actions`` on an equal copy of the state (so no remembered list can
answer for it) and applies them with the checked ``rules.apply_action``; the fast path uses
``search.legal_actions`` and ``search.apply`` on its own states. After every decision the two
states, decision lists and outcomes must be equal. A playout from any state of those games must
end where the reference loop (``rng.randrange`` over ``rules.legal_actions``) ends.
"""

from __future__ import annotations

import doctest
import random
from dataclasses import replace

import pytest

from engine import rules, search
from engine.formats import DeckOption, GameFormat, Variant
from engine.playout import random_playout
from engine.rulings import RECOMMENDED, Rulings
from engine.state import GameState

#: Every official format, the other expansion and deck-build options, promos, other rulings.
FORMATS = {
    "basic": GameFormat.basic(),
    "rule2": GameFormat.tournament_rule_2(),
    "rule3": GameFormat.tournament_rule_3(),
    "expansion-option-1": GameFormat(variant=Variant.EXPANSION, expansion_option=1),
    "expansion-option-3-promos": GameFormat(
        variant=Variant.EXPANSION, expansion_option=3, promos=True
    ),
    "deck-no-free-move-promos": GameFormat(
        variant=Variant.DECK_BUILD, deck_option=DeckOption.NO_FREE_MOVE, promos=True
    ),
}
OTHER_RULINGS = Rulings(
    bounce_turns_attacker=False,
    rest_gain_counts_swift=True,
    cavalry_stops_at_side_fence=False,
    route_allows_cavalry=False,
)


def fresh(state: GameState) -> GameState:
    """An equal state that is a new object: ``legal_actions`` must compute its list anew."""
    return replace(state)


def lockstep(seed: int, game_format: GameFormat, rulings: Rulings) -> list[GameState]:
    """Play one seeded game on both paths, comparing them at every step; its states."""
    rng = random.Random(seed)
    start = rules.new_game(format=game_format, rulings=replace(rulings, turn_limit=60))
    reference = fast = start
    states = [start]
    while reference.to_act is not None:
        expected = rules.legal_actions(fresh(reference))
        assert search.legal_actions(fast) == expected, f"ply {reference.ply}"
        action = expected[rng.randrange(len(expected))]
        reference = rules.apply_action(reference, action)
        fast = search.apply(fast, action)
        assert fast == reference, f"ply {reference.ply}: {action.to_str()}"
        assert search.outcome(fast) == rules.outcome(reference)
        states.append(fast)
    assert search.legal_actions(fast) == ()
    return states


def reference_playout(state: GameState, rng: random.Random) -> GameState:
    while state.to_act is not None:
        actions = rules.legal_actions(fresh(state))
        state = rules.apply_action(state, actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("rulings", [RECOMMENDED, OTHER_RULINGS], ids=["recommended", "other"])
def test_fast_path_matches_the_public_api_at_every_step(name: str, rulings: Rulings) -> None:
    for seed in range(6):
        states = lockstep(seed, FORMATS[name], rulings)
        assert states[-1].outcome is not None


@pytest.mark.parametrize("name", FORMATS)
def test_playouts_from_any_state_end_as_the_reference_loop(name: str) -> None:
    states = lockstep(11, FORMATS[name], RECOMMENDED)
    for index in range(0, len(states), max(1, len(states) // 8)):
        seed = 1000 + index
        fast = search.playout(states[index], random.Random(seed))
        assert fast == reference_playout(states[index], random.Random(seed))
        assert search.outcome(fast) is not None


@pytest.mark.parametrize("seed", [1, 2, 18])
def test_a_playout_from_a_new_game_is_the_seeds_random_game(seed: int) -> None:
    _, final = random_playout(seed=seed)
    start = rules.new_game(rulings=final.rulings)
    assert search.playout(start, random.Random(seed)) == final


def test_a_playout_stops_unfinished_after_max_decisions() -> None:
    start = rules.new_game(rulings=replace(RECOMMENDED, turn_limit=60))
    stopped = search.playout(start, random.Random(5), max_decisions=25)
    assert stopped.ply == 25
    assert search.outcome(stopped) is None
    assert search.playout(stopped, random.Random(5), max_decisions=0) is stopped


def test_the_module_example_runs() -> None:
    results = doctest.testmod(search)
    assert results.attempted > 0
    assert results.failed == 0
