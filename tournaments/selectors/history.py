"""An event's history as the pure pairing and standings packages take it.

:func:`event_history` is the one place that turns rows into those values
(``tournaments.pairing.history``), so services (pairing) and pages (standings) read the event
the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from django.db.models import F

from games import get_game
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.pairing.history import (
    Absence,
    AbsenceKind,
    Bout,
    BoutResult,
    Entrant,
    History,
)
from tournaments.standings import (
    GAME_SCORE_CODE,
    GameScore,
    PointsScheme,
    ScoredGame,
    game_score_totals,
    tiebreak_from_code,
)
from tournaments.standings.tiebreaks import TieBreak

DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH-C1", "BH", "SB", "DE", "RND")


def points_scheme(event: Event) -> PointsScheme:
    """The event's points as the pure standings package takes them (a double forfeit scores
    the forfeit-loss points for both players)."""

    def f(value: Decimal) -> Fraction:
        return Fraction(value)

    return PointsScheme(
        win=f(event.points_win),
        loss=f(event.points_loss),
        pairing_bye=f(event.points_bye),
        forfeit_win=f(event.points_forfeit_win),
        forfeit_loss=f(event.points_forfeit_loss),
        double_forfeit=f(event.points_forfeit_loss),
    )


def event_tiebreak_codes(event: Event) -> tuple[str, ...]:
    return tuple(event.tiebreaks) if event.tiebreaks else DEFAULT_TIEBREAKS


def event_tiebreaks(event: Event, data: EventHistory | None = None) -> tuple[TieBreak, ...]:
    """The event's tie-breaks; the game score (``GS``) carries the totals of ``data``."""
    out: list[TieBreak] = []
    for code in event_tiebreak_codes(event):
        if code == GAME_SCORE_CODE and data is not None:
            out.append(GameScore(totals=tuple(sorted(game_score_of(event, data).items()))))
        else:
            out.append(tiebreak_from_code(code))
    return tuple(out)


def game_score_of(event: Event, data: EventHistory) -> dict[int, int]:
    """Each entry's game score total (``tournaments.standings.game_score``) over ``data``'s
    published rounds: nothing for a game without a score."""
    spec = get_game(event.game).score
    if spec is None:
        return {}
    numbers = {r.pk: r.number for r in data.rounds}
    # A drawn game carries equal scores and no winner (``tournaments.scores``).
    winners = {
        Pairing.Result.RED_WON: "red",
        Pairing.Result.BLUE_WON: "blue",
        Pairing.Result.DRAW: "",
    }
    games = [
        ScoredGame(
            numbers[p.round_id],
            red=p.red_id,
            blue=p.blue_id,
            red_score=p.red_score,
            blue_score=p.blue_score,
            winner={"red": p.red_id, "blue": p.blue_id}.get(winners[p.result]),
        )
        for p in data.pairings
        if p.result in winners
        and p.blue_id is not None
        and p.red_score is not None
        and p.blue_score is not None
    ]
    return game_score_totals(games, aggregate=str(spec.aggregate), rounds=data.last_round)


def seed_order(entries: Iterable[Entry]) -> list[Entry]:
    """Entries strongest first: manual seed, then rating (higher first), then entry order."""
    return sorted(
        entries,
        key=lambda e: (
            e.seed is None,
            e.seed or 0,
            e.rating is None,
            -(e.rating or 0),
            e.pk,
        ),
    )


_RESULTS: dict[str, BoutResult] = {
    Pairing.Result.PENDING: BoutResult.PENDING,
    Pairing.Result.RED_WON: BoutResult.RED_WON,
    Pairing.Result.BLUE_WON: BoutResult.BLUE_WON,
    Pairing.Result.RED_WON_BY_FORFEIT: BoutResult.RED_WON_BY_FORFEIT,
    Pairing.Result.BLUE_WON_BY_FORFEIT: BoutResult.BLUE_WON_BY_FORFEIT,
    Pairing.Result.DOUBLE_FORFEIT: BoutResult.DOUBLE_FORFEIT,
    Pairing.Result.DRAW: BoutResult.DRAW,
}


class PairingRow(NamedTuple):
    """The columns of a pairing that history and exports read (no model instance: fast)."""

    round_id: int
    table: int
    red_id: int
    blue_id: int | None
    result: str
    red_score: int | None = None  # the game's score (``tournaments.scores``), if it has one
    blue_score: int | None = None


@dataclass(frozen=True)
class EventHistory:
    """An event's history as plain values, plus the rows they came from."""

    history: History
    entries: dict[int, Entry]
    rounds: tuple[Round, ...]
    pairings: tuple[PairingRow, ...]
    last_round: int


def bye_points_of(event: Event, round_: Round) -> Fraction:
    """What the player without an opponent in ``round_`` scores: the event's bye points in a
    Swiss, its free-round points (0 by default) in a round robin."""
    if round_.stage == Round.Stage.ROUND_ROBIN:
        return Fraction(event.points_round_robin_free)
    return Fraction(event.points_bye)


def event_history(
    *, event: Event, include_drafts: bool = False, up_to_round: int | None = None
) -> EventHistory:
    """Build the pure ``History`` of ``event`` from the database (three queries).

    Player ids are entry ids; seeds follow :func:`seed_order`. Bye pairings become
    ``PAIRING_BYE`` absences worth :func:`bye_points_of` their round; rounds before a late
    entrant's first round become ``NOT_PLAYING`` absences worth the points the organiser
    chose. Pairings are
    read as plain rows, not model instances: at 1,000 players × 9 rounds that is most of the
    time a standings recompute spends in the database layer.
    """
    entries = list(
        Entry.objects.filter(event=event)
        .exclude(status=Entry.Status.WAITLISTED)  # no place, no standing (tournaments.waitlist)
        .defer("token", "created_at")
        .annotate(account_username=F("user__username"))  # the profile link of the standings
    )
    rounds_qs = Round.objects.filter(event=event)
    if not include_drafts:
        rounds_qs = rounds_qs.exclude(status=Round.Status.DRAFT)
    if up_to_round is not None:
        rounds_qs = rounds_qs.filter(number__lte=up_to_round)
    rounds = tuple(rounds_qs.order_by("number"))
    numbers = {r.pk: r.number for r in rounds}
    pairings = tuple(
        PairingRow(*row)
        for row in Pairing.objects.filter(round_id__in=numbers.keys())
        .order_by("round_id", "table")
        .values_list("round_id", "table", "red_id", "blue_id", "result", "red_score", "blue_score")
    )
    return _history_from_rows(event, entries, rounds, pairings)


def _history_from_rows(
    event: Event,
    entries: Sequence[Entry],
    rounds: Sequence[Round],
    pairings: Sequence[PairingRow],
) -> EventHistory:
    numbers = {r.pk: r.number for r in rounds}
    ordered = seed_order(entries)
    entrants = tuple(
        Entrant(player=e.pk, seed=i, active=e.status == Entry.Status.ACTIVE)
        for i, e in enumerate(ordered, start=1)
    )
    bye_points = {r.pk: bye_points_of(event, r) for r in rounds}
    bouts: list[Bout] = []
    absences: list[Absence] = []
    for p in pairings:
        number = numbers[p.round_id]
        if p.blue_id is None:
            absences.append(
                Absence(number, p.red_id, AbsenceKind.PAIRING_BYE, bye_points[p.round_id])
            )
        else:
            bouts.append(Bout(number, p.red_id, p.blue_id, _RESULTS[p.result]))
    last = max(numbers.values(), default=0)
    for e in entries:
        if e.first_round > 1:
            points = Fraction(e.missed_round_points)
            absences.extend(
                Absence(r, e.pk, AbsenceKind.NOT_PLAYING, points)
                for r in range(1, min(e.first_round, last + 1))
            )
    return EventHistory(
        history=History(entrants=entrants, bouts=tuple(bouts), absences=tuple(absences)),
        entries={e.pk: e for e in entries},
        rounds=tuple(rounds),
        pairings=tuple(pairings),
        last_round=last,
    )
