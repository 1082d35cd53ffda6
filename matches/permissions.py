"""Who may do what to a match, beyond the two players.

An **arbiter** of a match may pause and resume its clock, add or remove time and set its
result. Rights are given per event: for a match that belongs to an event (``Match.event_id``),
the tournaments layer decides who the event's arbiters are (its organiser, co-organisers and
arbiters) by registering a check at start-up (``tournaments.apps``)::

    from matches.permissions import set_event_arbiter_check
    set_event_arbiter_check(lambda user, event_id: ...)

(the matches app never imports tournaments). Superusers arbitrate every match; nobody else
arbitrates a match outside an event, and no site-wide permission or group makes anyone the
arbiter of another event's games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matches.models import Match

EventArbiterCheck = Callable[[Any, int], bool]

_event_arbiter_check: EventArbiterCheck | None = None


def set_event_arbiter_check(check: EventArbiterCheck | None) -> EventArbiterCheck | None:
    """Register (or clear, with ``None``) the tournaments layer's arbiter check.

    Returns the check it replaces, so that a caller that swaps it for a while can put it back.
    """
    global _event_arbiter_check  # a one-slot registry, set at start-up
    previous, _event_arbiter_check = _event_arbiter_check, check
    return previous


def _arbitrates_everything(user: Any) -> bool | None:
    """True for superusers, False for nobody's arbiter, None: ask the event."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return None


def user_can_arbitrate_event(user: Any, event_id: int) -> bool:
    """True when ``user`` may act on every board of event ``event_id`` (pause all …)."""
    verdict = _arbitrates_everything(user)
    if verdict is not None:
        return verdict
    check = _event_arbiter_check
    return check is not None and bool(check(user, event_id))


def user_can_arbitrate(user: Any, match: Match) -> bool:
    """True when ``user`` (possibly anonymous or ``None``) is an arbiter of ``match``."""
    if match.event_id is not None:
        return user_can_arbitrate_event(user, match.event_id)
    return bool(_arbitrates_everything(user))
