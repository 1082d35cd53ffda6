"""Sending an analysis job's progress to the pages that watch it (``analysis.consumers``).

Each match has one group, ``analysis.<match id>``: every open record page of that game joins
it. A frame says only how far the job is (status, decisions done of the total): nothing of
the game, so one frame serves everyone who may see the record. Frames go out after commit.
Across processes without a shared channel layer (the embedded default: the worker and the
server each have their own in-memory layer) the consumer's own reading of the row every
second delivers the same frames (``analysis.consumers``).
"""

from __future__ import annotations

import logging
from typing import Any, Final

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from analysis.models import GameAnalysis

logger = logging.getLogger(__name__)

GROUP_MESSAGE_TYPE: Final = "analysis.progress"


def group_name(match_id: int) -> str:
    return f"analysis.{match_id}"


def progress_frame(analysis: GameAnalysis) -> dict[str, Any]:
    """The socket frame of ``analysis``'s state (also the status endpoint's answer)."""
    return {
        "type": "progress",
        "status": analysis.status,
        "done": analysis.done,
        "total": analysis.total,
        "percent": analysis.percent,
    }


def announce(analysis: GameAnalysis) -> None:
    """Send ``analysis``'s progress to its group once the current transaction commits."""
    frame = progress_frame(analysis)
    group = group_name(analysis.match_id)

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:  # pragma: no cover - CHANNEL_LAYERS is always configured
            return
        try:
            async_to_sync(layer.group_send)(group, {"type": GROUP_MESSAGE_TYPE, "frame": frame})
        except Exception:  # a lost nudge: the consumers read the row themselves
            logger.warning("analysis progress for %s not sent", group, exc_info=True)

    transaction.on_commit(send)
