"""軍棋's referee: the :class:`~games.base.GameRules` adapter over the ``junqi`` engine.

``RULES`` is what ``games.get_game("junqi").rules`` returns. Seats are the engine's sides
(``0`` Red, ``1`` Blue). The platform counts *decisions* (each one adds a ply: a set-up, a
move, a draw offer, an answer to it), the engine counts moves only, so the state the platform
holds is a :class:`JunqiGame`: the engine's state and the number of decisions taken.

**Set-up** (RULES.md §3.6): both seats submit their secret set-up at the same time; the text
``setup red MFM32/…`` is masked to everybody else as ``setup red ?`` until the game is over.
No clock runs meanwhile (``clock_side`` is ``None``): the match layer times the segment with
one shared countdown (``setup_countdown_ms``) and, when it runs out, asks
:meth:`JunqiRules.setup_timeout` for the engine's verdict (§11.1, J13: a random set-up or a
loss, by the ``setup_timeout_policy`` option).

**Set-up options** (``game_format``) are ``junqi.Options`` as a dict (the §9 variants, the draw
rules, the set-up countdown), plus ``seed``: the server's source for random set-ups at a
set-up timeout (a secret, like 軍師軍略's deal seed). The player clocks come from the match's
time control, so the record's ``TimeControl`` tag is what the clocks ran.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import junqi
from clock import InvalidTimeControlError, TimeControl
from games.base import GameOutcome, RecordSummary, RulesError

__all__ = ["METHODS", "RULES", "VARIANT_CHOICES", "JunqiGame", "JunqiRules"]

_SIDES: Final = (junqi.Side.RED, junqi.Side.BLUE)
_LABELS: Final = ("red", "blue")

#: Engine termination -> ``Match.Method`` value (the platform's vocabulary).
METHODS: Final[dict[junqi.Termination, str]] = {
    junqi.Termination.FLAG: "flag",
    junqi.Termination.NO_MOVE: "no_move",
    junqi.Termination.RESIGN: "resignation",
    junqi.Termination.TIME: "timeout",
    junqi.Termination.SETUP_TIMEOUT: "setup_timeout",
    junqi.Termination.DRAW_NO_COMBAT: "draw_no_combat",
    junqi.Termination.DRAW_AGREED: "draw_agreed",
    junqi.Termination.DRAW_NO_MOVE_BOTH: "draw_no_move_both",
    junqi.Termination.ARBITER: "arbiter",
}
_TERMINATIONS: Final = {method: termination for termination, method in METHODS.items()}

#: The §9 variants an event or a challenge may switch on (option name, Japanese name).
VARIANT_CHOICES: Final = tuple(
    (name, junqi.options.VARIANT_LABELS[name]) for name in junqi.options.VARIANT_NAMES
)


@dataclass(frozen=True, slots=True)
class JunqiGame:
    """The platform's state of a 軍棋 game: the engine's state and the decisions taken (the
    match's ply), with the random source seed for set-up timeouts."""

    state: junqi.GameState
    decisions: int = 0
    seed: int = 0


def _side(seat: int | None) -> junqi.Side | None:
    return None if seat is None else _SIDES[seat]


def _options(game_format: Mapping[str, Any] | None, time_control: str | None) -> junqi.Options:
    data = {k: v for k, v in (game_format or {}).items() if k != "seed"}
    try:
        options = junqi.Options.from_dict(data)
    except (junqi.JunqiError, TypeError, ValueError) as exc:
        raise RulesError("invalid", "bad_setup", f"options {data!r}: {exc}") from None
    if time_control:
        try:
            control = TimeControl.parse(time_control)
        except InvalidTimeControlError:
            raise RulesError("invalid", "bad_setup", f"time control {time_control!r}") from None
        options = replace(
            options,
            time_seconds=control.initial_ms // 1000,
            increment_seconds=control.increment_ms // 1000,
        )
    return options


class JunqiRules:
    """The ``junqi`` engine behind the :class:`~games.base.GameRules` interface (see the
    module docstring), with the optional :class:`~games.base.SimultaneousSetup` hooks.
    Stateless: one instance, ``RULES``, serves every match."""

    terminations: tuple[str, ...] = tuple(METHODS.values())
    record_format: str = "junqi-record"

    # -- set-up and state ------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], JunqiGame]:
        """``options``: ``game_format`` (``junqi.Options`` or its dict; default the standard
        game), ``time_control`` (the match's ``"<minutes>+<increment>"``, copied into the
        options), ``seed`` (random when ``None``). ``variant``, ``rulings`` and
        ``start_position`` do not apply (a start position is refused)."""
        if options.get("start_position"):
            raise RulesError("invalid", "bad_setup", "軍棋 has no fixed start positions")
        if options.get("rulings"):
            raise RulesError("invalid", "bad_setup", "軍棋's rulings are set-up options")
        fmt = options.get("game_format")
        if isinstance(fmt, junqi.Options):
            fmt = fmt.to_dict()
        parsed = _options(fmt, options.get("time_control"))
        seed = options.get("seed")
        seed = secrets.randbelow(2**31) if seed is None else int(seed)
        setup = {
            "variant": "basic",
            "game_format": {**parsed.to_dict(), "seed": seed},
            "rulings": {},
            "start_position": None,
        }
        return setup, JunqiGame(junqi.new_game(parsed), 0, seed)

    def initial_state(self, setup: Mapping[str, Any]) -> JunqiGame:
        fmt = setup.get("game_format") or {}
        return JunqiGame(junqi.new_game(_options(fmt, None)), 0, int(fmt.get("seed", 0)))

    def state_to_dict(self, state: JunqiGame) -> dict[str, Any]:
        return {
            "engine": junqi.state_to_dict(state.state),
            "decisions": state.decisions,
            "seed": state.seed,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> JunqiGame:
        return JunqiGame(
            junqi.state_from_dict(dict(data["engine"])),
            int(data["decisions"]),
            int(data.get("seed", 0)),
        )

    def ply(self, state: JunqiGame) -> int:
        return state.decisions

    def to_act(self, state: JunqiGame) -> int | None:
        """The side to move in play; ``None`` during the simultaneous set-up and at the end."""
        if state.state.phase is not junqi.Phase.PLAY:
            return None
        return int(state.state.to_move)

    def can_act(self, state: JunqiGame, seat: int) -> bool:
        """A seat without a set-up during set-up; in play the side to move, and the receiver
        of a pending draw offer (to accept or decline it)."""
        game = state.state
        side = _SIDES[seat]
        if side in junqi.acting_sides(game):
            return True
        return game.phase is junqi.Phase.PLAY and game.draw_offer is side.opponent

    # -- decisions -------------------------------------------------------------------------
    def parse_action(self, text: str) -> junqi.Action:
        try:
            return junqi.parse_action(text)
        except junqi.JunqiError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None

    def action_text(self, action: junqi.Action) -> str:
        return action.text

    def apply(self, state: JunqiGame, action: junqi.Action) -> JunqiGame:
        try:
            after = junqi.apply_action(state.state, action)
        except junqi.JunqiError as exc:
            raise RulesError("illegal", exc.code, exc.detail) from None
        return JunqiGame(after, state.decisions + 1, state.seed)

    def legal_actions(self, state: JunqiGame, seat: int) -> list[str]:
        """The moves, draw decisions and resignation of ``seat`` when it is asked (during
        set-up only ``resign``: the valid set-ups are far too many to list)."""
        if not self.can_act(state, seat):
            return []
        return [a.text for a in junqi.legal_actions(state.state, _SIDES[seat])]

    def outcome(self, state: JunqiGame) -> GameOutcome | None:
        result = state.state.outcome
        if result is None:
            return None
        winner = None if result.winner is None else int(result.winner)
        return GameOutcome(winner, METHODS[result.termination])

    # -- hidden information ----------------------------------------------------------------
    def view(self, state: JunqiGame, viewer: int | None) -> dict[str, Any]:
        """``junqi.observe`` for ``viewer`` (its hidden-information chokepoint), with the
        platform's keys: ``to_act`` (the side to move, ``None`` during set-up and at the end),
        ``may_act`` (``viewer`` is asked now) and ``legal_actions`` (texts)."""
        view = junqi.observe(state.state, _side(viewer))
        view["may_act"] = viewer is not None and self.can_act(state, viewer)
        to_act = self.to_act(state)
        view["to_act"] = None if to_act is None else _LABELS[to_act]
        view["legal_actions"] = [] if viewer is None else self.legal_actions(state, viewer)
        view["decisions"] = state.decisions
        return view

    def is_secret(self, before: JunqiGame, action: junqi.Action) -> bool:
        """A set-up is secret (§3.6, §8.2); moves and draw decisions are public."""
        return isinstance(action, junqi.SubmitSetup)

    def history_text(self, before: JunqiGame, action: junqi.Action, viewer: int | None) -> str:
        if isinstance(action, junqi.SubmitSetup):
            return junqi.history_text(before.state, action, _side(viewer))
        return action.text

    # -- the clock -------------------------------------------------------------------------
    def clock_side(self, state: JunqiGame) -> int | None:
        side = junqi.clock_side(state.state)
        return None if side is None else int(side)

    def untimed_segment(self, state: JunqiGame) -> bool:
        """Never: the set-up is timed by its shared countdown, play by the clocks."""
        return False

    def always_press(self, before: JunqiGame) -> bool:
        return False

    # -- the simultaneous set-up (games.base.SimultaneousSetup) -----------------------------
    def action_seat(self, state: JunqiGame, action: junqi.Action) -> int:
        """The seat a decision is taken by (``setup blue …`` is Blue's, ``accept draw`` the
        offer's receiver's): the match layer refuses one sent from the other seat."""
        return int(junqi.actor(state.state, action))

    def setup_countdown_ms(self, state: JunqiGame) -> int | None:
        """The length of the shared set-up countdown while set-ups are pending, else ``None``."""
        game = state.state
        if game.phase is not junqi.Phase.SETUP:
            return None
        return game.options.setup_seconds * 1000

    def setup_timeout(self, state: JunqiGame) -> tuple[list[tuple[int, str]], JunqiGame]:
        """The countdown ran out: the decisions taken on the late seats' behalf (random
        set-ups, as ``(seat, text)``) and the state after them (over with ``setup_timeout``
        when a seat loses). The random set-ups come from the match's secret seed."""
        game = state.state
        rng = random.Random(f"{state.seed}:{state.decisions}")  # noqa: S311 (not crypto)
        taken: list[tuple[int, str]] = []
        if game.options.setup_timeout_policy is junqi.SetupTimeoutPolicy.RANDOM:
            for side in junqi.acting_sides(game):
                action = junqi.SubmitSetup(junqi.random_setup(side, rng))
                taken.append((int(side), action.text))
                state = self.apply(state, action)
            return taken, state
        ended = junqi.apply_setup_timeout(game, rng=rng)
        return taken, JunqiGame(ended, state.decisions, state.seed)

    def conclude(self, state: JunqiGame, winner: int | None, method: str) -> JunqiGame:
        """End an unfinished state with a result the match layer decided (resignation, time,
        no-show, an arbiter): the view then shows everything, as after any end (§8.5)."""
        if state.state.phase is junqi.Phase.OVER:
            return state
        termination = _TERMINATIONS.get(method, junqi.Termination.ARBITER)
        if termination in junqi.rules.ENGINE_TERMINATIONS:
            termination = junqi.Termination.ARBITER
        ended = junqi.apply_result(state.state, junqi.Outcome(_side(winner), termination))
        return JunqiGame(ended, state.decisions, state.seed)

    # -- records ---------------------------------------------------------------------------
    def record(
        self,
        *,
        setup: Mapping[str, Any],
        actions: Sequence[str],
        players: Mapping[str, str],
        result: dict[str, Any] | None,
        meta: Mapping[str, Any],
    ) -> junqi.GameRecord:
        """The §10.6 record: both set-ups, every ply in full notation, the result."""
        state = self.initial_state(setup)
        for text in actions:
            state = self.apply(state, self.parse_action(text))
        game = state.state
        if result is not None and game.outcome is None:
            winner = result.get("winner")
            seat = _LABELS.index(winner) if winner in _LABELS else None
            game = self.conclude(state, seat, str(result.get("method", ""))).state
        date = str(meta.get("finished_at") or "")[:10].replace("-", ".")
        return junqi.GameRecord.of(
            game,
            event=str(meta.get("event", "")),
            round=str(meta.get("round", "")),
            date=date,
            red=players.get("red", ""),
            blue=players.get("blue", ""),
        )

    def record_text(self, record: junqi.GameRecord) -> str:
        return junqi.record_text(record)

    def parse_record(self, text: str) -> junqi.GameRecord:
        try:
            return junqi.parse_record(text)
        except junqi.JunqiError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None

    def record_summary(self, record: junqi.GameRecord) -> RecordSummary:
        actions = [junqi.SubmitSetup(s).text for s in (record.setup_red, record.setup_blue) if s]
        actions += [junqi.record.parse_ply(text).text for text in record.plies]
        result = None
        if record.outcome is not None:
            winner = record.outcome.winner
            result = {
                "winner": None if winner is None else winner.label,
                "method": METHODS[record.outcome.termination],
            }
        return RecordSummary(
            setup={
                "variant": "basic",
                "game_format": record.options.to_dict(),
                "rulings": {},
                "start_position": None,
            },
            actions=tuple(actions),
            players={"red": record.red, "blue": record.blue},
            result=result,
        )

    def replay(self, record: junqi.GameRecord) -> list[JunqiGame]:
        try:
            states = junqi.replay(record)
        except junqi.JunqiError as exc:
            raise RulesError("invalid", exc.code, exc.detail) from None
        return [JunqiGame(state, i) for i, state in enumerate(states)]


RULES: Final = JunqiRules()
