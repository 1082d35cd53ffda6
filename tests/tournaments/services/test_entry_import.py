"""``tournaments/services/entry_import.py``: a CSV import refuses, line by line, what the columns
cannot hold."""

from __future__ import annotations

import pytest

from tournaments.errors import TournamentError
from tournaments.models import Entry, Event
from tournaments.services.entry_import import entry_import_csv

pytestmark = pytest.mark.django_db


def test_csv_import_refuses_a_rating_the_column_cannot_hold(event: Event) -> None:
    with pytest.raises(TournamentError) as refused:
        entry_import_csv(actor=event.organiser, event=event, text="name,rating\nAiko,99999999999\n")
    assert refused.value.code == "csv_invalid"
    assert list(refused.value.rows) == [2]
    assert not Entry.objects.filter(event=event).exists()
