"""盤上遊姫 (Banjō Yūki), advanced rules (上級ルール): a two-player card game played over the
board (profile: other-games.md §2). It has no English edition: its English name is the
Hepburn romanisation of the title.

Seven battlefields lie between the players; the first to win four wins the game, so a
finished game ends 4–0 … 4–3 in battlefields. The result carries the battlefields each player
won; the "game score" tie-break is the battlefield difference (§2.5).

The rules have no draw; one can only come from adjudication at time (equal battlefields).
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

BATTLEFIELDS_TO_WIN = 4


def check_battlefields(winner: int, loser: int, on_time: bool) -> object | None:
    """A game played to its end: the winner took 4 battlefields and the loser fewer. On time
    (flag fall or adjudication) the game stopped early: nobody reached 4 except possibly the
    winner, so the loser has fewer than 4."""
    if loser >= BATTLEFIELDS_TO_WIN:
        return _("In Banjō Yūki the loser cannot have won 4 battlefields.")
    if not on_time and winner != BATTLEFIELDS_TO_WIN:
        return _("In Banjō Yūki the winner has won 4 battlefields (unless decided on time).")
    return None


def check_draw_battlefields(battlefields: int) -> object | None:
    """A draw comes only from adjudication at time with equal battlefields, so neither player
    has reached 4 (the game would have ended with a winner)."""
    if battlefields >= BATTLEFIELDS_TO_WIN:
        return _("A drawn game of Banjō Yūki ends before either player has won 4 battlefields.")
    return None


BANJO_YUKI = register(
    GameDefinition(
        key="banjo_yuki",
        name=_("Banjō Yūki (盤上遊姫)"),
        short_name=_("Banjō Yūki"),
        table=TableKind.HEAD_TO_HEAD,
        players=(2, 2),
        draws=True,
        timing=Timing(TimingKind.CHESS_CLOCK, minutes=15),
        score=ScoreSpec(
            code="battlefields",
            label=_("Battlefields won"),
            minimum=0,
            maximum=BATTLEFIELDS_TO_WIN,
            aggregate=ScoreAggregate.DIFFERENCE,
        ),
        score_check=check_battlefields,
        draw_score_check=check_draw_battlefields,
        notes=(
            _(
                "Advanced rules (上級ルール), 2019.12.28 ver1.0; name the errata date in the "
                "event rules."
            ),
            _(
                "The rules have no draw: a draw only comes from adjudication at time with "
                "equal battlefields."
            ),
            _(
                "Chess clock of 15 minutes each, sudden death; a flag fall loses. Alternative: "
                "a 45-minute round timer, then adjudicate (more battlefields wins)."
            ),
        ),
    )
)
