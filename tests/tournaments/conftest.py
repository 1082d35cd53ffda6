"""Fixtures of the tournaments Django layer: an organiser's event with players.

The pure pairing and standings suites (``tests/tournaments/pairing``, ``…/standings``) use none
of these and need no database.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.models import Entry, Event, Pairing, Round


@pytest.fixture(autouse=True)
def _fresh_cache(settings: Any) -> None:
    """Each test starts with an empty cache: cached pages are keyed by event id and version,
    and ids are reused between tests on a rolled-back database."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def make_user(db: None, django_user_model: type[User], password: str) -> Any:
    """``make_user("name")``: a registered account with the test password."""

    def make(username: str, **extra: Any) -> User:
        return django_user_model.objects.create_user(username=username, password=password, **extra)

    return make


@pytest.fixture
def host(make_user: Any) -> User:
    """The organiser of the ``event`` fixture."""
    return make_user("host")


@pytest.fixture
def make_event(host: User) -> Any:
    def make(**fields: Any) -> Event:
        from tournaments.services.events import event_create

        fields.setdefault("rounds", 3)
        name = fields.pop("name", "Spring Open")
        return event_create(
            organiser=fields.pop("organiser", host),
            name=name,
            starts_on=fields.pop("starts_on", dt.date(2026, 4, 1)),
            **fields,
        )

    return make


@pytest.fixture
def event(make_event: Any) -> Event:
    """A 3-round Swiss with registration open and no players yet."""
    from tournaments.models import Event as EventModel
    from tournaments.services.events import event_set_status

    created = make_event()
    return event_set_status(
        actor=created.organiser, event=created, status=EventModel.Status.REGISTRATION
    )


@pytest.fixture
def add_players(host: User) -> Any:
    """``add_players(event, n)``: n walk-ins named P1..Pn with ratings n*100 .. 100 (P1 top)."""

    def add(event: Event, n: int, prefix: str = "P") -> list[Entry]:
        from tournaments.services.entries import entry_add

        return [
            entry_add(
                actor=event.organiser, event=event, name=f"{prefix}{i}", rating=(n - i + 1) * 100
            )
            for i in range(1, n + 1)
        ]

    return add


def finish_round(round_: Round, *, winner: str = "rating") -> None:
    """Enter a result for every pending table of ``round_`` as its organiser.

    ``winner``: "rating" (the higher-rated player wins), "red" or "blue".
    """
    from tournaments.models import Pairing
    from tournaments.services.results import result_set

    organiser = round_.event.organiser
    pending = Pairing.objects.filter(round=round_, result=Pairing.Result.PENDING)
    for pairing in pending.select_related("red", "blue"):
        assert pairing.blue is not None
        red_wins = (
            winner == "red"
            if winner != "rating"
            else (pairing.red.rating or 0) >= (pairing.blue.rating or 0)
        )
        result = Pairing.Result.RED_WON if red_wins else Pairing.Result.BLUE_WON
        result_set(actor=organiser, pairing=pairing, result=result)


def pairing_of(round_: Round, entry: Entry) -> Pairing:
    from django.db.models import Q

    from tournaments.models import Pairing

    return Pairing.objects.get(Q(red=entry) | Q(blue=entry), round=round_)
