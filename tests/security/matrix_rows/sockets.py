"""The match WebSocket's message types and who may send each."""

from __future__ import annotations

from tests.security.matrix_rows.base import ONLINE_ARBITERS, OTB_CLOCK, SocketRow, legal_action
from tests.security.matrix_rows.setups import blue_reported_otb, flag_fallen, online_waiting, pause
from tests.security.security_world import (
    EVERYBODY,
    SEATS,
)

SOCKET_ROWS: list[SocketRow] = [
    SocketRow("snapshot", EVERYBODY, lambda w: {"type": "snapshot"}, read_only=True),
    SocketRow(
        "action",
        frozenset({"red"}),
        lambda w: {"type": "action", "action": legal_action(w.online_match.pk), "ply": 0},
    ),
    SocketRow("join", SEATS, lambda w: {"type": "join"}, setup=online_waiting),
    SocketRow("resign", SEATS, lambda w: {"type": "resign"}),
    SocketRow("claim_flag", SEATS, lambda w: {"type": "claim_flag"}, setup=flag_fallen),
    SocketRow("press", OTB_CLOCK, lambda w: {"type": "press", "seat": "red", "ply": 0}, otb=True),
    SocketRow("pause", ONLINE_ARBITERS, lambda w: {"type": "pause"}),
    SocketRow("pause", OTB_CLOCK, lambda w: {"type": "pause"}, variant="otb", otb=True),
    SocketRow("resume", ONLINE_ARBITERS, lambda w: {"type": "resume"}, setup=pause()),
    SocketRow(
        "resume",
        OTB_CLOCK,
        lambda w: {"type": "resume"},
        variant="otb",
        otb=True,
        setup=pause(online=False),
    ),
    SocketRow(
        "report_result",
        SEATS,
        lambda w: {"type": "report_result", "winner": "red", "method": "intrusion"},
        otb=True,
    ),
    SocketRow(
        "confirm_result",
        frozenset({"red"}),
        lambda w: {"type": "confirm_result"},
        otb=True,
        setup=blue_reported_otb,
    ),
]
