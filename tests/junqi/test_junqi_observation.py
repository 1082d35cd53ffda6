"""Hidden information (RULES.md §8, J16, J17, J25): a sweep of random games checks that no rank
of an opponent's piece ever reaches a player's or a spectator's ``observe`` or ``history_text``
before the end (encoded to JSON and searched)."""

from __future__ import annotations

import json
import random
import re

import pytest

from junqi.actions import Move, Resign, SubmitSetup
from junqi.movement import moves
from junqi.observation import history_text, observe
from junqi.options import Options
from junqi.playout import leaks, start_random
from junqi.rules import apply_action, apply_move, new_game
from junqi.setup import random_setup
from junqi.state import Phase
from junqi.types import Side

_RANKS = re.compile(r"\[[0-9BMF]:[0-9BMF]\]")


@pytest.mark.parametrize(
    "options",
    [Options(), Options(carry_flag=True), Options(flying_bombs=True, exploding_mines=True)],
    ids=["standard", "carry_flag", "bombs_mines"],
)
def test_sweep_no_rank_leaks_before_the_end(options: Options) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = start_random(rng, options)
        while state.phase is Phase.PLAY:
            src, dst = rng.choice(moves(state, state.to_move))
            move = Move(src, dst)
            after = apply_move(state, src, dst)
            if after.phase is Phase.PLAY:
                for viewer in (Side.RED, Side.BLUE, None):
                    assert not _RANKS.search(history_text(state, move, viewer))
                if after.ply % 3 == 0:
                    assert leaks(after) == []
            state = after
        assert "?" not in json.dumps(observe(state, Side.RED)["pieces"])


def test_setup_phase_shows_only_own_setup() -> None:
    rng = random.Random(1)
    red = random_setup(Side.RED, rng)
    state = apply_action(new_game(), SubmitSetup(red))
    blue_view = json.dumps(observe(state, Side.BLUE))
    assert red.text not in blue_view
    assert red.text not in json.dumps(observe(state, None))
    assert observe(state, Side.RED)["sides"]["red"]["setup"] == red.text
    assert observe(state, Side.BLUE)["sides"]["red"]["setup_submitted"] is True
    assert observe(state, Side.BLUE)["setup_required"] is True
    assert observe(state, Side.RED)["setup_required"] is False
    assert history_text(new_game(), SubmitSetup(red), Side.BLUE) == "setup red ?"
    assert history_text(new_game(), SubmitSetup(red), Side.RED) == SubmitSetup(red).text


def test_legal_actions_only_for_the_viewer_to_act() -> None:
    state = start_random(5)
    assert observe(state, Side.RED)["legal_actions"]
    assert "offer draw" in observe(state, Side.RED)["legal_actions"]
    assert observe(state, Side.BLUE)["legal_actions"] == ["resign blue"]
    assert observe(state, None)["legal_actions"] == []


def test_everything_public_after_the_game() -> None:
    state = apply_action(start_random(7), Resign(Side.RED))
    for viewer in (Side.RED, Side.BLUE, None):
        view = observe(state, viewer)
        assert all(p["piece"] != "?" for p in view["pieces"])
        assert view["sides"]["red"]["setup"] is not None
        assert view["sides"]["blue"]["setup"] is not None
        assert view["outcome"]["termination"] == "RESIGN"


def test_revealed_flag_is_public() -> None:
    from tests.junqi.builders import play, position

    state = play(
        position({"b1": "rF", "d12": "bF", "c6": "rB", "c7": "b9", "a3": "r3", "a10": "b2"}),
        "c6-c7",
    )
    for viewer in (Side.RED, None):
        view = observe(state, viewer)
        flag = next(p for p in view["pieces"] if p["station"] == "d12")
        assert flag["piece"] == "F"
        assert view["sides"]["blue"]["flag_station"] == "d12"
        others = [p for p in view["pieces"] if p["owner"] == "blue" and p["station"] != "d12"]
        assert all(p["piece"] == "?" for p in others)
    assert observe(state, Side.RED)["moves"] == ["c6xc7= F@d12"]
