"""軍師軍略's referee: the :class:`~games.base.GameRules` adapter over ``engine/``.

``RULES`` is what ``games.get_game("gunshi").rules`` returns; every method is a thin call into
the engine, so records, views and clocks are exactly the engine's. Seats are the engine's
sides (``0`` Red, ``1`` Blue).

Beside the interface, this module is where the rest of the platform finds 軍師軍略's own
configuration: its game formats (``GameFormat``; ``EVENT_FORMATS`` for an event's official
format), rulings (``Rulings``), start positions (``StartPosition`` and the text helpers), the
board geometry its pages draw and the random demo games. ``matches/`` and ``tournaments/`` import
these from here, never from ``engine`` (docs/games.md, "The import rule").
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from engine import (
    RECOMMENDED,
    EngineError,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Phase,
    Rulings,
    Side,
    StartPosition,
    StartPositionError,
    Termination,
    Variant,
    apply_action,
    clock_side,
    history_text,
    legal_actions,
    new_game,
    observe,
    parse_action,
    replay,
    square_name,
    untimed_segment,
)
from engine.formats import BASIC_FORMAT, GameFormat
from engine.notation import state_from_dict, state_to_dict
from engine.observation import is_secret
from engine.playout import random_playout
from engine.record import RECORD_FORMAT
from engine.types import CAMPS, INTRUSION_SQUARES
from games.base import GameOutcome, RecordSummary, RulesError

__all__ = [
    "EVENT_FORMATS",
    "RULES",
    "GameFormat",
    "GunshiRules",
    "Rulings",
    "StartPosition",
    "StartPositionError",
    "board_geometry",
    "check_start_fits_format",
    "demo_record",
    "start_position_dict",
    "start_position_from_text",
    "start_position_text",
]

#: Seat index -> engine side (a tuple lookup: the decision path calls it for every viewer).
_SIDES: Final = (Side.RED, Side.BLUE)

#: The engine format of an event's matches by the event's format key (``Event.Format``):
#: Rule 1 the basic game, Rule 2 the expansion game (three chosen expansion cards), Rule 3 the
#: deck-build game (base procedure) — RULES.md §15.
EVENT_FORMATS: Final[dict[str, Callable[[], GameFormat]]] = {
    "basic": GameFormat.basic,
    "expansion": GameFormat.tournament_rule_2,
    "deck_build": GameFormat.tournament_rule_3,
}


def _side(seat: int | None) -> Side | None:
    return None if seat is None else _SIDES[seat]


class GunshiRules:
    """The engine behind the :class:`~games.base.GameRules` interface (see the module
    docstring). Stateless: one instance, ``RULES``, serves every match."""

    terminations: tuple[str, ...] = tuple(t.value for t in Termination)
    record_format: str = RECORD_FORMAT

    # -- set-up and state ------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], GameState]:
        """``options``: ``variant`` (default basic), ``game_format`` (a ``GameFormat`` or its
        dict; default: the variant's default format), ``seed`` (random when ``None``),
        ``rulings`` (``Rulings`` or dict; default recommended) and ``start_position``
        (``StartPosition`` or dict; basic format only). The engine builds the first position,
        so a start position its format cannot open on is refused here."""
        game_format = options.get("game_format")
        try:
            if isinstance(game_format, GameFormat):
                fmt = game_format
            elif game_format:
                fmt = GameFormat.from_dict(game_format)
            else:
                fmt = GameFormat(variant=Variant(options.get("variant", Variant.BASIC.value)))
        except (TypeError, ValueError):
            raise RulesError("invalid", "bad_setup", f"game format {game_format!r}") from None
        seed = options.get("seed")
        fmt = replace(fmt, seed=secrets.randbelow(2**31) if seed is None else seed)
        rulings = options.get("rulings")
        if isinstance(rulings, Rulings):
            rules = rulings
        else:
            try:
                rules = Rulings.from_dict(rulings or {})
            except (TypeError, ValueError):
                raise RulesError("invalid", "bad_setup", f"rulings {rulings!r}") from None
        start = options.get("start_position")
        try:
            if isinstance(start, StartPosition) or start is None:
                opening = start
            else:
                opening = StartPosition.from_dict(start)
            first = new_game(format=fmt, rulings=rules, start=opening)
        except StartPositionError as exc:
            raise RulesError("invalid", exc.code, f"start position: {exc.detail}") from None
        setup = {
            "variant": fmt.variant.value,
            "game_format": fmt.to_dict(),
            "rulings": rules.to_dict(),
            "start_position": None if opening is None else opening.to_dict(),
        }
        return setup, first

    def initial_state(self, setup: Mapping[str, Any]) -> GameState:
        return new_game(**_engine_setup(setup))

    def state_to_dict(self, state: GameState) -> dict[str, Any]:
        return state_to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> GameState:
        return state_from_dict(dict(data) if not isinstance(data, dict) else data)

    def ply(self, state: GameState) -> int:
        return state.ply

    def to_act(self, state: GameState) -> int | None:
        side = state.to_act  # None once the game is over
        return None if side is None else int(side)

    def can_act(self, state: GameState, seat: int) -> bool:
        return state.to_act is _SIDES[seat]

    # -- decisions -------------------------------------------------------------------------
    def parse_action(self, text: str) -> Any:
        try:
            return parse_action(text)
        except InvalidActionError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None

    def action_text(self, action: Any) -> str:
        text: str = action.to_str()
        return text

    def apply(self, state: GameState, action: Any) -> GameState:
        try:
            return apply_action(state, action)
        except IllegalActionError as exc:
            raise RulesError("illegal", exc.code, exc.detail) from None

    def legal_actions(self, state: GameState, seat: int) -> list[str]:
        if state.to_act is not _SIDES[seat]:
            return []
        return [action.to_str() for action in legal_actions(state)]

    def outcome(self, state: GameState) -> GameOutcome | None:
        result = state.outcome
        if result is None:
            return None
        winner = result.winner
        return GameOutcome(None if winner is None else int(winner), result.termination.value)

    # -- hidden information ----------------------------------------------------------------
    def view(self, state: GameState, viewer: int | None) -> dict[str, Any]:
        return observe(state, _side(viewer))

    def ended_view(self, state: GameState, viewer: int | None) -> dict[str, Any]:
        """The view once the match ended outside the game (``games.base.EndedView``)."""
        return observe(state, _side(viewer), ended=True)

    def is_secret(self, before: GameState, action: Any) -> bool:
        return is_secret(before, action)

    def history_text(self, before: GameState, action: Any, viewer: int | None) -> str:
        return history_text(before, action, _side(viewer))

    # -- the clock -------------------------------------------------------------------------
    def clock_side(self, state: GameState) -> int | None:
        side = clock_side(state)
        return None if side is None else int(side)

    def untimed_segment(self, state: GameState) -> bool:
        return untimed_segment(state)

    def always_press(self, before: GameState) -> bool:
        """Every deployment placement is a press, even when the same side places again."""
        return before.phase is Phase.DEPLOYMENT

    # -- records ---------------------------------------------------------------------------
    def record(
        self,
        *,
        setup: Mapping[str, Any],
        actions: Sequence[str],
        players: Mapping[str, str],
        result: dict[str, Any] | None,
        meta: Mapping[str, Any],
    ) -> GameRecord:
        return GameRecord(
            actions=tuple(actions),
            **_engine_setup(setup),
            players=dict(players),
            result=result,
            meta=dict(meta),
        )

    def record_text(self, record: GameRecord) -> str:
        return record.to_json()

    def parse_record(self, text: str) -> GameRecord:
        try:
            return GameRecord.from_json(text)
        except EngineError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None

    def record_summary(self, record: GameRecord) -> RecordSummary:
        return RecordSummary(
            setup={
                "variant": record.variant.value,
                "game_format": record.format.to_dict(),
                "rulings": record.rulings.to_dict(),
                "start_position": None if record.start is None else record.start.to_dict(),
            },
            actions=record.actions,
            players=dict(record.players),
            result=record.result,
        )

    def replay(self, record: GameRecord) -> list[GameState]:
        try:
            return replay(record)
        except EngineError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None


def _engine_setup(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's ``format``, ``rulings`` and ``start`` of a stored set-up (empty values are
    the basic format, the recommended rulings and the normal start)."""
    fmt, rulings, start = (
        setup.get("game_format"),
        setup.get("rulings"),
        setup.get("start_position"),
    )
    return {
        "format": GameFormat.from_dict(fmt) if fmt else BASIC_FORMAT,
        "rulings": Rulings.from_dict(rulings or {}),
        "start": StartPosition.from_dict(start) if start else None,
    }


RULES: Final = GunshiRules()


# ------------------------------------------------------------ 軍師軍略's own configuration


def board_geometry() -> dict[str, Any]:
    """The squares the board pages mark: each side's camp and the squares an intrusion
    reaches, by side label."""
    return {
        "camps": {side.label: sorted(map(square_name, CAMPS[side])) for side in Side},
        "intrusion": {
            side.label: sorted(map(square_name, INTRUSION_SQUARES[side])) for side in Side
        },
    }


def start_position_dict(value: Any) -> dict[str, Any]:
    """The canonical dict form of a start position (a ``StartPosition`` or its dict form);
    ``StartPositionError`` for one that is malformed."""
    start = value if isinstance(value, StartPosition) else StartPosition.from_dict(value)
    return start.to_dict()


def start_position_from_text(text: str) -> dict[str, Any]:
    """The dict form of a start position typed in its text form (docs/start-positions.md);
    ``StartPositionError`` for one that is malformed."""
    return StartPosition.from_text(text).to_dict()


def start_position_text(data: dict[str, Any]) -> str:
    """The text form of a stored start position."""
    return StartPosition.from_dict(data).to_text()


def check_start_fits_format(start: Any, fmt: GameFormat) -> None:
    """Build the first position of ``fmt`` from ``start`` (a ``StartPosition`` or its dict
    form) as every match will; ``StartPositionError`` when the format cannot open on it."""
    position = start if isinstance(start, StartPosition) else StartPosition.from_dict(start)
    new_game(format=fmt, start=position)


def demo_record(*, seed: int, players: dict[str, str], meta: dict[str, Any]) -> GameRecord:
    """The record of the random legal game of ``seed`` (``engine.playout.random_playout``),
    with ``players`` and ``meta``.

    A random playout is capped by a non-official turn limit; a game that ended by the rules
    before the cap replays identically without it, so it is stored under the recommended
    (official) rulings.
    """
    record, final = random_playout(seed=seed)
    rulings = record.rulings
    if final.outcome is not None and final.outcome.termination is not Termination.TURN_LIMIT:
        rulings = RECOMMENDED
    return replace(record, rulings=rulings, players=players, meta=meta)
