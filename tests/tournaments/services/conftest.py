"""What the service tests share: a refusal checked for its code and message, an event whose
first round is published, and (from the ranked-table tests) a ranked-table event."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.ranked.conftest import ranked_event  # noqa: F401 - a fixture
from tournaments.errors import TournamentError, message_for
from tournaments.models import Event
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair


def refused(code: str, call: Any, *args: Any, **kwargs: Any) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    assert message_for(caught.value)  # every code has a message
    return caught.value


@pytest.fixture
def started(event: Event, add_players: Any) -> Event:
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    return event
