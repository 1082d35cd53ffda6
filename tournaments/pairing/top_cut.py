"""Swiss → top cut: the best players of the Swiss standings play a single elimination.

The standings order comes from ``tournaments.standings`` (score, then the event's tie-breaks);
this module only seeds the bracket from it: standings place 1 is seed 1, and so on, so the
Swiss winner meets the last qualifier in the first round.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.elimination import Bracket, single_elimination
from tournaments.pairing.errors import PairingError
from tournaments.pairing.history import PlayerId

CUT_SIZES = (2, 4, 8, 16, 32, 64)  # 4, 8 and 16 are the usual ones


def top_cut(standings: Sequence[PlayerId], size: int, *, third_place: bool = False) -> Bracket:
    """A single elimination bracket of the first ``size`` players of ``standings``.

    ``standings`` lists the players best first (withdrawn players already removed, if the
    event does not let them qualify).
    """
    if size not in CUT_SIZES:
        raise PairingError(
            "invalid_entrants",
            f"a top cut takes 2, 4, 8, 16, 32 or 64 players, not {size}",
        )
    if len(set(standings)) != len(standings):
        raise PairingError("invalid_entrants", "a player is listed twice in the standings")
    if len(standings) < size:
        raise PairingError(
            "not_enough_players",
            f"a top {size} needs {size} players; the standings have {len(standings)}",
            tuple(standings),
        )
    return single_elimination(standings[:size], third_place=third_place)
