"""The one chokepoint for hidden information: what a seat (or a spectator) may see.

``observe(state, viewer)`` is the only function that turns a ``GameState`` into something a
client receives (a JSON-ready dict). Everything it leaves out is secret (RULES.md §6.8):

* the opponent's general (until the game is over),
* the opponent's hand and deck (only their sizes are public),
* the faces of the opponent's face-down queued cards.

A spectator (``viewer=None``) sees what both players see of each other. ``history_text`` masks a
past decision the same way, for move lists.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, ArrangeCards, ChooseGeneral, PlayCard
from .rules import clock_side, legal_actions
from .state import GameState, Phase, Piece, QueuedCard, SideState
from .types import Side, edge_name, square_name

VIEW_VERSION = 1
HIDDEN = None  # what stands in the place of a secret


def _piece(sq: int, piece: Piece, visible_generals: set[str]) -> dict[str, Any]:
    return {
        "square": square_name(sq),
        "owner": piece.owner.label,
        "kind": piece.kind.value,
        "facing": piece.facing.name,
        "letter": piece.letter,
        "shield": piece.shield,
        "general": piece.letter in visible_generals,
    }


def _card(card: QueuedCard, *, show: bool) -> dict[str, Any]:
    return {"card": card.card.value if show or card.face_up else HIDDEN, "face_up": card.face_up}


def _side(
    own: SideState, *, is_viewer: bool, show_general: bool, state: GameState
) -> dict[str, Any]:
    general_square = None
    if show_general and own.general is not None:
        sq = state.square_of(own.general)
        general_square = square_name(sq) if sq is not None else None
    return {
        "lp": own.lp,
        "fences": sorted(edge_name(e) for e in own.fences),
        "fences_in_hand": own.fences_in_hand,
        "hand": [c.value for c in own.hand] if is_viewer else HIDDEN,
        "hand_count": len(own.hand),
        "deck": [c.value for c in own.deck] if is_viewer else HIDDEN,
        "deck_count": len(own.deck),
        "queue": [_card(c, show=is_viewer) for c in own.queue],
        "swift": _card(own.swift, show=is_viewer) if own.swift is not None else None,
        "next_face_up": own.next_face_up,
        "intruded": [
            {"kind": p.kind.value, "letter": p.letter, "shield": p.shield} for p in own.intruded
        ],
        "intrusion_points": own.intrusion_points,
        "general": own.general if show_general else HIDDEN,
        "general_square": general_square,
        "general_chosen": own.general is not None,
        "setup_done": bool(own.hand or own.deck or own.queue),
    }


def observe(state: GameState, viewer: Side | None) -> dict[str, Any]:
    """What ``viewer`` may know of ``state`` (``None``: a spectator), as a JSON-ready dict."""
    over = state.phase is Phase.OVER
    visible_generals = {
        s.general
        for side, s in zip(Side, state.sides, strict=True)
        if s.general is not None and (over or side is viewer)
    }
    sides = {
        side.label: _side(
            state.sides[side],
            is_viewer=side is viewer,
            show_general=over or side is viewer,
            state=state,
        )
        for side in Side
    }
    execution = None
    if state.execution is not None:
        ex = state.execution
        leader = state.square_of(ex.leader) if ex.leader else None
        execution = {
            "card": ex.card.value,
            "slot": ex.slot.value,
            "mode": ex.mode.value if ex.mode else None,
            "leader": square_name(leader) if leader is not None else None,
            "leader_done": ex.leader_done,
            "direction": ex.direction.name if ex.direction is not None else None,
            "partners": sorted(
                square_name(sq) for p in ex.partners if (sq := state.square_of(p)) is not None
            ),
        }
    running = clock_side(state)
    return {
        "v": VIEW_VERSION,
        "viewer": viewer.label if viewer is not None else None,
        "variant": state.variant.value,
        "phase": state.phase.value,
        "to_act": state.to_act.label if state.to_act is not None else None,
        "clock_side": running.label if running is not None else None,
        "ply": state.ply,
        "turn": state.turn,
        "board": [
            _piece(sq, p, visible_generals) for sq, p in enumerate(state.board) if p is not None
        ],
        "stock": {
            "I": state.stock.infantry,
            "A": state.stock.archer,
            "C": state.stock.cavalry,
            "shields": state.stock.shields,
        },
        "sides": sides,
        "execution": execution,
        "legal_actions": (
            [a.to_str() for a in legal_actions(state)]
            if viewer is not None and viewer is state.to_act
            else []
        ),
        "outcome": (
            {
                "termination": state.outcome.termination.value,
                "winner": (
                    state.outcome.winner.label if state.outcome.winner is not None else None
                ),
            }
            if state.outcome
            else None
        ),
    }


def is_secret(before: GameState, action: Action) -> bool:
    """True when the decision's text would reveal a secret of the side taking it."""
    actor = before.to_act
    if isinstance(action, (ChooseGeneral, ArrangeCards)):
        return True
    if isinstance(action, PlayCard) and actor is not None:
        return not before.sides[actor].next_face_up
    return False


def history_text(before: GameState, action: Action, viewer: Side | None) -> str:
    """The text of a past decision as ``viewer`` may see it (``before``: the state it was taken in).

    Set-up decisions and face-down ``play`` read ``general ?``, ``cards ?`` and ``play ?`` for
    anyone but the side that took them.
    """
    if viewer is before.to_act or not is_secret(before, action):
        return action.to_str()
    if isinstance(action, ChooseGeneral):
        return "general ?"
    if isinstance(action, ArrangeCards):
        return "cards ?"
    return "play ?"
