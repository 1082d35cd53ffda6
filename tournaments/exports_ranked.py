"""Exports of ranked-table events (三国盛衰記): standings with rank points and each round's
tables, as CSV and JSON. ``tournaments.exports`` hands a ranked event's standings and round
exports to this module; TRF (a format of two-player pairings) has no ranked-table form.

Rank points are written as the pages show them (exact fractions rounded to two decimals when
the event normalises them); the JSON says which scale applies (``rank_points_scale``), and the
ranks come from the exact values.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse

from tournaments import ranked_selectors
from tournaments.exports_common import csv_response, export_filename
from tournaments.models import Event, Round


def _csv(event: Event, suffix: str, header: list[str], rows: list[list[Any]]) -> HttpResponse:
    cells = [[str(cell) for cell in row] for row in rows]
    return csv_response(export_filename(event, suffix), header, cells)


STANDINGS_HEADER = [
    "rank",
    "start_number",
    "name",
    "rank_points",
    "vp_difference",
    "firsts",
    "lot",
    "tables",
    "status",
]


def standings_data(event: Event) -> list[dict[str, Any]]:
    return [
        {
            "rank": line.row.rank,
            "start_number": line.entry.start_number,
            "entry_id": line.entry.pk,
            "name": line.entry.name,
            "rank_points": line.rank_points,
            "vp_difference": line.row.vp_difference,
            "firsts": line.row.firsts,
            "lot": line.row.lot,
            "tables": line.row.tables,
            "status": line.entry.status,
        }
        for line in ranked_selectors.standing_lines(event=event)
    ]


def standings_csv(event: Event) -> HttpResponse:
    rows = [
        [
            row["start_number"] or "" if key == "start_number" else row[key]
            for key in STANDINGS_HEADER
        ]
        for row in standings_data(event)
    ]
    return _csv(event, "standings.csv", STANDINGS_HEADER, rows)


def standings_json(event: Event) -> JsonResponse:
    data = {
        "event": event.slug,
        "name": event.name,
        "rank_points_scale": event.rank_points_scale,
        "standings": standings_data(event),
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def tables_data(round_: Round) -> list[dict[str, Any]]:
    return [
        {
            "table": view.table.number,
            "scenario": view.table.scenario,
            "confirmed": view.table.is_final,
            "disputed": view.table.disputed,
            "ends_at": view.table.ends_at.isoformat() if view.table.ends_at else None,
            "seats": [
                {
                    "entry_id": line.seat.entry_id,
                    "name": line.seat.entry.name,
                    "power": line.seat.power,
                    "victory_points": line.seat.victory_points if view.table.is_final else None,
                    "eliminated_turn": line.seat.eliminated_turn if view.table.is_final else None,
                    "place": line.seat.place if view.table.is_final else None,
                    "rank_points": line.rank_points or None,
                }
                for line in view.seats
            ],
        }
        for view in ranked_selectors.round_tables(round_=round_)
    ]


def tables_csv(event: Event, round_: Round) -> HttpResponse:
    header = ["table", "name", "power", "victory_points", "eliminated_turn", "place", "rank_points"]
    rows = [
        [
            table["table"],
            seat["name"],
            seat["power"],
            "" if seat["victory_points"] is None else seat["victory_points"],
            seat["eliminated_turn"] or "",
            seat["place"] or "",
            seat["rank_points"] or "",
        ]
        for table in tables_data(round_)
        for seat in table["seats"]
    ]
    return _csv(event, f"round-{round_.number}.csv", header, rows)


def tables_json(event: Event, round_: Round) -> JsonResponse:
    data = {
        "event": event.slug,
        "round": round_.number,
        "status": round_.status,
        "rank_points_scale": event.rank_points_scale,
        "tables": tables_data(round_),
    }
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})
