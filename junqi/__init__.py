"""軍棋 (Junqi, two-player) rules engine: pure Python, standard library only.

Specification: RULES.md of the 軍棋 digest (sections 0–13, rulings J1–J27), implemented as
described in docs/junqi.md. The public API mirrors the 軍師軍略 engine (``engine``)::

    >>> import random, junqi
    >>> state = junqi.new_game()
    >>> rng = random.Random(1)
    >>> for side in junqi.Side:
    ...     state = junqi.apply_action(state, junqi.SubmitSetup(junqi.random_setup(side, rng)))
    >>> state = junqi.apply_action(state, junqi.legal_actions(state, junqi.Side.RED)[0])
    >>> junqi.observe(state, junqi.Side.BLUE)["to_move"]
    'blue'

``observe`` is the only way a state reaches a client: it hides every rank the viewer may not
see (§8). ``state_to_dict`` is the server-side storage form and contains every secret.
"""

from .actions import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Move,
    OfferDraw,
    Resign,
    SubmitSetup,
    parse_action,
)
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    JunqiError,
    SetupError,
)
from .geometry import Board, board
from .notation import state_from_dict, state_to_dict
from .observation import history_text, observe
from .options import Options, SetupTimeoutPolicy
from .playout import random_playout
from .record import GameRecord, parse_record, record_text, replay
from .rules import (
    acting_sides,
    actor,
    apply_action,
    apply_arbiter_result,
    apply_result,
    apply_setup_timeout,
    apply_timeout,
    clock_side,
    legal_actions,
    legal_moves,
    new_game,
    outcome,
)
from .rulings import RULINGS, Ruling
from .setup import Setup, random_setup
from .state import GameState, Outcome, Phase, Piece, Ply, Termination
from .types import Side, parse_station, station_name

__all__ = [
    "RULINGS",
    "AcceptDraw",
    "Action",
    "Board",
    "DeclineDraw",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidRecordError",
    "JunqiError",
    "Move",
    "OfferDraw",
    "Options",
    "Outcome",
    "Phase",
    "Piece",
    "Ply",
    "Resign",
    "Ruling",
    "Setup",
    "SetupError",
    "SetupTimeoutPolicy",
    "Side",
    "SubmitSetup",
    "Termination",
    "acting_sides",
    "actor",
    "apply_action",
    "apply_arbiter_result",
    "apply_result",
    "apply_setup_timeout",
    "apply_timeout",
    "board",
    "clock_side",
    "history_text",
    "legal_actions",
    "legal_moves",
    "new_game",
    "observe",
    "outcome",
    "parse_action",
    "parse_record",
    "parse_station",
    "random_playout",
    "random_setup",
    "record_text",
    "replay",
    "state_from_dict",
    "state_to_dict",
    "station_name",
]
