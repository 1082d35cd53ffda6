"""Finishing an event makes its results final: the dashboard's button needs its confirmation
box, and the server refuses a POST without it (the status stays, nothing is logged)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tournaments.models import AuditLog, Event
from tournaments.services.events import event_set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(event: Event) -> Event:
    return event_set_status(actor=event.organiser, event=event, status="running")


def test_finishing_without_the_box_is_refused(client: Any, running: Event) -> None:
    client.force_login(running.organiser)
    url = reverse("tournaments:event_status", args=[running.slug])
    logged = AuditLog.objects.count()
    response = client.post(url, {"status": "finished"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "tick the box to confirm" in response.content.decode()
    running.refresh_from_db()
    assert running.status == "running"
    assert AuditLog.objects.count() == logged
    response = client.post(url, {"status": "finished", "confirm": "on"})
    assert response.status_code == 302
    running.refresh_from_db()
    assert running.status == "finished"


def test_the_dashboard_button_carries_its_box(client: Any, running: Event) -> None:
    client.force_login(running.organiser)
    page = client.get(
        reverse("tournaments:manage_event", args=[running.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert 'name="confirm" value="on" required' in page
    assert "Yes, finish the event: its results become final." in page
