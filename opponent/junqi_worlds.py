"""軍棋: the hidden worlds consistent with what one seat has seen.

The only secret of 軍棋 is the opponent's set-up: which of its 25 pieces stands where (J16: a
combat shows its outcome class, never the ranks). The view a seat receives holds the whole
public move log, each combat with its class (``> < = #``) and events (``F@b1``: a flag turned
face up because its 司令 fell; ``C@``/``C-``: a flag carried and returned, 軍旗をかつぐ). A
**world** is the game replayed with the seat's own set-up and one opponent set-up under which
every decision is legal and the final view, observed from the seat, is the one it holds.

:class:`JunqiBelief` samples worlds in three steps:

1. **Propagation.** Each opponent piece is named by the station it was set up on, and given a
   *domain* of codes: those its set-up station allows (§3: the flag on a headquarters, mines in
   the two back rows, no bomb in the front row), narrowed by the log: a piece that moved is
   neither mine nor flag; a combat against one of the seat's own pieces (whose code it knows)
   keeps the codes that give the class seen (§6.2); a flag turned face up fixes the flag and
   says the opponent piece removed by that move was its 司令, while any other removal before the
   flag turns up was not the 司令. Codes the view shows (a face-up flag; every code under 明棋)
   fix the domain.
2. **Sampling.** A random assignment of the 25 codes (each as many times as §1.2 says) to the
   pieces within their domains, found by randomised backtracking (fewest choices first), then
   mixed by random swaps of two pieces' codes that keep both in their domains: a Markov chain
   whose moves are symmetric, so it drifts towards the uniform law over assignments.
3. **Check.** The assignment is a set-up; the game is replayed with it and kept only if every
   decision is legal and the last view matches. This rejects what the propagation does not
   model (an engineer's turning railway run, J19; the headquarters and flight rules of the
   variants), which is rare and cheap to reject.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from junqi import (
    GameState,
    JunqiError,
    Move,
    Options,
    Setup,
    Side,
    SubmitSetup,
    apply_action,
    new_game,
    observe,
    parse_action,
    parse_station,
)
from junqi.geometry import HEADQUARTERS
from junqi.setup import setup_stations
from junqi.types import BOMB, ENGINEER, FLAG, MARSHAL, MINE, PIECE_COUNTS, rank_row

from .view import PLATFORM_KEYS, SeatView, same_view

__all__ = ["JunqiBelief", "JunqiWorld", "combat_class", "parse_move_text"]

#: Codes that never move (§5.1): a mine and the flag.
IMMOBILE = frozenset({MINE, FLAG})
ALL_CODES = frozenset(PIECE_COUNTS)
RESULT_CLASSES = "<>=#"


def combat_class(options: Options, attacker: str, defender: str) -> str:
    """The outcome class a seat sees when ``attacker`` attacks ``defender`` (§6.2, §9)."""
    if defender == FLAG:
        return "<" if options.carry_flag and attacker == BOMB else "#"
    if BOMB in (attacker, defender):
        return "="
    if defender == MINE:
        if attacker == ENGINEER:
            return ">"
        return "=" if options.exploding_mines else "<"
    ra, rd = int(attacker), int(defender)
    if ra > rd:
        return ">"
    return "=" if ra == rd else "<"


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """One move of the public log: stations, outcome class, ranks when shown, events."""

    src: int
    dst: int
    result: str
    ranks: tuple[str, str] | None
    events: tuple[str, ...]


def parse_move_text(text: str) -> LoggedMove:
    """Read a §10.4 public move text (``a6xa8= F@b1``), or a §10.5 one with ranks."""
    head, *events = text.split()
    ranks = None
    if "[" in head:
        head, bracket = head.split("[", 1)
        attacker, defender = bracket.rstrip("]").split(":")
        ranks = (attacker, defender)
    result = head[-1] if head[-1] in RESULT_CLASSES else ""
    body = head[:-1] if result else head
    src, dst = body.replace("x", "-").split("-")
    return LoggedMove(parse_station(src), parse_station(dst), result, ranks, tuple(events))


def _static_domain(side: Side, station: int) -> frozenset[str]:
    """The codes a set-up may put on ``station`` (§3)."""
    row = station // 5 + 1
    codes = set(ALL_CODES)
    if station not in HEADQUARTERS[side]:
        codes.discard(FLAG)
    if row not in (rank_row(side, 5), rank_row(side, 6)):
        codes.discard(MINE)
    if row == rank_row(side, 1):
        codes.discard(BOMB)
    return frozenset(codes)


@dataclass(frozen=True, slots=True)
class JunqiWorld:
    """A full state consistent with a seat's view, and the opponent set-up it was made with."""

    setup: Setup
    state: GameState


class JunqiBelief:
    """The opponent set-ups consistent with one seat's view (see the module docstring)."""

    def __init__(self, view: SeatView, *, swaps: int = 1000, attempts: int = 40) -> None:
        self.view = view
        self.me = Side(view.seat)
        self.opponent = self.me.opponent
        current = view.current
        self.options = Options.from_dict(dict(current["options"]))
        text = current["sides"][self.me.label]["setup"]
        self.own_setup = Setup.parse(self.me, text) if text else None
        self.stations = setup_stations(self.opponent)
        self.swaps = swaps
        self.attempts = attempts
        self.domains = {} if self.own_setup is None else self._propagate(self.own_setup)
        #: Worlds rejected by the replay check so far (for the docs' figures and tests).
        self.rejected = 0

    # -- 1. propagation ----------------------------------------------------------------------
    def _propagate(self, own_setup: Setup) -> dict[int, frozenset[str]]:
        """Each opponent piece's domain, from its set-up station and the public log."""
        own_codes = own_setup.placement()
        domains = {s: _static_domain(self.opponent, s) for s in self.stations}
        # Pieces are named (own piece?, set-up station); a flag's set-up station is its home.
        board: dict[int, tuple[bool, int]] = {s: (True, s) for s in own_codes}
        board.update({s: (False, s) for s in self.stations})
        carried: dict[tuple[bool, int], tuple[bool, int]] = {}  # carrier -> the flag it carries
        flag_up = False  # the opponent's flag is face up
        for text in self.view.current["moves"]:
            move = parse_move_text(text)
            mover = board.pop(move.src)
            target = board.get(move.dst)
            if not mover[0]:
                domains[mover[1]] &= ALL_CODES - IMMOBILE
            lost: list[tuple[bool, int]] = []
            if move.result and target is not None and mover[0] != target[0]:
                enemy = target if mover[0] else mover
                fitting = self._fitting(own_codes, domains[enemy[1]], mover, target, move)
                domains[enemy[1]] &= fitting
            if move.result == ">" or (move.result == "#" and "C@" not in text):
                lost.append(target) if target is not None else None
                board[move.dst] = mover
            elif move.result == "#" and target is not None:  # 軍旗をかつぐ: the flag is carried
                carried[mover] = target
                board[move.dst] = mover
            elif move.result == "<":
                lost.append(mover)
            elif move.result == "=":
                lost += [mover] if target is None else [mover, target]
                board.pop(move.dst, None)
            else:
                board[move.dst] = mover
            marshal_fell = False
            for event in move.events:
                if event.startswith("F@") and (home := parse_station(event[2:])) in domains:
                    domains[home] &= {FLAG}
                    marshal_fell = True
                elif event == "C-":
                    for carrier in lost:
                        flag = carried.pop(carrier, None)
                        if flag is not None:
                            board[flag[1]] = flag
            flag_away = any(not flag[0] for flag in carried.values())
            for piece in lost:
                if piece[0]:
                    continue
                if marshal_fell:
                    domains[piece[1]] &= {MARSHAL}
                elif not flag_up and not flag_away:
                    domains[piece[1]] -= {MARSHAL}
            flag_up = flag_up or marshal_fell
        for shown in self.view.current["pieces"]:
            if shown["owner"] == self.opponent.label and shown["piece"] != "?":
                where = board.get(parse_station(shown["station"]))
                if where is not None and not where[0]:
                    domains[where[1]] &= {shown["piece"]}
        return domains

    def _fitting(
        self,
        own: Mapping[int, str],
        domain: frozenset[str],
        mover: tuple[bool, int],
        target: tuple[bool, int],
        move: LoggedMove,
    ) -> frozenset[str]:
        """The codes of ``domain`` that give the combat seen (the opponent's piece is the one
        of ``mover`` and ``target`` that is not the seat's; ``own``: the seat's codes)."""
        if move.ranks is not None:
            return frozenset({move.ranks[1] if mover[0] else move.ranks[0]})
        options = self.options
        if mover[0]:
            code = own[mover[1]]
            return frozenset(c for c in domain if combat_class(options, code, c) == move.result)
        code = own[target[1]]
        return frozenset(c for c in domain if combat_class(options, c, code) == move.result)

    # -- 2. sampling ---------------------------------------------------------------------------
    def assignment(self, rng: random.Random) -> dict[int, str] | None:
        """Codes for the opponent's pieces within their domains, or ``None`` if there are none."""
        order = sorted(self.stations, key=lambda s: (len(self.domains[s]), rng.random()))
        left = Counter(PIECE_COUNTS)
        chosen: dict[int, str] = {}
        budget = [20000]

        def place(i: int) -> bool:
            if i == len(order):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            station = order[i]
            codes = [c for c in sorted(self.domains[station]) if left[c] > 0]
            rng.shuffle(codes)
            for code in codes:
                left[code] -= 1
                chosen[station] = code
                if place(i + 1):
                    return True
                left[code] += 1
            chosen.pop(station, None)
            return False

        if not place(0):
            return None
        stations = self.stations
        for _ in range(self.swaps):
            a, b = stations[rng.randrange(len(stations))], stations[rng.randrange(len(stations))]
            ca, cb = chosen[a], chosen[b]
            if ca != cb and cb in self.domains[a] and ca in self.domains[b]:
                chosen[a], chosen[b] = cb, ca
        return chosen

    # -- 3. check ------------------------------------------------------------------------------
    def replay(self, opponent_setup: Setup) -> GameState | None:
        """The game replayed with ``opponent_setup``; ``None`` if it does not fit the view."""
        state = new_game(self.options)
        for line in self.view.history:
            try:
                state = apply_action(state, self.decision(line, opponent_setup))
            except (JunqiError, ValueError):
                return None
        seen = observe(state, self.me)
        if not same_view(seen, self.view.current, skip=PLATFORM_KEYS):
            return None
        return state

    def decision(self, line: str, opponent_setup: Setup) -> Any:
        """The decision behind a history line, the opponent's masked set-up being
        ``opponent_setup`` (a move is read from its public text)."""
        if line == f"setup {self.opponent.label} ?":
            return SubmitSetup(opponent_setup)
        head = line.split()[0]
        if "-" in head or ("x" in head and head[0] in "abcde"):
            move = parse_move_text(line)
            return Move(move.src, move.dst)
        return parse_action(line)

    def sample(self, rng: random.Random) -> JunqiWorld | None:
        """One world (``None`` when no set-up passed the check within ``attempts`` tries)."""
        if self.own_setup is None:
            return None
        for _ in range(self.attempts):
            chosen = self.assignment(rng)
            if chosen is None:
                return None
            setup = Setup(self.opponent, tuple(chosen[s] for s in self.stations))
            state = self.replay(setup)
            if state is not None:
                return JunqiWorld(setup, state)
            self.rejected += 1
        return None


def consistent(view: SeatView, world: JunqiWorld) -> bool:
    """Whether replaying ``world`` gives, decision by decision, the seat's history and views."""
    from junqi import history_text

    belief = JunqiBelief(view, swaps=0, attempts=0)
    me = Side(view.seat)
    state = new_game(belief.options)
    if not same_view(observe(state, me), view.observations[0], skip=PLATFORM_KEYS):
        return False
    for ply, line in enumerate(view.history):
        action = belief.decision(line, world.setup)
        if history_text(state, action, me) != line:
            return False
        state = apply_action(state, action)
        if not same_view(observe(state, me), view.observations[ply + 1], skip=PLATFORM_KEYS):
            return False
    return state == world.state


def domains_text(domains: Mapping[int, frozenset[str]], stations: Sequence[int]) -> str:
    """The domains as text, for failing tests' messages."""
    return " ".join("".join(sorted(domains[s])) for s in stations)
