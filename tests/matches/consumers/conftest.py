"""WebSocket helpers: sockets on the real ASGI application (origin check, session auth).

The consumer runs in worker threads and commits through its own connection, so these tests use
the transactional database.
"""

from __future__ import annotations

from typing import Any

from channels.testing import WebsocketCommunicator

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
TIMEOUT = 10


def asgi_application() -> Any:
    from config.asgi import application

    return application


async def open_socket(path: str, *, headers: list[tuple[bytes, bytes]] | None = None) -> Any:
    """A communicator connected to ``path`` (asserts that the server accepted it)."""
    communicator = WebsocketCommunicator(asgi_application(), path, headers=ORIGIN + (headers or []))
    connected, _ = await communicator.connect(timeout=TIMEOUT)
    assert connected
    return communicator


async def frames_until(
    communicator: Any, predicate: Any, *, timeout: float = TIMEOUT
) -> list[dict[str, Any]]:
    """Receive frames until one satisfies ``predicate``; all of them, that one last."""
    frames = []
    while True:
        frame = await communicator.receive_json_from(timeout=timeout)
        frames.append(frame)
        if predicate(frame):
            return frames


async def update_at(communicator: Any, ply: int) -> list[dict[str, Any]]:
    """Frames up to and including the ``update`` for ``ply``."""
    return await frames_until(communicator, lambda f: f["type"] == "update" and f["ply"] == ply)
