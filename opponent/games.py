"""The two games as the search sees them: the engines' fast paths and a cheap evaluation.

A rollout is capped (a random game of 軍師軍略 lasts about 600 decisions), so most walks end in
an unfinished state, scored by an evaluation of what the rules reward:

* 軍師軍略: material (infantry 2 and its shield 1, archer 3, cavalry 4: their LP costs), the
  intrusion points (§3.2, three win: each is worth more than any piece), the general's safety
  (an enemy piece next to it costs its owner) and a little for LP;
* 軍棋: material by rank (the 司令 most, then down the ranks; bombs as much as a strong piece,
  engineers a little more than their rank for clearing mines), the flag's safety (enemy
  pieces near it; a face-up flag) and how far the pieces have advanced.

The estimate is a logistic of the difference, Red's score between 0 and 1.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine import GameState as GunshiState
from engine.actions import Action as GunshiAction
from engine.search import apply as gunshi_apply
from engine.search import legal_actions as gunshi_legal
from engine.search import playout as gunshi_playout
from engine.types import ARCHER, CAVALRY, INFANTRY, NEIGHBOURS
from junqi import GameState as JunqiState
from junqi import Move, Phase, Side
from junqi.geometry import HEADQUARTERS
from junqi.search import apply as junqi_apply
from junqi.search import legal_actions as junqi_legal
from junqi.search import playout as junqi_playout

__all__ = ["GUNSHI_GAME", "JUNQI_GAME", "GunshiGame", "JunqiGame"]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


# -- 軍師軍略 ---------------------------------------------------------------------------------

_PIECE_VALUE = {INFANTRY: 2.0, ARCHER: 3.0, CAVALRY: 4.0}
_INTRUSION_VALUE = 5.0
_GENERAL_THREAT = 2.0
_LP_VALUE = 0.1
#: The score difference that makes a 73 % estimate (the logistic's scale).
_GUNSHI_SCALE = 6.0


class GunshiGame:
    """軍師軍略 for the search: ``engine.search`` and the evaluation above."""

    def to_act(self, state: GunshiState) -> int | None:
        side = state.to_act
        return None if side is None else int(side)

    def legal(self, state: GunshiState) -> Sequence[GunshiAction]:
        return gunshi_legal(state)

    def apply(self, state: GunshiState, action: GunshiAction) -> GunshiState:
        return gunshi_apply(state, action)

    def rollout(self, state: GunshiState, rng: random.Random, decisions: int) -> GunshiState:
        return gunshi_playout(state, rng, max_decisions=decisions)

    def value(self, state: GunshiState) -> float:
        outcome = state.outcome
        if outcome is not None:
            return 0.5 if outcome.winner is None else float(outcome.winner == 0)
        return _logistic(gunshi_score(state) / _GUNSHI_SCALE)


def gunshi_score(state: GunshiState) -> float:
    """Red's advantage in ``state`` by the evaluation of the module docstring."""
    score = 0.0
    board = state.board
    generals = (state.sides[0].general, state.sides[1].general)
    for sq, piece in enumerate(board):
        if piece is None:
            continue
        value = _PIECE_VALUE[piece.kind] + (1.0 if piece.shield else 0.0)
        if piece.letter == generals[piece.owner]:
            for near in NEIGHBOURS[sq]:
                other = board[near]
                if other is not None and other.owner is not piece.owner:
                    value -= _GENERAL_THREAT  # an enemy piece next to it may take it
                    break
        score += value if piece.owner == 0 else -value
    red, blue = state.sides
    score += _INTRUSION_VALUE * (red.intrusion_points - blue.intrusion_points)
    score += _LP_VALUE * (red.lp - blue.lp)
    return score


# -- 軍棋 ---------------------------------------------------------------------------------------

_RANK_VALUE = {
    "9": 10.0,
    "8": 8.0,
    "7": 6.0,
    "6": 4.5,
    "5": 3.5,
    "4": 2.5,
    "3": 2.0,
    "2": 1.5,
    "1": 2.0,
    "B": 5.0,
    "M": 1.5,
    "F": 0.0,
}
_FLAG_THREAT = 1.5
_FLAG_UP = 2.0
_ADVANCE = 0.05
_JUNQI_SCALE = 8.0
#: Stations next to each headquarters (its flag's approaches).
_HQ_APPROACHES = {
    side: frozenset(
        s
        for hq in HEADQUARTERS[side]
        for s in (hq - 1, hq + 1, hq + 5, hq - 5)
        if 0 <= s < 60 and abs(s % 5 - hq % 5) <= 1
    )
    for side in Side
}


class JunqiGame:
    """軍棋 for the search: ``junqi.search`` and the evaluation above (moves only: draw offers
    and resignation are not searched)."""

    def to_act(self, state: JunqiState) -> int | None:
        return int(state.to_move) if state.phase is Phase.PLAY else None

    def legal(self, state: JunqiState) -> Sequence[Move]:
        return junqi_legal(state)

    def apply(self, state: JunqiState, action: Move) -> JunqiState:
        return junqi_apply(state, action)

    def rollout(self, state: JunqiState, rng: random.Random, decisions: int) -> JunqiState:
        return junqi_playout(state, rng, max_plies=state.ply + decisions)

    def value(self, state: JunqiState) -> float:
        outcome = state.outcome
        if outcome is not None:
            return 0.5 if outcome.winner is None else float(outcome.winner is Side.RED)
        return _logistic(junqi_score(state) / _JUNQI_SCALE)


def junqi_score(state: JunqiState) -> float:
    """Red's advantage in ``state`` by the evaluation of the module docstring."""
    score = 0.0
    for s, piece in enumerate(state.board):
        if piece is None:
            continue
        red = piece.owner is Side.RED
        value = _RANK_VALUE[piece.code]
        row = s // 5 + 1
        value += _ADVANCE * (row if red else 13 - row)
        if s in _HQ_APPROACHES[piece.owner.opponent]:
            value += _FLAG_THREAT
        score += value if red else -value
    for side in Side:
        if state.flag_revealed[side]:
            score += -_FLAG_UP if side is Side.RED else _FLAG_UP
    return score


GUNSHI_GAME = GunshiGame()
JUNQI_GAME = JunqiGame()
