"""Pairing rounds: pair the next round as a draft, swap players in it, throw it away, pair it
again.

Swiss rounds come from the Swiss algorithm (``tournaments.pairing.swiss``), round robin rounds
from the Berger schedule drawn at round 1, elimination rounds from the bracket
(``tournaments.services.brackets``). Opening a round's tables is ``publication``'s.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from games import TableKind, get_game
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Entry, Event, Pairing, Round
from tournaments.pairing import round_robin, swiss
from tournaments.pairing.errors import PairingError
from tournaments.services._common import (
    R,
    _audit,
    _changed,
    _latest_round,
    _lock_event,
    _lock_round,
    _require_draft,
    _require_manager,
)
from tournaments.services.brackets import _pair_elimination
from tournaments.services.field import (
    _available_for,
    _check_round_count,
    _draw,
    _give_start_numbers,
    players_left_out,
)
from tournaments.services.publication import round_unpublish


def _stage_for(event: Event, number: int) -> str:
    system = event.pairing_system
    if system == Event.PairingSystem.SWISS:
        return Round.Stage.SWISS
    if system == Event.PairingSystem.SWISS_TOP_CUT:
        return Round.Stage.SWISS if number <= event.rounds else Round.Stage.ELIMINATION
    if system in (Event.PairingSystem.ROUND_ROBIN, Event.PairingSystem.DOUBLE_ROUND_ROBIN):
        return Round.Stage.ROUND_ROBIN
    return Round.Stage.ELIMINATION


def _pair_swiss(
    event: Event, number: int, unavailable: set[int]
) -> tuple[list[tuple[int, int | None]], int | None]:
    data = selectors.event_history(event=event)
    try:
        paired = swiss.pair_round(
            data.history,
            number,
            points=selectors.points_scheme(event),
            unavailable=unavailable,
            forfeit_counts_as_game=event.forfeit_counts_as_game,
        )
    except PairingError as error:
        if error.code == "not_enough_players":
            raise TournamentError("not_enough_players") from error
        raise
    return [(b.red, b.blue) for b in paired.bouts], paired.bye


@transaction.atomic
def round_pair(*, actor: User, event: Event, leave_out_absent: bool = True) -> Round:
    """Pair the next round as a draft, from everything played so far.

    Swiss rounds are paired by the Swiss algorithm; round robin rounds are read from the
    Berger schedule drawn at round 1; elimination rounds hold every bracket match whose two
    players are known (a Swiss-with-top-cut event draws its bracket from the standings after
    the last Swiss round). Refused while the latest round is not complete, when every round is
    paired, or when the algorithm cannot pair the players (its :class:`PairingError` is passed
    on, with its code). With ``leave_out_absent=False`` it is also refused while round 1 would
    leave out players who have not checked in (``players_left_out``).
    """
    event = _lock_event(event)
    _require_manager(actor, event)
    if get_game(event.game).table is TableKind.RANKED_TABLE:
        raise TournamentError("ranked_event")  # tournaments.services.ranked_tables.tables_assign
    if not leave_out_absent:
        absent = players_left_out(event=event)
        if absent:
            raise TournamentError(
                "players_not_checked_in", {"count": len(absent)}, field="leave_out_absent"
            )
    latest = _latest_round(event)
    if latest is not None and latest.status != Round.Status.COMPLETE:
        raise TournamentError("previous_round_incomplete", {"round": latest.number})
    number = 1 if latest is None else latest.number + 1
    stage = _stage_for(event, number)
    if stage == Round.Stage.SWISS:
        if number > event.rounds:
            raise TournamentError("all_rounds_paired", {"rounds": event.rounds})
        active, unavailable = _available_for(event, number)
        playing = len(active) - len(unavailable)
        if playing < 2:
            raise TournamentError("not_enough_players")
        if number == 1:
            _check_round_count(event.rounds, playing)
        couples, bye = _pair_swiss(event, number, unavailable)
        round_ = Round.objects.create(event=event, number=number, stage=stage)
        _create_pairings(round_, couples, bye)
    elif stage == Round.Stage.ROUND_ROBIN:
        couples, bye = _pair_round_robin(event, number)
        round_ = Round.objects.create(event=event, number=number, stage=stage)
        _create_pairings(round_, couples, bye)
    else:
        round_ = _pair_elimination(event, number)
    _give_start_numbers(event)
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status", "updated_at"])
    tables = Pairing.objects.filter(round=round_).count()
    _audit(event, "round_pair", actor=actor, round_number=number, tables=tables, stage=stage)
    _changed(event, "rounds", "bracket")
    return round_


def _pair_round_robin(event: Event, number: int) -> tuple[list[tuple[int, int | None]], int | None]:
    """Round ``number`` of the Berger schedule (drawn from the seed order at round 1)."""
    if number == 1:
        active, unavailable = _available_for(event, 1)
        players = [e.pk for e in selectors.seed_order(active) if e.pk not in unavailable]
        if len(players) < 2:
            raise TournamentError("not_enough_players")
        _draw(event, players)
    double = event.pairing_system == Event.PairingSystem.DOUBLE_ROUND_ROBIN
    schedule = round_robin.round_robin(event.draw_order, double=double)
    if number > len(schedule):
        raise TournamentError("all_rounds_paired", {"rounds": len(schedule)})
    scheduled = schedule[number - 1]
    return [(b.red, b.blue) for b in scheduled.bouts], scheduled.bye


def _create_pairings(
    round_: Round, couples: list[tuple[int, int | None]], bye: int | None
) -> list[Pairing]:
    rows = [
        Pairing(round=round_, table=i, red_id=red, blue_id=blue)
        for i, (red, blue) in enumerate(couples, start=1)
    ]
    if bye is not None:
        rows.append(Pairing(round=round_, table=len(rows) + 1, red_id=bye, result=R.BYE))
    return Pairing.objects.bulk_create(rows)


FORFEIT_RESULTS = (R.RED_WON_BY_FORFEIT, R.BLUE_WON_BY_FORFEIT, R.DOUBLE_FORFEIT)


def _had_bye(event: Event, entry_id: int, before: int) -> bool:
    """Whether the player may not get the bye: they had one, or won a game by forfeit (FIDE
    C.04.1 d)."""
    return Pairing.objects.filter(
        Q(red_id=entry_id, blue__isnull=True)
        | Q(red_id=entry_id, result=R.RED_WON_BY_FORFEIT)
        | Q(blue_id=entry_id, result=R.BLUE_WON_BY_FORFEIT),
        round__event=event,
        round__number__lt=before,
    ).exists()


def _have_met(event: Event, a: int, b: int, before: int) -> bool:
    """Whether a and b may not be paired again: they played, or their game was forfeited and
    the event counts a forfeited game as a meeting."""
    met = Pairing.objects.filter(
        Q(red_id=a, blue_id=b) | Q(red_id=b, blue_id=a),
        round__event=event,
        round__number__lt=before,
    )
    if not event.forfeit_counts_as_game:
        met = met.exclude(result__in=FORFEIT_RESULTS)
    return met.exists()


@transaction.atomic
def round_swap(
    *, actor: User, round: Round, first: Entry, second: Entry, allow_rematch: bool = False
) -> Round:
    """Swap two players' seats in a draft (same table: swap colours; one holds the bye: the
    other takes it). Refused if it makes a rematch (unless ``allow_rematch``) or gives a
    second bye."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    _require_draft(round_)
    if first.pk == second.pk:
        raise TournamentError("same_player")
    pairings = list(Pairing.objects.filter(round=round_).order_by("table"))
    seats: list[list[int | None]] = [[p.red_id, p.blue_id] for p in pairings]

    def locate(entry: Entry) -> tuple[int, int]:
        for t, seat in enumerate(seats):
            for s, who in enumerate(seat):
                if who == entry.pk:
                    return t, s
        raise TournamentError("not_in_round", {"name": entry.name})

    (t1, s1), (t2, s2) = locate(first), locate(second)
    seats[t1][s1], seats[t2][s2] = seats[t2][s2], seats[t1][s1]
    for t in {t1, t2}:
        red, blue = seats[t]
        if blue is None:
            if red is not None and _had_bye(event, red, round_.number):
                name = first.name if red == first.pk else second.name
                raise TournamentError("already_had_bye", {"name": name})
        elif not allow_rematch and red is not None and _have_met(event, red, blue, round_.number):
            known = {first.pk: first.name, second.pk: second.name}
            others = Entry.objects.in_bulk([red, blue])
            raise TournamentError(
                "rematch",
                {"a": known.get(red, others[red].name), "b": known.get(blue, others[blue].name)},
            )
    touched = [pairings[t] for t in sorted({t1, t2})]
    Pairing.objects.filter(pk__in=[p.pk for p in touched]).delete()
    new_rows = []
    for t in sorted({t1, t2}):
        red, blue = seats[t]
        if red is None:  # a bye swapped to Red's seat: the player keeps it, Blue stays empty
            red, blue = blue, None
        if red is None:
            raise TournamentError("same_player")
        new_rows.append(
            Pairing(
                round=round_,
                table=pairings[t].table,
                red_id=red,
                blue_id=blue,
                result=R.BYE if blue is None else R.PENDING,
            )
        )
    Pairing.objects.bulk_create(new_rows)
    _audit(
        event,
        "round_swap",
        actor=actor,
        round_number=round_.number,
        first=first.name,
        second=second.name,
        rematch_allowed=allow_rematch,
    )
    return round_


@transaction.atomic
def round_delete_draft(*, actor: User, round: Round) -> None:
    """Throw a draft away (to re-pair, or after a late entry).

    Throwing away the first elimination round also throws away the bracket drawn with it, so
    that pairing again draws it afresh (from the seeds, or a top cut's current standings).
    """
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    _require_draft(round_)
    number = round_.number
    first_bracket_round = (
        round_.stage == Round.Stage.ELIMINATION
        and not Round.objects.filter(
            event=event, stage=Round.Stage.ELIMINATION, number__lt=number
        ).exists()
    )
    round_.delete()
    if first_bracket_round:
        BracketMatch.objects.filter(event=event).delete()
    _audit(event, "round_delete_draft", actor=actor, round_number=number)


def round_repair(*, actor: User, round: Round) -> Round:
    """Re-pair a draft, or a published round in which no game has started."""
    with transaction.atomic():
        event, round_ = _lock_round(round)
        if round_.status != Round.Status.DRAFT:
            round_unpublish(actor=actor, round=round_)
        round_delete_draft(actor=actor, round=round_)
        return round_pair(actor=actor, event=event)
