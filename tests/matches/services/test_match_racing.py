"""Racing duplicate submissions: exactly one is applied and time is charged once.

Several threads, each with its own database connection, submit the same decision for the same
ply at the same moment (a double click, a retried frame, two tabs). The row lock serialises
them; every loser sees the ply moved on and gets ``stale_ply``. PostgreSQL only: SQLite has no
row locks (it serialises whole-database writes and would test nothing here). CI runs the
suite a second time against PostgreSQL, where this test runs.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from matches.errors import MatchError
from matches.models import ClockLogEntry, Match, MatchEvent
from matches.selectors import match_action_texts, match_audit_log, match_clock_log
from matches.services.decisions import match_submit_action
from matches.services.lifecycle import match_create
from matches.services.otb import otb_clock_press
from tests.matches.helpers import T0, Clock, play, random_action
from tests.races import race, skip_unless_postgresql

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    skip_unless_postgresql()


def _race(submit: Any) -> list[Any]:
    """Run ``submit()`` in THREADS threads released together; their results or errors."""
    return race([submit] * THREADS, MatchError)


def test_duplicate_decisions_are_applied_once() -> None:
    clock = Clock(T0)
    match = match_create(red_name="a", blue_name="b", start=True, now=clock.now)
    match = play(match, *random_action(match, random.Random(6)), clock)  # Blue's clock runs
    seat, text = random_action(match, random.Random(7))
    now = clock.tick(4_000)

    results = _race(
        lambda: match_submit_action(
            match_id=match.pk, seat=seat, action_text=text, expected_ply=1, now=now
        )
    )
    applied = [r for r in results if isinstance(r, Match)]
    refused = [r for r in results if isinstance(r, MatchError)]
    assert len(applied) == 1
    assert len(refused) == THREADS - 1
    assert {e.code for e in refused} == {"stale_ply"}
    match.refresh_from_db()
    assert match.ply == 2
    assert match_action_texts(match)[1] == text
    assert len(match_action_texts(match)) == 2
    # Time charged once: one clock-log entry for the decision, Blue paid 4 s once.
    entries = [e for e in match_clock_log(match=match) if e["ply"] == 2]
    assert [(e["kind"], e["seat"], e["charged_ms"]) for e in entries] == [("press", "blue", 4_000)]
    assert match.clock["remaining_ms"] == [1_200_000, 1_196_000]
    audit = match_audit_log(match=match)
    assert [e["kind"] for e in audit].count(MatchEvent.Kind.ACTION) == 2


def test_duplicate_clock_presses_are_applied_once() -> None:
    clock = Clock(T0)
    match = match_create(
        red_name="a", blue_name="b", kind=Match.Kind.OTB, start=True, now=clock.now
    )
    match = otb_clock_press(
        match_id=match.pk, seat="red", expected_ply=0, requester_seat="red", now=clock.now
    )
    now = clock.tick(2_500)
    results = _race(
        lambda: otb_clock_press(
            match_id=match.pk, seat="blue", expected_ply=1, requester_seat="blue", now=now
        )
    )
    assert sum(isinstance(r, Match) for r in results) == 1
    assert {r.code for r in results if isinstance(r, MatchError)} == {"stale_ply"}
    match.refresh_from_db()
    assert match.ply == 2
    assert match.clock["remaining_ms"] == [1_200_000, 1_197_500]
    assert ClockLogEntry.objects.filter(match=match).count() == 2
