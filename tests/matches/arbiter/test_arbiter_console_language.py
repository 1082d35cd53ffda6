"""The arbiter console speaks the page's language: its flash messages after each act, and the
rows of its audit log (sentences, not codes)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches.models import Match
from matches.services.lifecycle import match_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_match(two_players: Any) -> Match:
    red, blue = two_players
    return match_create(red_player=red, blue_player=blue, start=True, event_id=7)


@pytest.mark.parametrize(
    ("language", "paused", "adjusted", "kinds"),
    [
        (
            "en",
            "Clock paused.",
            "Time adjusted.",
            ("The clock was paused.", "30 s added on Red&#x27;s clock."),
        ),
        (
            "ja",
            "時計を止めました。",
            "持ち時間を調整しました。",
            ("時計を一時停止しました。", "赤の時計：30秒追加。"),
        ),
    ],
)
def test_flash_messages_and_audit_kinds_follow_the_language(
    client: Any,
    live_match: Match,
    event_arbiter: Any,
    language: str,
    paused: str,
    adjusted: str,
    kinds: tuple[str, ...],
) -> None:
    client.force_login(event_arbiter)
    url = reverse("matches:arbiter_console", args=[live_match.pk])
    headers = {"accept-language": language}
    page = client.post(url, {"act": "pause"}, headers=headers, follow=True).content.decode()
    assert paused in page
    data = {"act": "adjust", "adjust-seat": "red", "adjust-seconds": "30", "adjust-reason": "x"}
    page = client.post(url, data, headers=headers, follow=True).content.decode()
    assert adjusted in page
    audit_log = page.split('id="audit-title"')[1]
    for sentence in kinds:
        assert f"<td>{sentence}</td>" in audit_log
    assert ">pause</td>" not in audit_log
    assert ">time_adjust</td>" not in audit_log
    assert 'data-kind="time_adjust"' in audit_log
