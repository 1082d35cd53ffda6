"""Migration 0016 gives entries of events not yet finished their player's display name where
they still carry the user name; finished events and typed names keep theirs."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0015_event_rated"), ("core", "0002_existing_accounts")]
AFTER = [("tournaments", "0016_entry_names_from_profiles")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_latest() -> Any:
    """Leave the database at the latest migrations whatever the test migrated to."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_latest")
def test_entries_of_unfinished_events_take_the_display_name(django_user_model: Any) -> None:
    apps = _migrate(BEFORE)
    Event = apps.get_model("tournaments", "Event")
    Entry = apps.get_model("tournaments", "Entry")
    player_profile = apps.get_model("core", "PlayerProfile")
    user_model = apps.get_model(*django_user_model._meta.label.split("."))
    host = user_model.objects.create(username="migrating-host")
    taro = user_model.objects.create(username="taro")
    jiro = user_model.objects.create(username="jiro")
    player_profile.objects.create(user=taro, display_name="山田 太郎", time_zone="Asia/Tokyo")
    player_profile.objects.create(user=jiro, display_name="Jiro", time_zone="Asia/Tokyo")

    def event(name: str, status: str) -> Any:
        return Event.objects.create(
            name=name, slug=name, organiser=host, starts_on=dt.date(2026, 1, 1), status=status
        )

    running, finished, crowded = (
        event("running", "running"),
        event("finished", "finished"),
        event("crowded", "registration"),
    )
    renamed = Entry.objects.create(event=running, user=taro, name="taro")
    typed = Entry.objects.create(event=running, user=jiro, name="J. by the organiser")
    kept = Entry.objects.create(event=finished, user=taro, name="taro")
    Entry.objects.create(event=crowded, name="Jiro")  # a walk-in has the name already
    clash = Entry.objects.create(event=crowded, user=jiro, name="jiro")

    apps = _migrate(AFTER)
    Entry = apps.get_model("tournaments", "Entry")
    names = dict(Entry.objects.values_list("pk", "name"))
    assert names[renamed.pk] == "山田 太郎"
    assert names[typed.pk] == "J. by the organiser"
    assert names[kept.pk] == "taro"
    assert names[clash.pk] == "jiro"
