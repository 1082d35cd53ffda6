"""The JSON API for programs (docs/protocol.md §4; OpenAPI document in ``matches.openapi``).

Plain Django views returning JSON. Who is calling: ``Authorization: Bearer <seat token>`` (a
seat's private token; no CSRF, no session needed) or the session (CSRF enforced on POST, as
for any form). Every view binds the request, calls one service or selector and returns its
result; ``MatchError`` becomes ``{"error": {"code", "message"}, "ply"}`` with the code's HTTP
status, in the request's language.

Every error under ``/api/`` has that JSON shape, whatever refuses the request: a failed CSRF
check (``csrf_failed``), a wrong method (``method_not_allowed``), a body that is not JSON —
however deeply nested — (``bad_message``), one over ``DATA_UPLOAD_MAX_MEMORY_SIZE``
(``request_too_large``), an unknown address (``no_such_endpoint``, through ``api_aware_handler``
in ``config/urls.py``) and an unexpected failure (``server_error``, logged with its traceback).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.views import defaults
from django.views.csrf import csrf_failure as default_csrf_failure
from django.views.decorators.csrf import csrf_exempt

from matches.errors import MatchError
from matches.models import Match
from matches.openapi import openapi_document
from matches.selectors import (
    match_audit_log,
    match_clock_log,
    match_get_view,
    match_legal_actions,
    match_record_text,
    match_resolve_seat,
    match_user_can_arbitrate,
)
from matches.services import arbiter, decisions, lifecycle, otb

View = Callable[..., HttpResponse]
API_PREFIX = "/api/"

logger = logging.getLogger(__name__)


class Call:
    """What a view knows about the request: the match, the caller's seat, user and body."""

    def __init__(self, request: HttpRequest, match: Match, seat: str | None, body: dict[str, Any]):
        self.request = request
        self.match = match
        self.seat = seat
        self.user = request.user
        self.body = body

    def field(self, name: str, kind: type, *, required: bool = True, default: Any = None) -> Any:
        value = self.body.get(name)
        if value is None and not required:
            return default
        if isinstance(value, bool) or not isinstance(value, kind):
            raise MatchError("bad_message", ply=self.match.ply, detail=f"field {name!r}")
        return value

    def view(self, match: Match | None = None) -> dict[str, Any]:
        match = match or self.match
        return {"ply": match.ply, "view": match_get_view(match=match, viewer_seat=self.seat)}


def error_response(error: MatchError) -> JsonResponse:
    return JsonResponse(
        {"error": {"code": error.code, "message": error.message()}, "ply": error.ply},
        status=error.http_status,
    )


def _bearer_token(request: HttpRequest) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _csrf_failure(request: HttpRequest) -> HttpResponse | None:
    """Django's CSRF check, for session-authenticated POSTs to these CSRF-exempt views."""
    check = CsrfViewMiddleware(lambda _request: HttpResponse())
    check.process_request(request)
    return check.process_view(request, lambda _request: HttpResponse(), (), {})


def _json_body(request: HttpRequest, match: Match) -> dict[str, Any]:
    """The request's JSON object (``{}`` when empty); ``bad_message`` for anything else."""
    if not request.body:
        return {}
    try:
        body = json.loads(request.body)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested too deeply
        raise MatchError("bad_message", ply=match.ply) from None
    if not isinstance(body, dict):
        raise MatchError("bad_message", ply=match.ply)
    return body


def _call_view(
    func: Callable[[Call], Any], method: str, request: HttpRequest, match_id: int
) -> HttpResponse:
    if request.method != method:
        raise MatchError("method_not_allowed")
    token = _bearer_token(request)
    if method == "POST" and token is None and _csrf_failure(request) is not None:
        raise MatchError("csrf_failed")
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise MatchError("not_found")
    seat = match_resolve_seat(match=match, user=request.user, token=token)
    body = _json_body(request, match) if method == "POST" else {}
    result = func(Call(request, match, seat, body))
    return result if isinstance(result, HttpResponse) else JsonResponse(result)


def api_view(method: str) -> Callable[[Callable[[Call], Any]], View]:
    """Wrap ``func(call) -> dict | HttpResponse`` as a JSON endpoint for one HTTP method."""

    def decorate(func: Callable[[Call], Any]) -> View:
        @csrf_exempt
        @functools.wraps(func)
        def view(request: HttpRequest, match_id: int) -> HttpResponse:
            try:
                return _call_view(func, method, request, match_id)
            except MatchError as error:
                return error_response(error)
            except RequestDataTooBig:
                return error_response(MatchError("request_too_large"))
            except Exception:
                logger.exception("API %s %s failed", request.method, request.path)
                return error_response(MatchError("server_error"))

        return view

    return decorate


# --------------------------------------------------------------- errors outside the views

_HANDLER_ERRORS: dict[int, str] = {
    400: "bad_message",
    403: "not_allowed",
    404: "no_such_endpoint",
    500: "server_error",
}
_DEFAULT_HANDLERS: dict[int, Callable[..., HttpResponse]] = {
    400: defaults.bad_request,
    403: defaults.permission_denied,
    404: defaults.page_not_found,
    500: defaults.server_error,
}


def api_aware_handler(status: int) -> Callable[..., HttpResponse]:
    """Django's error handler for ``status`` (``config.urls.handler404`` …), answering JSON
    under ``/api/`` and the usual page elsewhere."""

    def handler(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
        if request.path.startswith(API_PREFIX):
            code = _HANDLER_ERRORS[status]
            if isinstance(exception, RequestDataTooBig):
                code = "request_too_large"
            return error_response(MatchError(code))
        default = _DEFAULT_HANDLERS[status]
        return default(request) if status == 500 else default(request, exception)

    return handler


# ------------------------------------------------------------------------------ players


@api_view("GET")
def match_detail(call: Call) -> dict[str, Any]:
    """The caller's view of the match (full history)."""
    return match_get_view(match=call.match, viewer_seat=call.seat)


@api_view("GET")
def match_legal_action_list(call: Call) -> dict[str, Any]:
    return match_legal_actions(match=call.match, viewer_seat=call.seat)


@api_view("POST")
def match_action_create(call: Call) -> dict[str, Any]:
    match = decisions.match_submit_action(
        match_id=call.match.pk,
        seat=call.seat,
        action_text=call.field("action", str),
        expected_ply=call.field("ply", int),
        lag_ms=call.field("lag_ms", int, required=False, default=0),
        actor=call.user,
    )
    return call.view(match)


@api_view("POST")
def match_join(call: Call) -> dict[str, Any]:
    """The seat is at its board: a published game starts once both seats have joined."""
    return call.view(lifecycle.match_join(match_id=call.match.pk, seat=call.seat, actor=call.user))


@api_view("POST")
def match_resign(call: Call) -> dict[str, Any]:
    return call.view(
        decisions.match_resign(match_id=call.match.pk, seat=call.seat, actor=call.user)
    )


@api_view("POST")
def match_claim_flag(call: Call) -> dict[str, Any]:
    match = decisions.match_claim_flag(match_id=call.match.pk, seat=call.seat, actor=call.user)
    return call.view(match)


@api_view("GET")
def match_record_detail(call: Call) -> HttpResponse:
    text = match_record_text(match=call.match)
    # 軍師軍略's records are JSON; 軍棋's are the tagged text of its RULES.md §10.6.
    json_record = text.lstrip().startswith("{")
    kind, ext = ("application/json", "json") if json_record else ("text/plain", "txt")
    response = HttpResponse(text, content_type=f"{kind}; charset=utf-8")
    name = f"{call.match.game}-match-{call.match.pk}.{ext}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# ----------------------------------------------------------------------- over the board


@api_view("POST")
def otb_press(call: Call) -> dict[str, Any]:
    match = otb.otb_clock_press(
        match_id=call.match.pk,
        seat=call.field("seat", str),
        expected_ply=call.field("ply", int),
        requester_seat=call.seat,
        actor=call.user,
        lag_ms=call.field("lag_ms", int, required=False, default=0),
    )
    return call.view(match)


@api_view("POST")
def otb_report(call: Call) -> dict[str, Any]:
    match = otb.otb_report_result(
        match_id=call.match.pk,
        seat=call.seat,
        winner=call.field("winner", str),
        method=call.field("method", str),
        actor=call.user,
    )
    return call.view(match)


@api_view("POST")
def otb_confirm(call: Call) -> dict[str, Any]:
    match = otb.otb_confirm_result(match_id=call.match.pk, seat=call.seat, actor=call.user)
    return call.view(match)


@api_view("POST")
def match_pause(call: Call) -> dict[str, Any]:
    match = arbiter.match_pause(
        match_id=call.match.pk,
        actor=call.user,
        requester_seat=call.seat,
        note=call.field("note", str, required=False, default=""),
    )
    return call.view(match)


@api_view("POST")
def match_resume(call: Call) -> dict[str, Any]:
    match = arbiter.match_resume(
        match_id=call.match.pk,
        actor=call.user,
        requester_seat=call.seat,
        note=call.field("note", str, required=False, default=""),
    )
    return call.view(match)


# ------------------------------------------------------------------------------ arbiter


def _require_arbiter(call: Call) -> None:
    if not match_user_can_arbitrate(match=call.match, user=call.user):
        raise MatchError("not_allowed", ply=call.match.ply)


@api_view("POST")
def match_adjust_time(call: Call) -> dict[str, Any]:
    _require_arbiter(call)
    match = arbiter.match_adjust_time(
        match_id=call.match.pk,
        seat=call.field("seat", str),
        delta_ms=call.field("delta_ms", int),
        reason=call.field("reason", str),
        actor=call.user,
    )
    return call.view(match)


@api_view("POST")
def match_result(call: Call) -> dict[str, Any]:
    _require_arbiter(call)
    match = arbiter.match_set_result(
        match_id=call.match.pk,
        winner=call.field("winner", str),
        method=call.field("method", str, required=False, default=Match.Method.ARBITER),
        reason=call.field("reason", str, required=False, default=""),
        actor=call.user,
    )
    return call.view(match)


@api_view("GET")
def match_logs(call: Call) -> dict[str, Any]:
    """The clock log and the audit history (arbiters only)."""
    _require_arbiter(call)
    return {
        "ply": call.match.ply,
        "clock_log": match_clock_log(match=call.match),
        "events": match_audit_log(match=call.match),
    }


@csrf_exempt
def openapi_json(request: HttpRequest) -> JsonResponse:
    """The OpenAPI 3 document of this API."""
    if request.method not in ("GET", "HEAD"):
        return error_response(MatchError("method_not_allowed"))
    return JsonResponse(openapi_document(), json_dumps_params={"ensure_ascii": False})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``settings.CSRF_FAILURE_VIEW``: ``csrf_failed`` as JSON under /api/, Django's page
    elsewhere."""
    if request.path.startswith(API_PREFIX):
        return error_response(MatchError("csrf_failed"))
    return default_csrf_failure(request, reason=reason)
