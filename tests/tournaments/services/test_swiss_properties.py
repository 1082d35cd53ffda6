"""Properties of whole Swiss events run through the services (Hypothesis, small and few).

Whatever happens between rounds (drops, late entries, forfeits, double forfeits), each round
pairs every active player who is due to play exactly once, or gives them the single bye, never
pairs a withdrawn player, never pairs again two players who played each other (a forfeited
game is not a meeting, as in FIDE), and the standings hand out exactly the points the results
are worth.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.sampling import examples
from tournaments import selectors
from tournaments.models import Entry, Pairing
from tournaments.services.entries import entry_add, entry_withdraw
from tournaments.services.events import event_create, event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair

RESULTS = ["red_won", "blue_won", "red_won_by_forfeit", "blue_won_by_forfeit", "double_forfeit"]
# Points of (red, blue) per result with the default scheme (forfeit win 1, double forfeit 0).
WORTH = {
    "red_won": (1, 0),
    "blue_won": (0, 1),
    "red_won_by_forfeit": (1, 0),
    "blue_won_by_forfeit": (0, 1),
    "double_forfeit": (0, 0),
}

between_rounds = st.lists(
    st.tuples(st.booleans(), st.booleans()),  # (drop someone?, add a late entry?)
    min_size=2,
    max_size=2,
)


@pytest.mark.django_db
@settings(
    max_examples=examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    players=st.integers(min_value=4, max_value=9),
    changes=between_rounds,
    results=st.lists(st.sampled_from(RESULTS), min_size=15, max_size=15),
    data=st.data(),
)
def test_swiss_rounds_pair_everyone_due_once_and_score_exactly(
    players: int, changes: list[tuple[bool, bool]], results: list[str], data: st.DataObject
) -> None:
    host, _ = get_user_model().objects.get_or_create(username="prop-host")
    event = event_create(
        organiser=host,
        name=f"Prop {Entry.objects.count()}",
        starts_on=dt.date(2026, 1, 1),
        rounds=3,
    )
    event_set_status(actor=host, event=event, status="registration")
    for i in range(players):
        entry_add(actor=host, event=event, name=f"P{i}", rating=100 * (players - i))
    expected = Fraction(0)
    late_points = Fraction(0)
    seen: set[frozenset[int]] = set()
    outcome = iter(results)
    for number in (1, 2, 3):
        if number > 1:
            drop, late = changes[number - 2]
            active = list(Entry.objects.filter(event=event, status="active").order_by("pk"))
            if drop and len(active) > 3:
                victim = data.draw(st.sampled_from(active))
                entry_withdraw(actor=host, entry=victim)
            if late:
                entry_add(
                    actor=host, event=event, name=f"L{number}", missed_round_points=Decimal("0.5")
                )
                late_points += Fraction(1, 2) * (number - 1)
        round_ = round_pair(actor=host, event=event)
        round_publish(actor=host, round=round_)
        due = set(Entry.objects.filter(event=event, status="active").values_list("pk", flat=True))
        tables = list(Pairing.objects.filter(round=round_))
        seats = [p.red_id for p in tables] + [p.blue_id for p in tables if p.blue_id]
        assert sorted(seats) == sorted(due)  # everyone due, exactly once
        assert sum(1 for p in tables if p.blue_id is None) == len(due) % 2
        for p in tables:
            if p.blue_id is None:
                expected += 1  # the bye
                continue
            couple = frozenset((p.red_id, p.blue_id))
            assert couple not in seen
            result = next(outcome)
            if "forfeit" not in result:
                seen.add(couple)
            result_set(actor=host, pairing=p, result=result)
            expected += sum(WORTH[result])
    table = selectors.event_standings(event=event)
    assert sum(line.row.points for line in table.lines) == expected + late_points
    assert [line.row.rank for line in table.lines] == sorted(line.row.rank for line in table.lines)
