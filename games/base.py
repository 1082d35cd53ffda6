"""What every game on the platform declares about itself: the registry's one interface.

A game is either **engine-backed** (its ``rules`` object lets the server referee it online:
set-up, legal decisions, per-seat views, clock side, notation) or an **over-the-board game**
(``rules is None``: the platform only times it, if at all, and takes its results). Events and
matches hold a game's ``key``; ``games.get_game(key)`` returns its :class:`GameDefinition`.

The definitions are data, never behaviour switches spread over the code: a page asks the
definition how many players sit at a table, which results exist and which score a result
carries, instead of testing for a particular game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from django.utils.functional import Promise


class TableKind(enum.StrEnum):
    """How a table is played and scored.

    ``HEAD_TO_HEAD``: two players with colours (red moves first); results are win, loss and,
    where the game has one, draw; the pairing systems and brackets apply unchanged.
    ``RANKED_TABLE``: several players at one table; the result is a finishing order (shared
    places allowed), scored as rank points (docs/games.md).
    """

    HEAD_TO_HEAD = "head_to_head"
    RANKED_TABLE = "ranked_table"


class ScoreAggregate(enum.StrEnum):
    """How a player's scores over an event make the "game score" tie-break (code ``GS``).

    ``WON_SUM``: the sum of the player's own score in the games they won (Strategem: the
    winner's remaining HP, i.e. the winning margin). ``DIFFERENCE``: the sum over played games
    of own score minus the opponent's (盤上遊姫: battlefield difference). ``SUM``: the sum of the
    player's own score over played games.
    """

    WON_SUM = "won_sum"
    DIFFERENCE = "difference"
    SUM = "sum"


class TimingKind(enum.StrEnum):
    """``CHESS_CLOCK``: one clock per player, switched at turn boundaries.
    ``SESSION``: one time limit for the whole table, with a hard stop (no per-player clock).
    ``NONE``: untimed."""

    CHESS_CLOCK = "chess_clock"
    SESSION = "session"
    NONE = "none"


@dataclass(frozen=True)
class Timing:
    """A game's recommended time control.

    ``minutes``: per player for a chess clock, for the whole table for a session limit.
    ``increment_seconds``: Fischer increment per decision (chess clock only).
    ``setup_minutes``: a shared set-up countdown before the clocks run (0: none).
    """

    kind: TimingKind
    minutes: int = 0
    increment_seconds: int = 0
    setup_minutes: int = 0

    @property
    def time_control(self) -> str:
        """The ``"<minutes>+<increment>"`` text events and matches store (``""`` when untimed)."""
        if self.kind is TimingKind.NONE:
            return ""
        return f"{self.minutes}+{self.increment_seconds}"


@dataclass(frozen=True)
class ScoreSpec:
    """A number reported with each result that standings may use as a tie-break.

    E.g. Strategem's winner's remaining HP, 盤上遊姫's battlefields won, 三国盛衰記's victory
    points. ``minimum``/``maximum`` bound what a form accepts (``maximum`` None: unbounded).
    """

    code: str
    label: str | Promise
    minimum: int = 0
    maximum: int | None = None
    aggregate: ScoreAggregate = ScoreAggregate.SUM


#: A game's own check of the two scores reported with a decided head-to-head game:
#: ``(winner_score, loser_score, on_time)`` -> a message for the player, or ``None`` when the
#: pair is possible. ``on_time``: the game was decided by the clock (flag fall) or adjudicated
#: at time by an arbiter, where the game's normal end condition need not hold.
ScoreCheck = Callable[[int, int, bool], object | None]

#: A game's own check of the score both players share after a drawn game (a draw always has
#: equal scores, checked by the platform): ``score`` -> a message for the player, or ``None``
#: when a game can be drawn with it (e.g. 盤上遊姫: nobody has taken 4 battlefields).
DrawScoreCheck = Callable[[int], object | None]


@dataclass(frozen=True)
class GameDefinition:
    """One game the platform can run events of.

    ``key`` is stored on events and matches and never changes. ``name`` is what players read
    (translated): in English the game's English name with its printed title as a gloss,
    "Banjō Yūki (盤上遊姫)", in Japanese the printed title. ``short_name`` is the name alone, for
    headings (translated the same way: English "Banjō Yūki", Japanese 盤上遊姫). The English
    name is the publisher's English title where there is one, else the Hepburn romanisation of
    the printed title. ``players`` is the inclusive range of players at one table. ``draws``
    says whether a drawn result exists. ``rules`` is the engine adapter for online play,
    ``None`` for an over-the-board game.
    """

    key: str
    name: str | Promise
    table: TableKind
    players: tuple[int, int]
    draws: bool
    timing: Timing
    score: ScoreSpec | None = None
    rules: GameRules | None = None
    notes: tuple[str | Promise, ...] = field(default_factory=tuple)
    score_check: ScoreCheck | None = None
    draw_score_check: DrawScoreCheck | None = None
    short_name: str | Promise = ""

    @property
    def over_the_board_only(self) -> bool:
        return self.rules is None

    @property
    def title(self) -> str | Promise:
        """The name alone, as a heading shows it (``short_name``, else ``name``)."""
        return self.short_name or self.name


# ------------------------------------------------------------------------ the engine interface


class RulesError(ValueError):
    """The one error a game's rules raise on bad input.

    ``kind`` says whose fault it is: ``"invalid"`` — the text is not a decision (or set-up,
    or record) of this game at all; ``"illegal"`` — a well-formed decision the rules do not
    allow in this position. ``code`` is the game's stable code (shown to clients as a
    detail, never translated here); ``detail`` is English for logs and names only what the
    acting player already knows.
    """

    def __init__(self, kind: Literal["invalid", "illegal"], code: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How a game ended by its rules: the winning seat (``None``: nobody, e.g. a draw or a
    non-official cap) and the termination code (one of the game's ``terminations``)."""

    winner: int | None
    termination: str


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What a game record says, game-neutrally: the set-up it starts from (the same keys as
    :meth:`GameRules.new_game` returns), the decisions in notation, the players' names by seat
    label and the stated result (``{"winner": label | None, "method": code}`` or ``None``)."""

    setup: dict[str, Any]
    actions: tuple[str, ...]
    players: dict[str, str]
    result: dict[str, Any] | None


@runtime_checkable
class GameRules(Protocol):
    """The referee of an engine-backed game: what ``matches/`` and ``tournaments/`` may ask.

    **Seats** are clock seats: ``0`` is the first seat (red), ``1`` the second; ``None`` as a
    viewer is a spectator. **States**, **decisions** and **records** are the game's own
    objects, opaque to the platform: it only passes them back. A state never leaves the
    server except through :meth:`view` and :meth:`history_text`, the game's chokepoints for
    hidden information.

    **Set-up** is a JSON-able dict with the match's set-up columns: ``variant`` (the game's
    variant key), ``game_format`` (its options, including any deal seed, which stays on the
    server), ``rulings`` (rule options) and ``start_position`` (a fixed opening or ``None``).
    A game leaves the ones it has no use for empty.
    """

    #: Every termination code :meth:`outcome` may report (each is a ``Match.Method`` value).
    terminations: tuple[str, ...]
    #: The ``format`` tag of the game's record files (e.g. ``"gunshi-record"``).
    record_format: str

    # -- set-up and state ------------------------------------------------------------------
    def new_game(self, options: Mapping[str, Any]) -> tuple[dict[str, Any], Any]:
        """Check and complete ``options`` (the set-up keys, possibly in the game's own object
        forms, plus ``seed``: the deal seed, random when ``None``); return the canonical
        set-up to store and the first state. Bad options raise ``RulesError("invalid")``."""
        ...

    def initial_state(self, setup: Mapping[str, Any]) -> Any:
        """The first state of a stored set-up (as :meth:`new_game` returned it)."""
        ...

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        """The state as JSON-able data (every secret included: server-side storage only)."""
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The inverse of :meth:`state_to_dict`."""
        ...

    def ply(self, state: Any) -> int:
        """The number of decisions taken to reach ``state`` (each decision adds one)."""
        ...

    def to_act(self, state: Any) -> int | None:
        """The seat whose decision the game waits for; ``None`` once it is over (or, in a
        simultaneous segment, when no single seat is asked)."""
        ...

    def can_act(self, state: Any, seat: int) -> bool:
        """True when ``seat``'s decision is asked now (in a simultaneous segment, such as a
        set-up both seats submit at once, more than one seat may be)."""
        ...

    # -- decisions -------------------------------------------------------------------------
    def parse_action(self, text: str) -> Any:
        """The decision written ``text``; ``RulesError("invalid")`` if it is not one."""
        ...

    def action_text(self, action: Any) -> str:
        """The canonical notation of a decision (what the action log stores)."""
        ...

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; ``RulesError("illegal")`` if the rules forbid it
        (``state`` is never changed)."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        """The texts of the decisions ``seat`` may take now (empty when it is not asked)."""
        ...

    def outcome(self, state: Any) -> GameOutcome | None:
        """How the game ended by its rules, or ``None`` while it goes on."""
        ...

    # -- hidden information ----------------------------------------------------------------
    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` may know of ``state`` as a JSON-ready dict, with at least
        ``to_act`` (seat label or ``None``) and ``legal_actions`` (texts; empty unless
        ``viewer`` is asked)."""
        ...

    def is_secret(self, before: Any, action: Any) -> bool:
        """True when the decision's text would reveal something its opponent may not know."""
        ...

    def history_text(self, before: Any, action: Any, viewer: int | None) -> str:
        """The text of a past decision (taken in ``before``) as ``viewer`` may read it."""
        ...

    # -- the clock -------------------------------------------------------------------------
    def clock_side(self, state: Any) -> int | None:
        """The seat whose clock runs in ``state``; ``None`` when none runs (an untimed
        segment, before the clocks start, a simultaneous segment timed on both sides by a
        shared countdown, or the end). A change of clock side between two states is a press."""
        ...

    def untimed_segment(self, state: Any) -> bool:
        """True in a part of the game the clocks never time (both stand)."""
        ...

    def always_press(self, before: Any) -> bool:
        """True when the decision taken in ``before`` is a clock press even if the same seat
        acts again (otherwise only a change of seat is one)."""
        ...

    # -- records ---------------------------------------------------------------------------
    def record(
        self,
        *,
        setup: Mapping[str, Any],
        actions: Sequence[str],
        players: Mapping[str, str],
        result: dict[str, Any] | None,
        meta: Mapping[str, Any],
    ) -> Any:
        """The game record of a game played from ``setup`` (it holds every secret)."""
        ...

    def record_text(self, record: Any) -> str:
        """The record's download form (e.g. JSON text)."""
        ...

    def parse_record(self, text: str) -> Any:
        """A record from its download form; ``RulesError("invalid")`` if it is not one."""
        ...

    def record_summary(self, record: Any) -> RecordSummary:
        """The record's set-up, decisions, players and stated result."""
        ...

    def replay(self, record: Any) -> list[Any]:
        """Every state of the recorded game, the first position included; a decision that
        cannot be parsed or applied raises ``RulesError``."""
        ...


@runtime_checkable
class EndedView(Protocol):
    """Optional hook of a game whose state stays as it was when a match ends outside the game
    (resignation, time, no-show, an arbiter; 軍師軍略), beside :class:`GameRules`: the view of
    that state once the match is over, showing what any finished game shows (e.g. both
    generals, nobody to act) and keeping what stays secret after an end in the game."""

    def ended_view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """``view(state, viewer)`` as it reads after the end of the match."""
        ...


@runtime_checkable
class SimultaneousSetup(Protocol):
    """Optional hooks of a game whose seats set up at the same time under one shared
    countdown (軍棋, RULES.md §3.6 and §11.1), beside :class:`GameRules`.

    In such a segment more than one seat may act (``can_act``), so a decision's text names
    the seat it belongs to; the match layer refuses one sent from another seat. The countdown
    is the match's ``setup_deadline``, enforced like a flag; the game decides what its expiry
    means. A game without these hooks is played exactly as before.
    """

    def action_seat(self, state: Any, action: Any) -> int:
        """The seat ``action`` is taken by."""
        ...

    def setup_countdown_ms(self, state: Any) -> int | None:
        """The shared countdown's length while the set-up segment lasts, else ``None``."""
        ...

    def setup_timeout(self, state: Any) -> tuple[list[tuple[int, str]], Any]:
        """The countdown ran out: the decisions the rules take on the late seats' behalf (as
        ``(seat, text)``, e.g. random set-ups) and the state after them (possibly over)."""
        ...

    def conclude(self, state: Any, winner: int | None, method: str) -> Any:
        """The state ended by a result decided outside the game (resignation, time, no-show,
        an arbiter; ``method`` a ``Match.Method`` value), so its views show what any finished
        game shows."""
        ...
