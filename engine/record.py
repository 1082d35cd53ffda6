"""Game records: a versioned JSON document that replays a game deterministically.

A record holds the format (``"gunshi-record"``) and its version (2; version-1 records, written
before the waiting shooter ``select b2 x`` existed, are read too), the variant and the game
format (``"game_format"``, engine.formats; a version-1 record without it is a basic game), the
rulings in force, the players, every decision in order (notation strings, docs/notation.md)
and the result. A game that opened on a custom start position (engine.start) carries it as
``"start"``; a record without it began on the empty board. The engine rebuilds any position
by folding ``apply_action`` over the decisions, so a record is also the audit trail of a
match. A record contains every secret (generals, hands, decks, prepared cards): it is
published only once a game is over.

The result may end a game the engine would not end by itself (resignation, time, forfeit,
arbiter), so ``result.method`` is a string of the match layer's vocabulary and is checked
against the engine only when the engine's own outcome says the game is over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import parse_action
from .errors import EngineError, InvalidRecordError
from .formats import BASIC_FORMAT, GameFormat
from .rules import apply_action, new_game
from .rulings import RECOMMENDED, Rulings
from .start import StartPosition
from .state import GameState, Variant

RECORD_FORMAT = "gunshi-record"
#: The version written. Version 2 added the waiting shooter (``select b2 x``) and the waiting
#: 軽装歩兵 leader (``select c2 N`` in its chain), ruling Q9; every version-1 decision means the
#: same in version 2, so version-1 records replay unchanged.
RECORD_VERSION = 2
#: The versions read.
READABLE_VERSIONS = (1, 2)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's record. ``format`` is the game format (its ``variant`` is kept in step: a record
    given only a non-basic ``variant`` takes that variant's default format)."""

    actions: tuple[str, ...]
    variant: Variant = Variant.BASIC
    rulings: Rulings = RECOMMENDED
    players: dict[str, str] = field(default_factory=dict)  # {"red": name, "blue": name}
    result: dict[str, Any] | None = None  # {"winner": "red"|"blue"|None, "method": ...}
    meta: dict[str, Any] = field(default_factory=dict)  # event, round, table, dates…
    format: GameFormat = BASIC_FORMAT
    start: StartPosition | None = None  # a custom start position (None: the normal start)

    def __post_init__(self) -> None:
        if self.format.is_basic and self.variant is not Variant.BASIC:
            object.__setattr__(self, "format", GameFormat(variant=self.variant))
        object.__setattr__(self, "variant", self.format.variant)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "v": RECORD_VERSION,
            "variant": self.variant.value,
            "game_format": self.format.to_dict(),
            "rulings": self.rulings.to_dict(),
            "players": dict(self.players),
            "actions": list(self.actions),
            "result": self.result,
            "meta": dict(self.meta),
        }
        if self.start is not None:
            data["start"] = self.start.to_dict()
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise InvalidRecordError("bad_record", "not a gunshi game record")
        version = data.get("v")
        if isinstance(version, bool) or version not in READABLE_VERSIONS:
            raise InvalidRecordError(
                "bad_record_version", f"unknown record version {data.get('v')!r}"
            )
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidRecordError("bad_record", "actions must be a list of strings")
        try:
            variant = Variant(data.get("variant", Variant.BASIC.value))
            rulings = Rulings.from_dict(data.get("rulings") or {})
            fmt = (
                GameFormat.from_dict(data["game_format"]) if "game_format" in data else BASIC_FORMAT
            )
            start = StartPosition.from_dict(data["start"]) if data.get("start") else None
        except (ValueError, TypeError, AttributeError) as exc:
            raise InvalidRecordError("bad_record", str(exc)) from None
        return cls(
            actions=tuple(actions),
            variant=variant,
            rulings=rulings,
            players=dict(data.get("players") or {}),
            result=data.get("result"),
            meta=dict(data.get("meta") or {}),
            format=fmt,
            start=start,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidRecordError("bad_json", f"not JSON: {exc}") from None
        return cls.from_dict(data)


class ReplayError(EngineError):
    """A record's decision ``index`` (0-based) could not be parsed or applied."""

    def __init__(self, index: int, action: str, cause: EngineError) -> None:
        super().__init__(cause.code, f"decision {index + 1} {action!r}: {cause.detail}")
        self.index = index
        self.action = action
        self.cause = cause


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the game, from the first position (the empty board or the record's start
    position) to the last decision.

    Raises ``ReplayError`` naming the first decision that is malformed or illegal.
    """
    try:
        state = new_game(format=record.format, rulings=record.rulings, start=record.start)
    except EngineError as exc:
        raise InvalidRecordError(exc.code, exc.detail) from None
    states = [state]
    for index, text in enumerate(record.actions):
        try:
            state = apply_action(state, parse_action(text))
        except EngineError as exc:
            raise ReplayError(index, text, exc) from None
        states.append(state)
    _check_result(record, state)
    return states


def _check_result(record: GameRecord, final: GameState) -> None:
    """A record whose engine outcome disagrees with its stated winner is invalid."""
    if final.outcome is None or record.result is None:
        return
    winner = final.outcome.winner
    engine_winner = winner.label if winner is not None else None
    if record.result.get("winner") != engine_winner:
        raise InvalidRecordError(
            "result_mismatch",
            f"record says winner {record.result.get('winner')!r}, the moves say {engine_winner!r}",
        )
