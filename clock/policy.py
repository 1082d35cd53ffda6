"""Where the clock is pressed: the policy that turns engine decisions into clock operations.

The engine knows the rules; the clock knows time. After every decision the match layer asks the
engine two questions — *who acts next* (``next_seat``, ``None`` once the game is over) and *is
the next segment timed* (``timed``; false for the expansion-card choice and the deck-building
draft, RULES.md §15.5) — and whether the decision *ended the mover's turn* (``turn_ended``). It
passes the answers to ``clock_after_decision``, which applies the official press points of
RULES.md §15 (table in ``docs/clock.md``):

* **Nothing runs yet (or an untimed segment just ended) and the next segment is timed** →
  start ``next_seat``'s clock. Nobody is charged for the decision, since it was made in an
  untimed segment. This is how Red's first deployment placement stays untimed and Blue's clock
  starts when it is done (§15.2).
* **A seat's clock runs and the next segment is timed** → charge the runner and run
  ``next_seat``: a *press* (with increment) if the turn ended — each deployment placement
  (§15.2), the end of a seat's general/hand/deck choice (§15.3), the end of Rest (§15.4) — or a
  *switch* (charged in full: no increment, no lag credit) for a further decision within the
  same turn. Lag is credited once per turn, at the press (``docs/clock.md``).
* **The next segment is untimed** → charge the runner and stop: nobody's time runs (§15.5).
* **The game is over** (``next_seat is None``) → charge the runner and stop, no increment.

``turn_ended`` defaults to "the next seat differs from the runner". Pass it explicitly where a
seat completes a turn and acts again (deployment, once the opponent can no longer place;
Red's last placement followed by Red's general/hand/deck choice) — it decides the Fischer
increment, the lag credit and how the clock log labels the entry.
"""

from __future__ import annotations

from clock.errors import ClockFlaggedError, ClockPausedError
from clock.logic import ClockRecord, ClockState, clock_start, clock_stop, clock_switch_to
from clock.seats import check_seat


def clock_after_decision(
    clock: ClockState,
    *,
    now: int,
    next_seat: int | None,
    timed: bool,
    lag_ms: int = 0,
    turn_ended: bool | None = None,
) -> tuple[ClockState, ClockRecord | None]:
    """Apply the official press policy for one decision received at ``now``.

    Returns the new clock and the clock-log entry, or the same clock and ``None`` when the
    decision changes nothing (an untimed decision followed by another untimed segment, e.g. a
    deck-building pick). Raises ``ClockFlaggedError`` if the runner's flag fell at or before
    ``now`` — the match layer checks ``clock_flagged`` first and records the loss — and
    ``ClockPausedError`` while the arbiter has the clock paused.

    >>> from clock.logic import clock_new
    >>> clock, record = clock_after_decision(clock_new(), now=5_000, next_seat=1, timed=True)
    >>> record.kind.value, clock.running, clock.remaining_ms
    ('start', 1, (1200000, 1200000))
    """
    if next_seat is not None:
        next_seat = check_seat(next_seat)
    if clock.flagged is not None:
        raise ClockFlaggedError(clock.flagged, None)
    if clock.paused:
        raise ClockPausedError("the clock is paused by the arbiter")
    runner = clock.running
    if runner is None:
        if next_seat is None or not timed:
            return clock, None
        return clock_start(clock, next_seat, now=now)
    if next_seat is None:
        return clock_stop(clock, now=now, lag_ms=lag_ms)
    ended = next_seat != runner if turn_ended is None else turn_ended
    if not timed:
        return clock_stop(clock, now=now, lag_ms=lag_ms, turn_ended=ended)
    return clock_switch_to(clock, next_seat, now=now, lag_ms=lag_ms, turn_ended=ended)
