"""The one chokepoint for hidden information: what a seat (or a spectator) may see.

``observe(state, viewer)`` is the only function that turns a ``GameState`` into something a
client receives (a JSON-ready dict). Everything it leaves out is secret (RULES.md §6.8):

* the opponent's general (until the game is over),
* the opponent's hand and deck (only their sizes are public),
* the faces of the opponent's face-down queued cards (except one the viewer looked at with
  伝令偵察: only the scout sees it, until the card leaves the queue).

Expansion formats (engine.formats) add an ``"expansion"`` entry to the view and to each side
(absent in the basic game, whose views are unchanged): the format (without the seed of the
random deal), whether the clocks stand (draft and preparation), the public draft picks; per side
its seven cards when public (a shared deck-build deck; a secret deck or a hand changed by the
exchange only to its owner), its prepared expansion cards (option 1: nobody until the owner's
exchange; option 2: the owner; option 3: the owner, then everybody once revealed), the cards
it removed by the exchange (the owner; others see the count), a 連環の計 waiting beside the
board, and the public results of 将軍偵察 (a general found is shown to everybody).

``"skipped"`` lists the queued cards that could not be executed (RULES.md §6.7) in the
automatic steps after the last decision: whose, which slot, face up or down, and the card when
the viewer may know it. A skipped card is not executed, so a face-down one stays secret to
the opponent and spectators (§6.8, ruling P11); its owner, and an opponent that looked at it
with 伝令偵察, see it.

A spectator (``viewer=None``) sees what both players see of each other. ``history_text`` masks a
past decision the same way, for move lists; ``skipped_text`` writes a skipped card for them.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Action,
    ArrangeCards,
    ChooseDeck,
    ChooseGeneral,
    Exchange,
    PlayCard,
    Prepare,
)
from .formats import DeckOption, Variant
from .rules import clock_side, legal_actions, untimed_segment
from .state import GameState, Phase, Piece, QueuedCard, SideState, SkippedCard, Slot
from .types import CardKind, Side, edge_name, square_name

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


def _card(card: QueuedCard, *, show: bool, scout: bool = False) -> dict[str, Any]:
    visible = show or card.face_up or (scout and card.seen)
    return {"card": card.card.value if visible else HIDDEN, "face_up": card.face_up}


def _side(
    own: SideState, *, is_viewer: bool, show_general: bool, state: GameState, scout: bool
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
        "queue": [_card(c, show=is_viewer, scout=scout) for c in own.queue],
        "swift": (_card(own.swift, show=is_viewer, scout=scout) if own.swift is not None else None),
        "next_face_up": own.next_face_up,
        "intruded": [
            {"kind": p.kind.value, "letter": p.letter, "shield": p.shield} for p in own.intruded
        ],
        "intrusion_points": own.intrusion_points,
        "general": own.general if show_general else HIDDEN,
        "general_square": general_square,
        "general_chosen": own.general is not None,
        # A start position may fix the cards before set-up: done means the general is chosen too.
        "setup_done": own.general is not None and bool(own.hand or own.deck or own.queue),
    }


def observe(state: GameState, viewer: Side | None, *, ended: bool = False) -> dict[str, Any]:
    """What ``viewer`` may know of ``state`` (``None``: a spectator), as a JSON-ready dict.

    ``ended=True``: the match ended outside the game (resignation, time, no-show, an
    arbiter) while ``state`` was still under way. The view then shows what any finished game
    shows — both generals, phase ``over``, nobody to act, no clock side, no legal decisions —
    while hands, decks and face-down cards stay as secret as after an end in the game.
    """
    over = state.phase is Phase.OVER or ended
    visible_generals = {
        s.general
        for side, s in zip(Side, state.sides, strict=True)
        if s.general is not None and (over or side is viewer or s.general_revealed)
    }
    sides = {
        side.label: _side(
            state.sides[side],
            is_viewer=side is viewer,
            show_general=over or side is viewer or state.sides[side].general_revealed,
            state=state,
            scout=viewer is side.opponent,
        )
        for side in Side
    }
    if not state.format.is_basic:
        for side in Side:
            sides[side.label]["expansion"] = _side_expansion(state, side, viewer)
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
    running = None if ended else clock_side(state)
    to_act = None if ended else state.to_act
    view: dict[str, Any] = {
        "v": VIEW_VERSION,
        "viewer": viewer.label if viewer is not None else None,
        "variant": state.variant.value,
        "phase": Phase.OVER.value if ended else state.phase.value,
        "to_act": to_act.label if to_act is not None else None,
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
        "skipped": [_skipped(s, viewer) for s in state.skipped],
        "legal_actions": (
            [a.to_str() for a in legal_actions(state)]
            if viewer is not None and viewer is to_act
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
    if not state.format.is_basic:
        fmt = state.format.to_dict()
        del fmt["seed"]  # option 1's seed would tell the random deal
        view["expansion"] = {
            "format": fmt,
            "untimed": untimed_segment(state),
            "draft": [c.value for c in state.draft],
            "exchange_pending": state.exchange_pending,
        }
    return view


def skipped_card_visible(skipped: SkippedCard, viewer: Side | None) -> bool:
    """Whether ``viewer`` may know which card was skipped: a face-up card is public, a face-down
    one is known to its owner and to an opponent that looked at it with 伝令偵察."""
    if skipped.face_up or viewer is skipped.side:
        return True
    return skipped.seen and viewer is skipped.side.opponent


def _skipped(skipped: SkippedCard, viewer: Side | None) -> dict[str, Any]:
    show = skipped_card_visible(skipped, viewer)
    return {
        "side": skipped.side.label,
        "card": skipped.card.value if show else HIDDEN,
        "slot": skipped.slot.value,
        "face_up": skipped.face_up,
    }


#: How a skipped card's slot is written in move lists.
_SLOT_TEXT = {Slot.SWIFT: "swift", Slot.FIRST: "1st"}


def skipped_text(skipped: SkippedCard, viewer: Side | None) -> str:
    """A skipped card as a move-list line for ``viewer``: ``skip FN (1st)``, or ``skip ? (1st)``
    for a face-down card the viewer may not know."""
    card = skipped.card.value if skipped_card_visible(skipped, viewer) else "?"
    return f"skip {card} ({_SLOT_TEXT[skipped.slot]})"


def _cards(cards: tuple[CardKind, ...], show: bool) -> list[str] | None:
    return [c.value for c in cards] if show else HIDDEN


def own_exchange_due(state: GameState, side: Side) -> bool:
    """Whether ``side`` is deciding its own 軍師の閃き exchange now (§13.1).

    ``state.exchange_pending`` is global: it says that the side to act is exchanging. Option 1's
    random cards are shown to their owner from its own exchange on (project ruling 4 of
    docs/expansion.md), never because the *opponent* is exchanging.
    """
    return state.exchange_pending and state.to_act is side


def _side_expansion(state: GameState, side: Side, viewer: Side | None) -> dict[str, Any]:
    """The expansion formats' part of a side, masked for ``viewer``."""
    own = state.sides[side]
    fmt = state.format
    over = state.phase is Phase.OVER
    is_owner = viewer is side
    shared_deck = fmt.variant is Variant.DECK_BUILD and fmt.deck_option is not DeckOption.SECRET
    if fmt.expansion_option == 1:
        see_prepared = over or (is_owner and (own.exchange_done or own_exchange_due(state, side)))
    elif fmt.expansion_option == 2:
        see_prepared = over or is_owner
    else:
        see_prepared = over or is_owner or state.phase is not Phase.PREPARE
    return {
        "cards": _cards(own.cards, over or is_owner or shared_deck),
        "prepared": _cards(own.prepared, see_prepared),
        "prepared_count": len(own.prepared),
        "exchange_done": own.exchange_done,
        "removed": _cards(own.removed, over or is_owner),
        "removed_count": len(own.removed),
        "beside": [c.value for c in own.beside],
        "general_revealed": own.general_revealed,
        "not_general": sorted(own.not_general),
    }


def is_secret(before: GameState, action: Action) -> bool:
    """True when the decision's text would reveal a secret of the side taking it."""
    actor = before.to_act
    if isinstance(action, (ChooseGeneral, ArrangeCards, ChooseDeck, Prepare, Exchange)):
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
    if isinstance(action, ChooseDeck):
        return "deck ?"
    if isinstance(action, Prepare):
        return "prepare ?"
    if isinstance(action, Exchange):
        return "exchange ?"
    return "play ?"
