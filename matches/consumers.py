"""The match WebSocket (docs/protocol.md §3): thin, it only validates and calls services.

On connect the consumer resolves who is connecting (a seat through the session or a private
seat token, else a spectator), joins that audience's group, marks the seat present and sends a
``snapshot``. Requests are checked for shape here and handed to ``matches.services``; any
refusal comes back as one ``error`` frame (translated message, stable code, current ply) and
changes nothing. Updates arrive through the group (``matches.broadcast``), also to the sender.
"""

from __future__ import annotations

import json
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from matches import services
from matches.broadcast import audience_of, group_name, presence_broadcast
from matches.errors import MatchError, error_payload
from matches.models import Match
from matches.presence import presence_join, presence_leave
from matches.selectors import match_get_view, match_resolve_seat

CLOSE_BAD_TOKEN = 4403
CLOSE_NOT_FOUND = 4404


def _language(scope: dict[str, Any]) -> str:
    """The language for error messages: the language cookie, else Accept-Language."""
    headers = {name.decode("latin-1").lower(): value for name, value in scope.get("headers", [])}
    cookie_header = headers.get("cookie", b"").decode("latin-1")
    candidates = []
    try:
        morsel = SimpleCookie(cookie_header).get(settings.LANGUAGE_COOKIE_NAME)
    except CookieError:
        morsel = None
    if morsel is not None:
        candidates.append(morsel.value)
    accept = headers.get("accept-language", b"").decode("latin-1")
    candidates.extend(code for code, _q in parse_accept_lang_header(accept) if code != "*")
    for code in candidates:
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def _field(content: dict[str, Any], name: str, kind: type, *, required: bool = True) -> Any:
    value = content.get(name)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, kind):
        raise MatchError("bad_message", detail=f"field {name!r}")
    return value


class MatchConsumer(JsonWebsocketConsumer):  # type: ignore[misc]
    """``ws/matches/<match_id>/``: one connection of a seat or a spectator."""

    match_id: int
    seat: str | None = None
    group: str | None = None

    # ------------------------------------------------------------------ connection

    def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user") or AnonymousUser()
        self.language = _language(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        token = (query.get("token") or [""])[0]
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            self.accept()
            self.close(code=CLOSE_NOT_FOUND)
            return
        try:
            self.seat = match_resolve_seat(match=match, user=self.user, token=token)
        except MatchError:
            self.accept()
            self.close(code=CLOSE_BAD_TOKEN)
            return
        # Announce the seat before joining its group: a socket never hears its own arrival.
        if self.seat is not None and presence_join(match_id=self.match_id, seat=self.seat):
            presence_broadcast(
                match_id=self.match_id, ply=match.ply, seat=self.seat, connected=True
            )
        self.group = group_name(self.match_id, audience_of(self.seat))
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        # Read again now that the group is joined: no update can fall between the two.
        match.refresh_from_db()
        self._send_snapshot(match)

    def disconnect(self, code: int) -> None:
        if self.group is None:
            return
        async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)
        if self.seat is not None and presence_leave(match_id=self.match_id, seat=self.seat):
            ply = Match.objects.filter(pk=self.match_id).values_list("ply", flat=True).first()
            presence_broadcast(
                match_id=self.match_id, ply=ply or 0, seat=self.seat, connected=False
            )

    def match_frame(self, event: dict[str, Any]) -> None:
        """A frame from the group (``matches.broadcast``): pass it on."""
        self.send_json(event["frame"])

    # --------------------------------------------------------------------- requests

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            content = json.loads(text_data) if text_data is not None else None
        except ValueError:
            content = None
        self.receive_json(content)

    def receive_json(self, content: Any, **kwargs: Any) -> None:
        with translation.override(self.language):
            try:
                if self.group is None:
                    raise MatchError("not_found")
                self._handle(content)
            except MatchError as error:
                if error.ply is None:
                    error.ply = (
                        Match.objects.filter(pk=self.match_id).values_list("ply", flat=True).first()
                    )
                self.send_json(error_payload(error))

    def _handle(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise MatchError("bad_message")
        kind = content["type"]
        common = {"match_id": self.match_id, "actor": self.user}
        if kind == "snapshot":
            match = Match.objects.filter(pk=self.match_id).first()
            if match is None:
                raise MatchError("not_found")
            self._send_snapshot(match)
        elif kind == "action":
            services.match_submit_action(
                **common,
                seat=self.seat,
                action_text=_field(content, "action", str),
                expected_ply=_field(content, "ply", int),
                lag_ms=_field(content, "lag_ms", int, required=False) or 0,
            )
        elif kind == "resign":
            services.match_resign(**common, seat=self.seat)
        elif kind == "claim_flag":
            services.match_claim_flag(**common, seat=self.seat)
        elif kind == "press":
            services.otb_clock_press(
                **common,
                seat=_field(content, "seat", str),
                expected_ply=_field(content, "ply", int),
                requester_seat=self.seat,
                lag_ms=_field(content, "lag_ms", int, required=False) or 0,
            )
        elif kind == "pause":
            services.match_pause(**common, requester_seat=self.seat)
        elif kind == "resume":
            services.match_resume(**common, requester_seat=self.seat)
        elif kind == "report_result":
            services.otb_report_result(
                **common,
                seat=self.seat,
                winner=_field(content, "winner", str),
                method=_field(content, "method", str),
            )
        elif kind == "confirm_result":
            services.otb_confirm_result(**common, seat=self.seat)
        else:
            raise MatchError("bad_message", detail=f"type {kind!r}")

    def _send_snapshot(self, match: Match) -> None:
        view = match_get_view(match=match, viewer_seat=self.seat)
        self.send_json({"type": "snapshot", "ply": match.ply, "view": view})
