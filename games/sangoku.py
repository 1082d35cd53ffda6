"""三国盛衰記 (Sangoku Seisuiki, 2nd edition): a multi-player game played over the board. It has
no English edition: its English name is the Hepburn romanisation of the title.

2 to 11 players sit at one table (3–5 recommended), each taking a great power of the chosen
scenario; the game ends when the scenario's 「ゲーム終了」 card is revealed, and the powers are
ranked by victory points (national strength plus cities of controlled areas). A power can be
destroyed before the end; it ranks below every survivor. There is no chess clock: a session
time limit with a hard stop fits the game (docs/tournaments.md, "Ranked tables").
"""

from django.utils.translation import gettext_lazy as _

from games import register
from games.base import GameDefinition, ScoreSpec, TableKind, Timing, TimingKind

SANGOKU = register(
    GameDefinition(
        key="sangoku_seisuiki",
        name=_("Sangoku Seisuiki (三国盛衰記)"),
        short_name=_("Sangoku Seisuiki"),
        table=TableKind.RANKED_TABLE,
        players=(2, 11),
        draws=False,  # no draws: equal victory points share a place instead
        timing=Timing(TimingKind.SESSION, minutes=240),
        score=ScoreSpec(code="victory_points", label=_("victory points"), minimum=0),
        notes=(
            _("Edition: 2nd edition (2007); the event names the errata it applies."),
            _("Diplomacy rules (sections 7, 11–15 and 17) are optional: the event says on or off."),
            _(
                "3–5 players at a table are recommended. A scenario seats at most as many "
                "players as it has playable powers: 3 in scenarios 6–8, up to 11 in scenario 2; "
                "with fewer players the other powers play as minor states."
            ),
        ),
    )
)
