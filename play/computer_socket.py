"""The computer's decision sent over the match socket, as any client sends one.

Where the web processes and the bot worker share no channel layer (``make dev`` and the browser
tests: no Redis, each process has its own in-memory layer), a decision committed in the worker
would reach no board. The worker then connects to the server's socket ``ws/matches/<id>/`` with
its seat's token (docs/protocol.md §3, as ``matches/bot.py`` does), sends
``{"type": "action", "action": …, "ply": …}``, and waits for the frame that answers it: the
server applies the decision and broadcasts it like a person's. ``COMPUTER_SERVER_URL`` names
the server; when it is empty (production with Redis, the tests) the worker calls the decision
service itself (``play.computer_player``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Final

from websockets.asyncio.client import connect

from matches.bot import origin_of, socket_url

#: Seconds to wait for the socket to open and for each frame.
SOCKET_SECONDS: Final = 15.0


class SocketRefusalError(Exception):
    """The server answered the decision with an ``error`` frame (its ``code``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


async def _send(base_url: str, match_id: int, token: str, action: str, ply: int) -> None:
    async with connect(
        socket_url(base_url, match_id, token),
        origin=origin_of(base_url),  # type: ignore[arg-type]
        proxy=None,
        compression=None,
        open_timeout=SOCKET_SECONDS,
        max_size=None,
    ) as socket:
        while True:  # the snapshot comes first
            frame: dict[str, Any] = json.loads(
                await asyncio.wait_for(socket.recv(), SOCKET_SECONDS)
            )
            if frame.get("type") == "snapshot":
                break
        await socket.send(json.dumps({"type": "action", "action": action, "ply": ply}))
        while True:
            frame = json.loads(await asyncio.wait_for(socket.recv(), SOCKET_SECONDS))
            if frame.get("type") == "error":
                raise SocketRefusalError(str(frame.get("code")))
            if frame.get("type") in ("update", "snapshot") and frame.get("ply", 0) > ply:
                return


def socket_submit(*, base_url: str, match_id: int, token: str, action: str, ply: int) -> None:
    """Send one decision over the seat's socket and wait until the server has applied it;
    raises ``SocketRefusalError`` with the server's error code when it is refused."""
    asyncio.run(_send(base_url, match_id, token, action, ply))
