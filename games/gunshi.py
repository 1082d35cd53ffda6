"""軍師軍略 (Gunshi Gunryaku): the platform's first game, refereed online by ``engine/``."""

from django.utils.translation import gettext_lazy as _

from games import register
from games.base import GameDefinition, TableKind, Timing, TimingKind
from games.gunshi_rules import RULES

GUNSHI = register(
    GameDefinition(
        key="gunshi",
        name=_("Gunshi Gunryaku (軍師軍略)"),
        short_name=_("Gunshi Gunryaku"),
        table=TableKind.HEAD_TO_HEAD,
        players=(2, 2),
        draws=False,
        timing=Timing(TimingKind.CHESS_CLOCK, minutes=20),
        rules=RULES,
    )
)
