"""The people and the events of the permission matrix (tests/security/test_permission_matrix.py).

Ten roles look at one event, **Home Cup**, run by ``organiser`` with a ``co_organiser`` and an
``arbiter`` (``EventRole``). ``red`` and ``blue`` play in it: the *seat* and its *opponent*.
Everybody else is a stranger to the event: a logged-in ``spectator``, the ``other_organiser``
of another event (Away Cup), a ``staff`` account that is not a superuser, the ``superuser``
and an ``anonymous`` visitor.

Home Cup is an over-the-board event whose round 1 is published: its one table (red against
blue) has a running over-the-board match. An online match of the same two players belongs to
the event too. **Open Cup** (same organiser and roles) is still in registration, with red and
blue entered and no round, for the actions that are only possible before play.

``fingerprint()`` reads every row of every model the endpoints can change (matches,
tournaments, analysis, accounts): two equal
fingerprints mean that nothing in the database changed.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model

ROLES = (
    "red",
    "blue",
    "spectator",
    "other_organiser",
    "organiser",
    "co_organiser",
    "arbiter",
    "superuser",
    "staff",
    "anonymous",
)
SEATS = frozenset({"red", "blue"})
EVENT_RUNNERS = frozenset({"organiser", "co_organiser", "arbiter", "superuser"})
MANAGERS = frozenset({"organiser", "co_organiser", "superuser"})
LOGGED_IN = frozenset(ROLES) - {"anonymous"}
NOBODY: frozenset[str] = frozenset()
EVERYBODY = frozenset(ROLES)

#: The apps whose every row is part of the fingerprint (plus the user accounts).
FINGERPRINT_APPS = ("matches", "tournaments", "players", "play", "notifications", "analysis")


@dataclass
class World:
    users: dict[str, Any]
    home: Any  # Event: over the board, round 1 published
    open: Any  # Event: registration, red and blue entered
    away: Any  # Event of other_organiser
    otb_match: Any
    online_match: Any
    pairing: Any  # the home table (red against blue)
    entries: dict[str, Any]  # home entries by seat
    open_entries: dict[str, Any]  # open entries by seat

    def user(self, role: str) -> Any:
        return self.users.get(role)


def _user(username: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(username=username, password="pw-1234-x", **extra)


def build_world() -> World:
    from matches.services.lifecycle import match_create, match_start
    from tournaments.models import Event, EventRole, Pairing
    from tournaments.services.entries import entry_add
    from tournaments.services.events import event_create, event_set_status
    from tournaments.services.publication import round_publish
    from tournaments.services.rounds import round_pair

    users = {
        role: _user(
            role,
            is_staff=role in ("staff", "superuser"),
            is_superuser=role == "superuser",
        )
        for role in ROLES
        if role != "anonymous"
    }
    organiser = users["organiser"]

    def event(name: str, host: Any, **fields: Any) -> Any:
        created = event_create(
            organiser=host, name=name, starts_on=dt.date(2026, 4, 1), rounds=1, **fields
        )
        return event_set_status(actor=host, event=created, status=Event.Status.REGISTRATION)

    home = event("Home Cup", organiser, online=False)
    open_ = event("Open Cup", organiser, online=False)
    away = event("Away Cup", users["other_organiser"])
    for ev in (home, open_):
        EventRole.objects.create(
            event=ev, user=users["co_organiser"], role=EventRole.Role.CO_ORGANISER
        )
        EventRole.objects.create(event=ev, user=users["arbiter"], role=EventRole.Role.ARBITER)
    entries = {
        seat: entry_add(actor=organiser, event=home, name=seat.title(), user=users[seat], rating=r)
        for seat, r in (("red", 200), ("blue", 100))
    }
    open_entries = {
        seat: entry_add(actor=organiser, event=open_, name=seat.title(), user=users[seat])
        for seat in ("red", "blue")
    }
    round_ = round_pair(actor=organiser, event=home)
    round_publish(actor=organiser, round=round_)
    pairing = Pairing.objects.get(round=round_)
    if pairing.red_id != entries["red"].pk:  # the seats follow the pairing's colours
        entries = {"red": entries["blue"], "blue": entries["red"]}
        users["red"], users["blue"] = users["blue"], users["red"]
        open_entries = {"red": open_entries["blue"], "blue": open_entries["red"]}
    assert pairing.match_id is not None
    otb_match = match_start(match_id=pairing.match_id)
    online_match = match_create(
        red_player=users["red"],
        blue_player=users["blue"],
        event_id=home.pk,
        start=True,
    )
    return World(
        users=users,
        home=Event.objects.get(pk=home.pk),
        open=Event.objects.get(pk=open_.pk),
        away=away,
        otb_match=otb_match,
        online_match=online_match,
        pairing=pairing,
        entries=entries,
        open_entries=open_entries,
    )


def fingerprint() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the models of ``FINGERPRINT_APPS`` (matches, tournaments, site ratings,
    games outside events, notifications) and of the user accounts, in primary-key order.

    The rows are the values as the database returns them, before the ORM turns them into
    Python objects: equal stored values give equal objects, so comparing these is at least as
    exact as comparing the objects. Each model's SELECT is compiled once per process
    (``_every_row_queries``): compiling some thirty querysets was most of a fingerprint's
    cost, and the permission matrix takes two per case.
    """
    from django.db import connection

    with connection.cursor() as cursor:
        rows = {}
        for label, sql in _every_row_queries(connection.alias):
            cursor.execute(sql)
            rows[label] = cursor.fetchall()
    return rows


@functools.cache
def _every_row_queries(alias: str) -> tuple[tuple[str, str], ...]:
    """The label and the SQL of ``SELECT <every column> ... ORDER BY pk`` of each model."""
    models = [m for label in FINGERPRINT_APPS for m in apps.get_app_config(label).get_models()]
    models.append(get_user_model())
    queries = []
    for model in models:
        query = model.objects.order_by("pk").values_list().query
        sql, params = query.get_compiler(using=alias).as_sql()
        assert not params, (model, params)
        queries.append((model._meta.label, sql))
    return tuple(queries)
