"""After a form, the organiser pages send the browser back to the page it came from (``next``),
but never to another site: browsers read ``/\\host`` like ``//host`` (a backslash is a slash
to them), so only same-site targets that Django's own check accepts are followed."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.security_world import World, build_world

pytestmark = pytest.mark.django_db

FOREIGN = ["//evil.example/", "/\\evil.example/", "/\\/evil.example/", "https://evil.example/"]


def _as_a_browser_reads_it(location: str) -> str:
    """The host a browser would go to for ``location`` (empty: this site)."""
    return urlsplit(location.replace("\\", "/")).netloc


def _check_in_with_next(target: str) -> tuple[Any, World]:
    """The organiser checks Red in on the dashboard, which then sends the browser to ``target``."""
    world = build_world()
    client = Client()
    client.force_login(world.users["organiser"])
    path = reverse(
        "tournaments:entry_action",
        kwargs={
            "slug": world.open.slug,
            "entry_id": world.open_entries["red"].pk,
            "action": "check_in",
        },
    )
    return client.post(path, {"next": target}), world


@pytest.mark.parametrize("target", FOREIGN)
def test_a_form_never_sends_the_organiser_to_another_site(target: str) -> None:
    response, _world = _check_in_with_next(target)
    assert response.status_code == 302
    assert _as_a_browser_reads_it(response["Location"]) in ("", "testserver"), response["Location"]


def test_a_same_site_target_is_followed() -> None:
    target = reverse("tournaments:manage_list") + "?tab=entries"
    response, world = _check_in_with_next(target)
    assert response["Location"] == target
    world.open_entries["red"].refresh_from_db()
    assert world.open_entries["red"].checked_in
