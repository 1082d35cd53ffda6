"""Named rulings: the readings the engine takes where the rulebook text is silent or unclear.

Each field is one ruling from RULES.md §17/§18 (or docs/rulings.md for the ones this project
added), with the recommended default. An organiser may switch one for an event when the
publisher's Q&A rules otherwise; the chosen values are stored in every game record so a game
always replays under the rulings it was played with.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Rulings:
    #: Q6 / R4: an attacker that bounces off a shield still turns to the attempted direction.
    bounce_turns_attacker: bool = True
    #: Q7: the Rest step counts the highest filled numbered slot (1st–4th) only; True also
    #: counts a card waiting in the 疾風伝令 slot.
    rest_gain_counts_swift: bool = False
    #: Q8: logistics points never exceed the track's 18.
    lp_cap: int = 18
    #: Q15: a cavalry run stops on a square with an enemy fence on any edge, even a side edge
    #: parallel to its path (literal reading); False stops it only where it cannot go on.
    cavalry_stops_at_side_fence: bool = True
    #: Q10: 援軍経路 may bring a cavalry (cost 6) despite the card note (expansion formats).
    route_allows_cavalry: bool = True
    #: Q18 (not official): the game is stopped without a winner after this many war turns in
    #: total; None means no limit, as the rulebook has none.
    turn_limit: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rulings:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rulings: {', '.join(sorted(unknown))}")
        return cls(**data)

    @property
    def is_official(self) -> bool:
        """True when no non-official ruling (a turn limit) is in force."""
        return self.turn_limit is None


RECOMMENDED = Rulings()
