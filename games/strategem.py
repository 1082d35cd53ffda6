"""Strategem: a two-player card game played over the board (profile: other-games.md §1).

Each player starts at 25 HP; a player at 0 HP loses at once (if both reach 0 together the
holder of 加護 wins). HP can rise above 25 (a matched defence heals 1), so the score has no
maximum. The result carries both players' final HP; the "game score" tie-break sums the HP a
player kept in the games they won (the loser is at 0, so this is the winning margin).

Draws exist only in the rules' gaps (both at 0 with 加護 unowned; the loot deck runs out with
equal HP and no 加護 holder) and at time.
"""

from django.utils.translation import gettext_lazy as _

from games import register
from games.base import (
    GameDefinition,
    ScoreAggregate,
    ScoreSpec,
    TableKind,
    Timing,
    TimingKind,
)


def check_hp(winner: int, loser: int, on_time: bool) -> object | None:
    """A game played to its end stops when a player reaches 0 HP, so the loser is at 0 (the
    winner too when both reached 0 together and 加護 decided). On time (a flag fall, or an
    arbiter's adjudication at the round timer) the loser may have HP left, so nothing more is
    checked then."""
    if on_time:
        return None
    if loser != 0:
        return _("In Strategem the loser ends at 0 HP (unless the game was decided on time).")
    return None


STRATEGEM = register(
    GameDefinition(
        key="strategem",
        name=_("Strategem"),
        table=TableKind.HEAD_TO_HEAD,
        players=(2, 2),
        draws=True,
        timing=Timing(TimingKind.CHESS_CLOCK, minutes=25),
        score=ScoreSpec(
            code="hp",
            label=_("Final HP"),
            minimum=0,
            maximum=None,
            aggregate=ScoreAggregate.WON_SUM,
        ),
        score_check=check_hp,
        notes=(
            _(
                "The rules give no playing time: about 30–45 minutes. A chess clock of 25 "
                "minutes each is recommended; the town phase is a simultaneous secret "
                "placement, so an organiser may use a 50-minute round timer instead and "
                "adjudicate at time (higher HP wins; equal HP: the holder of 加護; otherwise a "
                "draw)."
            ),
            _("Report the final HP of both players with the result."),
        ),
    )
)
