"""Random games and the invariants checked after every ply (the fuzzer's and the tests' tools).

``random_playout(seed, options)`` plays one game with a seeded ``random.Random``: random legal
set-ups, then a uniformly random legal move each ply, until the game ends (it always does: the
no-combat rule J15 bounds it; with the rule switched off ``max_plies`` stops it unfinished).

``check_ply(before, after)`` and ``leaks(state)`` return a list of problems (empty: all hold):
piece conservation, the moved piece was mobile, no camp attacked, the move's text round-trips,
``state_to_dict`` round-trips, and no rank a viewer may not see appears in its ``observe``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from . import search
from .actions import Move, SubmitSetup, parse_action
from .geometry import CAMP_STATIONS, HQ_STATIONS
from .notation import state_from_dict, state_to_dict
from .observation import observe
from .options import Options
from .record import parse_ply
from .rules import apply_action, new_game
from .setup import random_setup
from .state import GameState, Phase, Termination
from .types import FLAG, MINE, PIECE_COUNTS, Side


def start_random(seed: int | random.Random, options: Options | None = None) -> GameState:
    """A game with random legal set-ups for both sides, ready for Red's first move."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)  # noqa: S311
    state = new_game(options)
    for side in Side:
        state = apply_action(state, SubmitSetup(random_setup(side, rng)))
    return state


def random_playout(
    seed: int, options: Options | None = None, *, max_plies: int | None = None
) -> GameState:
    """Play a random game from ``seed`` to its end (or ``max_plies``); the final state."""
    rng = random.Random(seed)  # noqa: S311 (reproducible games, not secrets)
    return search.playout(start_random(rng, options), rng, max_plies=max_plies)


def piece_problems(state: GameState) -> list[str]:
    """Each side's pieces on the board, removed, or carried are exactly its 25 (§1.2)."""
    problems = []
    for side in Side:
        counts = Counter(p.code for p in state.board if p is not None and p.owner is side)
        counts.update(state.removed[side])
        if state.flag_carried[side]:
            counts[FLAG] += 1
        result = state.outcome
        if (
            state.options.carry_flag
            and result is not None
            and result.termination is Termination.FLAG
            and result.winner is side
            and counts[FLAG] == 0
        ):
            counts[FLAG] += 1  # the carrier ended on its own flag (§9.3 d)
        if state.setups[side] is not None and state.phase is not Phase.SETUP:
            expected = Counter(PIECE_COUNTS)
            if counts != expected:
                problems.append(f"{side.label} pieces {dict(counts)} != {dict(expected)}")
    return problems


def check_ply(before: GameState, after: GameState, *, deep: bool = True) -> list[str]:
    """The invariants of one ply ``before`` → ``after`` (a move); ``deep`` adds the costly ones
    (the ``state_to_dict`` round trip and the hidden-information ``leaks`` of every viewer)."""
    problems = piece_problems(after)
    ply = after.log[-1]
    mover = before.board[ply.src]
    if mover is None or mover.owner is not ply.side:
        problems.append(f"ply {ply.text()} moved no own piece")
    elif mover.code in (FLAG, MINE):
        problems.append(f"immobile {mover.code} moved from {ply.src}")
    elif ply.src in HQ_STATIONS and not (before.options.free_hq or before.options.carry_flag):
        problems.append(f"a frozen HQ piece moved: {ply.text()}")
    if ply.result and ply.dst in CAMP_STATIONS:
        problems.append(f"a camp was attacked: {ply.text()}")
    move = Move(ply.src, ply.dst)
    if parse_action(move.text) != move or parse_ply(ply.text(ranks=True)) != move:
        problems.append(f"notation does not round-trip: {ply.text(ranks=True)}")
    if after.ply != before.ply + 1 or len(after.log) != after.ply:
        problems.append("ply count out of step")
    if not deep:
        return problems
    restored = state_from_dict(json.loads(json.dumps(state_to_dict(after))))
    if restored != after:
        problems.append("state_to_dict does not round-trip")
    return problems + leaks(after)


_PIECE = re.compile(r'"owner": "(red|blue)", "piece": "([^"]*)"')
_RANKS = re.compile(r"\[[0-9BMF]:[0-9BMF]\]")


def leaks(state: GameState) -> list[str]:
    """Ranks that a player's or a spectator's ``observe`` shows but may not (§8, J16, J17).

    The view is encoded to JSON and searched: an enemy piece's code other than ``?`` (or ``F``
    for a revealed flag), a full-notation ``[a:d]``, the enemy's set-up string or its removed
    pieces' codes.
    """
    if state.phase is Phase.OVER or (state.options.open_pieces and state.phase is Phase.PLAY):
        return []
    problems = []
    for viewer in (Side.RED, Side.BLUE, None):
        view = observe(state, viewer)
        text = json.dumps(view)
        who = viewer.label if viewer is not None else "spectator"
        for owner, code in _PIECE.findall(text):
            if owner == (viewer.label if viewer is not None else None) or code == "?":
                continue
            if code == FLAG and state.flag_revealed[Side.parse(owner)]:
                continue
            problems.append(f"{who} sees {owner}'s {code}")
        if _RANKS.search(text):
            problems.append(f"{who} sees combat ranks")
        for side in Side:
            if side is viewer:
                continue
            setup = state.setups[side]
            if setup is not None and setup.text in text:
                problems.append(f"{who} sees {side.label}'s set-up")
            if view["sides"][side.label]["removed"] is not None:
                problems.append(f"{who} sees {side.label}'s removed pieces")
    return problems
