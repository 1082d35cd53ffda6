"""The rules as pure functions: new game, legal actions, apply, outcome, clocks and timeouts.

``apply_action(state, action)`` returns a new state or raises ``IllegalActionError`` (and never
half-applies: the old state is untouched, being frozen). Combat follows the table of §6.2:

* ranked attacker against a ranked defender: the higher rank wins, equal ranks are both removed;
* anything against a bomb, or a bomb against anything: both removed;
* against a mine: an engineer wins; any other ranked piece loses, the mine staying (J8), or both
  are removed under 爆発地雷 (§9.2); a bomb and a mine are both removed;
* against the flag: the flag is taken, by a bomb too (J9); under 軍旗をかつぐ it is picked up by
  a ranked attacker, and a bomb loses against it (§9.3 a).

Removing a side's 司令 turns its flag face up (§6.5, J11). After each move the end of the game
is checked in this fixed order:

1. flag taken (§7.1), or carried home under 軍旗をかつぐ (§9.3 d);
2. the side now to move has no legal move: it loses (§7.2), or the game is drawn if the side
   that just moved has none either (J14);
3. ``no_combat_limit`` consecutive plies without combat: drawn (J15).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from .actions import AcceptDraw, Action, DeclineDraw, Move, OfferDraw, Resign, SubmitSetup
from .errors import IllegalActionError
from .movement import has_move, is_legal, moves
from .options import Options, SetupTimeoutPolicy
from .setup import Setup, random_setup
from .state import (
    ATTACKER_WINS,
    BOTH_REMOVED,
    DEFENDER_WINS,
    FLAG_TAKEN,
    GameState,
    Outcome,
    Phase,
    Piece,
    Ply,
    Termination,
    copy_with,
)
from .types import BOMB, ENGINEER, FLAG, MARSHAL, MINE, STATION_COUNT, Side, station_name

_EMPTY_BOARD: tuple[Piece | None, ...] = (None,) * STATION_COUNT
_PIECES = {(side, code): Piece(side, code) for side in Side for code in "987654321BMF"}


def new_game(options: Options | None = None) -> GameState:
    """A game in the set-up phase (§3.6): an empty board, both set-ups pending."""
    return GameState(options=options or Options(), phase=Phase.SETUP, board=_EMPTY_BOARD)


def outcome(state: GameState) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.outcome


def clock_side(state: GameState) -> Side | None:
    """Whose clock runs: ``None`` during set-up (one shared countdown, §11.1) and after the end;
    otherwise the side to move (§11.2)."""
    return state.to_move if state.phase is Phase.PLAY else None


def acting_sides(state: GameState) -> tuple[Side, ...]:
    """The sides that owe an action now: those without a set-up, or the side to move."""
    if state.phase is Phase.SETUP:
        return tuple(side for side in Side if state.setups[side] is None)
    if state.phase is Phase.PLAY:
        return (state.to_move,)
    return ()


def actor(state: GameState, action: Action) -> Side:
    """The side an action is taken by (the match layer checks it is the requesting player)."""
    if isinstance(action, SubmitSetup | Resign):
        return action.side
    if isinstance(action, AcceptDraw | DeclineDraw) and state.draw_offer is not None:
        return state.draw_offer.opponent
    return state.to_move


def legal_moves(state: GameState, side: Side | None = None) -> tuple[Move, ...]:
    """The legal moves of ``side`` (default: the side to move); empty outside play."""
    if state.phase is not Phase.PLAY:
        return ()
    side = state.to_move if side is None else side
    if side is not state.to_move:
        return ()
    return tuple(Move(a, b) for a, b in moves(state, side))


def legal_actions(state: GameState, side: Side) -> tuple[Action, ...]:
    """Everything ``side`` may do now, in a fixed order: moves (sorted), draw actions, resign.

    During set-up a side without a set-up may submit any valid set-up (too many to list: none is
    listed) or resign.
    """
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.SETUP:
        return (Resign(side),)
    out: list[Action] = list(legal_moves(state, side))
    if _may_offer(state, side):
        out.append(OfferDraw())
    if state.draw_offer is side.opponent:
        out += [AcceptDraw(), DeclineDraw()]
    out.append(Resign(side))
    return tuple(out)


def _may_offer(state: GameState, side: Side) -> bool:
    return (
        state.options.draw_offers
        and side is state.to_move
        and state.draw_offer is None
        and state.draw_offer_ply != state.ply
    )


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises ``IllegalActionError`` (nothing is changed)."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("game.over", "the game is over")
    if isinstance(action, Resign):
        return _end(state, Outcome(action.side.opponent, Termination.RESIGN))
    if isinstance(action, SubmitSetup):
        return _submit(state, action.setup)
    if state.phase is not Phase.PLAY:
        raise IllegalActionError("phase.setup", "play has not started")
    if isinstance(action, Move):
        if not is_legal(state, state.to_move, action.src, action.dst):
            raise IllegalActionError("move.illegal", f"{action.text} is not a legal move")
        return apply_move(state, action.src, action.dst)
    if isinstance(action, OfferDraw):
        if not state.options.draw_offers:
            raise IllegalActionError("draw.disabled", "draw offers are not allowed")
        if not _may_offer(state, state.to_move):
            raise IllegalActionError("draw.offer", "a draw may be offered once per own turn")
        return _replace(state, draw_offer=state.to_move, draw_offer_ply=state.ply)
    if state.draw_offer is None:
        raise IllegalActionError("draw.none", "no draw offer is pending")
    if isinstance(action, AcceptDraw):
        return _end(state, Outcome(None, Termination.DRAW_AGREED))
    return _replace(state, draw_offer=None)


def apply_timeout(state: GameState, side: Side) -> GameState:
    """``side``'s clock ran out in play: it loses (§7.5, §11.2, J18; no exception)."""
    if state.phase is not Phase.PLAY:
        raise IllegalActionError("timeout.phase", "a play clock runs only during play")
    return _end(state, Outcome(side.opponent, Termination.TIME))


def apply_setup_timeout(
    state: GameState,
    sides: Iterable[Side] | None = None,
    *,
    defaults: Mapping[Side, Setup] | None = None,
    rng: random.Random | None = None,
) -> GameState:
    """The shared set-up countdown ended (§11.1, J13) for ``sides`` (default: all without one).

    Each such side gets its stored default set-up from ``defaults`` when it has one; otherwise,
    with ``setup_timeout_policy=RANDOM``, a random legal set-up from ``rng``; otherwise it loses
    (SETUP_TIMEOUT; both losing gives no winner).
    """
    if state.phase is not Phase.SETUP:
        raise IllegalActionError("timeout.phase", "the set-up phase is over")
    pending = [s for s in (Side if sides is None else sides) if state.setups[s] is None]
    losers = []
    for side in pending:
        setup = (defaults or {}).get(side)
        if setup is None and state.options.setup_timeout_policy is SetupTimeoutPolicy.RANDOM:
            if rng is None:
                raise IllegalActionError("timeout.rng", "a random set-up needs a random source")
            setup = random_setup(side, rng)
        if setup is None:
            losers.append(side)
        else:
            state = _submit(state, setup)
    if not losers:
        return state
    winner = losers[0].opponent if len(losers) == 1 else None
    return _end(state, Outcome(winner, Termination.SETUP_TIMEOUT))


def apply_arbiter_result(state: GameState, winner: Side | None) -> GameState:
    """An arbiter sets the result (§7.6 ARBITER); ``None`` is a draw."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("game.over", "the game is over")
    return _end(state, Outcome(winner, Termination.ARBITER))


def _replace(state: GameState, **changes: object) -> GameState:
    return copy_with(state, changes)


def _end(state: GameState, result: Outcome) -> GameState:
    return _replace(state, phase=Phase.OVER, outcome=result, draw_offer=None)


def _submit(state: GameState, setup: Setup) -> GameState:
    side = setup.side
    if state.phase is not Phase.SETUP:
        raise IllegalActionError("setup.phase", "the set-up phase is over")
    if state.setups[side] is not None:
        raise IllegalActionError("setup.final", "a submitted set-up is final (§3.6)")
    setups = (setup, state.setups[1]) if side is Side.RED else (state.setups[0], setup)
    red, blue = setups
    if red is None or blue is None:
        return _replace(state, setups=setups)
    cells: list[Piece | None] = [None] * STATION_COUNT
    homes: list[int | None] = [None, None]
    for s_up in (red, blue):
        for s, code in s_up.placement().items():
            cells[s] = _PIECES[s_up.side, code]
            if code == FLAG:
                homes[s_up.side] = s
    started = _replace(
        state,
        setups=setups,
        phase=Phase.PLAY,
        board=tuple(cells),
        to_move=Side.RED,
        flag_home=(homes[0], homes[1]),
    )
    return _check_stuck(started, mover=Side.BLUE)


def _combat(options: Options, a: str, d: str) -> str:
    """§6.2: the result class of attacker ``a`` against defender ``d`` (codes)."""
    if d == FLAG:
        return FLAG_TAKEN
    if a == BOMB or d == BOMB:
        return BOTH_REMOVED
    if d == MINE:
        if a == ENGINEER:
            return ATTACKER_WINS
        return BOTH_REMOVED if options.exploding_mines else DEFENDER_WINS
    ra, rd = int(a), int(d)
    if ra > rd:
        return ATTACKER_WINS
    return BOTH_REMOVED if ra == rd else DEFENDER_WINS


def apply_move(state: GameState, src: int, dst: int) -> GameState:
    """Play a move known to be legal (no legality check: ``apply_action`` is the checked path)."""
    cells = list(state.board)
    mover = cells[src]
    assert mover is not None
    side = mover.owner
    target = cells[dst]
    options = state.options
    removed = [list(state.removed[0]), list(state.removed[1])]
    revealed = list(state.flag_revealed)
    carried = list(state.flag_carried)
    events: list[str] = []
    result_class = ""
    won = False
    lost_pieces: list[tuple[Piece, int]] = []  # removed pieces and where they stood
    cells[src] = None
    if target is None or target.owner is side:
        # Displacement; under 軍旗をかつぐ possibly the carrier's last move onto its own flag.
        cells[dst] = mover
        won = mover.carrying and dst == state.flag_home[side]
    else:
        result_class = _combat(options, mover.code, target.code)
        if result_class == FLAG_TAKEN and options.carry_flag:
            if mover.code == BOMB:  # §9.3 a: the bomb is removed, the flag stays
                result_class = DEFENDER_WINS
                lost_pieces.append((mover, src))
            else:
                cells[dst] = Piece(side, mover.code, carrying=True)
                carried[target.owner] = True
                events.append(f"C@{station_name(dst)}")
        elif result_class in (ATTACKER_WINS, FLAG_TAKEN):
            cells[dst] = mover
            lost_pieces.append((target, dst))
            won = result_class == FLAG_TAKEN or (mover.carrying and dst == state.flag_home[side])
        elif result_class == DEFENDER_WINS:
            lost_pieces.append((mover, src))
        else:
            cells[dst] = None
            lost_pieces += [(mover, src), (target, dst)]
    for piece, _where in lost_pieces:
        removed[piece.owner].append(piece.code)
    for piece, _where in lost_pieces:
        flag_owner = piece.owner.opponent
        if piece.carrying and not won:  # §9.3 f: the flag returns home
            carried[flag_owner] = False
            home = state.flag_home[flag_owner]
            assert home is not None
            assert cells[home] is None
            cells[home] = _PIECES[flag_owner, FLAG]
            events.append("C-")
    for piece, _where in lost_pieces:
        if piece.code == MARSHAL and not revealed[piece.owner]:  # §6.5, J11
            revealed[piece.owner] = True
            if not carried[piece.owner]:
                home = state.flag_home[piece.owner]
                assert home is not None
                events.append(f"F@{station_name(home)}")
    ply = Ply(
        side,
        src,
        dst,
        mover.code,
        target.code if target is not None and result_class else "",
        result_class,
        tuple(events),
    )
    draw_offer = state.draw_offer if state.draw_offer is side else None
    after = _replace(
        state,
        board=tuple(cells),
        to_move=side.opponent,
        ply=state.ply + 1,
        quiet=0 if result_class else state.quiet + 1,
        flag_revealed=(revealed[0], revealed[1]),
        removed=(tuple(removed[0]), tuple(removed[1])),
        flag_carried=(carried[0], carried[1]),
        draw_offer=draw_offer,
        log=(*state.log, ply),
    )
    if won:
        return _end(after, Outcome(side, Termination.FLAG))
    after = _check_stuck(after, mover=side)
    limit = options.no_combat_limit
    if after.phase is Phase.PLAY and limit is not None and after.quiet >= limit:
        return _end(after, Outcome(None, Termination.DRAW_NO_COMBAT))
    return after


def _check_stuck(state: GameState, mover: Side) -> GameState:
    """§7.2 and J14 at the start of ``state.to_move``'s turn."""
    if has_move(state, state.to_move):
        return state
    if state.options.both_stuck_draw and not has_move(state, mover):
        return _end(state, Outcome(None, Termination.DRAW_NO_MOVE_BOTH))
    return _end(state, Outcome(mover, Termination.NO_MOVE))


#: Terminations the engine reaches by itself after a move (the others come from outside it).
ENGINE_TERMINATIONS = frozenset(
    (
        Termination.FLAG,
        Termination.NO_MOVE,
        Termination.DRAW_NO_COMBAT,
        Termination.DRAW_NO_MOVE_BOTH,
    )
)


def apply_result(state: GameState, result: Outcome) -> GameState:
    """End an unfinished game with a result decided outside the moves (resignation, time,
    set-up timeout, agreed draw, arbiter): how ``replay`` restores a record's end."""
    if result.termination in ENGINE_TERMINATIONS:
        raise IllegalActionError("result.engine", "the engine decides this termination itself")
    if state.phase is Phase.OVER:
        raise IllegalActionError("game.over", "the game is over")
    return _end(state, result)
