"""What the event pages list: rounds, tables, a player's history, disputes, the audit log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import F, Prefetch, Q

from matches.models import Match
from tournaments.models import AuditLog, BracketMatch, Entry, Event, EventRole, Pairing, Round

from .access import UserLike, event_is_visible
from .history import seed_order


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
