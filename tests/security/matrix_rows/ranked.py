"""Ranked tables (三国盛衰記): reports, confirmations and disputes at a table of several players."""

from __future__ import annotations

from typing import Any

from tests.security.matrix_rows.base import Row, Setup, url
from tests.security.security_world import (
    EVENT_RUNNERS,
    EVERYBODY,
    MANAGERS,
    NOBODY,
    SEATS,
    World,
)

# ---- ranked tables (三国盛衰記): Open Cup turned into a ranked-table event of red and blue


def _ranked_open(w: World) -> None:
    """Open Cup plays 三国盛衰記 at tables of 2–5 (red and blue are its two players)."""
    from tournaments.models import Event

    Event.objects.filter(pk=w.open.pk).update(
        game="sangoku_seisuiki", table_size_min=2, table_size_max=5
    )
    w.open.refresh_from_db()


def _ranked_draft(w: World) -> None:
    from tournaments.services import ranked_tables

    _ranked_open(w)
    ranked_tables.tables_assign(actor=w.users["organiser"], event=w.open)


def _ranked_published(w: World) -> None:
    from tournaments.models import Round
    from tournaments.services import ranked_tables

    _ranked_draft(w)
    round_ = Round.objects.get(event=w.open, number=1)
    ranked_tables.tables_publish(actor=w.users["organiser"], round=round_)


def _ranked_claim(w: World) -> dict[str, str]:
    return {f"vp_{e.pk}": "7" for e in w.open_entries.values()}


def _ranked_blue_reported(w: World) -> None:
    from tournaments.services import ranked_results

    _ranked_published(w)
    claim = [
        {"entry": e.pk, "victory_points": 7, "eliminated_turn": None}
        for e in w.open_entries.values()
    ]
    ranked_results.table_result_report(
        entry=w.open_entries["blue"], table=_ranked_table(w), seats=claim
    )


def _ranked_table(w: World) -> Any:
    from tournaments.models import GameTable

    return GameTable.objects.get(round__event=w.open, number=1)


def _ranked_round_action(action: str, allowed: frozenset[str], setup: Setup) -> Row:
    def request(w: World) -> tuple[str, dict[str, Any]]:
        path = url("tournaments:ranked_round_action", slug=w.open.slug, number=1, action=action)
        return path, {}

    return Row("tournaments:ranked_round_action", allowed, request, variant=action, setup=setup)


RANKED_ROWS: list[Row] = [
    Row(
        "tournaments:ranked_settings",
        MANAGERS,
        lambda w: (
            url("tournaments:ranked_settings", slug=w.open.slug),
            {"table_size_min": "2", "table_size_max": "4", "minutes": "200"},
        ),
        setup=_ranked_open,
    ),
    Row(
        "tournaments:ranked_assign",
        MANAGERS,
        lambda w: (url("tournaments:ranked_assign", slug=w.open.slug), {}),
        setup=_ranked_open,
    ),
    _ranked_round_action("publish", MANAGERS, _ranked_draft),
    _ranked_round_action("delete", MANAGERS, _ranked_draft),
    _ranked_round_action("start", EVENT_RUNNERS, _ranked_published),
    Row(
        "tournaments:ranked_table_result",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:ranked_table_result", slug=w.open.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_table_result",
        NOBODY,
        lambda w: (
            url("tournaments:ranked_table_result", slug=w.away.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="open table through away event",
    ),
    Row(
        "tournaments:ranked_table_details",
        EVENT_RUNNERS,
        lambda w: (
            url("tournaments:ranked_table_details", slug=w.open.slug, table_id=_ranked_table(w).pk),
            {"scenario": "3 官渡の戦い"},
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_player_report",
        SEATS,
        lambda w: (
            url("tournaments:ranked_player_report", slug=w.open.slug, table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
    ),
    Row(
        "tournaments:ranked_player_confirm",
        frozenset({"red"}),
        lambda w: (
            url(
                "tournaments:ranked_player_confirm", slug=w.open.slug, table_id=_ranked_table(w).pk
            ),
            {},
        ),
        setup=_ranked_blue_reported,
        reason="blue reported: another player at the table confirms",
    ),
    Row(
        "tournaments:ranked_token_report",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:ranked_token_report",
                token=w.open_entries["red"].token,
                table_id=_ranked_table(w).pk,
            ),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="own link",
    ),
    Row(
        "tournaments:ranked_token_report",
        NOBODY,
        lambda w: (
            url("tournaments:ranked_token_report", token="bad", table_id=_ranked_table(w).pk),
            _ranked_claim(w),
        ),
        setup=_ranked_published,
        variant="bad link",
    ),
    Row(
        "tournaments:ranked_token_confirm",
        EVERYBODY,
        lambda w: (
            url(
                "tournaments:ranked_token_confirm",
                token=w.open_entries["red"].token,
                table_id=_ranked_table(w).pk,
            ),
            {},
        ),
        setup=_ranked_blue_reported,
        variant="own link",
    ),
]
