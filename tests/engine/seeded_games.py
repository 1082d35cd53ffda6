"""Fingerprints of the engine's behaviour: one hash of the seeded random games of each format.

For each official format (Rule 1 basic, Rule 2 expansion, Rule 3 deck-build) the command line's
random games (``engine.playout.random_steps``, the default turn cap) are played, and one
SHA-256 is fed, for every decision, the notation of every legal decision in ``legal_actions``
order and of the one drawn, then each game's record as JSON. Any change to a legal set, to its
order, to what a decision does to later play or to a record changes the hash.

An optimisation of the engine must leave the hashes as they are (test_seeded_games.py pins
them). Print them with::

    python -m tests.engine.seeded_games                 # 50 games per format, seeds 1..50
    python -m tests.engine.seeded_games --games 200
"""

from __future__ import annotations

import argparse
import hashlib

from engine.actions import Action
from engine.cli import FORMATS
from engine.playout import DEFAULT_TURN_LIMIT, random_steps, record_of
from engine.rules import legal_actions
from engine.state import GameState


def games_hash(format_name: str, seeds: range, turn_limit: int = DEFAULT_TURN_LIMIT) -> str:
    """The SHA-256 (hex) of the seeded random games of one format (see the module docstring)."""
    digest = hashlib.sha256()
    game_format = FORMATS[format_name]()
    for seed in seeds:
        actions: list[Action] = []
        final: GameState | None = None
        for step in random_steps(seed=seed, turn_limit=turn_limit, format=game_format):
            legal = " ".join(a.to_str() for a in legal_actions(step.before))
            digest.update(f"{legal}\n> {step.action.to_str()}\n".encode())
            actions.append(step.action)
            final = step.after
        assert final is not None
        digest.update(record_of(actions, final, seed=seed).to_json().encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    for name in FORMATS:
        print(f"{name:<6} seeds {seeds.start}..{seeds.stop - 1}: {games_hash(name, seeds)}")


if __name__ == "__main__":
    main()
