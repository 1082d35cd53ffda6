"""Every write to tournament data: events, registration, rounds, results.

Conventions (HackSoft services, Zulip actions):

* keyword-only, typed, named ``<entity>_<action>``;
* ``@transaction.atomic``: the event row is locked first (``select_for_update``), so two
  organisers pressing "pair" at once cannot pair a round twice;
* a refused action raises :class:`~tournaments.errors.TournamentError` with a stable code and
  saves nothing;
* every act of an organiser, arbiter or player writes an :class:`~tournaments.models.AuditLog`
  row, and every change the public can see bumps ``Event.version`` and, after commit, tells
  the live pages (``tournaments.broadcast``).

Who may act is checked here, not only in views: ``actor`` is the user acting for the event
(organiser, co-organiser or arbiter, see ``selectors.event_role_of``); player acts take the
player's ``entry`` (resolved by the view from the account or the private link).
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from games import GameDefinition, TableKind, get_game
from games.gunshi_rules import GameFormat, StartPositionError, start_position_dict
from matches import services as match_services
from matches.errors import MatchError
from matches.models import Match
from tournaments import broadcast, callup, names, selectors, waitlist
from tournaments.errors import TournamentError
from tournaments.models import (
    AuditLog,
    BracketMatch,
    Entry,
    Event,
    EventRole,
    Pairing,
    Round,
)
from tournaments.pairing import elimination, round_robin, swiss, top_cut
from tournaments.pairing.errors import PairingError
from tournaments.scores import Scores, check_scores
from tournaments.standings import tiebreak_from_code
from tournaments.validation import (
    ENTRY_NAME_LIMIT,
    EVENT_GAME_FORMATS,
    GUNSHI_KEY,
    JUNQI_KEY,
    POINT_FIELDS,
    check_event_values,
    check_junqi_variants,
    check_name,
    check_points,
    check_rating,
)

logger = logging.getLogger(__name__)

R = Pairing.Result

SWISS_SYSTEMS = frozenset({Event.PairingSystem.SWISS, Event.PairingSystem.SWISS_TOP_CUT})
PUBLIC_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS, Round.Status.COMPLETE)
RUNNING_ROUND_STATES = (Round.Status.PUBLISHED, Round.Status.IN_PROGRESS)

# Results a player or arbiter may enter for a played table (a bye's result is fixed), and a
# draw besides for a game with draws (``GameDefinition.draws``) in a Swiss or round-robin round.
TABLE_RESULTS = frozenset(
    {R.RED_WON, R.BLUE_WON, R.RED_WON_BY_FORFEIT, R.BLUE_WON_BY_FORFEIT, R.DOUBLE_FORFEIT}
)


# ----------------------------------------------------------------------------------- helpers


def _lock_event(event: Event | int) -> Event:
    pk = event if isinstance(event, int) else event.pk
    return Event.objects.select_for_update().get(pk=pk)


def _require_manager(actor: User | None, event: Event) -> None:
    if not selectors.event_can_manage(user=actor, event=event):
        raise TournamentError("not_allowed")


def _require_arbiter(actor: User | None, event: Event) -> None:
    if not selectors.event_can_arbitrate(user=actor, event=event):
        raise TournamentError("not_allowed")


def _audit(
    event: Event,
    action: str,
    *,
    actor: User | None = None,
    entry: Entry | None = None,
    round_number: int | None = None,
    pairing: Pairing | None = None,
    **details: Any,
) -> AuditLog:
    return AuditLog.objects.create(
        event=event,
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_entry=entry,
        action=action,
        round_number=round_number,
        pairing=pairing,
        details=details,
    )


def _changed(event: Event, *what: str) -> None:
    """Bump the event's version and announce it after commit (``what``: page names)."""
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])
    broadcast.event_changed_on_commit(event_id=event.pk, version=event.version, what=what)


def _latest_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def _entry_name(user: User) -> str:
    full = getattr(user, "get_full_name", lambda: "")()
    return (full or user.get_username())[:100]


def _validate_tiebreaks(codes: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for raw in codes:
        code = raw.strip().upper()
        if not code:
            continue
        try:
            tiebreak_from_code(code)
        except ValueError:
            raise TournamentError("invalid_tiebreak", {"code": raw}, field="tiebreaks") from None
        if code in seen:
            raise TournamentError("duplicate_tiebreak", {"code": code}, field="tiebreaks")
        seen.add(code)
        out.append(code)
    return out


def max_swiss_rounds(player_count: int) -> int:
    """Most Swiss rounds ``player_count`` players can play without a rematch.

    With an even count everyone meets everyone in n − 1 rounds; with an odd count the bye
    rotates and n rounds are possible.
    """
    if player_count < 2:
        return 0
    return player_count - 1 if player_count % 2 == 0 else player_count


def recommended_rounds(player_count: int) -> int:
    """⌈log2 N⌉ Swiss rounds, enough for one player alone to finish with a perfect score."""
    return swiss.recommended_rounds(player_count)


# ------------------------------------------------------------------------------------ events

EVENT_FIELDS = frozenset(
    {
        "name",
        "starts_on",
        "ends_on",
        "venue",
        "online",
        "game",
        "game_format",
        "start_position",
        "junqi_variants",
        "time_control",
        "start_window_minutes",
        "pairing_system",
        "rounds",
        "top_cut_size",
        "third_place_match",
        "grand_final_reset",
        *POINT_FIELDS,
        "forfeit_counts_as_game",
        "tiebreaks",
        "visibility",
        "registration_cap",
        "no_show_minutes",
    }
)
# Fields fixed once round 1 is paired: the event announced them, players planned on them.
LOCKED_FIELDS = frozenset(
    {
        "game",
        "game_format",
        "start_position",
        "junqi_variants",
        "time_control",
        "pairing_system",
        "top_cut_size",
        "points_win",
        "points_loss",
        "points_bye",
        "points_forfeit_win",
        "points_forfeit_loss",
        "points_round_robin_free",
        "forfeit_counts_as_game",
        "online",
    }
)


def _unique_slug(base: str) -> str:
    slug = slugify(base, allow_unicode=True)[:70] or "event"
    candidate, n = slug, 2
    while Event.objects.filter(slug=candidate).exists():
        candidate, n = f"{slug}-{n}", n + 1
    return candidate


def _event_defaults() -> dict[str, Any]:
    """The model's default of every settable event field (what a new event gets unless told)."""
    return {
        name: Event._meta.get_field(name).get_default()
        for name in EVENT_FIELDS - {"tiebreaks", "start_position"}
    }


def _drop_engine_settings(fields: dict[str, Any], game: str) -> None:
    """The official format and start position are 軍師軍略's (RULES.md §15): another game's
    event keeps the defaults, whatever a form sent. The 軍棋 variants are stored in their
    canonical order (``check_junqi_variants`` refuses them for another game); changing the
    game away from 軍棋 clears them."""
    if game != GUNSHI_KEY:
        fields["game_format"] = Event.Format.BASIC
        fields["start_position"] = None
    if "junqi_variants" not in fields and "game" in fields and game != JUNQI_KEY:
        fields["junqi_variants"] = []  # a 軍棋 event turned into another game's
    elif "junqi_variants" in fields:
        fields["junqi_variants"] = check_junqi_variants(
            {"game": game, "junqi_variants": fields["junqi_variants"]}
        )


def _canonical_start(fields: dict[str, Any]) -> None:
    """Store a start position in its canonical dict form (``None`` when empty), so that an
    unchanged position compares equal; an invalid one raises ``invalid_start_position``."""
    if "start_position" not in fields:
        return
    value = fields["start_position"]
    if not value:
        fields["start_position"] = None
        return
    try:
        fields["start_position"] = start_position_dict(value)
    except StartPositionError as exc:
        raise TournamentError(
            "invalid_start_position", {"detail": exc.detail}, field="start_position"
        ) from None


def _recommended_time_control(fields: dict[str, Any]) -> None:
    """Set the time control of a new event of another game than 軍師軍略 to that game's
    recommendation (an unknown game is left for ``check_event_values`` to refuse)."""
    key = fields.get("game", GUNSHI_KEY)
    try:
        recommended = get_game(key).timing.time_control if key != GUNSHI_KEY else ""
    except KeyError:
        return
    if recommended:
        fields["time_control"] = recommended


@transaction.atomic
def event_create(
    *,
    organiser: User,
    name: str,
    starts_on: date,
    slug: str = "",
    **fields: Any,
) -> Event:
    """Create an event (a draft: only its organisers see it until registration opens).

    Without a ``time_control`` the event takes its game's recommended one (軍棋: 10+5), the
    model's 20+0 being 軍師軍略's official one."""
    unknown = set(fields) - EVENT_FIELDS
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    if "time_control" not in fields:
        _recommended_time_control(fields)
    if slug:
        slug = slugify(slug, allow_unicode=True)
        if Event.objects.filter(slug=slug).exists():
            raise TournamentError("slug_taken", {"slug": slug})
    else:
        slug = _unique_slug(name)
    fields["tiebreaks"] = _validate_tiebreaks(
        fields.get("tiebreaks") or selectors.DEFAULT_TIEBREAKS
    )
    if fields.get("pairing_system") != Event.PairingSystem.SWISS_TOP_CUT:
        fields["top_cut_size"] = None
    _drop_engine_settings(fields, fields.get("game", GUNSHI_KEY))
    _canonical_start(fields)
    check_event_values(_event_defaults() | fields | {"name": name, "starts_on": starts_on})
    name = name.strip()
    event = Event.objects.create(
        organiser=organiser, name=name, slug=slug, starts_on=starts_on, **fields
    )
    _audit(event, "event_create", actor=organiser, name=name)
    return event


@transaction.atomic
def event_update(*, actor: User, event: Event, **fields: Any) -> Event:
    """Change an event's settings; the rules of play are fixed once round 1 is paired."""
    event = _lock_event(event)
    _require_manager(actor, event)
    unknown = set(fields) - EVENT_FIELDS
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    _drop_engine_settings(fields, fields.get("game", event.game))
    _canonical_start(fields)
    changed = {k: v for k, v in fields.items() if getattr(event, k) != v}
    if "tiebreaks" in changed:
        changed["tiebreaks"] = _validate_tiebreaks(changed["tiebreaks"])
    top_cut = (
        changed.get("pairing_system", event.pairing_system) == Event.PairingSystem.SWISS_TOP_CUT
    )
    if not top_cut and (event.top_cut_size is not None or "top_cut_size" in changed):
        changed["top_cut_size"] = None
    started = Round.objects.filter(event=event).exists()
    locked = sorted(LOCKED_FIELDS & {k for k, v in changed.items() if getattr(event, k) != v})
    if started and locked:
        raise TournamentError("event_locked", {"fields": ", ".join(locked)})
    merged = {f: getattr(event, f) for f in EVENT_FIELDS} | changed
    check_event_values(merged)
    if "rounds" in changed and started:
        active = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
        _check_round_count(changed["rounds"], active)
    for key, value in changed.items():
        setattr(event, key, value)
    event.save()
    _audit(
        event,
        "event_update",
        actor=actor,
        fields={k: str(v) for k, v in changed.items()},
    )
    if "registration_cap" in changed:
        waitlist.promote(event, actor=actor, reason="event_update")
    _changed(event, "event", "entries", "standings")
    return event


@transaction.atomic
def event_set_status(*, actor: User, event: Event, status: str) -> Event:
    """Move the event along ``Event.ALLOWED_TRANSITIONS`` (no-op if unchanged)."""
    event = _lock_event(event)
    _require_manager(actor, event)
    if event.status == status:
        return event
    if status not in Event.ALLOWED_TRANSITIONS.get(event.status, frozenset()):
        raise TournamentError(
            "invalid_status_change",
            {
                "current": Event.Status(event.status).label,
                "target": Event.Status(status).label if status in Event.Status else status,
            },
        )
    old = event.status
    event.status = status
    event.save(update_fields=["status", "updated_at"])
    _audit(event, "event_status", actor=actor, old=old, new=status)
    _changed(event, "event")
    return event


@transaction.atomic
def event_role_add(*, actor: User, event: Event, user: User, role: str) -> EventRole:
    """Make ``user`` a co-organiser or arbiter of ``event`` (the organiser only)."""
    event = _lock_event(event)
    if selectors.event_role_of(user=actor, event=event) != "organiser":
        raise TournamentError("not_allowed")
    if role not in EventRole.Role.values:
        raise TournamentError("invalid_role")
    event_role, _created = EventRole.objects.update_or_create(
        event=event, user=user, defaults={"role": role}
    )
    _audit(event, "role_add", actor=actor, user=user.get_username(), role=role)
    return event_role


@transaction.atomic
def event_role_remove(*, actor: User, event: Event, user: User) -> None:
    event = _lock_event(event)
    if selectors.event_role_of(user=actor, event=event) != "organiser":
        raise TournamentError("not_allowed")
    EventRole.objects.filter(event=event, user=user).delete()
    _audit(event, "role_remove", actor=actor, user=user.get_username())


# ------------------------------------------------------------------------------ registration


def _check_capacity(event: Event, adding: int = 1) -> None:
    if event.registration_cap is None:
        return
    current = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    if current + adding > event.registration_cap:
        raise TournamentError("event_full", {"cap": event.registration_cap})


def _late_entry_round(event: Event) -> int:
    """The first round a player entering now would play."""
    latest = _latest_round(event)
    if latest is None:
        return 1
    if latest.status == Round.Status.DRAFT:
        return latest.number
    return latest.number + 1


@transaction.atomic
def entry_register(*, event: Event, user: User) -> Entry:
    """A player signs up for an open event with their account."""
    event = _lock_event(event)
    if event.status != Event.Status.REGISTRATION:
        raise TournamentError("registration_closed")
    if Entry.objects.filter(event=event, user_id=user.pk).exists():
        raise TournamentError("already_registered")
    name = check_name(_entry_name(user), limit=ENTRY_NAME_LIMIT)
    if Entry.objects.filter(event=event, name=name).exists():
        raise TournamentError("name_taken", {"name": name})
    if waitlist.is_full(event):
        entry = waitlist.waiting_entry(event=event, user=user, name=name)
        position = waitlist.position_of(entry)
        _audit(event, "entry_waitlist", actor=user, entry=entry, position=position)
    else:
        entry = Entry.objects.create(event=event, user=user, name=name)
        _audit(event, "entry_register", actor=user, entry=entry)
    _changed(event, "entries")
    return entry


@transaction.atomic
def entry_leave_waitlist(
    *, entry: Entry, actor: User | None = None, by_token: bool = False
) -> None:
    """A waitlisted player leaves the queue (or an organiser takes them off it).

    A place on the waitlist is not a place in the event: the entry is deleted (its audit row
    keeps the name), so the player may join the queue again, at its back."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token:
        _player_or_manager(actor, entry)
    if entry.status != Entry.Status.WAITLISTED:
        raise TournamentError("not_waitlisted", {"name": entry.name})
    _audit(event, "entry_leave_waitlist", actor=actor, entry_name=entry.name)
    entry.delete()
    _changed(event, "entries")


@transaction.atomic
def entry_add(
    *,
    actor: User,
    event: Event,
    name: str,
    user: User | None = None,
    rating: int | None = None,
    missed_round_points: Decimal | None = None,
) -> Entry:
    """The organiser adds a player (walk-in, or an account); once rounds exist, a late entry.

    A late entrant joins at the next round to be paired and gets ``missed_round_points`` for
    each round already played (0 unless the organiser grants more).
    """
    event = _lock_event(event)
    _require_manager(actor, event)
    name = check_name(name, limit=ENTRY_NAME_LIMIT)
    rating = check_rating(rating)
    if user is not None and Entry.objects.filter(event=event, user_id=user.pk).exists():
        raise TournamentError("already_registered")
    if Entry.objects.filter(event=event, name=name).exists():
        raise TournamentError("name_taken", {"name": name})
    _check_capacity(event)
    first_round = _late_entry_round(event)
    points = check_points(
        missed_round_points if missed_round_points is not None else Decimal(0),
        field="missed_round_points",
    )
    entry = Entry.objects.create(
        event=event,
        user=user,
        name=name,
        rating=rating,
        first_round=first_round,
        missed_round_points=points if first_round > 1 else Decimal(0),
        checked_in=first_round > 1,
    )
    if Round.objects.filter(event=event).exists():
        _give_start_numbers(event)
        entry.refresh_from_db(fields=["start_number"])
    _audit(
        event,
        "entry_late" if first_round > 1 else "entry_add",
        actor=actor,
        entry=entry,
        name=name,
        first_round=first_round,
        missed_round_points=str(entry.missed_round_points),
    )
    _changed(event, "entries", "standings")
    return entry


@dataclass(frozen=True)
class CsvRow:
    line: int
    name: str
    rating: int | None
    user: Any


def _parse_csv(event: Event, text: str) -> tuple[list[CsvRow], dict[int, list[str]]]:
    """Rows to import and the problems of each line (1-based, the header is line 1)."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    headers = [h.strip().lower() for h in (reader.fieldnames or [])]
    if "name" not in headers:
        return [], {1: [gettext("The first line must name the columns, including “name”.")]}
    reader.fieldnames = headers
    existing_names = set(Entry.objects.filter(event=event).values_list("name", flat=True))
    existing_users = set(
        Entry.objects.filter(event=event, user__isnull=False).values_list("user_id", flat=True)
    )
    user_model = get_user_model()
    rows: list[CsvRow] = []
    errors: dict[int, list[str]] = {}
    seen_names: dict[str, int] = {}
    seen_users: dict[int, int] = {}
    for record in reader:
        line = reader.line_num
        problems: list[str] = []
        if None in record:
            problems.append(gettext("This line has more fields than the header."))
        name = (record.get("name") or "").strip()
        if not name:
            problems.append(gettext("The name is missing."))
        elif len(name) > 100:
            problems.append(gettext("The name is longer than 100 characters."))
        elif names.unsafe_characters(name):
            problems.append(
                gettext("The name contains control or text-direction characters (%(chars)s).")
                % {"chars": names.describe(names.unsafe_characters(name))}
            )
        elif name in existing_names:
            problems.append(gettext("“%(name)s” is already entered.") % {"name": name})
        elif name in seen_names:
            problems.append(
                gettext("“%(name)s” is also on line %(line)s.")
                % {"name": name, "line": seen_names[name]}
            )
        rating: int | None = None
        raw_rating = (record.get("rating") or "").strip()
        if raw_rating:
            try:
                rating = check_rating(int(raw_rating))
            except (ValueError, TournamentError):
                problems.append(
                    gettext("The rating “%(value)s” is not a whole number from 0 to 9999.")
                    % {"value": raw_rating[:20]}
                )
        user = None
        username = (record.get("username") or "").strip()
        if username:
            user = user_model.objects.filter(username=username).first()
            if user is None:
                problems.append(gettext("No account “%(user)s”.") % {"user": username})
            elif user.pk in existing_users:
                problems.append(gettext("“%(user)s” is already entered.") % {"user": username})
            elif user.pk in seen_users:
                problems.append(
                    gettext("“%(user)s” is also on line %(line)s.")
                    % {"user": username, "line": seen_users[user.pk]}
                )
            else:
                seen_users[user.pk] = line
        if name:
            seen_names.setdefault(name, line)
        if problems:
            errors[line] = problems
        else:
            rows.append(CsvRow(line, name, rating, user))
    return rows, errors


@transaction.atomic
def entry_import_csv(*, actor: User, event: Event, text: str) -> list[Entry]:
    """Import players from CSV (columns ``name``, optional ``rating`` and ``username``).

    All or nothing: if any line has a problem, :class:`TournamentError` ``csv_invalid`` carries
    every line's problems in ``rows`` and no entry is created.
    """
    event = _lock_event(event)
    _require_manager(actor, event)
    rows, errors = _parse_csv(event, text)
    if errors:
        raise TournamentError("csv_invalid", rows=errors)
    if not rows:
        raise TournamentError("csv_empty")
    _check_capacity(event, adding=len(rows))
    first_round = _late_entry_round(event)
    entries = [
        Entry(
            event=event,
            name=row.name,
            rating=row.rating,
            user=row.user,
            first_round=first_round,
            checked_in=first_round > 1,
        )
        for row in rows
    ]
    try:
        created = Entry.objects.bulk_create(entries)
    except IntegrityError:  # a concurrent registration took a name in the meantime
        raise TournamentError("csv_invalid", rows={0: [gettext("Please try again.")]}) from None
    if Round.objects.filter(event=event).exists():
        _give_start_numbers(event)
    _audit(event, "entry_import", actor=actor, count=len(created))
    _changed(event, "entries", "standings")
    return created


def _refuse_waitlisted(entry: Entry) -> None:
    """A waitlisted entry holds no place: it cannot check in, withdraw or be reinstated."""
    if entry.status == Entry.Status.WAITLISTED:
        raise TournamentError("entry_waitlisted", {"name": entry.name})


def _player_or_manager(actor: User | None, entry: Entry) -> None:
    """Players act for themselves (account); organisers act for anyone in their events."""
    if actor is not None and actor.is_authenticated and entry.user_id == actor.pk:
        return
    _require_manager(actor, entry.event)


@transaction.atomic
def entry_check_in(
    *, entry: Entry, checked_in: bool = True, actor: User | None = None, by_token: bool = False
) -> Entry:
    """Check a player in (or out) before round 1: the player, an arbiter or an organiser."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token and not (actor is not None and entry.user_id == actor.pk):
        _require_arbiter(actor, event)
    _refuse_waitlisted(entry)
    if Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).exists():
        raise TournamentError("event_locked")
    if entry.checked_in != checked_in:
        entry.checked_in = checked_in
        entry.save(update_fields=["checked_in"])
        _audit(event, "entry_check_in", actor=actor, entry=entry, checked_in=checked_in)
        _changed(event, "entries")
    return entry


@transaction.atomic
def entry_check_in_many(*, actor: User, event: Event, entries: Iterable[Entry]) -> list[Entry]:
    """Check in every player of ``entries`` at once ("check in all present"), by an arbiter or
    organiser before round 1. Each player checked in gets its own audit row, as with
    :func:`entry_check_in`; players already checked in or not active are passed over."""
    event = _lock_event(event)
    _require_arbiter(actor, event)
    ids = {e.pk for e in entries}
    if not ids:
        raise TournamentError("nobody_to_check_in", field="entries")
    if Round.objects.filter(event=event).exclude(status=Round.Status.DRAFT).exists():
        raise TournamentError("event_locked")
    todo = list(
        Entry.objects.select_for_update()
        .filter(event=event, pk__in=ids, status=Entry.Status.ACTIVE, checked_in=False)
        .order_by("pk")
    )
    for entry in todo:
        entry.checked_in = True
        _audit(event, "entry_check_in", actor=actor, entry=entry, checked_in=True)
    Entry.objects.bulk_update(todo, ["checked_in"])
    if todo:
        _changed(event, "entries")
    return todo


def _require_between_rounds(event: Event, entry: Entry) -> None:
    """Refuse while ``entry`` has a table without a result in a published round."""
    pending = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry),
        round__event=event,
        round__status__in=RUNNING_ROUND_STATES,
        result=R.PENDING,
    ).select_related("round")
    first = pending.first()
    if first is not None:
        raise TournamentError("between_rounds_only", {"round": first.round.number})
    draft = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry), round__event=event, round__status=Round.Status.DRAFT
    ).select_related("round")
    first = draft.first()
    if first is not None:
        raise TournamentError("between_rounds_only", {"round": first.round.number})


@transaction.atomic
def entry_withdraw(*, entry: Entry, actor: User | None = None, by_token: bool = False) -> Entry:
    """Drop a player between rounds: kept in the standings, never paired again."""
    event = _lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if not by_token:
        _player_or_manager(actor, entry)
    _refuse_waitlisted(entry)
    if entry.status != Entry.Status.ACTIVE:
        raise TournamentError("entry_not_active", {"name": entry.name})
    _require_between_rounds(event, entry)
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    _audit(event, "entry_withdraw", actor=actor, entry=entry)
    waitlist.promote(event, actor=actor, reason="entry_withdraw")
    _changed(event, "entries", "standings")
    return entry


@transaction.atomic
def entry_reinstate(*, actor: User, entry: Entry) -> Entry:
    """Bring a withdrawn player back (organisers, between rounds). Missed rounds score 0."""
    event = _lock_event(entry.event_id)
    _require_manager(actor, event)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _refuse_waitlisted(entry)
    if entry.status == Entry.Status.ACTIVE:
        raise TournamentError("entry_already_active", {"name": entry.name})
    _check_capacity(event)
    entry.status = Entry.Status.ACTIVE
    entry.save(update_fields=["status"])
    _audit(event, "entry_reinstate", actor=actor, entry=entry)
    _changed(event, "entries", "standings")
    return entry


@transaction.atomic
def entry_disqualify(*, actor: User, entry: Entry, reason: str) -> Entry:
    """Disqualify a player at any time. A table of theirs still without a result is scored
    as a forfeit win for the opponent."""
    event = _lock_event(entry.event_id)
    _require_manager(actor, event)
    if not reason.strip():
        raise TournamentError("reason_required", field="reason")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    _refuse_waitlisted(entry)
    entry.status = Entry.Status.DISQUALIFIED
    entry.save(update_fields=["status"])
    pending = Pairing.objects.filter(
        Q(red=entry) | Q(blue=entry),
        round__event=event,
        round__status__in=RUNNING_ROUND_STATES,
        result=R.PENDING,
    ).select_related("round")
    for pairing in pending:
        result = R.BLUE_WON_BY_FORFEIT if pairing.red_id == entry.pk else R.RED_WON_BY_FORFEIT
        _apply_result(pairing, result, Pairing.Method.FORFEIT)
        _audit(
            event,
            "result_forfeit_dq",
            actor=actor,
            pairing=pairing,
            round_number=pairing.round.number,
            result=result,
        )
        _refresh_round_status(pairing.round)
    Round.objects.filter(event=event, status=Round.Status.DRAFT).filter(
        Q(pairings__red=entry) | Q(pairings__blue=entry)
    ).delete()
    _audit(event, "entry_disqualify", actor=actor, entry=entry, reason=reason)
    waitlist.promote(event, actor=actor, reason="entry_disqualify")
    _changed(event, "entries", "standings", "pairings")
    return entry


# ------------------------------------------------------------------------------------ rounds


def _check_round_count(rounds: int, players: int) -> None:
    maximum = max_swiss_rounds(players)
    if rounds > maximum:
        raise TournamentError(
            "impossible_rounds", {"rounds": rounds, "players": players, "maximum": maximum}
        )


def _stage_for(event: Event, number: int) -> str:
    system = event.pairing_system
    if system == Event.PairingSystem.SWISS:
        return Round.Stage.SWISS
    if system == Event.PairingSystem.SWISS_TOP_CUT:
        return Round.Stage.SWISS if number <= event.rounds else Round.Stage.ELIMINATION
    if system in (Event.PairingSystem.ROUND_ROBIN, Event.PairingSystem.DOUBLE_ROUND_ROBIN):
        return Round.Stage.ROUND_ROBIN
    return Round.Stage.ELIMINATION


def _available_for(event: Event, number: int) -> tuple[list[Entry], set[int]]:
    """Active entries, and the ids of those who do not play round ``number``.

    Before round 1, if anyone has checked in, players who have not are left out.
    """
    active = list(
        Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).only(
            "pk", "first_round", "checked_in", "seed", "rating"
        )
    )
    unavailable = {e.pk for e in active if e.first_round > number}
    if number == 1 and any(e.checked_in for e in active):
        unavailable |= {e.pk for e in active if not e.checked_in}
    return active, unavailable


def players_left_out(*, event: Event) -> list[Entry]:
    """Active players the next round would leave out because they have not checked in.

    Only round 1 looks at check-in, and only once anybody has checked in (``_available_for``);
    the organiser must confirm pairing without them (``round_pair(leave_out_absent=True)``).
    """
    if _latest_round(event) is not None:
        return []
    active, unavailable = _available_for(event, 1)
    if not any(e.checked_in for e in active):
        return []
    absent = {e.pk for e in active if not e.checked_in} & unavailable
    return list(Entry.objects.filter(pk__in=absent).order_by("name"))


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
        raise TournamentError("ranked_event")  # tournaments.ranked_tables.tables_assign
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


def _give_start_numbers(event: Event) -> None:
    """Number every entry without a start number, after the numbers already given, in seed
    order. Round 1 numbers everyone; later, only late entrants are new. A number once given
    never changes, so exports after different rounds name players alike."""
    numbered = Entry.objects.filter(event=event, start_number__isnull=False)
    following = max(numbered.values_list("start_number", flat=True), default=0)
    new = selectors.seed_order(Entry.objects.filter(event=event, start_number__isnull=True))
    for entry in new:
        following += 1
        entry.start_number = following
    Entry.objects.bulk_update(new, ["start_number"])


def _draw(event: Event, order: list[int]) -> None:
    event.draw_order = order
    event.save(update_fields=["draw_order", "updated_at"])


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


def _bracket(event: Event) -> elimination.Bracket:
    """The pure bracket of the event, rebuilt from its draw."""
    order = list(event.draw_order)
    if event.pairing_system == Event.PairingSystem.DOUBLE_ELIMINATION:
        return elimination.double_elimination(order, grand_final_reset=event.grand_final_reset)
    return elimination.single_elimination(order, third_place=event.third_place_match)


def _source_text(bracket: elimination.Bracket, source: elimination.Source) -> str:
    if source.kind is elimination.SourceKind.SEED:
        return f"seed:{source.ref}"
    return f"{source.kind.value}:{bracket.match(source.ref).code}"


def _draw_bracket(event: Event, number: int) -> elimination.Bracket:
    """Draw the bracket: seeds from the seed order, or the Swiss standings for a top cut."""
    if event.pairing_system == Event.PairingSystem.SWISS_TOP_CUT:
        size = event.top_cut_size or 8
        table = selectors.event_standings(event=event)
        qualified = [line.entry.pk for line in table.lines if line.entry.is_active]
        bracket = top_cut.top_cut(qualified, size, third_place=event.third_place_match)
        _draw(event, list(bracket.entrants))
    else:
        active, unavailable = _available_for(event, number)
        order = [e.pk for e in selectors.seed_order(active) if e.pk not in unavailable]
        if len(order) < 2:
            raise TournamentError("not_enough_players")
        _draw(event, order)
        bracket = _bracket(event)
    BracketMatch.objects.filter(event=event).delete()
    BracketMatch.objects.bulk_create(
        BracketMatch(
            event=event,
            code=m.code,
            bracket=m.section.value,
            bracket_round=m.round,
            position=m.slot,
            red_source=_source_text(bracket, m.sources[0]),
            blue_source=_source_text(bracket, m.sources[1]),
        )
        for m in bracket.matches
    )
    return bracket


def _bracket_state(event: Event) -> tuple[elimination.Bracket, elimination.BracketProgress]:
    bracket = _bracket(event)
    ids = {m.code: m.id for m in bracket.matches}
    winners = {
        ids[code]: winner
        for code, winner in BracketMatch.objects.filter(
            event=event, winner__isnull=False
        ).values_list("code", "winner_id")
    }
    return bracket, elimination.bracket_progress(bracket, winners)


def _sync_bracket(event: Event) -> elimination.BracketProgress:
    """Write who is known to sit in each bracket match (after a draw or a result)."""
    bracket, progress = _bracket_state(event)
    rows = {row.code: row for row in BracketMatch.objects.filter(event=event)}
    changed = []
    for match, (red, blue) in zip(bracket.matches, progress.players, strict=True):
        row = rows[match.code]
        if (row.red_id, row.blue_id) != (red, blue):
            row.red_id, row.blue_id = red, blue
            changed.append(row)
    BracketMatch.objects.bulk_update(changed, ["red", "blue"])
    return progress


def _pair_elimination(event: Event, number: int) -> Round:
    """A round of every bracket match that can be played now."""
    if not event.draw_order or not BracketMatch.objects.filter(event=event).exists():
        _draw_bracket(event, number)
    bracket, progress = _bracket_state(event)
    _sync_bracket(event)
    paired = set(
        BracketMatch.objects.filter(event=event, pairing__isnull=False).values_list(
            "code", flat=True
        )
    )
    todo = [
        bracket.match(match_id)
        for match_id in progress.playable
        if bracket.match(match_id).code not in paired
    ]
    if not todo:
        raise TournamentError("bracket_complete" if progress.complete else "not_enough_players")
    round_ = Round.objects.create(event=event, number=number, stage=Round.Stage.ELIMINATION)
    rows = {row.code: row for row in BracketMatch.objects.filter(event=event)}
    for table, match in enumerate(todo, start=1):
        red, blue = progress.players[match.id - 1]
        if red is None or blue is None:  # playable means both seats are known
            raise TournamentError("invalid_result")
        pairing = Pairing.objects.create(round=round_, table=table, red_id=red, blue_id=blue)
        row = rows[match.code]
        row.pairing = pairing
        row.save(update_fields=["pairing"])
    return round_


def _record_bracket_result(event: Event, pairing: Pairing) -> None:
    """Carry an elimination table's result into its bracket match."""
    row = BracketMatch.objects.filter(pairing=pairing).first()
    if row is None:
        return
    winner = pairing.winner_id
    if row.winner_id == winner:
        return
    corrected = row.winner_id is not None
    row.winner_id = winner
    row.needs_review = False
    row.save(update_fields=["winner", "needs_review"])
    if corrected:
        _reset_downstream(event, row)
    else:
        _sync_bracket(event)


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


def _lock_round(round_: Round | int) -> tuple[Event, Round]:
    pk = round_ if isinstance(round_, int) else round_.pk
    event_id = Round.objects.values_list("event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    return event, Round.objects.select_for_update().get(pk=pk)


def _require_draft(round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise TournamentError("round_not_draft", {"round": round_.number})


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


# The engine format of every match of an event of each official format (RULES.md §15).
def match_format_of(event: Event) -> GameFormat:
    """The engine game format of the event's matches: Rule 1 the basic game, Rule 2 the
    expansion game (three chosen expansion cards), Rule 3 the deck-build game (base procedure).
    Each match draws its own deal seed (``match_create``)."""
    return EVENT_GAME_FORMATS[event.game_format]()


def _match_setup_of(event: Event) -> dict[str, Any]:
    """The game set-up a table's match inherits from its event. The official formats and the
    fixed opening (``Event.game_format``, ``start_position``) are 軍師軍略's; a 軍棋 match plays
    the event's §9 variants (``Event.junqi_variants``, each switched on), another engine game
    its standard options."""
    if event.game == JUNQI_KEY and event.junqi_variants:
        return {"game_format": dict.fromkeys(event.junqi_variants, True)}
    if event.game != GUNSHI_KEY:
        return {}
    return {
        "game_format": match_format_of(event),
        "start_position": event.start_position or None,
    }


def _create_match_for_pairing(
    event: Event, pairing: Pairing, actor: User | None, start_by: datetime | None
) -> int | None:
    """Create the clocked match of a table through the matches app's public service.

    Online events get online matches (they start when both players join, by ``start_by`` —
    docs/matches.md, "Starting a game"); over-the-board events get over-the-board matches,
    whose clock page the result slip's QR code opens and whose first press starts them. Every
    match inherits the event's game and time control (``_match_setup_of``: for 軍師軍略 also
    its format and start position); a game without rules gets a clock-only match (an
    over-the-board match has no game state). A bye has no match (``None``).
    """
    if pairing.blue is None:
        return None
    red, blue = pairing.red, pairing.blue
    match = match_services.match_create(
        game=event.game,
        kind="online" if event.online else "otb",
        red_player=red.user,
        blue_player=blue.user,
        red_name=red.name,
        blue_name=blue.name,
        **_match_setup_of(event),
        time_control=event.time_control,
        no_show_limit_ms=event.no_show_minutes * 60_000 if event.no_show_minutes else None,
        event_id=event.pk,
        pairing_id=pairing.pk,
        start_by=start_by,
        actor=actor,
    )
    return int(match.pk)


@transaction.atomic
def round_publish(*, actor: User, round: Round) -> Round:
    """Publish a draft: the tables open (matches are created) and the public sees them.

    Each game then waits for its players: online, both join their board (or an arbiter starts
    the round, ``round_start``) before the event's start deadline; over the board, the first
    press of the clock starts it."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    _require_draft(round_)
    pairings = list(Pairing.objects.filter(round=round_).select_related("red__user", "blue__user"))
    now = timezone.now()
    start_by = now + timedelta(minutes=event.start_window_minutes) if event.online else None
    for pairing in pairings:
        match_id = _create_match_for_pairing(event, pairing, actor, start_by)
        if match_id is not None:
            pairing.match_id = match_id
            pairing.save(update_fields=["match_id", "updated_at"])
    round_.status = Round.Status.PUBLISHED
    round_.published_at = now
    round_.save(update_fields=["status", "published_at"])
    _refresh_round_status(round_)
    _audit(event, "round_publish", actor=actor, round_number=round_.number)
    _changed(event, "pairings", "rounds", "standings")
    callup.call_round_on_commit(round_)
    return round_


def round_start(*, actor: User, round: Round) -> list[int]:
    """An organiser or arbiter starts every game of a published round that has not started
    ("start the round"), whether or not its players have joined. Games that started
    meanwhile are skipped; each game is started under its own row lock, so pressing twice,
    or two arbiters at once, starts nothing twice. Returns the ids of the games started."""
    with transaction.atomic():
        event, round_ = _lock_round(round)
        _require_arbiter(actor, event)
        if round_.status not in RUNNING_ROUND_STATES:
            raise TournamentError("round_not_published", {"round": round_.number})
        match_ids = list(
            Pairing.objects.filter(round=round_, match_id__isnull=False).values_list(
                "match_id", flat=True
            )
        )
    started = match_services.event_start_waiting(
        event_id=event.pk, actor=actor, match_ids=[int(m) for m in match_ids]
    )
    if started:
        with transaction.atomic():
            _audit(event, "round_start", actor=actor, round_number=round_.number, games=started)
            _changed(event, "pairings")
    return started


def _match_started(match_id: int) -> bool:
    return Match.objects.filter(pk=match_id).exclude(status=Match.Status.PENDING).exists()


def _abort_match(match_id: int) -> None:
    match_services.match_abort(match_id=match_id, reason="round unpublished")


@transaction.atomic
def round_unpublish(*, actor: User, round: Round) -> Round:
    """Take a published round back to draft, while no game in it has started."""
    event, round_ = _lock_round(round)
    _require_manager(actor, event)
    if round_.status != Round.Status.PUBLISHED:
        raise TournamentError("round_started", {"round": round_.number})
    pairings = list(Pairing.objects.filter(round=round_, blue__isnull=False))
    if any(
        p.result != R.PENDING
        or p.confirmation != Pairing.Confirmation.NONE
        or (p.match_id is not None and _match_started(p.match_id))
        for p in pairings
    ):
        raise TournamentError("round_started", {"round": round_.number})
    for p in pairings:
        if p.match_id is not None:
            _abort_match(p.match_id)
    Pairing.objects.filter(round=round_).update(match_id=None)
    round_.status = Round.Status.DRAFT
    round_.published_at = None
    round_.save(update_fields=["status", "published_at"])
    _audit(event, "round_unpublish", actor=actor, round_number=round_.number)
    _changed(event, "pairings", "rounds", "standings")
    callup.call_round_on_commit(round_)
    return round_


def _refresh_round_status(round_: Round) -> None:
    """published → in progress (first result) → complete (every table final), and back."""
    if round_.status == Round.Status.DRAFT:
        return
    results = list(Pairing.objects.filter(round=round_).values_list("result", "blue_id"))
    played = [r for r, blue in results if blue is not None]
    if all(r != R.PENDING for r, _ in results):
        status = Round.Status.COMPLETE
    elif any(r != R.PENDING for r in played):
        status = Round.Status.IN_PROGRESS
    else:
        status = Round.Status.PUBLISHED
    if status != round_.status:
        round_.status = status
        round_.completed_at = timezone.now() if status == Round.Status.COMPLETE else None
        round_.save(update_fields=["status", "completed_at"])


# ----------------------------------------------------------------------------------- results


def _lock_pairing(pairing: Pairing | int) -> tuple[Event, Pairing]:
    pk = pairing if isinstance(pairing, int) else pairing.pk
    event_id = Pairing.objects.values_list("round__event_id", flat=True).get(pk=pk)
    event = _lock_event(event_id)
    locked = Pairing.objects.select_for_update().select_related("round").get(pk=pk)
    return event, locked


def _apply_result(
    pairing: Pairing,
    result: str,
    method: str,
    scores: Scores = (None, None),
    *,
    actor: User | None = None,
    reason: str = "",
) -> None:
    """Record ``result`` on the locked table and give its clocked game the same result after
    commit (``actor``/``reason``: the arbiter who entered it and why, kept in the game's log)."""
    if pairing.round.stage == Round.Stage.ELIMINATION and result in (R.DOUBLE_FORFEIT, R.DRAW):
        raise TournamentError("invalid_result")
    pairing.result = result
    pairing.method = method
    pairing.red_score, pairing.blue_score = scores
    pairing.confirmation = Pairing.Confirmation.CONFIRMED
    pairing.disputed = False
    pairing.save(
        update_fields=[
            "result",
            "method",
            "red_score",
            "blue_score",
            "confirmation",
            "disputed",
            "updated_at",
        ],
    )
    if pairing.round.stage == Round.Stage.ELIMINATION:
        _record_bracket_result(pairing.round.event, pairing)
    if pairing.match_id is not None:
        match_id, winner = pairing.match_id, _MATCH_WINNER[result]
        transaction.on_commit(lambda: _finish_match(match_id, winner, method, actor, reason))


_MATCH_WINNER: dict[str, str] = {
    R.RED_WON: "red",
    R.RED_WON_BY_FORFEIT: "red",
    R.BLUE_WON: "blue",
    R.BLUE_WON_BY_FORFEIT: "blue",
    R.DOUBLE_FORFEIT: "none",
    R.DRAW: "draw",
}


def _finish_match(
    match_id: int, winner: str, method: str, actor: User | None = None, reason: str = ""
) -> None:
    """Give a table's clocked match the result the table got (an over-the-board report, an
    arbiter's entry), so the match pages agree with the standings. A match that already has a
    result keeps it (its own result is what the table took, or a later correction is on the
    tournament side); the match's ``match_finished`` echo finds the table already confirmed.
    An arbiter's entry is logged in the match as theirs, with their reason."""
    live = (Match.Status.PENDING, Match.Status.RUNNING)
    if not Match.objects.filter(pk=match_id, status__in=live).exists():
        return
    try:
        match_services.match_set_result(
            match_id=match_id,
            winner=winner,
            method=method or Match.Method.ARBITER,
            reason=reason,
            actor=actor,
            source=match_services.RESULT_FROM_TOURNAMENT,
        )
    except MatchError:
        logger.warning("match %s did not take the tournament result", match_id, exc_info=True)


def _scored(scores: Scores, key: str = "scores") -> dict[str, Any]:
    """Audit details of a game's scores (none for a game or result without them)."""
    return {} if scores == (None, None) else {key: list(scores)}


def _check_result(pairing: Pairing, result: str, game: GameDefinition) -> None:
    """Refuse a result a player or arbiter may not enter at this table: a bye's, an unknown
    one, or a draw where none exists (a game without draws such as 軍師軍略, or an
    elimination round, whose bracket needs a winner)."""
    if pairing.blue_id is None:
        raise TournamentError("bye_has_no_result")
    if result == R.DRAW:
        if not game.draws:
            raise TournamentError("game_has_no_draws", {"game": game.name})
        if pairing.round.stage == Round.Stage.ELIMINATION:
            raise TournamentError("draw_in_elimination")
        return
    if result not in TABLE_RESULTS:
        raise TournamentError("invalid_result")


def _require_running(round_: Round) -> None:
    if round_.status not in PUBLIC_ROUND_STATES:
        raise TournamentError("round_not_running")


@transaction.atomic
def result_report(
    *,
    entry: Entry,
    pairing: Pairing,
    result: str,
    method: str = "",
    red_score: int | None = None,
    blue_score: int | None = None,
) -> Pairing:
    """A player reports the result of their own over-the-board table.

    The first report waits for the opponent; the opponent reporting the same result (and the
    same game scores, for a game with a score: ``tournaments.scores``) confirms it, a
    different one opens a dispute for the arbiter. A player may change their own report
    until it is confirmed.
    """
    event, pairing = _lock_pairing(pairing)
    if entry.pk not in (pairing.red_id, pairing.blue_id):
        raise TournamentError("not_your_game")
    _require_running(pairing.round)
    game = get_game(event.game)
    _check_result(pairing, result, game)
    if pairing.match_id is not None and event.online:
        raise TournamentError("online_table")
    if pairing.confirmation == Pairing.Confirmation.CONFIRMED:
        raise TournamentError("result_final")
    method = method if method in Pairing.Method.values else ""
    first = pairing.reported_by_id
    # An opponent's answer is checked under the first report's method (flag fall, …) when
    # it gives none of its own.
    answering = first is not None and first != entry.pk
    check_method = method or (pairing.reported_method if answering else "")
    scores = check_scores(game, result, check_method, red_score, blue_score)
    callup.call_pairing_on_commit(pairing)  # a result to confirm, a dispute or a final one
    if first is None or (first == entry.pk and not pairing.disputed):
        pairing.reported_by = entry
        pairing.reported_result = result
        pairing.reported_method = method
        pairing.reported_red_score, pairing.reported_blue_score = scores
        pairing.confirmation = Pairing.Confirmation.AWAITING
        pairing.save()
        _audit(
            event, "result_report", entry=entry, pairing=pairing, result=result, **_scored(scores)
        )
        _changed(event, "pairings")
        return pairing
    if first == entry.pk:  # a dispute is open and the first reporter changes their claim
        pairing.reported_result = result
        pairing.reported_method = method or pairing.reported_method
        pairing.reported_red_score, pairing.reported_blue_score = scores
    else:  # the opponent answers
        pairing.counter_result = result
        pairing.counter_red_score, pairing.counter_blue_score = scores
    reported = (pairing.reported_red_score, pairing.reported_blue_score)
    counter = (pairing.counter_red_score, pairing.counter_blue_score)
    if pairing.reported_result == pairing.counter_result and reported == counter:
        _apply_result(pairing, result, pairing.reported_method or method, reported)
        _audit(
            event, "result_confirm", entry=entry, pairing=pairing, result=result, **_scored(scores)
        )
        _refresh_round_status(pairing.round)
    else:
        pairing.disputed = True
        pairing.save()
        _audit(
            event,
            "result_dispute",
            entry=entry,
            pairing=pairing,
            reported=pairing.reported_result,
            counter=pairing.counter_result,
            **_scored(reported, "reported_scores"),
            **_scored(counter, "counter_scores"),
        )
    _changed(event, "pairings", "standings")
    return pairing


@transaction.atomic
def result_confirm(*, entry: Entry, pairing: Pairing) -> Pairing:
    """The opponent confirms the result their opponent reported."""
    _event, locked = _lock_pairing(pairing)
    if entry.pk not in (locked.red_id, locked.blue_id):
        raise TournamentError("not_your_game")
    if locked.confirmation != Pairing.Confirmation.AWAITING or locked.disputed:
        raise TournamentError("nothing_to_confirm")
    if locked.reported_by_id == entry.pk:
        raise TournamentError("own_report")
    return result_report(
        entry=entry,
        pairing=locked,
        result=locked.reported_result,
        method=locked.reported_method,
        red_score=locked.reported_red_score,
        blue_score=locked.reported_blue_score,
    )


@transaction.atomic
def result_set(
    *,
    actor: User,
    pairing: Pairing,
    result: str,
    method: str = "",
    reason: str = "",
    red_score: int | None = None,
    blue_score: int | None = None,
) -> Pairing:
    """An arbiter or organiser sets a table's result: entry, dispute ruling, forfeit, or a
    correction of a confirmed result (a reason is then required).

    A correction recomputes everything downstream: standings are recomputed from the history
    on every read; later Swiss rounds are left as they were paired (their pairings are not
    silently changed), and a later draft is flagged stale for the organiser to pair again;
    elimination matches fed by this table are reset and flagged.
    """
    event, pairing = _lock_pairing(pairing)
    _require_arbiter(actor, event)
    _require_running(pairing.round)
    game = get_game(event.game)
    _check_result(pairing, result, game)
    correction = pairing.confirmation == Pairing.Confirmation.CONFIRMED
    if correction and not reason.strip():
        raise TournamentError("reason_required", field="reason")
    method = method if method in Pairing.Method.values else ""
    if not method and result in (R.RED_WON_BY_FORFEIT, R.BLUE_WON_BY_FORFEIT, R.DOUBLE_FORFEIT):
        method = Pairing.Method.FORFEIT
    # Checked under the method given: "arbiter decision" is an adjudication (at time), an
    # entry without a method is the game's normal end.
    scores = check_scores(game, result, method, red_score, blue_score)
    same_scores = (pairing.red_score, pairing.blue_score) == scores
    if (
        correction
        and pairing.result == result
        and same_scores
        and pairing.method == (method or pairing.method)
    ):
        return pairing
    old = pairing.result
    was_disputed = pairing.disputed
    _apply_result(
        pairing, result, method or Pairing.Method.ARBITER, scores, actor=actor, reason=reason
    )
    if old != result:
        _flag_stale_drafts(event, pairing.round)
    action = "result_correct" if correction else ("result_ruling" if was_disputed else "result_set")
    _audit(
        event,
        action,
        actor=actor,
        pairing=pairing,
        round_number=pairing.round.number,
        old=old,
        new=result,
        method=pairing.method,
        reason=reason,
        **_scored(scores),
    )
    _refresh_round_status(pairing.round)
    _changed(event, "pairings", "standings", "bracket")
    callup.call_pairing_on_commit(pairing)  # no result waits for them any more
    return pairing


def _flag_stale_drafts(event: Event, round_: Round) -> None:
    """A result of the Swiss round ``round_`` changed: a later draft was paired from the old
    standings (the next Swiss round, or a top cut's bracket), so it is flagged for the
    organiser, whose round page offers to pair it again. A corrected elimination result
    needs no flag: the bracket reset puts the right players into tables not played yet.
    """
    if round_.stage != Round.Stage.SWISS:
        return
    Round.objects.filter(event=event, status=Round.Status.DRAFT, number__gt=round_.number).update(
        stale=True
    )


def _reset_downstream(event: Event, source: BracketMatch) -> None:
    """After a corrected elimination result: reset every bracket match downstream of it.

    The matches fed by the corrected one (and theirs, recursively) lose their winner and are
    flagged for review; tables not played yet get the right players, tables already played
    keep their result for the arbiter to look at.
    """
    queue = [source.code]
    seen: set[str] = set()
    while queue:
        code = queue.pop()
        refs = [f"winner:{code}", f"loser:{code}"]
        for match in BracketMatch.objects.filter(event=event).filter(
            Q(red_source__in=refs) | Q(blue_source__in=refs)
        ):
            if match.code in seen:
                continue
            seen.add(match.code)
            match.needs_review = True
            match.winner = None
            match.save(update_fields=["needs_review", "winner"])
            _audit(event, "bracket_flag", code=match.code, source=source.code)
            queue.append(match.code)
    _sync_bracket(event)
    for match in BracketMatch.objects.filter(event=event, code__in=seen, pairing__isnull=False):
        table = match.pairing
        if table is not None and table.result == R.PENDING and match.red_id and match.blue_id:
            Pairing.objects.filter(pk=table.pk).update(red_id=match.red_id, blue_id=match.blue_id)


def match_table_id(*, match_id: int, pairing_id: int | None) -> int | None:
    """The table (pairing id) of a clocked match: the one that names the match, or the one the
    match was created for."""
    query = Pairing.objects.filter(match_id=match_id)
    if pairing_id is not None:
        query = Pairing.objects.filter(Q(match_id=match_id) | Q(pk=pairing_id))
    found: int | None = query.values_list("pk", flat=True).first()
    return found


def result_from_match(
    *, match_id: int, pairing_id: int | None, winner: str, method: str, corrected: bool = False
) -> Pairing | None:
    """Take the result of a finished clocked match (the ``match_finished`` receiver).

    A table whose result is already confirmed keeps it unless the match result was corrected
    by an arbiter; a differing match result then opens a dispute instead of overwriting.
    """
    with transaction.atomic():
        found = match_table_id(match_id=match_id, pairing_id=pairing_id)
        if found is None:
            return None
        event, pairing = _lock_pairing(found)
        if pairing.blue_id is None or pairing.round.status == Round.Status.DRAFT:
            return None
        if winner == "red":
            forfeit = method in ("forfeit", "no_show")
            result = R.RED_WON_BY_FORFEIT if forfeit else R.RED_WON
        elif winner == "blue":
            forfeit = method in ("forfeit", "no_show")
            result = R.BLUE_WON_BY_FORFEIT if forfeit else R.BLUE_WON
        elif winner == "draw":
            result = R.DRAW
            if pairing.round.stage == Round.Stage.ELIMINATION:
                # A bracket needs a winner: the arbiter decides the drawn table.
                pairing.disputed = True
                pairing.save(update_fields=["disputed", "updated_at"])
                _audit(event, "result_match_draw_in_bracket", pairing=pairing, match_id=match_id)
                return pairing
        else:
            result = R.DOUBLE_FORFEIT
        method = method if method in Pairing.Method.values else Pairing.Method.ARBITER
        if pairing.confirmation == Pairing.Confirmation.CONFIRMED and not corrected:
            if pairing.result != result:
                pairing.disputed = True
                pairing.counter_result = result
                pairing.save(update_fields=["disputed", "counter_result", "updated_at"])
                _audit(event, "result_match_conflict", pairing=pairing, match_result=result)
            return pairing
        old = pairing.result
        _apply_result(pairing, result, method)
        if old != result:
            _flag_stale_drafts(event, pairing.round)
        _audit(
            event,
            "result_from_match",
            pairing=pairing,
            round_number=pairing.round.number,
            match_id=match_id,
            old=old,
            new=result,
            method=method,
            corrected=corrected,
        )
        _refresh_round_status(pairing.round)
        _changed(event, "pairings", "standings")
        return pairing
