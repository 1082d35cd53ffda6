"""Reads of seeks: the lobby, one account's offers and challenges, one challenge by its link.

Every read decides openness at read time (``open_seeks``): a seek whose ``expires_at`` has
passed is never shown as open, whether or not the periodic task (``play.tasks``) has marked it
``expired`` yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from core.models import PlayerProfile
from games import get_game
from play.choices import format_label
from play.models import Seek


def _now(now: datetime | None) -> datetime:
    return now if now is not None else timezone.now()


def open_seeks(now: datetime | None = None) -> QuerySet[Seek]:
    """Seeks still waiting for an opponent: open and not past their expiry."""
    return Seek.objects.filter(status=Seek.Status.OPEN, expires_at__gt=_now(now))


def seek_effective_status(seek: Seek, now: datetime | None = None) -> str:
    """The seek's status as a reader must see it: ``expired`` once its time is up."""
    if seek.status == Seek.Status.OPEN and seek.expires_at <= _now(now):
        return Seek.Status.EXPIRED
    return seek.status


def user_display_name(user: Any) -> str:
    """The name a player shows to others: the profile's display name, else the user name.
    Reads the profile row afresh (a profile cached on ``user`` may be stale)."""
    if user is None:
        return ""
    name = (
        PlayerProfile.objects.filter(user_id=user.pk).values_list("display_name", flat=True).first()
    )
    return str(name or user.get_username())


def _listed_name(user: Any) -> str:
    """The display name of a user fetched with ``select_related("…__profile")``."""
    try:
        name = user.profile.display_name
    except PlayerProfile.DoesNotExist:
        name = ""
    return str(name or user.get_username())


@dataclass(frozen=True)
class SeekRow:
    """One seek as the Play page lists it."""

    seek: Seek
    creator_name: str
    target_name: str
    game_name: str
    format_label: str

    @property
    def pk(self) -> int:
        return int(self.seek.pk)


def _rows(seeks: QuerySet[Seek]) -> list[SeekRow]:
    return [
        SeekRow(
            seek=seek,
            creator_name=_listed_name(seek.creator),
            target_name=_listed_name(seek.target) if seek.target_id else "",
            game_name=str(get_game(seek.game).title),
            format_label=seek_format_label(seek),
        )
        for seek in seeks.select_related("creator__profile", "target__profile")
    ]


def seek_format_label(seek: Seek) -> str:
    """The format the seek plays: the 軍師軍略 rule, the 軍棋 variants, or the standard game."""
    return format_label(seek.game, seek.variant, seek.junqi_variants)


def lobby_rows(*, viewer: Any = None, now: datetime | None = None) -> list[SeekRow]:
    """The lobby: every open lobby seek except the viewer's own, oldest first (first come,
    first served, as on a club's notice board)."""
    seeks = open_seeks(now).filter(kind=Seek.Kind.LOBBY).order_by("created_at", "id")
    if viewer is not None and viewer.is_authenticated:
        seeks = seeks.exclude(creator=viewer)
    return _rows(seeks)


def own_rows(*, user: Any, now: datetime | None = None) -> list[SeekRow]:
    """The account's own open seeks of every kind, newest first (each with its Cancel)."""
    if user is None or not user.is_authenticated:
        return []
    return _rows(open_seeks(now).filter(creator=user).order_by("-created_at", "-id"))


def challenge_rows(*, user: Any, now: datetime | None = None) -> list[SeekRow]:
    """The open direct challenges addressed to the account, newest first."""
    if user is None or not user.is_authenticated:
        return []
    return _rows(open_seeks(now).filter(target=user).order_by("-created_at", "-id"))


def seek_by_token(token: str) -> Seek | None:
    """The seek behind a challenge link, or None."""
    if not token or len(token) > 40:
        return None
    return (
        Seek.objects.select_related("creator__profile", "target__profile", "match")
        .filter(token=token)
        .first()
    )


def seek_row(seek: Seek) -> SeekRow:
    """One seek as a page shows it."""
    return _rows(Seek.objects.filter(pk=seek.pk))[0]
