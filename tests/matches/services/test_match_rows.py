"""matches.rows: the locked read and the save of the match row on the path of every decision."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from engine import legal_actions
from matches.errors import MatchError
from matches.models import Match
from matches.rows import PLAY_FIELDS, changed_fields, lock_match, save_match
from matches.selectors import match_game_state
from tests.matches.helpers import Clock, play


def _statements(queries: CaptureQueriesContext, verb: str) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().startswith(verb)]


def test_the_locked_read_is_the_whole_row(match: Match) -> None:
    with transaction.atomic():
        locked = lock_match(match.pk, relaxed=True)
        fresh = Match.objects.get(pk=match.pk)
        for field in Match._meta.concrete_fields:
            assert getattr(locked, field.attname) == getattr(fresh, field.attname), field.name
    with transaction.atomic(), pytest.raises(MatchError) as excinfo:
        lock_match(match.pk + 1000)
    assert excinfo.value.code == "not_found"


def test_a_decision_reads_once_and_writes_only_what_changed(match: Match, clock_at: Clock) -> None:
    text = legal_actions(match_game_state(match))[0].to_str()
    with CaptureQueriesContext(connection) as queries:
        play(match, "red", text, clock_at)
    assert len(_statements(queries, "SELECT")) == 1
    assert _statements(queries, "SET") == []  # the relaxed commit rides on the locked read
    [update] = _statements(queries, "UPDATE")
    for written in ("state", "ply", "clock"):
        assert f'"{written}"' in update
    for untouched in ("status", "winner", "otb_reports", "started_at"):
        assert f'"{untouched}"' not in update


def test_changed_fields_follow_the_values_read_under_the_lock(match: Match) -> None:
    unlocked: Any = Match.objects.get(pk=match.pk)
    assert changed_fields(unlocked) == list(PLAY_FIELDS)
    with transaction.atomic():
        locked = lock_match(match.pk)
        assert changed_fields(locked) == ["updated_at"]
        locked.otb_reports = {"red": {"winner": "red", "method": "resignation"}}
        assert changed_fields(locked) == ["otb_reports", "updated_at"]
        save_match(locked)
        assert changed_fields(locked) == ["updated_at"]
    assert Match.objects.get(pk=match.pk).otb_reports == locked.otb_reports
