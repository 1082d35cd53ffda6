"""Reads of tournament data: permissions, the history the pure algorithms take, standings, pages.

Selectors never write. The pure pairing and standings packages work on plain values
(``tournaments.pairing.history``); :func:`event_history` is the one place that turns rows into
those values, so services (pairing) and pages (standings) read the event the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import get_game
from matches.models import Match
from tournaments.models import AuditLog, BracketMatch, Entry, Event, EventRole, Pairing, Round
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
    StandingRow,
    game_score_totals,
    standings,
    tiebreak_from_code,
)
from tournaments.standings.tiebreaks import TieBreak

UserLike = AbstractBaseUser | AnonymousUser

DEFAULT_TIEBREAKS: tuple[str, ...] = ("BH-C1", "BH", "SB", "DE", "RND")

# Labels of the tie-break codes (docs/tiebreaks.md has the definitions).
TIEBREAK_LABELS: dict[str, Any] = {
    "BH": _("Buchholz"),
    "BH-C1": _("Buchholz cut 1"),
    "BH-M1": _("Median Buchholz"),
    "SB": _("Sonneborn-Berger"),
    "DE": _("Direct encounter"),
    "DE-F": _("Direct encounter (forfeits count)"),
    "WIN": _("Wins"),
    "WON": _("Games won"),
    "BWG": _("Wins as Blue"),
    "PS": _("Progressive score"),
    "OMW": _("Opponents' match-win %"),
    "RND": _("Drawing of lots"),
    "GS": _("Game score (games whose results carry a score)"),
}

# Column headings of the standings: the codes, except the drawing of lots, which has a word.
TIEBREAK_SHORT: dict[str, Any] = {
    "BH": "BH",
    "BH-C1": "BH-C1",
    "BH-M1": "MBH",
    "SB": "SB",
    "DE": "DE",
    "DE-F": "DE",
    "WIN": "WIN",
    "WON": "WON",
    "BWG": "BWG",
    "PS": "PS",
    "OMW": "OMW%",
    "RND": pgettext_lazy("standings column: drawing of lots", "Lot"),
    "GS": "GS",
}


# ------------------------------------------------------------------------------ permissions


def _user_pk(user: UserLike | None) -> Any:
    """The user's primary key, or ``None`` for nobody / an anonymous visitor."""
    if user is None or not user.is_authenticated:
        return None
    return user.pk


def event_role_of(*, user: UserLike | None, event: Event) -> str | None:
    """``"organiser"``, ``"co_organiser"``, ``"arbiter"`` or ``None`` for ``user`` on ``event``.

    Superusers count as organisers of every event.
    """
    pk = _user_pk(user)
    if pk is None:
        return None
    if getattr(user, "is_superuser", False) or event.organiser_id == pk:
        return "organiser"
    role = EventRole.objects.filter(event=event, user_id=pk).values_list("role", flat=True)
    return next(iter(role), None)


def event_can_manage(*, user: UserLike | None, event: Event) -> bool:
    """Organisers and co-organisers manage entries, rounds and settings."""
    return event_role_of(user=user, event=event) in ("organiser", "co_organiser")


def event_can_arbitrate(*, user: UserLike | None, event: Event) -> bool:
    """Managers and arbiters enter results, settle disputes and take check-ins."""
    return event_role_of(user=user, event=event) is not None


def user_arbitrates_event_id(user: UserLike | None, event_id: int) -> bool:
    """The matches app's arbiter check: is ``user`` one of the people running event ``event_id``?

    Registered in ``tournaments.apps``; a match's ``event_id`` is a plain number there.
    """
    event = Event.objects.only("organiser_id").filter(pk=event_id).first()  # what the roles need
    return event is not None and event_can_arbitrate(user=user, event=event)


def event_is_visible(*, event: Event, user: UserLike | None = None) -> bool:
    """Drafts are seen only by the people running the event; the rest by anyone with the link."""
    if event.status != Event.Status.DRAFT:
        return True
    return event_can_arbitrate(user=user, event=event)


def event_list_public() -> QuerySet[Event]:
    """Listed events that are no longer drafts, newest first."""
    return (
        Event.objects.filter(visibility=Event.Visibility.PUBLIC)
        .exclude(status=Event.Status.DRAFT)
        .annotate(entry_count=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE)))
        .order_by("-starts_on", "name")
    )


def event_list_managed(*, user: UserLike) -> QuerySet[Event]:
    """Events ``user`` organises, co-organises or arbitrates."""
    if _user_pk(user) is None:
        return Event.objects.none()
    if getattr(user, "is_superuser", False):
        return Event.objects.all()
    return Event.objects.filter(Q(organiser_id=user.pk) | Q(roles__user_id=user.pk)).distinct()


def entry_for_user(*, event: Event, user: UserLike | None) -> Entry | None:
    pk = _user_pk(user)
    if pk is None:
        return None
    return Entry.objects.filter(event=event, user_id=pk).first()


def entry_for_token(*, token: str) -> Entry | None:
    return Entry.objects.select_related("event").filter(token=token).first()


def entry_id_for_token(*, token: str) -> int | None:
    """The id of the entry whose private link is ``token`` (``None``: no such link)."""
    if not token or len(token) > Entry._meta.get_field("token").max_length:
        return None
    return Entry.objects.filter(token=token).values_list("pk", flat=True).first()


# ---------------------------------------------------------------------------------- history


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


# -------------------------------------------------------------------------------- standings


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    entry: Entry
    tiebreaks: tuple[tuple[str, Any], ...]  # (code, display value)
    points: str  # the score for display ("2.5", not "5/2")


@dataclass(frozen=True)
class StandingsTable:
    event: Event
    after_round: int
    complete_rounds: int
    columns: tuple[tuple[str, str, Any], ...]  # (code, short label, long label)
    lines: tuple[StandingLine, ...] = field(default=())
    #: Whether round ``after_round`` has every result in (else it is still being played).
    last_round_complete: bool = False
    #: The event is finished: the table is its final ranking.
    final: bool = False

    @property
    def draws(self) -> bool:
        """Whether the event's game has draws: the table then counts them (wins–draws–losses)."""
        return get_game(self.event.game).draws


def _display(value: Any) -> Any:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "" if value is None else value


def event_standings(*, event: Event, after_round: int | None = None) -> StandingsTable:
    """The standings after ``after_round`` (default: the last published round).

    Only published rounds count; pending tables count as nothing until their result is in.
    Runs three queries whatever the size of the event.
    """
    data = event_history(event=event, up_to_round=after_round)
    complete = sum(1 for r in data.rounds if r.status == Round.Status.COMPLETE)
    codes = event_tiebreak_codes(event)
    rows = standings(
        data.history,
        points=points_scheme(event),
        tiebreaks=event_tiebreaks(event, data),
        after_round=data.last_round,
        seed=event.lot_seed,
    )
    lines = tuple(
        StandingLine(
            row=row,
            entry=data.entries[row.player],
            tiebreaks=tuple(
                (code, _display(value)) for code, value in zip(codes, row.tiebreaks, strict=True)
            ),
            points=str(_display(row.points)),
        )
        for row in rows
    )
    columns = tuple(
        (code, TIEBREAK_SHORT.get(code, code), TIEBREAK_LABELS.get(code, code)) for code in codes
    )
    last = data.rounds[-1] if data.rounds else None
    return StandingsTable(
        event=event,
        after_round=data.last_round,
        complete_rounds=complete,
        columns=columns,
        lines=lines,
        last_round_complete=last is not None and last.status == Round.Status.COMPLETE,
        final=event.status == Event.Status.FINISHED and after_round is None,
    )


def display_points(value: Fraction | Decimal) -> str:
    return str(_display(Fraction(value)))


# --------------------------------------------------------------------------- rounds, pages


def event_rounds(*, event: Event, public: bool) -> list[Round]:
    qs = Round.objects.filter(event=event).order_by("number")
    if public:
        qs = qs.exclude(status=Round.Status.DRAFT)
    return list(qs)


def event_latest_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def round_pairings(*, round: Round) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round=round)
        .select_related("red", "blue", "reported_by", "bracket_match", "round__event")
        # The players' profile links (docs/players.md), without loading the accounts.
        .annotate(red_username=F("red__user__username"), blue_username=F("blue__user__username"))
        .order_by("table")
    )


def round_games(*, pairings: Iterable[Pairing]) -> dict[int, Match]:
    """The clocked game of each table that has one, by pairing id (one query; whole rows, for
    ``matches.attention``)."""
    by_match = {p.match_id: p.pk for p in pairings if p.match_id is not None}
    games = Match.objects.filter(pk__in=by_match)
    return {by_match[game.pk]: game for game in games}


def round_waiting_games(*, round: Round) -> int:
    """How many games of a published round still wait to start (one query)."""
    if round.status not in (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS):
        return 0
    match_ids = Pairing.objects.filter(round=round, match_id__isnull=False).values("match_id")
    return Match.objects.filter(pk__in=match_ids, status=Match.Status.PENDING).count()


def round_pairings_by_name(*, round: Round) -> list[tuple[Entry, Pairing, str]]:
    """One line per player: (player, their pairing, their colour "red"/"blue"), by name."""
    lines: list[tuple[Entry, Pairing, str]] = []
    for p in round_pairings(round=round):
        lines.append((p.red, p, "red"))
        if p.blue is not None:
            lines.append((p.blue, p, "blue"))
    lines.sort(key=lambda item: item[0].name.casefold())
    return lines


@dataclass(frozen=True)
class HistoryLine:
    round: Round
    pairing: Pairing | None
    colour: str  # "red", "blue", "bye" or "" (did not play)
    opponent: Entry | None
    outcome: str  # "win", "loss", "forfeit_win", "forfeit_loss", "double_forfeit", "bye", ...


def entry_history(*, entry: Entry, public: bool = True) -> list[HistoryLine]:
    """Round by round: what ``entry`` played (published rounds only when ``public``)."""
    rounds = event_rounds(event=entry.event, public=public)
    pairings = {
        p.round_id: p
        for p in Pairing.objects.filter(round__in=rounds)
        .filter(Q(red=entry) | Q(blue=entry))
        .select_related("red", "blue")
    }
    lines: list[HistoryLine] = []
    for r in rounds:
        p = pairings.get(r.pk)
        if p is None:
            outcome = "late" if r.number < entry.first_round else "absent"
            lines.append(HistoryLine(r, None, "", None, outcome))
            continue
        if p.blue_id is None:
            lines.append(HistoryLine(r, p, "bye", None, "bye"))
            continue
        colour = "red" if p.red_id == entry.pk else "blue"
        opponent = p.blue if colour == "red" else p.red
        lines.append(HistoryLine(r, p, colour, opponent, _outcome_for(p, colour)))
    return lines


def _outcome_for(p: Pairing, colour: str) -> str:
    result = p.result
    if result == Pairing.Result.PENDING:
        return "pending"
    if result == Pairing.Result.DOUBLE_FORFEIT:
        return "double_forfeit"
    if result == Pairing.Result.DRAW:
        return "draw"
    forfeit = result in (Pairing.Result.RED_WON_BY_FORFEIT, Pairing.Result.BLUE_WON_BY_FORFEIT)
    won = (result in (Pairing.Result.RED_WON, Pairing.Result.RED_WON_BY_FORFEIT)) == (
        colour == "red"
    )
    if forfeit:
        return "forfeit_win" if won else "forfeit_loss"
    return "win" if won else "loss"


def event_entries(*, event: Event) -> list[Entry]:
    """The players holding (or having held) a place, in seed order; the waitlist is apart
    (``tournaments.waitlist.queue``)."""
    return seed_order(
        Entry.objects.filter(event=event)
        .exclude(status=Entry.Status.WAITLISTED)
        .select_related("user")
    )


def event_disputes(*, event: Event) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__event=event, disputed=True)
        .select_related("round", "red", "blue", "reported_by")
        .order_by("round__number", "table")
    )


def event_awaiting_confirmation(*, event: Event) -> list[Pairing]:
    return list(
        Pairing.objects.filter(
            round__event=event, confirmation=Pairing.Confirmation.AWAITING, disputed=False
        )
        .select_related("round", "red", "blue", "reported_by")
        .order_by("round__number", "table")
    )


def event_audit_log(*, event: Event, limit: int = 50) -> list[AuditLog]:
    return list(
        AuditLog.objects.filter(event=event).select_related(
            "actor", "actor_entry", "pairing__round"
        )[:limit]
    )


def event_roles(*, event: Event) -> list[EventRole]:
    return list(EventRole.objects.filter(event=event).select_related("user").order_by("role"))


def event_bracket(*, event: Event) -> list[BracketMatch]:
    return list(
        BracketMatch.objects.filter(event=event)
        .select_related("red", "blue", "winner", "pairing")
        .order_by("bracket", "bracket_round", "position")
    )


def entry_current_pairing(*, entry: Entry) -> Pairing | None:
    """The entry's table in the latest published round that is not complete, if any."""
    return (
        Pairing.objects.filter(
            Q(red=entry) | Q(blue=entry),
            round__event_id=entry.event_id,
            round__status__in=[Round.Status.PUBLISHED, Round.Status.IN_PROGRESS],
        )
        .select_related("round", "red", "blue", "reported_by")
        .order_by("-round__number")
        .first()
    )


def event_with_rounds(*, slug: str) -> Event | None:
    return (
        Event.objects.filter(slug=slug)
        .select_related("organiser")
        .prefetch_related(Prefetch("round_set", queryset=Round.objects.order_by("number")))
        .first()
    )


def event_public_by_id(*, event_id: int, user: UserLike | None = None) -> bool:
    """Whether the event exists and ``user`` may watch its public pages."""
    event = Event.objects.filter(pk=event_id).first()
    return event is not None and event_is_visible(event=event, user=user)
