"""The OpenAPI 3 document of the match JSON API, served at ``/api/openapi.json``.

Written by hand next to the views (``matches.api``); a test checks that every path here is a
route of ``matches.api_urls`` and every route is documented here.
"""

from __future__ import annotations

from typing import Any

from matches.errors import MESSAGES
from matches.models import Match
from matches.services.arbiter import MAX_TIME_ADJUSTMENT_MS

API_PREFIX = "/api"

_SEAT = {"type": "string", "enum": ["red", "blue"]}
_SEAT_OR_NULL = {"type": ["string", "null"], "enum": ["red", "blue", None]}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    "400": _json(_ref("Error"), "Malformed request (bad_message, invalid_action, …)"),
    "403": _json(
        _ref("Error"),
        "Not a player of this match, not an arbiter, or a session POST without the CSRF token "
        "(csrf_failed)",
    ),
    "404": _json(_ref("Error"), "No such match"),
    "405": _json(_ref("Error"), "The address does not accept that method (method_not_allowed)"),
    "413": _json(_ref("Error"), "The body is too large (request_too_large)"),
    "409": _json(
        _ref("Error"),
        "Refused in the match's current state (stale_ply, not_your_turn, illegal_action, "
        "match_over, flag_fallen, clock_paused, …); nothing changed",
    ),
}
_MATCH_ID = {
    "name": "match_id",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 1},
}


def _operation(
    summary: str,
    *,
    ok: dict[str, Any],
    body: dict[str, Any] | None = None,
    operation_id: str,
    tags: tuple[str, ...] = ("players",),
) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary,
        "tags": list(tags),
        "parameters": [_MATCH_ID],
        "responses": {"200": ok, **_ERRORS},
    }
    if body is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": body}},
        }
    return operation


def _post(summary: str, body: dict[str, Any], operation_id: str, **kw: Any) -> dict[str, Any]:
    ok = _json(_ref("ViewEnvelope"), "The request was applied; the caller's new view")
    return {"post": _operation(summary, ok=ok, body=body, operation_id=operation_id, **kw)}


def _object(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


_EMPTY = {"type": "object", "properties": {}}


def openapi_document() -> dict[str, Any]:
    """The document (a fresh dict each call)."""
    m = API_PREFIX + "/matches/{match_id}"
    view_ok = _json(_ref("MatchView"), "The caller's view of the match (docs/protocol.md §2)")
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Gunshi Tournament match API",
            "version": "1",
            "description": (
                "Play clocked 軍師軍略 matches from a program: read your seat's view, list "
                "your legal actions, submit decisions. Updates are pushed over the WebSocket "
                "`/ws/matches/{match_id}/?token=…` (docs/protocol.md §3). Every request that "
                "changes the game names the ply it was made at; a stale one is refused "
                "(409 stale_ply) and nothing is ever applied twice."
            ),
        },
        "servers": [{"url": "/"}],
        "security": [{"seatToken": []}, {"session": []}],
        "paths": {
            f"{API_PREFIX}/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "summary": "This document",
                    "tags": ["meta"],
                    "security": [],
                    "responses": {"200": {"description": "The OpenAPI document"}},
                }
            },
            f"{m}/": {
                "get": _operation(
                    "The caller's view of the match", ok=view_ok, operation_id="getMatch"
                )
            },
            f"{m}/legal-actions/": {
                "get": _operation(
                    "The caller's legal actions (empty unless it is to act)",
                    ok=_json(_ref("LegalActions"), "Legal actions in notation"),
                    operation_id="getLegalActions",
                )
            },
            f"{m}/actions/": _post(
                "Submit one decision",
                _object(
                    ["action", "ply"],
                    action={"type": "string", "example": "b2-b3"},
                    ply={"type": "integer", "minimum": 0},
                    lag_ms={"type": "integer", "minimum": 0},
                ),
                "submitAction",
            ),
            f"{m}/join/": _post(
                "Join a published game (it starts once both seats have joined)", _EMPTY, "join"
            ),
            f"{m}/resign/": _post("Resign (the opponent wins)", _EMPTY, "resign"),
            f"{m}/claim-flag/": _post(
                "Claim a fallen flag (the server re-checks its clock)", _EMPTY, "claimFlag"
            ),
            f"{m}/record/": {
                "get": _operation(
                    "The game record of a finished match (409 match_not_finished before)",
                    ok=_json({"type": "object"}, "engine GameRecord JSON"),
                    operation_id="getRecord",
                )
            },
            f"{m}/otb/press/": _post(
                "Over the board: press a seat's side of the clock",
                _object(
                    ["seat", "ply"],
                    seat=_SEAT,
                    ply={"type": "integer", "minimum": 0},
                    lag_ms={"type": "integer", "minimum": 0},
                ),
                "otbPress",
                tags=("over the board",),
            ),
            f"{m}/otb/report/": _post(
                "Over the board: report the result",
                _object(
                    ["winner", "method"],
                    winner=_SEAT,
                    method={
                        "type": "string",
                        "enum": [
                            "general_captured",
                            "intrusion",
                            "resignation",
                            "timeout",
                            "forfeit",
                        ],
                    },
                ),
                "otbReport",
                tags=("over the board",),
            ),
            f"{m}/otb/confirm/": _post(
                "Over the board: confirm the opponent's report",
                _EMPTY,
                "otbConfirm",
                tags=("over the board",),
            ),
            f"{m}/pause/": _post(
                "Pause the clock (arbiter; over the board also a player)",
                _object([], note={"type": "string"}),
                "pause",
                tags=("arbiter",),
            ),
            f"{m}/resume/": _post(
                "Resume the clock (arbiter; over the board also a player)",
                _object([], note={"type": "string"}),
                "resume",
                tags=("arbiter",),
            ),
            f"{m}/adjust-time/": _post(
                "Add (positive) or remove (negative) time, with a reason (arbiter)",
                _object(
                    ["seat", "delta_ms", "reason"],
                    seat=_SEAT,
                    delta_ms={
                        "type": "integer",
                        "minimum": -MAX_TIME_ADJUSTMENT_MS,
                        "maximum": MAX_TIME_ADJUSTMENT_MS,
                        "not": {"const": 0},
                    },
                    reason={"type": "string", "minLength": 1},
                ),
                "adjustTime",
                tags=("arbiter",),
            ),
            f"{m}/result/": _post(
                "Set or correct the result (arbiter)",
                _object(
                    ["winner"],
                    winner={"type": "string", "enum": list(Match.Winner.values)},
                    method={"type": "string", "enum": list(Match.Method.values)},
                    reason={"type": "string"},
                ),
                "setResult",
                tags=("arbiter",),
            ),
            f"{m}/logs/": {
                "get": _operation(
                    "The clock log and audit history (arbiter)",
                    ok=_json(
                        _object(
                            ["ply", "clock_log", "events"],
                            ply={"type": "integer"},
                            clock_log={"type": "array", "items": {"type": "object"}},
                            events={"type": "array", "items": {"type": "object"}},
                        ),
                        "Logs, oldest first",
                    ),
                    operation_id="getLogs",
                    tags=("arbiter",),
                )
            },
        },
        "components": {
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's private token (the player's private link)",
                },
                "session": {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": "sessionid",
                    "description": "A logged-in player; POST needs the CSRF token header",
                },
            },
            "schemas": {
                "Error": _object(
                    ["error", "ply"],
                    error=_object(
                        ["code", "message"],
                        code={"type": "string", "enum": sorted(MESSAGES)},
                        message={"type": "string", "description": "translated"},
                    ),
                    ply={"type": ["integer", "null"]},
                ),
                "LegalActions": _object(
                    ["ply", "seat", "to_act", "actions"],
                    ply={"type": "integer"},
                    seat=_SEAT_OR_NULL,
                    to_act=_SEAT_OR_NULL,
                    actions={"type": "array", "items": {"type": "string"}},
                ),
                "ViewEnvelope": _object(
                    ["ply", "view"], ply={"type": "integer"}, view=_ref("MatchView")
                ),
                "MatchView": _object(
                    [
                        "id",
                        "ply",
                        "kind",
                        "status",
                        "seat",
                        "game",
                        "clock",
                        "history",
                        "result",
                        "presence",
                    ],
                    id={"type": "integer"},
                    ply={"type": "integer"},
                    kind={"type": "string", "enum": list(Match.Kind.values)},
                    status={"type": "string", "enum": list(Match.Status.values)},
                    seat=_SEAT_OR_NULL,
                    variant={"type": "string"},
                    time_control={"type": "string", "example": "20+0"},
                    players={"type": "object"},
                    event_id={"type": ["integer", "null"]},
                    pairing_id={"type": ["integer", "null"]},
                    game={
                        "type": ["object", "null"],
                        "description": "engine.observe(state, viewer); null over the board",
                    },
                    clock=_ref("Clock"),
                    history_from={"type": "integer"},
                    history={
                        "type": "array",
                        "items": _object(
                            ["ply", "seat", "text"],
                            ply={"type": "integer"},
                            seat=_SEAT,
                            text={"type": "string"},
                        ),
                    },
                    result={
                        "oneOf": [
                            {"type": "null"},
                            _object(
                                ["winner", "method"],
                                winner={"type": "string", "enum": list(Match.Winner.values)},
                                method={"type": "string", "enum": list(Match.Method.values)},
                                method_label={"type": "string"},
                                finished_at={"type": ["string", "null"], "format": "date-time"},
                            ),
                        ]
                    },
                    presence=_object(
                        ["red", "blue"], red={"type": "boolean"}, blue={"type": "boolean"}
                    ),
                    otb={"type": ["object", "null"]},
                ),
                "Clock": _object(
                    ["now", "remaining_ms", "running", "ticking", "paused", "flagged"],
                    now={"type": "integer", "description": "server time, epoch ms"},
                    time_control={"type": "string"},
                    remaining_ms=_object(
                        ["red", "blue"], red={"type": "integer"}, blue={"type": "integer"}
                    ),
                    running=_SEAT_OR_NULL,
                    ticking={"type": "boolean"},
                    paused={"type": "boolean"},
                    flagged=_SEAT_OR_NULL,
                    deadline={"type": ["integer", "null"]},
                ),
            },
        },
    }
