"""What each kind of round result is worth, as the event announced it.

軍師軍略 has no draws: a bout is won, lost, forfeited by one side, or forfeited by both. An
event fixes the points of each of these (Challonge and Swiss-Manager let organisers do the same);
the defaults are the chess-like 1 / 0.

Points are :class:`~fractions.Fraction` values so that standings are exact: an event may award
half a point for a pairing bye, or use 3 / 0 football scoring, and no sum is ever rounded.

Absences (pairing bye, late entry, withdrawal, requested bye) carry their own points in
:class:`~tournaments.pairing.history.Absence`, written when the organiser granted them. The
``pairing_bye`` value here is the default whoever records a pairing bye should write; standings
read the points the absence carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.history import Bout, BoutResult, PlayerId


@dataclass(frozen=True, slots=True)
class PointsScheme:
    """Points per result. Every value is non-negative and a win is worth more than a loss.

    >>> PointsScheme().points_of(Bout(1, red=7, blue=9, result=BoutResult.BLUE_WON), 9)
    Fraction(1, 1)
    """

    win: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    pairing_bye: Fraction = Fraction(1)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    double_forfeit: Fraction = Fraction(0)  # what each of the two absent players gets

    def __post_init__(self) -> None:
        for name in (
            "win",
            "loss",
            "pairing_bye",
            "forfeit_win",
            "forfeit_loss",
            "double_forfeit",
        ):
            value = getattr(self, name)
            if not isinstance(value, Fraction):
                # Accept ints (and exact strings such as "1/2") but store Fractions only.
                value = Fraction(value)
                object.__setattr__(self, name, value)
            if value < 0:
                raise ValueError(f"{name} points must not be negative, got {value}")
        if self.win <= self.loss:
            raise ValueError(f"a win ({self.win}) must be worth more than a loss ({self.loss})")

    @property
    def draw_equivalent(self) -> Fraction:
        """Half-way between a win and a loss.

        A drawn game (a game with draws, e.g. 軍棋) scores this, and FIDE's rules for unplayed
        rounds (C.07 art. 16.3.2 and 16.4.2), phrased in "points awarded for a draw", use it
        (1/2 with the default scheme).
        """
        return (self.win + self.loss) / 2

    def points_of(self, bout: Bout, player: PlayerId) -> Fraction:
        """The points ``player`` earns from ``bout`` (nothing while it is pending)."""
        if player not in (bout.red, bout.blue):
            raise ValueError(f"player {player} is not in this bout")
        result = bout.result
        if result is BoutResult.PENDING:
            return Fraction(0)
        if result is BoutResult.DOUBLE_FORFEIT:
            return self.double_forfeit
        if result is BoutResult.DRAW:
            return self.draw_equivalent
        won = bout.winner == player
        if bout.forfeited:
            return self.forfeit_win if won else self.forfeit_loss
        return self.win if won else self.loss
