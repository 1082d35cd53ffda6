"""The event both hidden-information sweeps play in: one online table, its seats' accounts.

A sweep stages a one-round online event whose only table seats its "red" and "blue" accounts,
publishes the round (which creates the table's match) and logs a test client in as each
reader. Pairing may give the colours either way, so ``users`` is rearranged in place for its
"red" to hold the red seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.test import Client


def publish_the_table(*, organiser: Any, event: Any, users: dict[str, Any]) -> Any:
    """Open registration, enter the "red" and "blue" accounts, pair and publish round 1; return
    the pairing (with ``users`` rearranged so that ``users["red"]`` sits at red)."""
    from tournaments.models import Event, Pairing
    from tournaments.services.entries import entry_add
    from tournaments.services.events import event_set_status
    from tournaments.services.publication import round_publish
    from tournaments.services.rounds import round_pair

    event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)
    for seat in ("red", "blue"):
        entry_add(actor=organiser, event=event, name=seat.title(), user=users[seat])
    round_ = round_pair(actor=organiser, event=event)
    round_publish(actor=organiser, round=round_)
    pairing = Pairing.objects.select_related("red__user").get(round=round_)
    if pairing.red.user_id != users["red"].pk:
        users["red"], users["blue"] = users["blue"], users["red"]
    return pairing


def profile_paths(pairing: Any) -> list[str]:
    """The player pages of both seats' accounts (docs/players.md): each profile, its
    head-to-head against the other seat and its games of this game, and the player search.
    A running game shows there only as "playing now"; the sweeps check nothing else leaks."""
    from django.urls import reverse

    red = pairing.red.user.username
    blue = pairing.blue.user.username
    paths = [reverse("players:search") + f"?q={red}"]
    for name, other in ((red, blue), (blue, red)):
        profile = reverse("players:profile", args=[name])
        paths += [profile, f"{profile}?vs={other}", f"{profile}?opponent={other}&game=junqi"]
    return paths


def reader_clients(readers: Iterable[str], users: dict[str, Any]) -> dict[str, Client]:
    """A test client per reader, logged in as its account ("anonymous": no one)."""
    clients = {}
    for name in readers:
        client = Client()
        if name != "anonymous":
            client.force_login(users[name])
        clients[name] = client
    return clients
