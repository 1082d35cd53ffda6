"""Matches: the arbiter consoles, starting games, and the JSON API (seat tokens are seats)."""

from __future__ import annotations

from tests.security.matrix_rows.base import ONLINE_ARBITERS, OTB_CLOCK, Row, api, legal_action, url
from tests.security.matrix_rows.setups import (
    blue_reported_otb,
    both_waiting,
    flag_fallen,
    no_show_limit,
    online_overdue,
    online_started_overdue,
    online_waiting,
    pause,
    pause_both,
)
from tests.security.security_world import (
    EVENT_RUNNERS,
    NOBODY,
    SEATS,
)

MATCH_ROWS: list[Row] = [
    # ---- matches: arbiter consoles
    *[
        Row(
            "matches:arbiter_console",
            ONLINE_ARBITERS,
            lambda w, data=data: (url("matches:arbiter_console", match_id=w.online_match.pk), data),
            variant=act,
            setup=setup,
        )
        for act, data, setup in [
            ("start", {"act": "start"}, online_waiting),
            (
                "forfeit_absent",
                {"act": "forfeit_absent", "seat": "blue", "note": "did not come", "confirm": "on"},
                online_overdue,
            ),
            ("pause", {"act": "pause"}, None),
            ("resume", {"act": "resume"}, pause()),
            (
                "no_show",
                {"act": "no_show", "note": "did not come", "confirm": "on"},
                no_show_limit,
            ),
            (
                "adjust",
                {
                    "act": "adjust",
                    "adjust-seat": "red",
                    "adjust-seconds": "30",
                    "adjust-reason": "x",
                },
                None,
            ),
            (
                "result",
                {
                    "act": "result",
                    "result-winner": "red",
                    "result-method": "forfeit",
                    "result-reason": "x",
                    "result-confirm": "on",
                },
                None,
            ),
        ]
    ],
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (url("matches:arbiter_event_console", event_id=w.home.pk), {"act": "pause_all"}),
        variant="pause_all",
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (url("matches:arbiter_event_console", event_id=w.home.pk), {"act": "start_all"}),
        variant="start_all",
        setup=both_waiting,
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.home.pk),
            {"act": "forfeit_absent", "match": w.online_match.pk, "seat": "red", "note": "x"},
        ),
        variant="forfeit_absent",
        setup=online_started_overdue,
    ),
    Row(
        "matches:arbiter_event_console",
        NOBODY,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.away.pk),
            {"act": "forfeit_absent", "match": w.online_match.pk, "seat": "red", "note": "x"},
        ),
        variant="forfeit another event's board",
        setup=online_started_overdue,
        reason="a board is forfeited only from its own event's console",
    ),
    # ---- starting games: the seats join, an arbiter starts a board or the whole round
    Row(
        "matches:match_join",
        SEATS,
        lambda w: (url("matches:match_join", match_id=w.online_match.pk), {}),
        setup=online_waiting,
        reason="only a seat of the game joins it (by account or its own seat link)",
    ),
    Row(
        "matches:match_start",
        EVENT_RUNNERS,
        lambda w: (url("matches:match_start", match_id=w.online_match.pk), {}),
        setup=online_waiting,
    ),
    Row(
        "tournaments:round_start",
        EVENT_RUNNERS,
        lambda w: (url("tournaments:round_start", slug=w.home.slug, number=1), {}),
        setup=both_waiting,
    ),
    Row(
        "matches:arbiter_event_console",
        EVENT_RUNNERS,
        lambda w: (
            url("matches:arbiter_event_console", event_id=w.home.pk),
            {"act": "resume_all"},
        ),
        variant="resume_all",
        setup=pause_both,
    ),
    # ---- the JSON API (session authentication; the seat tokens are the seats)
    Row(
        "matches_api:action",
        frozenset({"red"}),
        api("action", lambda w: {"action": legal_action(w.online_match.pk), "ply": 0}),
        json=True,
        reason="red is to act",
    ),
    Row(
        "matches_api:join",
        SEATS,
        api("join", lambda w: {}),
        json=True,
        setup=online_waiting,
        reason="a bot joins its own seat of a published game",
    ),
    Row("matches_api:resign", SEATS, api("resign", lambda w: {}), json=True),
    Row(
        "matches_api:claim_flag",
        SEATS,
        api("claim_flag", lambda w: {}),
        json=True,
        setup=flag_fallen,
    ),
    Row(
        "matches_api:otb_press",
        OTB_CLOCK,
        api("otb_press", lambda w: {"seat": "red", "ply": 0}, otb=True),
        json=True,
    ),
    Row(
        "matches_api:otb_report",
        SEATS,
        api("otb_report", lambda w: {"winner": "red", "method": "intrusion"}, otb=True),
        json=True,
    ),
    Row(
        "matches_api:otb_confirm",
        frozenset({"red"}),
        api("otb_confirm", lambda w: {}, otb=True),
        json=True,
        setup=blue_reported_otb,
    ),
    Row("matches_api:pause", ONLINE_ARBITERS, api("pause", lambda w: {}), json=True),
    Row(
        "matches_api:pause",
        OTB_CLOCK,
        api("pause", lambda w: {}, otb=True),
        json=True,
        variant="otb",
    ),
    Row(
        "matches_api:resume",
        ONLINE_ARBITERS,
        api("resume", lambda w: {}),
        json=True,
        setup=pause(),
    ),
    Row(
        "matches_api:resume",
        OTB_CLOCK,
        api("resume", lambda w: {}, otb=True),
        json=True,
        setup=pause(online=False),
        variant="otb",
    ),
    Row(
        "matches_api:adjust_time",
        ONLINE_ARBITERS,
        api("adjust_time", lambda w: {"seat": "red", "delta_ms": 30000, "reason": "x"}),
        json=True,
    ),
    Row(
        "matches_api:result",
        ONLINE_ARBITERS,
        api("result", lambda w: {"winner": "blue", "method": "forfeit", "reason": "x"}),
        json=True,
    ),
]
