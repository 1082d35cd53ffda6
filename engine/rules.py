"""The rules as pure functions: ``new_game``, ``legal_actions``, ``apply_action``, ``outcome``.

A game is a sequence of decisions (``engine.actions``). After each decision the engine runs
everything automatic until the next decision is due: skipping cards that cannot be executed,
moving executed cards to the deck bottom and sliding the queue, the Rest step (LP gain and
drawing up to three) and the change of turn (RULES.md §6).

War turn of one player (§6): military action (execute the 疾風伝令 card, then the 1st card) →
command (``play`` one or more cards, then ``end`` or ``dispatch``) → Rest, automatic → the
opponent's turn. ``clock_side`` tells whose clock runs under the official tournament rules
(§15), so the clock switches exactly where the rules press it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import deployment, effects, expansion_cards, preparation
from .actions import (
    DISPATCH,
    END,
    PLAYS,
    Action,
    ArrangeCards,
    ChooseDeck,
    ChooseGeneral,
    Deploy,
    DeployFence,
    EndCommand,
    Exchange,
    KeepHand,
    Pick,
    PlayCard,
    Prepare,
)
from .errors import IllegalActionError
from .execution import apply_execution, follow_actions, leader_actions
from .formats import BASIC_FORMAT, GameFormat
from .rulings import RECOMMENDED, Rulings
from .start import StartPosition, start_state
from .state import (
    DEPLOYMENT,
    DRAFT,
    FIRST,
    OVER,
    PREPARE,
    SETUP,
    SWIFT,
    WAR,
    Execution,
    GameState,
    Outcome,
    Phase,
    QueuedCard,
    SideState,
    SkippedCard,
    Slot,
    Termination,
    Variant,
    copier,
    evolve,
)
from .types import (
    BASIC_DECK,
    CARD_ORDER,
    HAND_SIZE,
    QUEUE_LIMIT,
    SQUARES,
    SWIFT_DISPATCH_COST,
    CardKind,
    Side,
)


def new_game(
    *,
    variant: Variant = Variant.BASIC,
    rulings: Rulings = RECOMMENDED,
    format: GameFormat | None = None,
    start: StartPosition | None = None,
) -> GameState:
    """The first position: empty board, 18 LP each, full stock, Red to act.

    ``format`` names the game format (default: the basic game, or the default format of
    ``variant``). A deck-build game opens with its draft, expansion option 2 with the
    preparation of the expansion cards; option 1 deals the prepared cards here.

    ``start`` is a custom start position (engine.start): the game opens at set-up on its
    board, Red to choose its general (after the draft or the expansion-card preparation when
    the format chooses what the position leaves open); a side whose hand and deck are fixed
    skips its card arrangement. Raises ``StartPositionError`` (a ``start_*`` code) when the
    position does not fit the format or the rulings.
    """
    if format is None:
        format = BASIC_FORMAT if variant is Variant.BASIC else GameFormat(variant=variant)
    if start is not None:
        return start_state(start, format=format, rulings=rulings)
    state = GameState(board=tuple(None for _ in SQUARES), format=format, rulings=rulings)
    return preparation.initial_state(state) if not format.is_basic else state


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal decision for ``state.to_act``, in a fixed, deterministic order."""
    side = state.to_act
    if side is None:
        return ()
    found = _found
    if found[0] is state:
        return found[1]
    if state.phase is DEPLOYMENT:
        return tuple(deployment.deployment_actions(state, side))
    if state.phase is DRAFT:
        return tuple(preparation.draft_actions(state))
    if state.phase is PREPARE:
        return tuple(preparation.prepare_actions(state))
    if state.exchange_pending:
        return tuple(preparation.exchange_actions(state, side))
    if state.phase is SETUP:
        own = state.sides[side]
        if own.general is None:
            return tuple(deployment.general_actions(state, side))
        return deployment.arrangements(own_cards(state, side))
    if state.execution is not None:
        if state.execution.leader is None:
            return tuple(leader_actions(state))
        return tuple(follow_actions(state))
    return tuple(_command_actions(state, side))


def own_cards(state: GameState, side: Side) -> tuple[CardKind, ...]:
    """The seven cards a player plays with: the basic deck (RULES.md §1.5) unless a deck was
    built (§13.2) or the 軍師の閃き exchange swapped one (§13.1)."""
    return state.sides[side].cards or BASIC_DECK


#: The play decisions of each hand met so far, in hand order, one per kind of card. A hand is a
#: sorted tuple of at most three cards (HAND_SIZE) of the card kinds: the table stays small.
#: Two threads filling the same entry at once only compute the same value twice.
_PLAYS_OF: dict[tuple[CardKind, ...], tuple[Action, ...]] = {}


def _command_actions(state: GameState, side: Side) -> list[Action]:
    own = state.sides[side]
    result: list[Action] = []
    if own.queued_count < QUEUE_LIMIT:
        plays = _PLAYS_OF.get(own.hand)
        if plays is None:
            plays = _PLAYS_OF[own.hand] = tuple(PLAYS[card] for card in dict.fromkeys(own.hand))
        result.extend(plays)
    if state.played_this_turn > 0:
        result.append(END)
        if own.lp >= SWIFT_DISPATCH_COST and own.queue and own.swift is None:
            result.append(DISPATCH)
    return result


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``IllegalActionError`` and changes nothing if illegal."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("game_over", "the game is over")
    if action not in legal_actions(state):
        raise IllegalActionError(
            "illegal_action",
            f"{action.to_str()!r} is not legal now ({describe_step(state)})",
        )
    return apply_unchecked(state, action)


def describe_step(state: GameState) -> str:
    """A short English description of the decision due, for error details and logs."""
    if state.to_act is None:
        return "game over"
    who = state.to_act.label
    if state.phase is Phase.DEPLOYMENT:
        return f"{who} to deploy"
    if state.phase is Phase.DRAFT:
        return f"{who} to draft"
    if state.phase is Phase.PREPARE:
        return f"{who} to prepare expansion cards"
    if state.exchange_pending:
        return f"{who} to exchange or keep"
    if state.phase is Phase.SETUP:
        own = state.sides[state.to_act]
        return f"{who} to choose " + ("a general" if own.general is None else "hand and deck")
    if state.execution is not None:
        what = "lead" if state.execution.leader is None else "continue"
        return f"{who} to {what} the execution of {state.execution.card}"
    return f"{who} to command"


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """``apply_action`` without the legality check, for actions taken from ``legal_actions``."""
    side = state.to_act
    assert side is not None
    if state.skipped:  # skips are told once: with the decision whose automatic steps made them
        state = evolve(state, skipped=())
    # The commonest decisions first; each of these two counts itself in its one copy of the state.
    if isinstance(action, PlayCard):
        return _play(state, side, action)
    if isinstance(action, EndCommand):
        return _end_turn(state, side, dispatch=action.dispatch)
    if state.execution is not None and state.phase is WAR and not state.exchange_pending:
        # Counted in the copy that records the execution (the third commonest decisions).
        state, left = apply_execution(state, action, ply=state.ply + 1)
        if left is None:
            return state
        return _remember(state, left) if left else _finish_card(state)
    state = _PLY_COUNTED(state, state.ply + 1)
    if isinstance(action, Deploy):
        placed = effects.place_piece(state, action.kind, action.square, action.facing, side)
        return deployment.after_placement(placed, side)
    if isinstance(action, DeployFence):
        return deployment.after_placement(effects.place_fence(state, action.edge, side), side)
    if isinstance(action, ChooseGeneral):
        piece = state.board[action.square]
        assert piece is not None
        own = evolve(state.sides[side], general=piece.letter)
        state = effects.with_side(state, side, own)
        # A start position may fix the hand and deck (engine.start): set-up ends with the general.
        return _setup_done(state, side) if own.hand else state
    if isinstance(action, ArrangeCards):
        return _arrange(state, side, action)
    if isinstance(action, (Pick, ChooseDeck)):
        return preparation.apply_draft(state, side, action)
    if isinstance(action, Prepare):
        return preparation.apply_prepare(state, side, action)
    assert isinstance(action, (Exchange, KeepHand)), action
    return preparation.apply_exchange(state, side, action)


#: The last state whose decisions applying a decision found anyway, with those decisions: a card
#: is executed only when it has a leader decision, and a chain goes on only while a partner can
#: act. ``legal_actions`` of that very state (frozen, so nothing changed) returns them at once.
_found: tuple[GameState | None, tuple[Action, ...]] = (None, ())


def _remember(state: GameState, actions: list[Action]) -> GameState:
    """Keep ``actions``, the decisions open in ``state``, for ``legal_actions``."""
    global _found  # one shared entry, replaced whole: a concurrent reader sees an old or new pair
    _found = (state, tuple(actions))
    return state


def _arrange(state: GameState, side: Side, action: ArrangeCards) -> GameState:
    own = evolve(state.sides[side], hand=action.hand, deck=action.deck)
    return _setup_done(effects.with_side(state, side, own), side)


def _setup_done(state: GameState, side: Side) -> GameState:
    """``side`` has fixed its general, hand and deck: Blue's set-up, or the war, comes next."""
    if side is Side.RED:
        return evolve(state, to_act=Side.BLUE)
    return _begin_turn(state, state.sides, Side.RED, ply=state.ply, phase=Phase.WAR)


def _play(state: GameState, side: Side, action: PlayCard) -> GameState:
    """Command (§6.2): the card goes to the end of the queue, its face set by alternation."""
    own = state.sides[side]
    hand = list(own.hand)
    hand.remove(action.card)
    own = _CARD_PLACED(
        own,
        tuple(hand),
        (*own.queue, _PLACED[action.card][own.cards_placed % 2]),
        own.cards_placed + 1,
    )
    sides = effects.sides_with(state, side, own)
    return _COMMANDED(state, state.ply + 1, sides, state.played_this_turn + 1)


def _end_turn(state: GameState, side: Side, *, dispatch: bool) -> GameState:
    """Optional 疾風伝令 (§6.3), then Rest (§6.4), then the opponent's turn (§6.5)."""
    own = state.sides[side]
    lp, queue, swift = own.lp, own.queue, own.swift
    if dispatch:
        lp, swift, queue = lp - SWIFT_DISPATCH_COST, queue[0], queue[1:]
    gain = len(queue)  # Q7: highest filled numbered slot; the queue has no gaps
    if swift is not None and state.rulings.rest_gain_counts_swift:
        gain += 1
    drawn = own.deck[: HAND_SIZE - len(own.hand)]
    own = _RESTED(
        own,
        min(state.rulings.lp_cap, lp + gain),
        queue,
        swift,
        tuple(sorted((*own.hand, *drawn), key=CARD_ORDER.__getitem__)),
        own.deck[len(drawn) :],
    )
    sides = effects.sides_with(state, side, own)
    return _begin_turn(state, sides, side.opponent, ply=state.ply + 1, phase=state.phase)


def _begin_turn(
    state: GameState,
    sides: tuple[SideState, SideState],
    to_act: Side,
    *,
    ply: int,
    phase: Phase,
) -> GameState:
    """``to_act``'s war turn begins, ``sides`` as they now stand.

    ``ply`` and ``phase`` are the other results of the decision that led here; like the new
    turn's, they are made in the same copy of the state.
    """
    turn = state.turn + 1
    limit = state.rulings.turn_limit
    if limit is not None and turn > limit:
        state = evolve(state, sides=sides, to_act=to_act, ply=ply, phase=phase)
        return effects.end_game(state, Termination.TURN_LIMIT, None)
    execution = _next_execution(sides[to_act], after=None)
    return _card_due(_TURN_BEGUN(state, execution, sides, to_act, turn, 0, ply, phase))


def _next_execution(own: SideState, *, after: Slot | None) -> Execution | None:
    """The next card of the military action in ``own``'s slots after the slot ``after`` (None:
    from the start): the 疾風伝令 card, then the 1st card; None when command comes next."""
    if after is None and own.swift is not None:
        return _STARTED[own.swift.card][0]
    if after is not FIRST and own.queue:
        return _STARTED[own.queue[0].card][1]
    return None


#: ``_PLACED[card][face_up]``: a card just placed in the queue (``SideState.next_face_up`` is
#: ``cards_placed % 2 == 1``). Frozen values, so one of each serves every game: building a
#: frozen dataclass is slow, and a card is placed every few decisions.
_PLACED: Final = {card: (QueuedCard(card, False), QueuedCard(card, True)) for card in CardKind}
#: ``_STARTED[card][0]`` and ``[1]``: the execution of ``card`` from the 疾風伝令 slot and from
#: the 1st slot, before its leader is chosen (one begins at almost every war turn).
_STARTED: Final = {card: (Execution(card, SWIFT), Execution(card, FIRST)) for card in CardKind}

#: Compiled copies of the commonest changes of a decision (``state.copier``: two to three
#: times faster than ``evolve``), named after what happened.
_Sides = tuple[SideState, SideState]
_COMMANDED: Final[Callable[[GameState, int, _Sides, int], GameState]] = copier(
    GameState, "ply", "sides", "played_this_turn"
)
_PLY_COUNTED: Final[Callable[[GameState, int], GameState]] = copier(GameState, "ply")
_TURN_BEGUN: Final[
    Callable[[GameState, Execution | None, _Sides, Side, int, int, int, Phase], GameState]
] = copier(GameState, "execution", "sides", "to_act", "turn", "played_this_turn", "ply", "phase")
_CARD_FINISHED: Final[Callable[[GameState, Execution | None, _Sides], GameState]] = copier(
    GameState, "execution", "sides"
)
_CARD_PLACED: Final[
    Callable[[SideState, tuple[CardKind, ...], tuple[QueuedCard, ...], int], SideState]
] = copier(SideState, "hand", "queue", "cards_placed")
_RESTED: Final[
    Callable[
        [
            SideState,
            int,
            tuple[QueuedCard, ...],
            QueuedCard | None,
            tuple[CardKind, ...],
            tuple[CardKind, ...],
        ],
        SideState,
    ]
] = copier(SideState, "lp", "queue", "swift", "hand", "deck")
_TO_DECK_BOTTOM: Final[
    Callable[
        [SideState, tuple[CardKind, ...], QueuedCard | None, tuple[QueuedCard, ...]], SideState
    ]
] = copier(SideState, "deck", "swift", "queue")


def _card_due(state: GameState) -> GameState:
    """Set ``state.execution`` up as the card of the military action, skipping cards that cannot
    be executed; None goes on to command, after the 軍師の閃き exchange when it is due (§13.1).

    The caller has made the state's copy with the execution set, and with its own changes (the
    turn's bookkeeping, the slot just emptied).
    """
    execution = state.execution
    side = state.to_act
    assert side is not None
    if execution is None:
        due = preparation.exchange_due(state, side)
        return state if due == state.exchange_pending else evolve(state, exchange_pending=due)
    if execution.card in expansion_cards.AUTOMATIC:  # 兵站強化, 連環の計: no decision
        if not expansion_cards.can_run_automatic(state, side, execution.card):
            return _finish_card(_skip(state, side, execution))
        state, beside = expansion_cards.run_automatic(state, side, execution.card)
        return _finish_card(state, beside=beside)
    actions = leader_actions(state)
    if not actions:
        return _finish_card(_skip(state, side, execution))  # §6.7 / R8: to the deck bottom
    return _remember(state, actions)


def _skip(state: GameState, side: Side, execution: Execution) -> GameState:
    """Note that the card of ``execution`` cannot be executed (§6.7): ``state.skipped`` tells
    it with the decision whose automatic steps reached it."""
    own = state.sides[side]
    queued = own.swift if execution.slot is SWIFT else own.queue[0]
    assert queued is not None
    skipped = SkippedCard(side, queued.card, execution.slot, queued.face_up, queued.seen)
    return evolve(state, skipped=(*state.skipped, skipped))


def _finish_card(state: GameState, *, beside: bool = False) -> GameState:
    """The executed card goes face down to the deck bottom; the queue slides (§6.1, R2).

    With ``beside`` (an executed 連環の計) it goes face up beside the board instead.
    """
    execution = state.execution
    assert execution is not None
    owner = state.to_act if state.to_act is not None else _executing_side(state)
    own = state.sides[owner]
    # Its slot empties: the 疾風伝令 slot, or the 1st slot as the queue slides.
    swift, queue = (None, own.queue) if execution.slot is SWIFT else (own.swift, own.queue[1:])
    if beside:
        own = evolve(own, beside=(*own.beside, execution.card), swift=swift, queue=queue)
    else:
        own = _TO_DECK_BOTTOM(own, (*own.deck, execution.card), swift, queue)
    sides = effects.sides_with(state, owner, own)
    if state.phase is OVER:
        return evolve(state, sides=sides, execution=None)
    return _card_due(_CARD_FINISHED(state, _next_execution(own, after=execution.slot), sides))


def _executing_side(state: GameState) -> Side:
    """After a game-ending execution ``to_act`` is cleared; the winner was executing."""
    assert state.outcome is not None and state.outcome.winner is not None
    return state.outcome.winner


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or None while it goes on."""
    return state.outcome


def clock_side(state: GameState) -> Side | None:
    """Whose clock runs in ``state`` under the official tournament rules (RULES.md §15).

    None before Red's first placement (it is untimed; in a game opening on a start position,
    before Red's general choice) and once the game is over. Otherwise the
    side to act: during deployment the clock is pressed after every placement, in set-up each
    side's clock runs while it fixes its general, hand and deck, and in war the clock passes at
    the end of the mover's Rest. A change of ``clock_side`` between two states is a press.
    """
    if state.phase is Phase.OVER or untimed_segment(state) or _nothing_deployed(state):
        return None
    if state.preset and state.phase is Phase.SETUP and state.sides[Side.RED].general is None:
        return None  # a start position's first timed decision, Red's general, is untimed too
    return state.to_act


def untimed_segment(state: GameState) -> bool:
    """True in the draft and the expansion-card preparation: both clocks stand (§15, Rules 2
    and 3: "the time spent choosing expansion cards is not clocked")."""
    return state.phase is Phase.DRAFT or state.phase is Phase.PREPARE


def timed(state: GameState) -> bool:
    """Whether a clock runs in ``state`` (``clock_side`` is not None)."""
    return clock_side(state) is not None


def _nothing_deployed(state: GameState) -> bool:
    """Before Red's first placement the clocks have not started (§15)."""
    return (
        state.phase is Phase.DEPLOYMENT
        and not any(state.board)
        and not state.sides[0].fences
        and not state.sides[1].fences
    )
