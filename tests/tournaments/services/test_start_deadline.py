"""An online event's start deadline: publishing a round gives each game ``start_by``, the
event's "minutes to join a game" after publication."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

pytestmark = pytest.mark.django_db


def _publish(make_event: Any, add_players: Any, host: User, **fields: Any) -> list[Any]:
    from matches.models import Match
    from tournaments.models import Event
    from tournaments.services.events import event_set_status
    from tournaments.services.publication import round_publish
    from tournaments.services.rounds import round_pair

    event = make_event(rounds=1, **fields)
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 4)
    round_publish(actor=host, round=round_pair(actor=host, event=event))
    return list(Match.objects.filter(event_id=event.pk).order_by("pk"))


def test_an_online_game_must_start_within_the_events_minutes(
    make_event: Any, add_players: Any, host: User
) -> None:
    before = timezone.now()
    matches = _publish(make_event, add_players, host, online=True, start_window_minutes=3)
    after = timezone.now()
    assert len(matches) == 2
    for match in matches:
        assert before + dt.timedelta(minutes=3) <= match.start_by <= after + dt.timedelta(minutes=3)


def test_a_test_server_may_shorten_the_minute_of_the_window(
    make_event: Any, add_players: Any, host: User, settings: Any
) -> None:
    settings.EVENT_START_WINDOW_MINUTE_SECONDS = 10
    before = timezone.now()
    (match, _) = _publish(make_event, add_players, host, online=True, start_window_minutes=3)
    after = timezone.now()
    assert before + dt.timedelta(seconds=30) <= match.start_by <= after + dt.timedelta(seconds=30)


def test_a_game_over_the_board_has_no_start_deadline(
    make_event: Any, add_players: Any, host: User
) -> None:
    assert [match.start_by for match in _publish(make_event, add_players, host)] == [None, None]
