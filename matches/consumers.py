"""The match WebSocket (docs/protocol.md §3): thin, it only validates and calls services.

On connect the consumer resolves who is connecting (a seat through the session or a private
seat token, else a spectator), joins that audience's group, takes the seat's presence lease
(``matches.presence``; a heartbeat renews it and reports peers that vanished without closing)
and sends a ``snapshot``. Requests are checked for shape here and handed to
``matches.services``; any refusal comes back as one ``error`` frame (translated message, stable
code, current ply) and changes nothing. Updates arrive through the group
(``matches.broadcast``), also to the sender. A frame that is not JSON (however deeply nested)
is ``bad_message``, and an unexpected failure ``server_error``: neither closes the socket.
Each socket may send a limited number of frames (``matches.frame_limits``): an excess frame gets
``rate_limited``, and a client that keeps flooding is closed with code 4429.

The consumer is asynchronous and runs each piece of database work (the services, the snapshot)
in a thread pool (``thread_sensitive=False``): decisions of different matches go through the
services in parallel, each on its own database connection, while the row lock serialises the
decisions of one match. A synchronous consumer would run every decision of the process in one
shared thread, one after the other.
"""

from __future__ import annotations

import asyncio
import json
import logging
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from matches.broadcast import audience_of, group_name, presence_broadcast
from matches.errors import MatchError, error_payload
from matches.frame_limits import CLOSE_RATE_LIMITED, FrameBucket
from matches.models import Match
from matches.presence import (
    heartbeat_seconds,
    presence_get,
    presence_leave,
    presence_scope,
    presence_touch,
)
from matches.selectors import match_get_view, match_resolve_seat
from matches.services import arbiter, decisions, lifecycle, otb

logger = logging.getLogger(__name__)

#: How a ``presence`` frame from ``matches.broadcast`` starts (it is built with ``json.dumps``).
PRESENCE_FRAME_START = '{"type":"presence"'

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


def in_thread(func: Any) -> Any:
    """Run ``func`` in the thread pool, with Django's connection housekeeping.

    On SQLite (the embedded default and the test suite) the work runs on the one shared sync
    thread instead: SQLite has a single writer, and on the suite's shared in-memory database a
    second thread's write fails at once with "table is locked" instead of waiting its turn.
    """
    return database_sync_to_async(func, thread_sensitive=connection.vendor == "sqlite")


class MatchConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """``ws/matches/<match_id>/``: one connection of a seat or a spectator."""

    match_id: int
    seat: str | None = None
    group: str | None = None
    heartbeat: asyncio.Task[None] | None = None
    #: What this socket's client was last told about each seat's presence.
    presence: dict[str, bool] = {"red": False, "blue": False}  # replaced, never mutated

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Run the handler of ``message`` (a socket event or a group frame).

        Channels' own ``dispatch`` first hops to the shared sync thread to close that thread's
        stale database connections, once per message. This consumer's database work all runs
        through ``in_thread``, which does the same housekeeping around each call on whichever
        thread it runs, so the hop — a thread switch for every frame relayed — is left out.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # ------------------------------------------------------------------ connection

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # However the consumer ends (closed, crashed, cancelled), its lease stops being
            # renewed and expires (matches.presence).
            if self.heartbeat is not None:
                self.heartbeat.cancel()

    async def connect(self) -> None:
        self.frames = FrameBucket.from_settings()
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user") or AnonymousUser()
        self.language = _language(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        token = (query.get("token") or [""])[0]
        refused, announce_at = await in_thread(self._identify)(token)
        if refused is not None:
            await self.accept()
            await self.close(code=refused)
            return
        if announce_at is not None and self.seat is not None:
            # Announced before joining the group: a socket never hears its own arrival.
            await presence_broadcast(
                match_id=self.match_id, ply=announce_at, seat=self.seat, connected=True
            )
        self.group = group_name(self.match_id, audience_of(self.seat))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # Read after joining the group: no update can fall between the snapshot and the group.
        await self.send_json(await in_thread(self._snapshot)())
        self.heartbeat = asyncio.create_task(self._heartbeat())

    def _identify(self, token: str) -> tuple[int | None, int | None]:
        """Resolve the seat and take its presence lease: ``(close code if refused, ply to
        announce the seat's arrival at if it had no live socket)``."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return CLOSE_NOT_FOUND, None
        try:
            self.seat = match_resolve_seat(match=match, user=self.user, token=token)
        except MatchError:
            return CLOSE_BAD_TOKEN, None
        self.presence_scope = presence_scope(match)
        if self.seat is not None and presence_touch(
            scope=self.presence_scope, seat=self.seat, connection=self.channel_name
        ):
            return None, match.ply
        return None, None

    async def _heartbeat(self) -> None:
        """Renew this socket's lease, and tell this socket about presence changes that no
        frame announced (a peer that died without closing)."""
        while True:
            await asyncio.sleep(heartbeat_seconds())
            try:
                frames = await in_thread(self._beat)()
                for frame in frames:
                    await self.send_json(frame)
            except Exception:
                logger.exception("match %s: presence heartbeat failed", self.match_id)

    def _beat(self) -> list[dict[str, Any]]:
        if self.seat is not None:
            presence_touch(scope=self.presence_scope, seat=self.seat, connection=self.channel_name)
        current = presence_get(scope=self.presence_scope)
        changed = {seat: live for seat, live in current.items() if self.presence[seat] != live}
        if not changed:
            return []
        self.presence = current
        ply = self._current_ply()
        return [
            {"type": "presence", "ply": ply, "seat": seat, "connected": live}
            for seat, live in changed.items()
        ]

    async def disconnect(self, code: int) -> None:
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        if self.group is None:
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.seat is None:
            return
        ply = await in_thread(self._leave)()
        if ply is not None:
            await presence_broadcast(
                match_id=self.match_id, ply=ply, seat=self.seat, connected=False
            )

    def _leave(self) -> int | None:
        """Give the lease back; the ply to announce the seat's departure at if this was the
        seat's last live socket."""
        if self.seat is not None and presence_leave(
            scope=self.presence_scope, seat=self.seat, connection=self.channel_name
        ):
            ply = Match.objects.filter(pk=self.match_id).values_list("ply", flat=True).first()
            return ply or 0
        return None

    async def match_frame(self, event: dict[str, Any]) -> None:
        """A frame from the group (``matches.broadcast``): pass it on."""
        text = event["text"]
        if text.startswith(PRESENCE_FRAME_START):
            frame = json.loads(text)
            self.presence = {**self.presence, frame["seat"]: frame["connected"]}
        await self.send(text_data=text)

    async def layer_resync(self, event: dict[str, Any]) -> None:
        """The channel layer's subscription had a gap (``matches.subscription_watch``): frames
        of this match may have been lost, so the client gets a fresh snapshot."""
        if self.group is None:
            return
        try:
            frame = await in_thread(self._snapshot)()
        except Exception:
            logger.exception("match %s: resync snapshot failed", self.match_id)
            return
        await self.send_json(frame)

    # --------------------------------------------------------------------- requests

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.frames.take():
            if self.frames.abusive:
                await self.close(code=CLOSE_RATE_LIMITED)
            else:
                await self.send_json(error_payload(MatchError("rate_limited")))
            return
        try:
            content = json.loads(text_data) if text_data is not None else None
        except (ValueError, RecursionError):  # not JSON, or nested too deeply: bad_message
            content = None
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        reply = await in_thread(self._handle)(content)
        if reply is not None:
            await self.send_json(reply)

    def _handle(self, content: Any) -> dict[str, Any] | None:
        """Validate and run one request; the frame to send back to this socket, if any."""
        with translation.override(self.language):
            try:
                if self.group is None:
                    raise MatchError("not_found")
                return self._dispatch(content)
            except MatchError as error:
                if error.ply is None:
                    error.ply = self._current_ply()
                return error_payload(error)
            except Exception:
                # The services are atomic, so nothing changed; the socket stays open.
                logger.exception("match %s: a request failed", self.match_id)
                return error_payload(MatchError("server_error", ply=self._current_ply()))

    def _current_ply(self) -> int | None:
        return Match.objects.filter(pk=self.match_id).values_list("ply", flat=True).first()

    def _dispatch(self, content: Any) -> dict[str, Any] | None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise MatchError("bad_message")
        kind = content["type"]
        common = {"match_id": self.match_id, "actor": self.user}
        if kind == "snapshot":
            return self._snapshot()
        if kind == "action":
            decisions.match_submit_action(
                **common,
                seat=self.seat,
                action_text=_field(content, "action", str),
                expected_ply=_field(content, "ply", int),
                lag_ms=_field(content, "lag_ms", int, required=False) or 0,
            )
        elif kind == "join":
            lifecycle.match_join(**common, seat=self.seat)
        elif kind == "resign":
            decisions.match_resign(**common, seat=self.seat)
        elif kind == "claim_flag":
            decisions.match_claim_flag(**common, seat=self.seat)
        elif kind == "press":
            otb.otb_clock_press(
                **common,
                seat=_field(content, "seat", str),
                expected_ply=_field(content, "ply", int),
                requester_seat=self.seat,
                lag_ms=_field(content, "lag_ms", int, required=False) or 0,
            )
        elif kind == "pause":
            arbiter.match_pause(**common, requester_seat=self.seat)
        elif kind == "resume":
            arbiter.match_resume(**common, requester_seat=self.seat)
        elif kind == "report_result":
            otb.otb_report_result(
                **common,
                seat=self.seat,
                winner=_field(content, "winner", str),
                method=_field(content, "method", str),
            )
        elif kind == "confirm_result":
            otb.otb_confirm_result(**common, seat=self.seat)
        else:
            raise MatchError("bad_message", detail=f"type {kind!r}")
        return None

    def _snapshot(self) -> dict[str, Any]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            raise MatchError("not_found")
        view = match_get_view(match=match, viewer_seat=self.seat)
        self.presence = dict(view["presence"])
        return {"type": "snapshot", "ply": match.ply, "view": view}
