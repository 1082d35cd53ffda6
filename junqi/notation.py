"""State serialisation: ``state_to_dict`` / ``state_from_dict`` (JSON-ready, exact round trip).

The dict is the referee's full state (both set-ups, every rank): the match layer stores it on
the server and must never send it to a client (``observe`` is for clients). It carries
``"v": 1``; an unknown version or a malformed dict raises ``InvalidRecordError``.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidRecordError, JunqiError
from .options import Options
from .setup import Setup
from .state import GameState, Outcome, Phase, Piece, Ply, Termination
from .types import STATION_COUNT, Side, parse_station, station_name

STATE_VERSION = 1


def _side(side: Side | None) -> str | None:
    return side.label if side is not None else None


def _unside(text: str | None) -> Side | None:
    return Side.parse(text) if text is not None else None


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "v": STATE_VERSION,
        "game": "junqi",
        "options": state.options.to_dict(),
        "phase": state.phase.value,
        "board": [
            [station_name(s), p.owner.label, p.code, p.carrying]
            for s, p in enumerate(state.board)
            if p is not None
        ],
        "setups": [s.text if s is not None else None for s in state.setups],
        "to_move": state.to_move.label,
        "ply": state.ply,
        "quiet": state.quiet,
        "flag_revealed": list(state.flag_revealed),
        "removed": ["".join(r) for r in state.removed],
        "flag_home": [station_name(h) if h is not None else None for h in state.flag_home],
        "flag_carried": list(state.flag_carried),
        "draw_offer": _side(state.draw_offer),
        "draw_offer_ply": state.draw_offer_ply,
        "outcome": None
        if state.outcome is None
        else [_side(state.outcome.winner), state.outcome.termination.value],
        "log": [
            [
                p.side.label,
                station_name(p.src),
                station_name(p.dst),
                p.attacker,
                p.defender,
                p.result,
                list(p.events),
            ]
            for p in state.log
        ],
    }


def state_from_dict(data: dict[str, Any]) -> GameState:
    if not isinstance(data, dict) or data.get("v") != STATE_VERSION or data.get("game") != "junqi":
        raise InvalidRecordError("state.version", "not a version-1 junqi state")
    try:
        board: list[Piece | None] = [None] * STATION_COUNT
        for name, owner, code, carrying in data["board"]:
            board[parse_station(name)] = Piece(Side.parse(owner), code, bool(carrying))
        setups = tuple(
            Setup.parse(side, text) if text is not None else None
            for side, text in zip(Side, data["setups"], strict=True)
        )
        homes = tuple(parse_station(h) if h is not None else None for h in data["flag_home"])
        outcome = None
        if data["outcome"] is not None:
            winner, termination = data["outcome"]
            outcome = Outcome(_unside(winner), Termination(termination))
        log = tuple(
            Ply(Side.parse(side), parse_station(src), parse_station(dst), a, d, r, tuple(ev))
            for side, src, dst, a, d, r, ev in data["log"]
        )
        return GameState(
            options=Options.from_dict(data["options"]),
            phase=Phase(data["phase"]),
            board=tuple(board),
            setups=(setups[0], setups[1]),
            to_move=Side.parse(data["to_move"]),
            ply=int(data["ply"]),
            quiet=int(data["quiet"]),
            flag_revealed=(bool(data["flag_revealed"][0]), bool(data["flag_revealed"][1])),
            removed=(tuple(data["removed"][0]), tuple(data["removed"][1])),
            flag_home=(homes[0], homes[1]),
            flag_carried=(bool(data["flag_carried"][0]), bool(data["flag_carried"][1])),
            draw_offer=_unside(data["draw_offer"]),
            draw_offer_ply=int(data["draw_offer_ply"]),
            outcome=outcome,
            log=log,
        )
    except JunqiError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise InvalidRecordError("state.malformed", f"malformed state: {error}") from None
