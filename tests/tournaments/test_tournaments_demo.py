"""The demo event: 8 players, a 3-round Swiss with 2 rounds complete, loaded idempotently."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from tournaments.demo import DEMO_SLUG
from tournaments.models import Entry, Event, Round

pytestmark = pytest.mark.django_db


def test_demo_event_is_two_rounds_in_and_loads_only_once(client: Client) -> None:
    out = StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)
    event = Event.objects.get(slug=DEMO_SLUG)
    assert Event.objects.filter(slug=DEMO_SLUG).count() == 1
    assert Entry.objects.filter(event=event).count() == 8
    statuses = list(Round.objects.filter(event=event).values_list("status", flat=True))
    assert statuses == ["complete", "complete", "published"]
    html = client.get(f"/events/{DEMO_SLUG}/standings/").content.decode()
    assert "Aoi Tanaka" in html
    assert f"/events/{DEMO_SLUG}/" in out.getvalue()
