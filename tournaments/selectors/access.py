"""Who may see and do what in an event: roles, visibility, a player's own entry."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet

from tournaments.models import Entry, Event, EventRole

UserLike = AbstractBaseUser | AnonymousUser


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
