"""The arbiter console reads like a log book: every audit row is a sentence with its actor and
reason, times are in the reader's time zone, only the game's own result methods are offered,
and every act that decides a game needs an explicit confirmation the server checks."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from matches.audit_sentences import SENTENCES, audit_sentence
from matches.models import Match, MatchEvent
from matches.services.arbiter import match_set_result
from matches.services.lifecycle import match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(two_players: Any) -> Match:
    red, blue = two_players
    return match_create(
        red_player=red, blue_player=blue, kind="otb", start=True, event_id=7, time_control="1+0"
    )


def console(match: Match) -> str:
    return reverse("matches:arbiter_console", args=[match.pk])


def test_every_audit_kind_has_a_sentence() -> None:
    assert set(SENTENCES) == set(MatchEvent.Kind.values)


@pytest.mark.parametrize(
    ("kind", "seat", "detail", "english"),
    [
        (
            "status",
            None,
            {"previous": "pending", "status": "running"},
            "The game went from “Not started” to “In play”.",
        ),
        ("press", "red", {"by_seat": "blue"}, "Red's side of the clock was pressed (press 3)."),
        (
            "time_adjust",
            "blue",
            {"requested_ms": -90_000, "applied_ms": -42_500},
            "42.5 s removed on Blue's clock. (90 s were asked.)",
        ),
        (
            "result_set",
            None,
            {"winner": "red", "method": "arbiter", "previous": {"winner": "", "method": ""}},
            "The result was set: Red, Arbiter's decision (before: no result).",
        ),
        (
            "disputed",
            None,
            {"flag": "red", "fell_at": 1_893_456_030_000, "reports": {}},
            "Red's flag fell at 09:00:30 against the pending report: the flag does not decide, "
            "the clock is stopped and the arbiter decides.",
        ),
    ],
)
def test_rows_read_as_sentences(kind: str, seat: str | None, detail: Any, english: str) -> None:
    with translation.override("en"), timezone.override("Asia/Tokyo"):
        assert audit_sentence(kind, seat, 3, detail) == english


def test_the_log_names_the_actor_and_the_reason_of_a_result(
    client: Any, table: Match, event_arbiter: Any
) -> None:
    match_set_result(
        match_id=table.pk, winner="blue", method="forfeit", reason="Red left", actor=event_arbiter
    )
    client.force_login(event_arbiter)
    page = client.get(console(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    log = page.split('id="audit-log"')[1]
    assert "<td>The result was set: Blue, Forfeit (before: no result).</td><td>judge</td>" in log
    assert "<td>Red left</td>" in log
    assert "{&#x27;" not in log  # no raw dicts
    assert 'data-kind="result_set"' in log


def test_log_times_are_shown_in_the_readers_time_zone(
    client: Any, table: Match, event_arbiter: Any
) -> None:
    created = dt.datetime(2030, 1, 1, 3, 4, 5, tzinfo=dt.UTC)
    MatchEvent.objects.filter(match=table).update(created_at=created)
    client.force_login(event_arbiter)
    page = client.get(console(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Times shown in Asia/Tokyo." in page
    assert ">12:04:05</time>" in page  # 03:04:05 UTC is 12:04:05 in Tokyo


def test_a_gunshi_console_offers_only_gunshis_methods(
    client: Any, table: Match, event_arbiter: Any
) -> None:
    client.force_login(event_arbiter)
    page = client.get(console(table)).content.decode()
    form = page.split('id="result-form"')[1].split("</form>")[0]
    assert '<option value="general_captured"' in form
    assert '<option value="flag"' not in form  # 軍棋's flag capture
    assert '<option value="no_move"' not in form


def test_a_result_needs_the_confirmation_box(client: Any, table: Match, event_arbiter: Any) -> None:
    client.force_login(event_arbiter)
    data = {
        "act": "result",
        "result-winner": "red",
        "result-method": "general_captured",
        "result-reason": "seen at the table",
    }
    response = client.post(console(table), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Tick the box to confirm the result." in response.content.decode()
    assert 'value="seen at the table"' in response.content.decode()  # nothing typed is lost
    assert Match.objects.get(pk=table.pk).status == Match.Status.RUNNING
    response = client.post(console(table), {**data, "result-confirm": "on"})
    assert response.status_code == 302
    assert Match.objects.get(pk=table.pk).winner == "red"


def test_a_forfeit_needs_the_confirmation_box(
    client: Any, two_players: Any, event_arbiter: Any
) -> None:
    red, blue = two_players
    match = match_create(
        red_player=red,
        blue_player=blue,
        event_id=7,
        start_by=timezone.now() - dt.timedelta(minutes=1),
    )
    client.force_login(event_arbiter)
    data = {"act": "forfeit_absent", "seat": "blue", "note": "not here"}
    response = client.post(console(match), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Tick the box to confirm: this decides the game." in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
    client.post(console(match), {**data, "confirm": "on"})
    assert Match.objects.get(pk=match.pk).winner == "red"
