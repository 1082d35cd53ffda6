"""Every change of a seek: create, cancel, accept, decline, expire (docs/play.md).

Who may do what is decided here, under a row lock:

* **create**: any signed-in account, within its limits: at most ``PLAY_MAX_OPEN_SEEKS`` open
  seeks and ``PLAY_SEEKS_PER_MINUTE`` creations in any 60 seconds (seek flooding). Both are
  counted from the account's own seek rows while its user row is locked, so two requests at
  once cannot both slip under a limit, and the count is the same in every server process.
* **cancel**: the creator only, while the seek is open.
* **accept**: any signed-in account but the creator, while the seek is open and not expired; a
  challenge link needs its token, a direct challenge its addressee. The seek row is locked
  (``select_for_update``), so of two players accepting at once exactly one gets the game. The
  game is created already started (``match_create(start=True)``), as lichess starts a game
  when a challenge is accepted: both players go to the board and the clocks run when the
  game's rules say (軍師軍略: Red's first placement is untimed; 軍棋: the shared set-up
  countdown).
* **decline**: the addressee of a direct challenge only.

Each change nudges the open Play pages after commit (``play.broadcast``).
"""

from __future__ import annotations

import hmac
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from clock import InvalidTimeControlError, TimeControl
from games import TableKind, get_game
from matches.models import Match
from matches.services.lifecycle import match_create
from notifications.kinds import Kind as NoticeKind
from notifications.services import notify
from play.broadcast import seeks_changed_on_commit
from play.choices import (
    GUNSHI,
    GUNSHI_FORMATS,
    JUNQI,
    JUNQI_VARIANTS,
    MAX_INCREMENT_MS,
    MAX_INITIAL_MS,
    MIN_INITIAL_MS,
    game_format_for,
)
from play.errors import PlayError
from play.models import Seek
from play.selectors import open_seeks, user_display_name

RATE_WINDOW = timedelta(seconds=60)


def _now(now: datetime | None) -> datetime:
    return now if now is not None else timezone.now()


def _require_signed_in(user: Any) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise PlayError("login_required")


# ------------------------------------------------------------------------------ validation


def check_game(game: Any) -> str:
    """A registered two-player game refereed online."""
    try:
        definition = get_game(game) if isinstance(game, str) else None
    except KeyError:
        definition = None
    if definition is None or definition.rules is None or definition.table != TableKind.HEAD_TO_HEAD:
        raise PlayError("unknown_game", field="game")
    return str(game)


def check_format(game: str, variant: Any, junqi_variants: Any) -> tuple[str, list[str]]:
    """The 軍師軍略 format (one of the event formats) and the 軍棋 variants (canonical order);
    another game plays its standard options."""
    if game == GUNSHI:
        if variant not in dict(GUNSHI_FORMATS):
            raise PlayError("unknown_format", field="variant")
        return str(variant), []
    if game == JUNQI:
        chosen = junqi_variants or []
        if not isinstance(chosen, list | tuple) or any(v not in JUNQI_VARIANTS for v in chosen):
            raise PlayError("invalid_junqi_variants", field="junqi_variants")
        return Match.Variant.BASIC, [v for v in JUNQI_VARIANTS if v in chosen]
    return Match.Variant.BASIC, []


def check_time_control(text: Any) -> str:
    """The clock's canonical text form within the casual limits (5 s to 180 min each, an
    increment of at most 60 s)."""
    try:
        control = TimeControl.parse(text.strip() if isinstance(text, str) else text)
    except InvalidTimeControlError as exc:
        code = "time_control_too_long" if exc.code == "time_control_too_long" else None
        raise PlayError(code or "invalid_time_control", field="time_control") from None
    if control.initial_ms < MIN_INITIAL_MS:
        raise PlayError("time_control_too_short", field="time_control")
    if control.initial_ms > MAX_INITIAL_MS or control.increment_ms > MAX_INCREMENT_MS:
        raise PlayError("time_control_too_long", field="time_control")
    return control.to_str()


def _target_of(kind: str, creator: Any, username: Any) -> Any:
    if kind != Seek.Kind.DIRECT:
        return None
    name = username.strip() if isinstance(username, str) else ""
    if not name:
        raise PlayError("player_required", field="opponent")
    target = (
        get_user_model()
        .objects.filter(username__iexact=name, is_active=True)
        .order_by("pk")
        .first()
    )
    if target is None:
        raise PlayError("unknown_player", field="opponent")
    if target.pk == creator.pk:
        raise PlayError("own_challenge", field="opponent")
    return target


def _check_limits(creator: Any, now: datetime) -> None:
    """The creator's open seeks and recent creations (the caller holds the user row lock)."""
    if open_seeks(now).filter(creator=creator).count() >= settings.PLAY_MAX_OPEN_SEEKS:
        raise PlayError("too_many_open_seeks")
    recent = Seek.objects.filter(creator=creator, created_at__gt=now - RATE_WINDOW).count()
    if recent >= settings.PLAY_SEEKS_PER_MINUTE:
        raise PlayError("seek_rate_limited")


def _lifetime(kind: str) -> timedelta:
    if kind == Seek.Kind.LOBBY:
        return timedelta(minutes=settings.PLAY_LOBBY_SEEK_MINUTES)
    return timedelta(hours=settings.PLAY_CHALLENGE_HOURS)


# -------------------------------------------------------------------------------- services


@transaction.atomic
def seek_create(
    *,
    creator: Any,
    kind: str,
    game: str = GUNSHI,
    variant: str = Match.Variant.BASIC,
    junqi_variants: list[str] | None = None,
    time_control: str = "20+0",
    rated: bool = False,
    colour: str = Seek.Colour.RANDOM,
    opponent: str = "",
    now: datetime | None = None,
) -> Seek:
    """Offer a game: in the lobby, behind a challenge link, or to the account ``opponent``
    (a user name). Raises ``PlayError`` (nothing saved) naming the refused field."""
    _require_signed_in(creator)
    if kind not in Seek.Kind.values:
        raise PlayError("unknown_kind", field="kind")
    game = check_game(game)
    variant, junqi_variants = check_format(game, variant, junqi_variants)
    time_control = check_time_control(time_control)
    if colour not in Seek.Colour.values:
        raise PlayError("unknown_colour", field="colour")
    target = _target_of(kind, creator, opponent)
    now_dt = _now(now)
    # One creation at a time per account: its limits are counted under this lock.
    get_user_model().objects.select_for_update().filter(pk=creator.pk).first()
    _check_limits(creator, now_dt)
    seek = Seek.objects.create(
        creator=creator,
        kind=kind,
        target=target,
        game=game,
        variant=variant,
        junqi_variants=junqi_variants,
        time_control=time_control,
        rated=bool(rated),
        colour=colour,
        created_at=now_dt,
        expires_at=now_dt + _lifetime(kind),
    )
    if target is not None:
        # The addressee may not have the site open: the bell, and by default an e-mail.
        notify(
            target,
            NoticeKind.CHALLENGE_RECEIVED,
            params={"challenger": user_display_name(creator)},
            url=reverse("play:challenge", args=[seek.token]),
            topic=f"seek:{seek.pk}",
        )
    users = [creator.pk] + ([target.pk] if target is not None else [])
    seeks_changed_on_commit(lobby=kind == Seek.Kind.LOBBY, users=users)
    return seek


def _lock(seek_id: int) -> Seek:
    seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
    if seek is None:
        raise PlayError("seek_not_found")
    return seek


def _require_open(seek: Seek, now: datetime) -> None:
    if seek.status != Seek.Status.OPEN:
        raise PlayError("seek_not_open")
    if seek.expires_at <= now:
        raise PlayError("seek_expired")


def _close(seek: Seek, status: str, now: datetime) -> None:
    seek.status = status
    seek.closed_at = now
    seek.save(update_fields=["status", "closed_at", "accepted_by", "match"])
    users = [seek.creator_id] + ([seek.target_id] if seek.target_id else [])
    seeks_changed_on_commit(lobby=seek.kind == Seek.Kind.LOBBY, users=users)


@transaction.atomic
def seek_cancel(*, seek_id: int, actor: Any, now: datetime | None = None) -> Seek:
    """The creator withdraws an open seek."""
    _require_signed_in(actor)
    seek = _lock(seek_id)
    if seek.creator_id != actor.pk:
        raise PlayError("not_your_seek")
    now_dt = _now(now)
    _require_open(seek, now_dt)
    _close(seek, Seek.Status.CANCELLED, now_dt)
    return seek


@transaction.atomic
def seek_decline(*, seek_id: int, actor: Any, now: datetime | None = None) -> Seek:
    """The addressee of a direct challenge says no."""
    _require_signed_in(actor)
    seek = _lock(seek_id)
    if seek.kind != Seek.Kind.DIRECT or seek.target_id != actor.pk:
        raise PlayError("not_for_you")
    now_dt = _now(now)
    _require_open(seek, now_dt)
    _close(seek, Seek.Status.DECLINED, now_dt)
    return seek


def _seats(seek: Seek, accepter: Any) -> tuple[Any, Any]:
    """(red, blue): the creator's choice, or a fair draw for ``random``."""
    creator_red = seek.colour == Seek.Colour.RED or (
        seek.colour == Seek.Colour.RANDOM and secrets.randbelow(2) == 0
    )
    return (seek.creator, accepter) if creator_red else (accepter, seek.creator)


@transaction.atomic
def seek_accept(*, seek_id: int, actor: Any, token: str = "", now: datetime | None = None) -> Seek:
    """Take the offered game: the match is created, started, and both players are sent to
    the board. ``token`` is the challenge link's secret (link challenges only)."""
    _require_signed_in(actor)
    seek = _lock(seek_id)
    if seek.kind == Seek.Kind.LINK and not hmac.compare_digest(
        str(token).encode(), seek.token.encode()
    ):
        raise PlayError("bad_token")
    if seek.kind == Seek.Kind.DIRECT and seek.target_id != actor.pk:
        raise PlayError("not_for_you")
    if seek.creator_id == actor.pk:
        raise PlayError("own_seek")
    now_dt = _now(now)
    _require_open(seek, now_dt)
    red, blue = _seats(seek, actor)
    match = match_create(
        red_player=red,
        blue_player=blue,
        red_name=user_display_name(red),
        blue_name=user_display_name(blue),
        game=seek.game,
        game_format=game_format_for(seek.game, seek.variant, seek.junqi_variants),
        time_control=seek.time_control,
        rated=seek.rated,
        meta={"seek_id": seek.pk},
        start=True,
        actor=actor,
        now=now_dt,
    )
    seek.accepted_by = actor
    seek.match = match
    seek.status = Seek.Status.ACCEPTED
    seek.closed_at = now_dt
    seek.save(update_fields=["status", "closed_at", "accepted_by", "match"])
    seeks_changed_on_commit(
        lobby=seek.kind == Seek.Kind.LOBBY,
        users=[seek.creator_id, actor.pk],
        started_url=reverse("matches:match_board", args=[match.pk]),
    )
    return seek


@transaction.atomic
def seek_expire_overdue(*, now: datetime | None = None) -> int:
    """Mark every open seek whose time is up as ``expired``; returns how many. Idempotent:
    readers already treat them as expired (``play.selectors``)."""
    now_dt = _now(now)
    overdue = list(
        Seek.objects.select_for_update(skip_locked=True)
        .filter(status=Seek.Status.OPEN, expires_at__lte=now_dt)
        .values_list("pk", "kind", "creator_id", "target_id")
    )
    if not overdue:
        return 0
    Seek.objects.filter(pk__in=[row[0] for row in overdue]).update(
        status=Seek.Status.EXPIRED, closed_at=now_dt
    )
    users = {row[2] for row in overdue} | {row[3] for row in overdue if row[3]}
    seeks_changed_on_commit(lobby=any(row[1] == Seek.Kind.LOBBY for row in overdue), users=users)
    return len(overdue)
