"""What a seat knows: the only input a search player ever receives.

A seat learns a game through the frames the match protocol sends it (docs/protocol.md §2):
after every decision, the game's view for that seat (``engine.observe`` / ``junqi.observe``)
and one history line, the decision's text as that seat may read it (``history_text``:
``play ?`` for the opponent's face-down card, ``setup blue ?`` for the opponent's 軍棋 set-up).
A :class:`SeatView` is that record: the public set-up of the match, the history lines and the
view after each of them. It holds nothing else, so a player built on it cannot read a secret
it was not shown: there is no field through which a full game state could be handed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["GUNSHI", "JUNQI", "PLATFORM_KEYS", "SeatView", "same_view"]

#: The games' keys, as the platform's game registry names them.
GUNSHI = "gunshi"
JUNQI = "junqi"

#: Keys the platform sets in a 軍棋 view over ``junqi.observe``'s (``games.junqi_rules``): the
#: 軍棋 sampler compares views without them.
PLATFORM_KEYS = frozenset({"to_act", "may_act", "decisions", "legal_actions"})


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat has seen of a game, oldest first.

    ``game``: ``"gunshi"`` or ``"junqi"``. ``seat``: 0 (red, first) or 1 (blue).
    ``setup``: the match's public set-up (``variant``, ``game_format`` without any deal seed,
    ``rulings``, ``start_position``), as the view's ``format`` shows it.
    ``history``: one line per decision applied so far, as this seat may read it.
    ``observations``: the game view for this seat before the first decision and after each
    decision (one more than ``history``); the last one is the view the seat decides from.
    """

    game: str
    seat: int
    setup: Mapping[str, Any]
    history: tuple[str, ...]
    observations: tuple[Mapping[str, Any], ...]

    def __post_init__(self) -> None:
        if self.game not in (GUNSHI, JUNQI):
            raise ValueError(f"no search player for the game {self.game!r}")
        if self.seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {self.seat!r}")
        if len(self.observations) != len(self.history) + 1:
            raise ValueError("a seat view holds one observation more than history lines")

    @property
    def current(self) -> Mapping[str, Any]:
        """The view the seat decides from."""
        return self.observations[-1]

    @property
    def legal_actions(self) -> tuple[str, ...]:
        """The decisions the current view offers this seat (empty when it is not asked)."""
        return tuple(self.current.get("legal_actions") or ())

    @property
    def ply(self) -> int:
        return len(self.history)

    def prefix(self, plies: int) -> SeatView:
        """The view as it stood after the first ``plies`` decisions."""
        return SeatView(
            self.game, self.seat, self.setup, self.history[:plies], self.observations[: plies + 1]
        )


def same_view(
    seen: Mapping[str, Any], observed: Mapping[str, Any], *, skip: frozenset[str] = frozenset()
) -> bool:
    """Whether a view computed from a sampled world equals the view the seat received, leaving
    out the keys ``skip`` (a platform's own keys, which the game's observation does not make)."""
    if not skip:
        return seen == observed
    keys = (set(seen) | set(observed)) - skip
    return all(seen.get(k) == observed.get(k) for k in keys)
