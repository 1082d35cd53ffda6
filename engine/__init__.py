"""軍師軍略 rules engine: a pure-Python, standard-library-only implementation of the game.

The public API follows python-chess::

    >>> import engine
    >>> state = engine.new_game()
    >>> action = engine.legal_actions(state)[0]
    >>> state = engine.apply_action(state, action)
    >>> engine.observe(state, engine.Side.BLUE)["to_act"]
    'blue'

``observe`` is the only way a state reaches a client: it hides what the viewer may not see.
"""

from .actions import Action, parse_action
from .errors import EngineError, IllegalActionError, InvalidActionError, InvalidRecordError
from .formats import DeckOption, GameFormat
from .observation import history_text, observe
from .record import GameRecord, replay
from .rules import (
    apply_action,
    apply_unchecked,
    clock_side,
    legal_actions,
    new_game,
    outcome,
    timed,
    untimed_segment,
)
from .rulings import RECOMMENDED, Rulings
from .start import StartPosition, StartPositionError
from .state import GameState, Outcome, Phase, Termination, Variant
from .types import Side, parse_square, square_name

__all__ = [
    "RECOMMENDED",
    "Action",
    "DeckOption",
    "EngineError",
    "GameFormat",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRecordError",
    "Outcome",
    "Phase",
    "Rulings",
    "Side",
    "StartPosition",
    "StartPositionError",
    "Termination",
    "Variant",
    "apply_action",
    "apply_unchecked",
    "clock_side",
    "history_text",
    "legal_actions",
    "new_game",
    "observe",
    "outcome",
    "parse_action",
    "parse_square",
    "replay",
    "square_name",
    "timed",
    "untimed_segment",
]
