"""What a tournament has played so far, as plain values: the input of pairing and standings.

Pairing systems and tie-breaks are pure functions of this history (no ORM), in the spirit of
Tabbycat's ``draw/generator``. The Django layer builds these values from its models.

Vocabulary:

* A **player** is identified by an ``int`` id; ``seed`` orders players before any game is
  played (rating, registration order or the organiser's choice — lower seed is stronger).
* A **bout** is one pairing of one round: a Red seat (moves first) and a Blue seat. There are no
  draws in 軍師軍略, so a finished bout has a winner, except a double forfeit.
* An **absence** is a round in which a player was not paired against anyone: the pairing bye,
  a round missed before a late entry, or a round missed while withdrawn. Its points are whatever
  the organiser granted (``points``), since events differ.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

PlayerId = int


class Colour(enum.IntEnum):
    """A seat at the board. Red moves first (rulebook: Red has the edge in the war phase)."""

    RED = 0
    BLUE = 1

    @property
    def other(self) -> Colour:
        return Colour(1 - self)


class BoutResult(enum.StrEnum):
    """How a bout ended, as far as standings care."""

    RED_WON = "red_won"  # played to an end: general captured, intrusion, resignation, time
    BLUE_WON = "blue_won"
    RED_WON_BY_FORFEIT = "red_won_by_forfeit"  # Blue did not play (no-show, forfeit)
    BLUE_WON_BY_FORFEIT = "blue_won_by_forfeit"
    DOUBLE_FORFEIT = "double_forfeit"  # neither played; both lose
    DRAW = "draw"  # played to a drawn end (games with draws)
    PENDING = "pending"  # paired, no result yet


class AbsenceKind(enum.StrEnum):
    PAIRING_BYE = "pairing_bye"  # the odd player out, given by the pairing system
    NOT_PLAYING = "not_playing"  # late entry before joining, withdrawn, or requested bye


@dataclass(frozen=True, slots=True)
class Bout:
    round_number: int  # 1-based
    red: PlayerId
    blue: PlayerId
    result: BoutResult = BoutResult.PENDING

    @property
    def winner(self) -> PlayerId | None:
        if self.result in (BoutResult.RED_WON, BoutResult.RED_WON_BY_FORFEIT):
            return self.red
        if self.result in (BoutResult.BLUE_WON, BoutResult.BLUE_WON_BY_FORFEIT):
            return self.blue
        return None

    @property
    def forfeited(self) -> bool:
        return self.result in (
            BoutResult.RED_WON_BY_FORFEIT,
            BoutResult.BLUE_WON_BY_FORFEIT,
            BoutResult.DOUBLE_FORFEIT,
        )

    @property
    def finished(self) -> bool:
        return self.result is not BoutResult.PENDING

    def colour_of(self, player: PlayerId) -> Colour:
        if player == self.red:
            return Colour.RED
        if player == self.blue:
            return Colour.BLUE
        raise ValueError(f"player {player} is not in this bout")

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.blue if self.colour_of(player) is Colour.RED else self.red


@dataclass(frozen=True, slots=True)
class Absence:
    round_number: int
    player: PlayerId
    kind: AbsenceKind
    points: Fraction


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player as pairing sees them."""

    player: PlayerId
    seed: int  # 1 = top seed
    active: bool = True  # False once withdrawn or disqualified: never paired again


@dataclass(frozen=True, slots=True)
class History:
    entrants: tuple[Entrant, ...]
    bouts: tuple[Bout, ...] = ()
    absences: tuple[Absence, ...] = ()

    def bouts_of(self, player: PlayerId) -> tuple[Bout, ...]:
        return tuple(b for b in self.bouts if player in (b.red, b.blue))

    def colours_of(self, player: PlayerId) -> tuple[Colour, ...]:
        """Colours actually played, in round order (forfeited bouts excluded, as FIDE does)."""
        return tuple(
            b.colour_of(player)
            for b in sorted(self.bouts_of(player), key=lambda b: b.round_number)
            if not b.forfeited
        )

    def have_met(self, a: PlayerId, b: PlayerId, *, forfeits_count: bool = True) -> bool:
        """Whether ``a`` and ``b`` were paired; a forfeited bout only if ``forfeits_count``."""
        return any(
            {x.red, x.blue} == {a, b} and (forfeits_count or not x.forfeited) for x in self.bouts
        )
