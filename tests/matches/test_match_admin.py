"""The admin shows matches read-only and never the fields that hold secrets."""

from __future__ import annotations

from typing import Any

from django.test import Client

from matches.models import Match


def test_admin_is_read_only_and_hides_secrets(
    client: Client, admin_user: Any, match: Match
) -> None:
    client.force_login(admin_user)
    assert client.get("/admin/matches/match/").status_code == 200
    page = client.get(f"/admin/matches/match/{match.pk}/change/")
    assert page.status_code == 200
    content = page.content.decode()
    assert match.red_token not in content
    assert match.blue_token not in content
    assert '"board"' not in content  # the cached engine state
    assert 'name="status"' not in content  # nothing editable
    assert client.get("/admin/matches/match/add/").status_code == 403
