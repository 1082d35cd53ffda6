"""Migration 0004 numbers the entries of events already under way and keeps the free-round
points of round robins already under way."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0003_event_start_position")]
AFTER = [("tournaments", "0004_start_numbers_free_round_forfeit_rule_stale_drafts")]


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
def test_entries_of_started_events_get_start_numbers(django_user_model: Any) -> None:
    apps = _migrate(BEFORE)
    Event = apps.get_model("tournaments", "Event")
    Entry = apps.get_model("tournaments", "Entry")
    Round = apps.get_model("tournaments", "Round")
    user_model = apps.get_model(*django_user_model._meta.label.split("."))
    host = user_model.objects.create(username="migrating-host")

    def event(name: str, **fields: Any) -> Any:
        return Event.objects.create(
            name=name, slug=name, organiser=host, starts_on=dt.date(2026, 1, 1), **fields
        )

    swiss = event("swiss")
    Round.objects.create(event=swiss, number=1)
    Entry.objects.create(event=swiss, name="Low", rating=100)
    Entry.objects.create(event=swiss, name="High", rating=900)
    Entry.objects.create(event=swiss, name="Late star", rating=5000, first_round=2)
    robin = event("robin", pairing_system="round_robin", points_bye=1)
    Round.objects.create(event=robin, number=1, stage="round_robin")
    Entry.objects.create(event=robin, name="Solo")
    unstarted = event("unstarted")
    Entry.objects.create(event=unstarted, name="Waiting")

    apps = _migrate(AFTER)
    Event = apps.get_model("tournaments", "Event")
    Entry = apps.get_model("tournaments", "Entry")
    numbers = dict(Entry.objects.filter(event__slug="swiss").values_list("name", "start_number"))
    assert numbers == {"High": 1, "Low": 2, "Late star": 3}
    assert Entry.objects.get(name="Waiting").start_number is None
    assert Event.objects.get(slug="robin").points_round_robin_free == 1
    assert Event.objects.get(slug="unstarted").points_round_robin_free == 0
