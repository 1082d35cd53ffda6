"""The 軍棋 sampler: every world fits the seat's view; every possible piece identity appears."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from junqi import Options
from junqi.rules import _combat
from junqi.types import PIECE_CODES
from opponent.junqi_worlds import JunqiBelief, combat_class, consistent, parse_move_text
from opponent.view import JUNQI

from .games import JUNQI_OPTIONS, random_game


@pytest.mark.parametrize("name", sorted(JUNQI_OPTIONS))
@pytest.mark.parametrize("seat", [0, 1])
def test_every_sampled_world_gives_exactly_the_seats_view_and_history(name: str, seat: int) -> None:
    setup = {"game_format": JUNQI_OPTIONS[name]}
    for seed, plies in ((1, 2), (2, 40), (3, 150)):
        view = random_game(JUNQI, setup, seed=seed, plies=plies).view(seat)
        belief = JunqiBelief(view)
        rng = random.Random(seed)
        for _ in range(3):
            world = belief.sample(rng)
            assert world is not None, (name, seat, seed, plies)
            assert consistent(view, world)


def test_a_seat_still_setting_up_has_no_worlds_to_sample() -> None:
    referee = random_game(JUNQI, {}, seed=1, plies=0)
    assert JunqiBelief(referee.view(0)).sample(random.Random(0)) is None


@pytest.mark.parametrize("exploding", [False, True])
@pytest.mark.parametrize("carry", [False, True])
def test_the_combat_classes_are_the_engines(exploding: bool, carry: bool) -> None:
    options = Options(exploding_mines=exploding, carry_flag=carry)
    for attacker in PIECE_CODES.replace("M", "").replace("F", ""):  # mines and flags never attack
        for defender in PIECE_CODES:
            engine_class = _combat(options, attacker, defender)
            if engine_class == "#" and carry and attacker == "B":
                engine_class = "<"  # §9.3 a: the bomb is removed, the flag stays
            assert combat_class(options, attacker, defender) == engine_class


def test_move_texts_are_read_with_classes_ranks_and_events() -> None:
    move = parse_move_text("a6xa8=[7:B] F@b1")
    assert (move.result, move.ranks, move.events) == ("=", ("7", "B"), ("F@b1",))
    assert parse_move_text("c4-c5").result == ""


@pytest.mark.parametrize(("seed", "plies", "seat"), [(4, 60, 0), (7, 90, 1)])
def test_every_possible_identity_of_a_piece_appears(seed: int, plies: int, seat: int) -> None:
    """Coverage: for pieces that fought, each code that some consistent world gives them (found
    by a search with the piece's domain fixed to that code) appears among the samples; and the
    samples spread over the codes rather than sticking to one."""
    view = random_game(JUNQI, {}, seed=seed, plies=plies).view(seat)
    belief = JunqiBelief(view)
    narrowed = [s for s in belief.stations if 1 < len(belief.domains[s]) < 12]
    assert narrowed
    rng = random.Random(seed)
    samples = [belief.sample(rng) for _ in range(800)]
    seen: dict[int, Counter[str]] = {s: Counter() for s in narrowed}
    for world in samples:
        assert world is not None
        for station, code in zip(belief.stations, world.setup.pieces, strict=True):
            if station in seen:
                seen[station][code] += 1
    for station in narrowed[:6]:
        for code in belief.domains[station]:
            probe = JunqiBelief(view, attempts=60)
            probe.domains = {**belief.domains, station: frozenset({code})}
            if probe.sample(random.Random(1)) is not None:
                assert seen[station][code] > 0, (station, code, seen[station])


def test_the_flag_stands_on_either_headquarters_about_as_often_before_any_move() -> None:
    view = random_game(JUNQI, {}, seed=2, plies=2).view(0)
    belief = JunqiBelief(view)
    rng = random.Random(3)
    homes = Counter()
    for _ in range(400):
        world = belief.sample(rng)
        assert world is not None
        homes[next(s for s, c in world.setup.placement().items() if c == "F")] += 1
    assert len(homes) == 2
    assert min(homes.values()) > 140
