"""`manage.py load_demo`: the demo organiser, idempotence and the per-app hook."""

from __future__ import annotations

from io import StringIO
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client

from core.demo import LEGACY_ORGANISERS_GROUP, ORGANISER_PASSWORD, ORGANISER_USERNAME
from core.management.commands import load_demo

pytestmark = pytest.mark.django_db


def run_load_demo() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_creates_the_demo_organiser_and_prints_the_login() -> None:
    output = run_load_demo()
    user = get_user_model().objects.get(username=ORGANISER_USERNAME)
    assert user.check_password(ORGANISER_PASSWORD)
    assert not user.is_staff
    assert not user.is_superuser
    assert not user.groups.exists()
    assert not user.user_permissions.exists()
    assert "'organiser'" in output
    assert "'demo-organiser'" in output
    assert "Demo data loaded." in output


def test_is_idempotent_and_repairs_the_account() -> None:
    run_load_demo()
    user = get_user_model().objects.get(username=ORGANISER_USERNAME)
    user.set_password("something-else")
    user.is_staff = True
    user.save()
    Group.objects.create(name=LEGACY_ORGANISERS_GROUP).user_set.add(user)

    output = run_load_demo()

    assert get_user_model().objects.filter(username=ORGANISER_USERNAME).count() == 1
    assert not Group.objects.filter(name=LEGACY_ORGANISERS_GROUP).exists()
    user.refresh_from_db()
    assert user.check_password(ORGANISER_PASSWORD)
    assert not user.is_staff
    assert "Demo organiser ready" in output


def test_demo_organiser_runs_its_event_but_not_the_admin(client: Client) -> None:
    run_load_demo()
    assert client.login(username=ORGANISER_USERNAME, password=ORGANISER_PASSWORD)
    assert client.get("/events/manage/").status_code == 200
    assert client.get("/admin/").status_code == 302  # to the admin's login: not staff


def test_hooks_run_for_project_apps_only_in_installed_apps_order() -> None:
    labels = [label for label, _ in load_demo.demo_modules()]
    assert labels[0] == "core"
    assert set(labels) <= {"core", "tournaments", "matches"}


def test_every_hook_is_called_with_a_logger(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake_load(*, log: load_demo.DemoLoader) -> None:
        calls.append("called")
        log("hello from a fake app")

    monkeypatch.setattr(
        load_demo, "demo_modules", lambda: [("fake", SimpleNamespace(load=fake_load))]
    )
    output = run_load_demo()
    assert calls == ["called"]
    assert "[fake] hello from a fake app" in output


def test_a_failing_hook_rolls_everything_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from core import demo

    def failing_load(*, log: load_demo.DemoLoader) -> None:
        raise RuntimeError("broken demo data")

    monkeypatch.setattr(
        load_demo,
        "demo_modules",
        lambda: [("core", demo), ("broken", SimpleNamespace(load=failing_load))],
    )
    with pytest.raises(RuntimeError, match="broken demo data"):
        run_load_demo()
    assert not get_user_model().objects.filter(username=ORGANISER_USERNAME).exists()
