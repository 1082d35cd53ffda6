"""Fixtures of the call tests: the nudges services send (captured), and published rounds of a
軍師軍略 online event, a 軍棋 online event and an over-the-board event with accounts and
private links."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tournaments.models import Event


@pytest.fixture
def nudged(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """The groups each nudge went to, one set per committed change that called someone."""
    from matches import callup

    sent: list[set[str]] = []
    monkeypatch.setattr(callup, "_deliver", lambda groups: sent.append(set(groups)))
    return sent


@pytest.fixture
def make_online_event(make_event: Any, make_user: Any) -> Any:
    """``make_online_event(game=..., walk_in=False)``: an online event of two players with
    accounts (``kenji``, ``lina``) and, with ``walk_in``, a third without one (``Mio``)."""

    def make(
        *, game: str = "gunshi", walk_in: bool = False, online: bool = True, rounds: int = 1
    ) -> Event:
        from django.contrib.auth.models import User

        from tournaments.models import Event as EventModel
        from tournaments.services.entries import entry_add
        from tournaments.services.events import event_set_status

        event = make_event(name=f"Net Cup {game}", online=online, rounds=rounds, time_control="5+3")
        if game != "gunshi":
            EventModel.objects.filter(pk=event.pk).update(game=game)
            event.refresh_from_db()
        event_set_status(actor=event.organiser, event=event, status=EventModel.Status.REGISTRATION)
        for i, name in enumerate(("kenji", "lina")):
            entry_add(
                actor=event.organiser,
                event=event,
                name=name,
                user=User.objects.filter(username=name).first() or make_user(name),
                rating=2000 - i,
            )
        if walk_in:
            entry_add(actor=event.organiser, event=event, name="Mio", rating=1500)
        return event

    return make


from tests.tournaments.ranked.conftest import ranked_event  # noqa: E402, F401 - shared fixture
