"""The game scores a head-to-head result carries (``GameDefinition.score``), checked before
anything is saved.

A game with a score (Strategem: each player's final HP; 盤上遊姫: the battlefields each
won) records both players' values with a game played to a result (``red_won``/``blue_won``,
and ``draw`` for a game with draws).
Forfeits carry no score (no game was played), nor does any result of a game without a
``ScoreSpec`` (軍師軍略). The values must lie within the spec's bounds, and the game's own
``score_check`` says which pairs a decided game can end with (e.g. 盤上遊姫: the winner has 4
battlefields and the loser 0–3, unless the game was decided on time).

A draw has the same score for both players, whatever the method: Strategem draws when both
reach 0 HP with 加護 unowned, or at time with equal HP (so any equal HP); 盤上遊姫 only at time
with equal battlefields, so the game's ``draw_score_check`` also wants fewer than 4. Nothing
more is checked than the profiles state.
"""

from __future__ import annotations

from typing import Final

from games import GameDefinition, get_game
from tournaments.errors import TournamentError
from tournaments.models import Pairing

R = Pairing.Result
M = Pairing.Method

SCORED_RESULTS: Final = frozenset({R.RED_WON, R.BLUE_WON, R.DRAW})
# Methods under which a game stopped before its normal end (flag fall, arbiter's adjudication).
ON_TIME_METHODS: Final = frozenset({M.TIMEOUT, M.ARBITER})

Scores = tuple[int | None, int | None]


def game_of_pairing(pairing: Pairing) -> GameDefinition:
    return get_game(pairing.round.event.game)


def check_scores(
    game: GameDefinition,
    result: str,
    method: str,
    red_score: int | None,
    blue_score: int | None,
) -> Scores:
    """The scores to store with ``result``; a :class:`TournamentError` (field ``score``) when
    they are missing, out of bounds, given where none belongs, or impossible for the game."""
    spec = game.score
    given = (red_score, blue_score)
    if spec is None or result not in SCORED_RESULTS:
        if given != (None, None):
            raise TournamentError("score_not_expected", field="score")
        return (None, None)
    if red_score is None or blue_score is None:
        raise TournamentError("score_required", {"label": spec.label}, field="score")
    for value in (red_score, blue_score):
        if isinstance(value, bool) or not isinstance(value, int) or value < spec.minimum:
            raise TournamentError(
                "score_below_minimum", {"label": spec.label, "minimum": spec.minimum}, field="score"
            )
        if spec.maximum is not None and value > spec.maximum:
            raise TournamentError(
                "score_out_of_range",
                {"label": spec.label, "minimum": spec.minimum, "maximum": spec.maximum},
                field="score",
            )
    if result == R.DRAW:
        return _check_draw(game, spec.label, red_score, blue_score)
    if game.score_check is not None:
        winner, loser = (red_score, blue_score) if result == R.RED_WON else (blue_score, red_score)
        problem = game.score_check(winner, loser, method in ON_TIME_METHODS)
        if problem is not None:
            raise TournamentError("score_mismatch", {"detail": str(problem)}, field="score")
    return (red_score, blue_score)


def _check_draw(game: GameDefinition, label: object, red_score: int, blue_score: int) -> Scores:
    """A drawn game's scores: equal, and possible for a draw of this game."""
    if red_score != blue_score:
        raise TournamentError("draw_scores_unequal", {"label": label}, field="score")
    if game.draw_score_check is not None:
        problem = game.draw_score_check(red_score)
        if problem is not None:
            raise TournamentError("score_mismatch", {"detail": str(problem)}, field="score")
    return (red_score, blue_score)
