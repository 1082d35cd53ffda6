"""One long-lived Django process per live server, to run its `manage.py` commands.

The browser tests prepare their data on the live server's database with `manage.py` commands
(``LiveServer.manage``): mostly ``shell -c`` snippets, sometimes ``load_demo``. A new
`manage.py` process per call pays for importing Django and the project every time (close to a
second of CPU), and the suite makes about a hundred such calls on machines where CPU is what
the tests wait for. ``LiveShell`` starts one helper process on first use, with the same
environment and working directory as those commands, and sends it each command in turn; the
helper runs it with ``call_command`` (``shell -c`` included, so a snippet runs exactly as
`manage.py shell -c` runs it: in a namespace of its own, with the shell's automatic imports).

What a fresh process would give each command, the helper restores after each one: it closes
its database connections (an idle helper must hold no SQLite lock and no PostgreSQL
connection: the server writes to that database, and the suite drops it when the server
stops), deactivates any translation and time zone, and puts ``sys.argv`` back.

The protocol: each message is a 4-byte big-endian length and that many bytes of JSON, the
request ``{"args": [...]}``, the reply ``{"ok": bool, "output": str, "error": str}``. Both go
over pipes of their own (passed with ``pass_fds``), never over the helper's standard streams:
those go to a log file, so a stray print, a warning or a log record cannot corrupt a reply.

Run as ``python -m tests.live_shell REQUEST_FD REPLY_FD`` (``LiveShell`` does).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import struct
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import IO, Any

_HEADER = struct.Struct(">I")


class LiveShellError(RuntimeError):
    """The helper exited before it answered."""


def _send(stream: IO[bytes], message: dict[str, Any]) -> None:
    body = json.dumps(message).encode()
    stream.write(_HEADER.pack(len(body)) + body)
    stream.flush()


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes | None:
    """``size`` bytes from ``fd``, or None at end of file before the first byte; raise
    ``TimeoutError`` once ``deadline`` (a ``time.monotonic`` value) has passed."""
    chunks: list[bytes] = []
    remaining = size
    while remaining:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
        chunk = os.read(fd, remaining)
        if not chunk:
            if remaining == size:
                return None
            raise EOFError("the pipe closed in the middle of a message")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def _receive(fd: int, deadline: float | None = None) -> dict[str, Any] | None:
    """The next message on ``fd``, or None once the other end has closed it."""
    header = _read_exactly(fd, _HEADER.size, deadline)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    body = _read_exactly(fd, size, deadline)
    if body is None:
        raise EOFError("the pipe closed in the middle of a message")
    message: dict[str, Any] = json.loads(body)
    return message


class LiveShell:
    """The helper of one live server: started on the first ``run``, started again if it has
    died since (a test may kill processes), stopped by ``stop``."""

    def __init__(self, env: dict[str, str], log_path: Path, *, cwd: Path) -> None:
        self.env = env
        self.log_path = log_path
        self.cwd = cwd
        self._process: subprocess.Popen[bytes] | None = None
        self._requests: IO[bytes] | None = None
        self._replies: int | None = None
        self._lock = threading.Lock()

    def run(self, args: list[str], *, timeout: float) -> tuple[bool, str, str]:
        """Run the management command ``args`` in the helper: ``(ok, output, error)``.

        Raise ``LiveShellError`` if the helper exits before answering, and
        ``subprocess.TimeoutExpired`` if it does not answer within ``timeout`` seconds (it is
        then killed, as a stuck `manage.py` would be).
        """
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._start()
            try:
                _send(self._stream(), {"args": args})
            except BrokenPipeError:
                # It died since the check above, before reading anything: nothing ran yet.
                self._start()
                _send(self._stream(), {"args": args})
            assert self._replies is not None
            try:
                reply = _receive(self._replies, time.monotonic() + timeout)
            except TimeoutError:
                # As `subprocess.run` reports a stuck `manage.py`: killed, then this error.
                self._stop(kill=True)
                raise subprocess.TimeoutExpired(
                    ["manage.py", *args], timeout, output=self._log()
                ) from None
            except EOFError:
                reply = None
            if reply is None:
                self._stop(kill=True)
                raise LiveShellError(
                    f"the helper exited during manage.py {args[0]}:\n{self._log()}"
                )
            return bool(reply["ok"]), str(reply["output"]), str(reply["error"])

    def stop(self) -> None:
        """Stop the helper (it ends when its request pipe closes), if it runs."""
        with self._lock:
            self._stop(kill=False)

    def _stream(self) -> IO[bytes]:
        assert self._requests is not None
        return self._requests

    def _start(self) -> None:
        self._stop(kill=True)
        request_read, request_write = os.pipe()
        reply_read, reply_write = os.pipe()
        try:
            with self.log_path.open("ab") as log:
                self._process = subprocess.Popen(
                    [sys.executable, "-m", "tests.live_shell", str(request_read), str(reply_write)],
                    cwd=self.cwd,
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    pass_fds=(request_read, reply_write),
                )
        except BaseException:
            for fd in (request_read, request_write, reply_read, reply_write):
                os.close(fd)
            raise
        os.close(request_read)
        os.close(reply_write)
        self._requests = os.fdopen(request_write, "wb")
        self._replies = reply_read

    def _stop(self, *, kill: bool) -> None:
        process, self._process = self._process, None
        if self._requests is not None:
            with contextlib.suppress(OSError):
                self._requests.close()
            self._requests = None
        if self._replies is not None:
            os.close(self._replies)
            self._replies = None
        if process is None:
            return
        if kill:
            process.kill()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def _log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""


def _handle(args: list[str]) -> dict[str, Any]:
    """Run one command as `manage.py` would, its prints captured; then forget its state."""
    from django.core.management import call_command
    from django.db import connections
    from django.utils import timezone, translation

    output, errors = io.StringIO(), io.StringIO()
    ok = True
    saved_argv = sys.argv
    sys.argv = ["manage.py", *args]
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(errors):
            call_command(*args)
    except SystemExit as exit_:
        ok = exit_.code in (None, 0)
        if not ok:
            errors.write(f"SystemExit: {exit_.code}\n")
    except Exception:
        ok = False
        errors.write(traceback.format_exc())
    finally:
        sys.argv = saved_argv
        connections.close_all()
        translation.deactivate()
        timezone.deactivate()
    return {"ok": ok, "output": output.getvalue(), "error": errors.getvalue()}


def main(request_fd: int, reply_fd: int) -> None:
    """Answer requests on ``request_fd`` until it closes."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    with os.fdopen(reply_fd, "wb") as replies:
        while (request := _receive(request_fd)) is not None:
            _send(replies, _handle([str(arg) for arg in request["args"]]))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
