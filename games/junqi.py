"""軍棋 (Junqi): the two-player army chess, refereed online by the ``junqi`` engine.

Both players set up secretly at the same time under one shared 5-minute countdown, then play
on Fischer clocks (10 minutes + 5 seconds a move, RULES.md §11). Draws exist (no combat for 60
plies, both sides stuck, an accepted offer).
"""

from django.utils.translation import gettext_lazy as _

from games import register
from games.base import GameDefinition, TableKind, Timing, TimingKind
from games.junqi_rules import RULES

JUNQI = register(
    GameDefinition(
        key="junqi",
        name=_("Junqi (軍棋)"),
        short_name=_("Junqi"),
        table=TableKind.HEAD_TO_HEAD,
        players=(2, 2),
        draws=True,
        timing=Timing(TimingKind.CHESS_CLOCK, minutes=10, increment_seconds=5, setup_minutes=5),
        rules=RULES,
    )
)
