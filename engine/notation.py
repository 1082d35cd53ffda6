"""The full state as a versioned JSON-safe dict, for the server's own cache.

``state_to_dict`` keeps every secret: it is for the server's database only (a match caches its
state next to the action log), never for a client — clients get ``observation.observe``. The
action log stays the source of truth; ``state_from_dict(state_to_dict(s)) == s`` always holds.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidRecordError
from .formats import GameFormat
from .rulings import Rulings
from .state import (
    Execution,
    GameState,
    Mode,
    Outcome,
    Phase,
    Piece,
    QueuedCard,
    SideState,
    SkippedCard,
    Slot,
    Stock,
    Termination,
    Variant,
)
from .types import CardKind, Direction, PieceKind, Side

STATE_VERSION = 1


def _piece(p: Piece) -> list[Any]:
    return [p.kind.value, int(p.owner), p.facing.name, p.letter, p.shield]


def _unpiece(data: list[Any]) -> Piece:
    kind, owner, facing, letter, shield = data
    return Piece(PieceKind(kind), Side(owner), Direction[facing], letter, bool(shield))


def _card(c: QueuedCard | None) -> list[Any] | None:
    if c is None:
        return None
    return [c.card.value, c.face_up, True] if c.seen else [c.card.value, c.face_up]


def _uncard(data: list[Any] | None) -> QueuedCard | None:
    if data is None:
        return None
    return QueuedCard(CardKind(data[0]), bool(data[1]), len(data) > 2 and bool(data[2]))


def _cards(cards: tuple[CardKind, ...]) -> list[str]:
    return [c.value for c in cards]


def _uncards(data: list[str] | None) -> tuple[CardKind, ...]:
    return tuple(CardKind(c) for c in data or ())


def _side(s: SideState) -> dict[str, Any]:
    return {
        "lp": s.lp,
        "hand": [c.value for c in s.hand],
        "deck": [c.value for c in s.deck],
        "queue": [_card(c) for c in s.queue],
        "swift": _card(s.swift),
        "cards_placed": s.cards_placed,
        "fences": sorted(s.fences),
        "general": s.general,
        "intruded": [_piece(p) for p in s.intruded],
        # expansion formats
        "cards": _cards(s.cards),
        "prepared": _cards(s.prepared),
        "exchange_done": s.exchange_done,
        "removed": _cards(s.removed),
        "beside": _cards(s.beside),
        "general_revealed": s.general_revealed,
        "not_general": sorted(s.not_general),
    }


def _unside(d: dict[str, Any]) -> SideState:
    queue = tuple(q for c in d["queue"] if (q := _uncard(c)) is not None)
    return SideState(
        lp=d["lp"],
        hand=tuple(CardKind(c) for c in d["hand"]),
        deck=tuple(CardKind(c) for c in d["deck"]),
        queue=queue,
        swift=_uncard(d["swift"]),
        cards_placed=d["cards_placed"],
        fences=frozenset(d["fences"]),
        general=d["general"],
        intruded=tuple(_unpiece(p) for p in d["intruded"]),
        cards=_uncards(d.get("cards")),
        prepared=_uncards(d.get("prepared")),
        exchange_done=bool(d.get("exchange_done", False)),
        removed=_uncards(d.get("removed")),
        beside=_uncards(d.get("beside")),
        general_revealed=bool(d.get("general_revealed", False)),
        not_general=frozenset(d.get("not_general", ())),
    )


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Every field of ``state`` (secrets included) as JSON-safe values."""
    ex = state.execution
    return {
        "v": STATE_VERSION,
        "board": [None if p is None else _piece(p) for p in state.board],
        "sides": [_side(s) for s in state.sides],
        "stock": [
            state.stock.infantry,
            state.stock.archer,
            state.stock.cavalry,
            state.stock.shields,
        ],
        "phase": state.phase.value,
        "to_act": None if state.to_act is None else int(state.to_act),
        "ply": state.ply,
        "turn": state.turn,
        "played_this_turn": state.played_this_turn,
        "execution": None
        if ex is None
        else {
            "card": ex.card.value,
            "slot": ex.slot.value,
            "mode": None if ex.mode is None else ex.mode.value,
            "leader": ex.leader,
            "leader_done": ex.leader_done,
            "direction": None if ex.direction is None else ex.direction.name,
            "partners": list(ex.partners),
            "moved": list(ex.moved),
        },
        "outcome": None
        if state.outcome is None
        else {
            "termination": state.outcome.termination.value,
            "winner": None if state.outcome.winner is None else int(state.outcome.winner),
        },
        "variant": state.variant.value,
        "format": state.format.to_dict(),
        "rulings": state.rulings.to_dict(),
        "draft": _cards(state.draft),
        "exchange_pending": state.exchange_pending,
        "skipped": [
            [int(s.side), s.card.value, s.slot.value, s.face_up, s.seen] for s in state.skipped
        ],
        "preset": state.preset,
    }


def state_from_dict(data: dict[str, Any]) -> GameState:
    """The inverse of ``state_to_dict``; raises ``InvalidRecordError`` on a wrong version."""
    if data.get("v") != STATE_VERSION:
        raise InvalidRecordError("bad_state_version", f"unknown state version {data.get('v')!r}")
    ex = data["execution"]
    out = data["outcome"]
    red, blue = (_unside(s) for s in data["sides"])
    return GameState(
        board=tuple(None if p is None else _unpiece(p) for p in data["board"]),
        sides=(red, blue),
        stock=Stock(*data["stock"]),
        phase=Phase(data["phase"]),
        to_act=None if data["to_act"] is None else Side(data["to_act"]),
        ply=data["ply"],
        turn=data["turn"],
        played_this_turn=data["played_this_turn"],
        execution=None
        if ex is None
        else Execution(
            card=CardKind(ex["card"]),
            slot=Slot(ex["slot"]),
            mode=None if ex["mode"] is None else Mode(ex["mode"]),
            leader=ex["leader"],
            leader_done=ex["leader_done"],
            direction=None if ex["direction"] is None else Direction[ex["direction"]],
            partners=tuple(ex["partners"]),
            moved=tuple(ex.get("moved", ())),
        ),
        outcome=None
        if out is None
        else Outcome(
            Termination(out["termination"]),
            None if out["winner"] is None else Side(out["winner"]),
        ),
        format=_format(data),
        rulings=Rulings.from_dict(data["rulings"]),
        draft=_uncards(data.get("draft")),
        exchange_pending=bool(data.get("exchange_pending", False)),
        skipped=tuple(
            SkippedCard(Side(side), CardKind(card), Slot(slot), bool(face_up), bool(seen))
            for side, card, slot, face_up, seen in data.get("skipped", ())
        ),
        preset=bool(data.get("preset", False)),
    )


def _format(data: dict[str, Any]) -> GameFormat:
    """The stored format; a state cached before formats existed holds only its variant."""
    if "format" in data:
        return GameFormat.from_dict(data["format"])
    return GameFormat(variant=Variant(data["variant"]))
