"""Tables that need the arbiter: the named rules of the tournament director's view.

A started game must either end by itself or be shown to the arbiter. While a clock ticks the
game ends by itself: the seat to move loses on time at its flag deadline (``matches.timeouts``).
A game whose clock does not tick cannot end that way, and those are the tables these rules
flag (docs/matches.md, "Tables that need the arbiter").

Vocabulary
----------
* **Ticking**: the match runs and a seat's clock runs down (``clock.ClockState``).
* **Untimed wait**: the match runs, no clock ticks, the clock is not paused, and the game
  waits for a seat (``selectors.match_seat_to_act``): Red's first placement online, Red's
  first press over the board, the expansion-card choice, the draft.
* **Start deadline** (``first_decision_deadline``): the match's ``start_by`` (an online event's
  "minutes to join a game" after publication); a match without one (over the board, a game
  outside an event) gets ``started_at`` + ``MATCH_START_GRACE_SECONDS``.
* **First decision** of a seat: online, its first logged decision (``MatchMove``); over the
  board, Red's first press (ply 1) and Blue's (ply 2).

Rules (``Attention.code``)
--------------------------
* ``NOT_JOINED``: a pending online game past its start deadline with a seat that has not
  joined. The arbiter may forfeit that seat as a no-show.
* ``NO_FIRST_DECISION``: a game in an untimed wait, past its start deadline, for a seat that
  has not made its first decision (an absent Red after "start all"). The arbiter may forfeit
  that seat as a no-show (``services.arbiter.match_forfeit_absent``), whoever started the game.
* ``DISCONNECTED``: a running online game whose seat has no open socket (``matches.presence``).
* ``STUCK``: a running game whose clock does not tick (untimed wait or paused) and which has
  not changed for ``MATCH_STUCK_AFTER_SECONDS``, counted from its last change or from its start
  deadline, whichever is later (the players have until the deadline to arrive).
* ``OVERDUE``: a running game whose flag deadline passed more than
  ``MATCH_OVERDUE_GRACE_SECONDS`` ago: by its clock it is over, yet nothing recorded the result
  (the timeout machinery is behind). With ``STUCK`` this covers every way a started game can
  outlast its clocks: while a clock ticks it ends at the flag, and a game outlasts its
  clocks only while no clock ticks (stuck) or when the flag was not recorded (overdue).
* ``LOW_TIME``: a ticking seat with less than ``MATCH_LOW_TIME_SECONDS`` left.
* ``DISPUTED``: the players' over-the-board reports disagree (``Match.disputed``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from django.conf import settings

from clock import epoch_ms
from matches.models import Match, MatchMove
from matches.presence import presence_get, presence_scope
from matches.selectors import match_clock_state, match_seat_to_act

SEAT_LABELS: Final = ("red", "blue")

NOT_JOINED: Final = "not_joined"
NO_FIRST_DECISION: Final = "no_first_decision"
DISCONNECTED: Final = "disconnected"
STUCK: Final = "stuck"
OVERDUE: Final = "overdue"
LOW_TIME: Final = "low_time"
DISPUTED: Final = "disputed"
#: Most urgent first: the order in which a table's marks are shown.
RULES: Final = (OVERDUE, NO_FIRST_DECISION, NOT_JOINED, STUCK, DISPUTED, DISCONNECTED, LOW_TIME)

#: ``forfeitable`` value: both seats may be forfeited together (nobody came, no winner).
BOTH: Final = "both"


def start_grace() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "MATCH_START_GRACE_SECONDS", 600.0)))


def stuck_after() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "MATCH_STUCK_AFTER_SECONDS", 300.0)))


def overdue_grace() -> timedelta:
    return timedelta(seconds=float(getattr(settings, "MATCH_OVERDUE_GRACE_SECONDS", 30.0)))


def low_time_ms() -> int:
    return int(float(getattr(settings, "MATCH_LOW_TIME_SECONDS", 60.0)) * 1000)


@dataclass(frozen=True)
class Attention:
    """One rule that holds for a table: ``code`` (a rule name above) and the seat it is
    about (``"red"``, ``"blue"``, or ``""`` for the whole table)."""

    code: str
    seat: str = ""


@dataclass(frozen=True)
class TableWatch:
    """What the arbiter must know about one match at an instant.

    ``marks`` are the rules that hold, most urgent first; ``forfeitable`` the seats the arbiter
    may forfeit as no-shows now (``"red"``, ``"blue"``, and ``"both"`` when both may go);
    ``changes_at`` the next instant at which a rule starts to hold by the passing of time
    alone (a deadline), ``None`` when none will.
    """

    marks: tuple[Attention, ...] = ()
    forfeitable: tuple[str, ...] = ()
    changes_at: datetime | None = None

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(mark.code for mark in self.marks)

    @property
    def needs_arbiter(self) -> bool:
        """A rule other than low time holds: the table is flagged to the arbiter."""
        return bool(self.codes - {LOW_TIME})


def first_decision_deadline(match: Match) -> datetime | None:
    """When a seat that has not made its first decision may be forfeited as a no-show."""
    if match.start_by is not None:
        return match.start_by
    if match.started_at is not None:
        return match.started_at + start_grace()
    return None


def decided_seats(matches: Iterable[Match]) -> dict[int, set[str]]:
    """The seats that have made at least one decision, by match id (one query for the online
    matches; over the board the ply tells)."""
    decided: dict[int, set[str]] = {}
    online = []
    for match in matches:
        if match.kind == Match.Kind.OTB:
            decided[match.pk] = set(SEAT_LABELS[: min(match.ply, 2)])
        else:
            decided[match.pk] = set()
            online.append(match.pk)
    if online:
        rows = MatchMove.objects.filter(match_id__in=online).values_list("match_id", "seat")
        for match_id, seat in rows.distinct():
            decided[match_id].add(SEAT_LABELS[seat])
    return decided


def waited_for_seat(match: Match) -> str | None:
    """The seat the running match waits for in an untimed wait, or ``None``."""
    if match.status != Match.Status.RUNNING:
        return None
    clock = match_clock_state(match)
    if clock.running is not None or clock.flagged is not None:
        return None
    seat = match_seat_to_act(match)
    return None if seat is None else SEAT_LABELS[seat]


def no_show_seats(match: Match, decided: set[str], now: datetime) -> tuple[str, ...]:
    """The seats the arbiter may forfeit as no-shows at ``now`` (rules ``NOT_JOINED`` and
    ``NO_FIRST_DECISION``)."""
    deadline = first_decision_deadline(match)
    if deadline is None or now < deadline:
        return ()
    if match.status == Match.Status.PENDING:
        absent = tuple(s for s in SEAT_LABELS if getattr(match, f"{s}_joined_at") is None)
        return (*absent, BOTH) if len(absent) == 2 else absent
    waited = waited_for_seat(match)
    if waited is None or waited in decided:
        return ()
    # Only the seat the game waits for; both together when the other has not decided either
    # (nobody came). The other seat alone may be at its board, unable to act.
    return (waited, BOTH) if not decided else (waited,)


def table_watch(
    match: Match,
    *,
    decided: set[str],
    presence: dict[str, bool] | None,
    now: datetime,
) -> TableWatch:
    """The rules that hold for ``match`` at ``now``; see the module docstring.

    ``decided`` comes from ``decided_seats``; ``presence`` from ``matches.presence`` (``None``
    over the board, where seats have no socket)."""
    if match.status not in (Match.Status.PENDING, Match.Status.RUNNING):
        return TableWatch()
    marks: list[Attention] = []
    upcoming: list[datetime] = []
    forfeitable = no_show_seats(match, decided, now)
    code = NOT_JOINED if match.status == Match.Status.PENDING else NO_FIRST_DECISION
    marks.extend(Attention(code, seat) for seat in forfeitable if seat != BOTH)
    deadline = first_decision_deadline(match)
    if not forfeitable and deadline is not None and now < deadline:
        upcoming.append(deadline)
    if match.status == Match.Status.RUNNING:
        clock = match_clock_state(match)
        ticking = clock.running is not None and not clock.paused and clock.flagged is None
        if not ticking:  # stuck counts from the last change, never before the start deadline
            quiet_until = max(match.updated_at, deadline or match.updated_at) + stuck_after()
            if now >= quiet_until:
                marks.append(Attention(STUCK))
            else:
                upcoming.append(quiet_until)
        elif match.flag_deadline is not None:
            late = match.flag_deadline + overdue_grace()
            if now >= late:
                marks.append(Attention(OVERDUE))
            else:
                upcoming.append(late)
            remaining = match.flag_deadline - now
            if remaining < timedelta(milliseconds=low_time_ms()):
                marks.append(Attention(LOW_TIME, SEAT_LABELS[clock.running]))  # type: ignore[index]
        if presence is not None:
            marks.extend(Attention(DISCONNECTED, s) for s in SEAT_LABELS if not presence[s])
    if match.disputed:
        marks.append(Attention(DISPUTED))
    marks.sort(key=lambda mark: RULES.index(mark.code))
    return TableWatch(
        marks=tuple(marks),
        forfeitable=forfeitable,
        changes_at=min(upcoming, default=None),
    )


def tables_watch(matches: Iterable[Match], *, now: datetime) -> dict[int, TableWatch]:
    """``table_watch`` of each match, by id, with the decisions read in one query and each
    running online match's presence from the cache."""
    matches = list(matches)
    live = [m for m in matches if m.status in (Match.Status.PENDING, Match.Status.RUNNING)]
    decided = decided_seats(live)
    watched = {match.pk: TableWatch() for match in matches}
    for match in live:
        presence = None
        if match.kind == Match.Kind.ONLINE and match.status == Match.Status.RUNNING:
            presence = presence_get(scope=presence_scope(match), now=now.timestamp())
        watched[match.pk] = table_watch(
            match, decided=decided[match.pk], presence=presence, now=now
        )
    return watched


def next_change_ms(watched: Iterable[TableWatch], *, now: datetime) -> int | None:
    """Milliseconds from ``now`` to the first instant a rule starts to hold on any table."""
    instants = [w.changes_at for w in watched if w.changes_at is not None]
    if not instants:
        return None
    return max(0, epoch_ms(min(instants)) - epoch_ms(now))
