"""Events: create, change settings, move along the statuses, and give co-organiser and arbiter
roles.

The rules of play (``LOCKED_FIELDS``: game, format, time control, pairing system, points…) are
fixed once round 1 is paired; the official format and start position are 軍師軍略's, and a new
event of another game takes that game's recommended time control.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

from games import get_game
from games.gunshi_rules import StartPositionError, start_position_dict
from tournaments import selectors, waitlist
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, EventRole, Round
from tournaments.services._common import _audit, _changed, _lock_event, _require_manager
from tournaments.services.field import _check_round_count
from tournaments.standings import tiebreak_from_code
from tournaments.validation import (
    GUNSHI_KEY,
    JUNQI_KEY,
    POINT_FIELDS,
    check_event_values,
    check_junqi_variants,
)


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


EVENT_FIELDS = frozenset(
    {
        "name",
        "starts_on",
        "ends_on",
        "venue",
        "online",
        "rated",
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
        "rated",
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
