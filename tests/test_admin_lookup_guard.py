"""A staff organiser attacking the admin changelists over HTTP learns no secret.

The attack: a query-string lookup on a hidden column (``?id=17&state__phase=...``,
``?red_token__regex=^a``) turns the changelist into an oracle (one row or none). Every such
probe must be refused the same way whether the guess is right or wrong, while the declared
filters keep working.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core import checks
from django.test import Client

from core.admin import GuardedModelAdmin
from matches.models import Match
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_user(django_user_model: Any) -> Any:
    """A staff account (not a superuser) with every permission of the two apps."""
    account = django_user_model.objects.create_user(
        username="staff-attacker", password="x-staff-1", is_staff=True
    )
    perms = Permission.objects.filter(content_type__app_label__in=["matches", "tournaments"])
    account.user_permissions.add(*perms)
    return account


@pytest.fixture
def staff(client: Client, staff_user: Any) -> Client:
    """The staff account's browser."""
    client.force_login(staff_user)
    return client


@pytest.fixture
def running_match(django_user_model: Any) -> Match:
    from matches.services.lifecycle import match_create

    red = django_user_model.objects.create_user(username="aoi", password="x-secret-1")
    blue = django_user_model.objects.create_user(username="ren", password="x-secret-2")
    return match_create(red_player=red, blue_player=blue, start=True)


@pytest.fixture
def entry(staff_user: Any) -> Entry:
    event = Event.objects.create(
        name="Spring Open", slug="spring", starts_on=dt.date(2030, 4, 1), organiser=staff_user
    )
    return Entry.objects.create(event=event, name="Aoi")


def _rows(response: Any) -> int:
    """How many result rows the changelist shows (0 on a refused or empty list)."""
    changelist = response.context.get("cl") if response.context else None
    return 0 if changelist is None else len(changelist.result_list)


def _probe(client: Client, url: str, **params: str) -> tuple[int, int]:
    response = client.get(url, params)
    return response.status_code, _rows(response)


def test_match_changelist_is_no_oracle_for_the_engine_state(
    staff: Client, running_match: Match
) -> None:
    url = "/admin/matches/match/"
    true_phase = running_match.state["phase"]
    right = _probe(staff, url, id=str(running_match.pk), state__phase=true_phase)
    wrong = _probe(staff, url, id=str(running_match.pk), state__phase="no-such-phase")
    assert right == wrong == (400, 0)
    general = running_match.state["sides"][0].get("general")
    right = _probe(staff, url, **{"state__sides__0__general": str(general)})
    assert right == (400, 0)
    assert _probe(staff, url, actions__0="x") == (400, 0)
    assert _probe(staff, url, game_format__seed__gte="0") == (400, 0)


def test_match_changelist_is_no_oracle_for_seat_tokens(staff: Client, running_match: Match) -> None:
    url = "/admin/matches/match/"
    for field in ("red_token", "blue_token"):
        token = getattr(running_match, field)
        right = _probe(staff, url, **{f"{field}__regex": f"^{re.escape(token[0])}"})
        wrong = _probe(staff, url, **{f"{field}__startswith": "\x00"})
        assert right == wrong == (400, 0)
        assert _probe(staff, url, **{field: token}) == (400, 0)


def test_declared_filters_search_and_sorting_still_work(
    staff: Client, running_match: Match
) -> None:
    url = "/admin/matches/match/"
    assert _probe(staff, url, status__exact="running") == (200, 1)
    assert _probe(staff, url, status__exact="finished") == (200, 0)
    assert _probe(staff, url, disputed__exact="0") == (200, 1)
    assert _probe(staff, url, q=running_match.red_name) == (200, 1)
    # Search never looks at the tokens, and ?o= sorts by listed columns only.
    assert _probe(staff, url, q=running_match.red_token) == (200, 0)
    assert staff.get(url, {"o": "99"}).status_code in (200, 302)
    page = staff.get(url, {"o": "1"}).content.decode()
    assert running_match.red_token not in page


def test_match_pages_never_contain_secrets(staff: Client, running_match: Match) -> None:
    import random

    from matches.services.decisions import match_submit_action
    from tests.matches.helpers import random_action

    seat, text = random_action(running_match, random.Random(3))
    running_match = match_submit_action(
        match_id=running_match.pk, seat=seat, action_text=text, expected_ply=0
    )
    assert running_match.moves.filter(action=text).exists()  # the decision's move row
    for path in ("", f"{running_match.pk}/change/", f"{running_match.pk}/history/"):
        response = staff.get(f"/admin/matches/match/{path}")
        assert response.status_code == 200, path
        content = response.content.decode()
        assert running_match.red_token not in content
        assert running_match.blue_token not in content
        assert '"board"' not in content
        assert text not in content  # the played decision (its move row)


def test_entry_token_is_no_oracle_and_never_shown(staff: Client, entry: Entry) -> None:
    url = "/admin/tournaments/entry/"
    right = _probe(staff, url, token__startswith=entry.token[:1])
    wrong = _probe(staff, url, token__startswith="\x00")
    assert right == wrong == (400, 0)
    assert _probe(staff, url, status__exact=entry.status) == (200, 1)
    for path in ("", f"{entry.pk}/change/", "add/"):
        response = staff.get(f"{url}{path}")
        assert response.status_code == 200, path
        assert entry.token not in response.content.decode()
        assert 'name="token"' not in response.content.decode()


def test_related_and_undeclared_lookups_are_refused_on_every_admin(
    staff: Client, entry: Entry
) -> None:
    assert _probe(staff, "/admin/tournaments/event/", entries__token=entry.token) == (400, 0)
    assert _probe(staff, "/admin/tournaments/event/", lot_seed__gte="0") == (400, 0)
    assert _probe(staff, "/admin/tournaments/event/", status__exact="draft")[0] == 200


def test_a_secret_field_in_a_declared_option_fails_the_system_check() -> None:
    from django.contrib import admin

    class LeakyAdmin(GuardedModelAdmin):
        secret_fields = ["red_token"]
        search_fields = ["red_name", "^red_token"]
        list_filter = [("red_token", admin.AllValuesFieldListFilter)]

    errors = LeakyAdmin(Match, admin.site).check()
    leaks = [error for error in errors if error.id == "core.E001"]
    assert len(leaks) == 2
    assert all(isinstance(error, checks.Error) for error in leaks)
