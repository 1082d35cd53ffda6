"""The event's optional no-show rule reaches every match of a published round."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.integration.test_tournament_start_position import form_data
from tournaments.forms import EventForm
from tournaments.models import Event, Pairing
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

Match = pytest.importorskip("matches.models").Match


def _publish(event: Event) -> list[Any]:
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    ids = Pairing.objects.filter(round=round_).values_list("match_id", flat=True)
    return list(Match.objects.filter(pk__in=ids))


@pytest.mark.parametrize(("minutes", "limit_ms"), [(None, None), (10, 600_000)])
def test_matches_get_the_events_no_show_limit(
    make_event: Any, add_players: Any, minutes: int | None, limit_ms: int | None
) -> None:
    event = make_event(name="Online Open", online=True, no_show_minutes=minutes)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 4)
    matches = _publish(event)
    assert len(matches) == 2
    assert {m.no_show_limit_ms for m in matches} == {limit_ms}


def test_the_event_form_offers_the_rule_off_by_default() -> None:
    form = EventForm()
    assert "no_show_minutes" in form.fields
    assert form.fields["no_show_minutes"].required is False
    data = form_data(no_show_minutes="15")
    form = EventForm(data=data)
    assert form.is_valid(), form.errors
    assert form.service_fields()["no_show_minutes"] == 15
    off = EventForm(data={**data, "no_show_minutes": ""})
    assert off.is_valid(), off.errors
    assert off.service_fields()["no_show_minutes"] is None
