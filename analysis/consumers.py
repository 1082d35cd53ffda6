"""``ws/analysis/<match id>/``: the live progress of a game's analysis on its record page.

Anyone who may see the record may watch (``matches.selectors.match_record_visible``; a game
without a published record is refused with close code 4404 before the socket is accepted).
Frames (``analysis.broadcast.progress_frame``) carry the job's status and progress only. The
socket gets them two ways: the group ``analysis.<match id>`` (immediate where the worker and
the server share a channel layer, Redis in production), and the consumer's own reading of the
row every ``ANALYSIS_POLL_SECONDS`` while the job is queued or running (which is how the
progress reaches the page when the worker is another process on the in-memory layer, as on
``make dev``). A frame is sent only when the progress changed. Clients send nothing; anything
they send gets an ``error`` frame and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from analysis.broadcast import group_name, progress_frame
from analysis.models import GameAnalysis
from matches.models import Match
from matches.selectors import match_record_visible

CLOSE_NO_RECORD = 4404
_ACTIVE = (GameAnalysis.Status.QUEUED, GameAnalysis.Status.RUNNING)
#: How far along each status is, to send progress only forwards.
_ENDED = 2
_RANK = {"queued": 0, "running": 1, "done": _ENDED, "failed": _ENDED}


@database_sync_to_async
def _visible(match_id: int, user: Any) -> bool:
    match = Match.objects.filter(pk=match_id).first()
    return match is not None and match_record_visible(match=match, user=user)


@database_sync_to_async
def _current_frame(match_id: int) -> dict[str, Any] | None:
    analysis = GameAnalysis.objects.filter(match_id=match_id).first()
    return None if analysis is None else progress_frame(analysis)


class AnalysisConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """Relays one game's analysis progress (see the module docstring)."""

    group: str | None = None
    _poller: asyncio.Task[None] | None = None
    _last: tuple[Any, ...] | None = None

    async def connect(self) -> None:
        match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        if not await _visible(match_id, self.scope.get("user")):
            await self.close(code=CLOSE_NO_RECORD)
            return
        self.match_id = match_id
        self.group = group_name(match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        frame = await _current_frame(match_id)
        if frame is not None:
            await self._send_frame(frame)
            if frame["status"] in _ACTIVE:
                self._poller = asyncio.ensure_future(self._poll())

    async def disconnect(self, code: int) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        await self.send_json(
            {"type": "error", "code": "bad_message", "message": "this socket only sends"}
        )

    async def analysis_progress(self, event: dict[str, Any]) -> None:
        await self._send_frame(event["frame"])

    async def _send_frame(self, frame: dict[str, Any]) -> None:
        """Send ``frame`` unless it repeats or lags the last one sent (the group and the
        reading of the row may deliver one state twice, or an older one late); a job queued
        again after it ended starts afresh."""
        key = (_RANK[frame["status"]], frame["done"], frame["total"])
        last = self._last
        restarted = last is not None and last[0] == _ENDED and key[0] == 0
        if last is not None and key[:2] <= last[:2] and not restarted:
            return
        self._last = key
        await self.send_json(frame)

    async def _poll(self) -> None:
        interval = float(getattr(settings, "ANALYSIS_POLL_SECONDS", 1.0))
        while True:
            await asyncio.sleep(interval)
            frame = await _current_frame(self.match_id)
            if frame is None:
                return
            await self._send_frame(frame)
            if frame["status"] not in _ACTIVE:
                return
