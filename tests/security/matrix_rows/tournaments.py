"""Tournaments: what organisers do, players by account and by private link, claiming an entry."""

from __future__ import annotations

from tests.security.matrix_rows.base import Row, entry_action, round_action, url
from tests.security.matrix_rows.setups import (
    add_walk_in,
    blue_reported_table,
    event_form,
    open_checked_in,
    open_draft_round,
    open_four_players_draft,
    open_full,
    open_published_round,
    open_withdrawn,
    spectator_waitlisted,
    swap_request,
    waitlisted_entry,
    walk_in,
)
from tests.security.security_world import (
    EVENT_RUNNERS,
    EVERYBODY,
    LOGGED_IN,
    MANAGERS,
    NOBODY,
    SEATS,
)

TOURNAMENT_ROWS: list[Row] = [
    # ---- tournaments: organisers
    Row(
        "tournaments:event_create",
        LOGGED_IN,
        lambda w: (url("tournaments:event_create"), event_form(w, "open", name="Brand New Cup")),
    ),
    Row(
        "tournaments:event_edit",
        MANAGERS,
        lambda w: (
            url("tournaments:event_edit", slug=w.open.slug),
            event_form(w, "open", venue="Hall B"),
        ),
    ),
    Row(
        "tournaments:event_status",
        MANAGERS,
        lambda w: (url("tournaments:event_status", slug=w.open.slug), {"status": "draft"}),
    ),
    Row(
        "tournaments:role_add",
        frozenset({"organiser", "superuser"}),
        lambda w: (
            url("tournaments:role_add", slug=w.open.slug),
            {"member": "spectator", "role": "arbiter"},
        ),
        reason="only the organiser names co-organisers and arbiters",
    ),
    Row(
        "tournaments:entry_add",
        MANAGERS,
        lambda w: (url("tournaments:entry_add", slug=w.open.slug), {"name": "Walk-in"}),
    ),
    Row(
        "tournaments:entry_import",
        MANAGERS,
        lambda w: (
            url("tournaments:entry_import", slug=w.open.slug),
            {"text": "name,rating\nImported,1500\n"},
        ),
    ),
    entry_action("check_in", EVENT_RUNNERS),
    Row(
        "tournaments:entry_check_in_many",
        EVENT_RUNNERS,
        lambda w: (url("tournaments:entry_check_in_many", slug=w.open.slug), {"everyone": "on"}),
        reason="check-in is the arbiters' work as well as the organisers'",
    ),
    entry_action("check_out", EVENT_RUNNERS, setup=open_checked_in),
    entry_action("withdraw", MANAGERS),
    entry_action("reinstate", MANAGERS, setup=open_withdrawn),
    entry_action("disqualify", MANAGERS, data={"reason": "no-show twice"}),
    Row(
        "tournaments:entry_action",
        MANAGERS,
        lambda w: (
            url(
                "tournaments:entry_action",
                slug=w.open.slug,
                entry_id=waitlisted_entry(w).pk,
                action="remove_from_waitlist",
            ),
            {},
        ),
        variant="remove_from_waitlist",
        setup=spectator_waitlisted,
    ),
    Row(
        "tournaments:round_pair",
        MANAGERS,
        lambda w: (url("tournaments:round_pair", slug=w.open.slug), {}),
    ),
    round_action("publish", open_draft_round),
    round_action("unpublish", open_published_round),
    round_action("repair", open_draft_round),
    round_action("delete", open_draft_round),
    Row(
        "tournaments:round_swap",
        MANAGERS,
        swap_request,
        setup=open_four_players_draft,
    ),
    Row(
        "tournaments:pairing_result",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:pairing_result", slug=w.home.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
    ),
    # ---- another event's ids through an event one runs (nobody may reach across)
    Row(
        "tournaments:pairing_result",
        NOBODY,
        lambda w: (
            url("tournaments:pairing_result", slug=w.away.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
        variant="home table through away event",
    ),
    Row(
        "tournaments:entry_action",
        NOBODY,
        lambda w: (
            url(
                "tournaments:entry_action",
                slug=w.away.slug,
                entry_id=w.open_entries["red"].pk,
                action="withdraw",
            ),
            {},
        ),
        variant="open entry through away event",
    ),
    # ---- tournaments: players, by account
    Row(
        "tournaments:event_register",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:event_register", slug=w.open.slug), {}),
        reason="red and blue are already entered",
    ),
    Row(
        "tournaments:event_register",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:event_register", slug=w.open.slug), {}),
        variant="full: joins the waitlist",
        setup=open_full,
        reason="red and blue are already entered",
    ),
    Row(
        "tournaments:player_leave_waitlist",
        frozenset({"spectator"}),
        lambda w: (url("tournaments:player_leave_waitlist", slug=w.open.slug), {}),
        setup=spectator_waitlisted,
        reason="only the waitlisted player; red and blue hold places (not on the waitlist)",
    ),
    Row(
        "tournaments:player_report",
        SEATS,
        lambda w: (
            url("tournaments:player_report", slug=w.home.slug, pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
    ),
    Row(
        "tournaments:player_confirm",
        frozenset({"red"}),
        lambda w: (
            url("tournaments:player_confirm", slug=w.home.slug, pairing_id=w.pairing.pk),
            {},
        ),
        setup=blue_reported_table,
        reason="blue reported: only its opponent confirms",
    ),
    Row(
        "tournaments:player_check_in",
        SEATS,
        lambda w: (url("tournaments:player_check_in", slug=w.open.slug), {}),
    ),
    Row(
        "tournaments:player_withdraw",
        SEATS,
        lambda w: (url("tournaments:player_withdraw", slug=w.open.slug), {}),
    ),
    # ---- tournaments: claiming a walk-in's entry for an account, the private link as proof
    Row(
        "tournaments:player_token_claim",
        LOGGED_IN - SEATS,
        lambda w: (url("tournaments:player_token_claim", token=walk_in(w).token), {}),
        setup=add_walk_in,
        variant="walk-in link",
        reason="the link is the proof; red and blue already play in the event under an entry",
    ),
    Row(
        "tournaments:player_token_claim",
        NOBODY,
        lambda w: (url("tournaments:player_token_claim", token=w.open_entries["red"].token), {}),
        variant="an account's entry",
        reason="an entry that belongs to an account is never claimed by another (nor again)",
    ),
    Row(
        "tournaments:player_token_claim",
        NOBODY,
        lambda w: (url("tournaments:player_token_claim", token="not-a-token"), {}),
        variant="bad link",
    ),
    # ---- tournaments: players, by private link (whoever holds the link is that player)
    Row(
        "tournaments:player_token_check_in",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_check_in", token=w.open_entries["red"].token),
            {},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_check_in",
        NOBODY,
        lambda w: (url("tournaments:player_token_check_in", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_withdraw",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_withdraw", token=w.open_entries["red"].token),
            {},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_withdraw",
        NOBODY,
        lambda w: (url("tournaments:player_token_withdraw", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_leave_waitlist",
        EVERYBODY,
        lambda w: (
            url("tournaments:player_token_leave_waitlist", token=waitlisted_entry(w).token),
            {},
        ),
        variant="own link",
        setup=spectator_waitlisted,
    ),
    Row(
        "tournaments:player_token_leave_waitlist",
        NOBODY,
        lambda w: (url("tournaments:player_token_leave_waitlist", token="not-a-token"), {}),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_report",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:player_token_report",
                token=w.entries["red"].token,
                pairing_id=w.pairing.pk,
            ),
            {"result": "red_won"},
        ),
        variant="own link",
    ),
    Row(
        "tournaments:player_token_report",
        NOBODY,
        lambda w: (
            url("tournaments:player_token_report", token="not-a-token", pairing_id=w.pairing.pk),
            {"result": "red_won"},
        ),
        variant="bad link",
    ),
    Row(
        "tournaments:player_token_confirm",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:player_token_confirm",
                token=w.entries["red"].token,
                pairing_id=w.pairing.pk,
            ),
            {},
        ),
        variant="own link",
        setup=blue_reported_table,
    ),
    Row(
        "tournaments:player_token_confirm",
        NOBODY,
        lambda w: (
            url(
                "tournaments:player_token_confirm",
                token=w.entries["blue"].token,
                pairing_id=w.pairing.pk,
            ),
            {},
        ),
        variant="reporter's own link",
        setup=blue_reported_table,
        reason="the reporter cannot confirm its own report",
    ),
]
