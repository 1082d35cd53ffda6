"""A decision's SQL: the locked read, the appended move, the match row's update — nothing else.

``transactional_db``: the service's ``transaction.atomic`` is the outermost one, as in
production, so no savepoints are counted; Django's backends record the transaction's ``BEGIN``
and ``COMMIT`` as statements too. The broadcast after commit reads the new move from the
instance (no query).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import connection

from matches.models import Match
from tests.matches.helpers import Clock, play, random_action

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_decision_is_three_statements(
    make_match: Any, clock_at: Clock, django_assert_num_queries: Any, sent_frames: Any
) -> None:
    match: Match = make_match(time_control="10+5")
    rng = random.Random(11)
    for _ in range(120):  # deployment (presses every placement), then command turns
        seat, text = random_action(match, rng)
        with django_assert_num_queries(2 + 3) as queries:
            match = play(match, seat, text, clock_at)
        lock, append, update = (
            q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")
        )
        assert lock.startswith("SELECT ")
        assert 'FROM "matches_match"' in lock
        assert append.startswith('INSERT INTO "matches_matchmove"')
        assert update.startswith('UPDATE "matches_match"')
    assert match.ply == 120


def test_a_decision_is_bound_and_prepared_on_the_server_on_postgresql(
    make_match: Any, clock_at: Clock, sent_frames: Any
) -> None:
    """On PostgreSQL the three statements travel with their values as parameters and are
    prepared on the connection after a few decisions (``matches.rows``)."""
    prepared = _prepared_after_twelve_decisions(make_match, clock_at, seed=12)
    assert any(s.startswith("SELECT ") and s.endswith("FOR UPDATE") for s in prepared)
    assert any(s.startswith('INSERT INTO "matches_matchmove"') for s in prepared)
    assert any(s.startswith('UPDATE "matches_match"') and "$1" in s for s in prepared)


def test_without_server_binding_nothing_is_prepared(
    make_match: Any, clock_at: Clock, sent_frames: Any, settings: Any
) -> None:
    """``MATCH_SERVER_BINDING = False``: the ORM's client-side binding, values in the text."""
    settings.MATCH_SERVER_BINDING = False
    assert _prepared_after_twelve_decisions(make_match, clock_at, seed=13) == []


def _prepared_after_twelve_decisions(make_match: Any, clock_at: Clock, *, seed: int) -> list[str]:
    """The statements prepared on a fresh connection after twelve decisions of a game."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    connection.close()  # a new session: nothing prepared on it yet
    match: Match = make_match(time_control="10+5")
    rng = random.Random(seed)
    for _ in range(12):
        seat, text = random_action(match, rng)
        match = play(match, seat, text, clock_at)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]
