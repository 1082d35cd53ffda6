"""A player's private link (``/events/play/<token>/``) is the player: whoever holds it checks in,
reports and confirms results and withdraws in the player's name. The organiser and
co-organisers hand the links out, so their dashboard lists them; an arbiter's must not, or an
arbiter could withdraw any player through the link although withdrawing is the organisers' call
(``entry_action``: withdraw, reinstate and disqualify are for organisers and co-organisers).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.security_world import build_world

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("role", "sees_links"),
    [("organiser", True), ("co_organiser", True), ("superuser", True), ("arbiter", False)],
)
def test_only_the_people_who_manage_the_event_see_private_links(
    role: str, sees_links: bool
) -> None:
    world = build_world()
    client = Client()
    client.force_login(world.users[role])
    for event, entries in ((world.home, world.entries), (world.open, world.open_entries)):
        page = client.get(reverse("tournaments:manage_event", kwargs={"slug": event.slug}))
        assert page.status_code == 200
        body = page.content.decode()
        for entry in entries.values():
            assert (entry.token in body) is sees_links, (role, event.slug, entry.name)


def test_an_arbiter_cannot_withdraw_a_player() -> None:
    """Directly, the organiser page refuses it; the private link is the only other way."""
    world = build_world()
    client = Client()
    client.force_login(world.users["arbiter"])
    entry = world.open_entries["red"]
    path = reverse(
        "tournaments:entry_action",
        kwargs={"slug": world.open.slug, "entry_id": entry.pk, "action": "withdraw"},
    )
    assert client.post(path).status_code == 404
    entry.refresh_from_db()
    assert entry.status == "active"
