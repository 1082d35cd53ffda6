"""In a real browser: static/js/protocol.js keeps the view in step with the server's frames.

The module runs against a stand-in socket that records what it sends, so every case of
docs/protocol.md §3 can be fed to it: a continuous update is appended, an overtaken frame is
ignored, a missed frame (online: the history does not continue; over the board: the ply jumps),
a ``stale_ply`` error and an error from a newer ply make it ask for a snapshot, presence frames
update the view. With real timers: a running clock that passes zero in silence, or a decision
left unanswered, makes it ask for a snapshot too (docs/protocol.md, "Resynchronising").
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

SCRIPT = """
async (frames) => {
  const { MatchConnection } = await import("/static/js/protocol.js");
  const sent = [];
  const views = [];
  const errors = [];
  const conn = new MatchConnection({
    path: "/ws/matches/1/",
    onView: (view) => views.push(structuredClone(view)),
    onError: (frame) => errors.push(frame.code),
  });
  conn.socket = { readyState: WebSocket.OPEN, send: (text) => sent.push(JSON.parse(text)) };
  const steps = [];
  for (const frame of frames) {
    const before = sent.length;
    conn.handle(frame);
    steps.push({
      ply: conn.view ? conn.view.ply : null,
      history: conn.view ? conn.view.history.map((entry) => entry.ply) : [],
      presence: conn.view ? conn.view.presence : null,
      sent: sent.slice(before).map((message) => message.type),
    });
  }
  return { steps, views: views.length, errors };
}
"""


def online(ply: int, history: list[int], history_from: int | None = None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "ply": ply,
        "kind": "online",
        "history": [{"ply": p, "seat": "red", "text": "end"} for p in history],
        "presence": {"red": True, "blue": True},
    }
    if history_from is not None:
        view["history_from"] = history_from
    return view


def run(page: Any, frames: list[dict[str, Any]]) -> Any:
    return page.evaluate(SCRIPT, frames)


@pytest.fixture
def blank_page(match_server: Any, new_page: Any) -> Any:
    page = new_page()
    page.goto(match_server.url + "/matches/records/")  # any page of the site: same origin
    return page


def test_updates_extend_the_snapshot_and_gaps_ask_for_a_new_one(blank_page: Any) -> None:
    result = run(
        blank_page,
        [
            {"type": "snapshot", "ply": 2, "view": online(2, [1, 2])},
            {"type": "update", "ply": 3, "view": online(3, [3], history_from=3)},
            {"type": "update", "ply": 3, "view": online(3, [], history_from=4)},  # clock only
            {"type": "update", "ply": 2, "view": online(2, [2], history_from=2)},  # overtaken
            {"type": "update", "ply": 5, "view": online(5, [5], history_from=5)},  # 4 missed
            {"type": "presence", "ply": 3, "seat": "blue", "connected": False},
            {"type": "error", "ply": 5, "code": "stale_ply", "message": "…"},
            {"type": "error", "ply": 3, "code": "illegal_action", "message": "…"},
            {"type": "error", "ply": 5, "code": "flag_not_fallen", "message": "…"},
        ],
    )
    steps = result["steps"]
    assert steps[0] == {
        "ply": 2,
        "history": [1, 2],
        "presence": {"red": True, "blue": True},
        "sent": [],
    }
    assert steps[1]["history"] == [1, 2, 3]
    assert steps[1]["ply"] == 3
    assert steps[2]["history"] == [1, 2, 3]
    assert steps[2]["sent"] == []
    assert steps[3]["ply"] == 3  # the old frame changed nothing
    assert steps[4]["sent"] == ["snapshot"]
    assert steps[4]["ply"] == 3  # the gapped update is not applied
    assert steps[5]["presence"] == {"red": True, "blue": False}
    assert steps[6]["sent"] == ["snapshot"]
    assert steps[7]["sent"] == []  # a refusal at the board's own ply: nothing was missed
    assert steps[8]["sent"] == ["snapshot"]  # the server is at ply 5, the board at 3
    assert result["errors"] == ["stale_ply", "illegal_action", "flag_not_fallen"]
    assert result["views"] == 3  # snapshot, the decision, the clock-only update


def test_over_the_board_gaps_are_told_by_the_ply(blank_page: Any) -> None:
    def otb(ply: int) -> dict[str, Any]:
        return {"ply": ply, "kind": "otb", "history": [], "history_from": ply + 1}

    result = run(
        blank_page,
        [
            {"type": "snapshot", "ply": 0, "view": otb(0)},
            {"type": "update", "ply": 1, "view": otb(1)},
            {"type": "update", "ply": 2, "view": otb(2)},
            {"type": "update", "ply": 4, "view": otb(4)},
        ],
    )
    assert [step["sent"] for step in result["steps"]] == [[], [], [], ["snapshot"]]
    assert [step["ply"] for step in result["steps"]] == [0, 1, 2, 2]


TIMED_SCRIPT = """
async ({frames, decide, waitMs}) => {
  const { MatchConnection } = await import("/static/js/protocol.js");
  const sent = [];
  const conn = new MatchConnection({ path: "/ws/matches/1/", graceMs: 150, answerMs: 300 });
  conn.socket = { readyState: WebSocket.OPEN, send: (text) => sent.push(JSON.parse(text)) };
  const log = [];
  const start = performance.now();
  for (const [delayMs, frame] of frames) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    conn.handle(frame);
  }
  if (decide) conn.action("end", conn.view.ply);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return sent.map((message) => message.type);
}
"""


def clocked(ply: int, *, running: str | None, red_ms: int, blue_ms: int) -> dict[str, Any]:
    view = online(ply, list(range(1, ply + 1)))
    view["status"] = "running"
    view["clock"] = {
        "remaining_ms": {"red": red_ms, "blue": blue_ms},
        "running": running,
        "ticking": running is not None,
        "paused": False,
    }
    return view


def run_timed(page: Any, frames: list[tuple[int, dict[str, Any]]], **options: Any) -> Any:
    return page.evaluate(TIMED_SCRIPT, {"frames": frames, "decide": False, **options})


def test_a_clock_run_out_in_silence_asks_for_a_snapshot(blank_page: Any) -> None:
    """The opponent's clock shows 100 ms: the flag (or their decision) must be heard of within
    the grace; silence means a lost frame."""
    snapshot = {
        "type": "snapshot",
        "ply": 4,
        "view": clocked(4, running="blue", red_ms=60_000, blue_ms=100),
    }
    assert run_timed(blank_page, [(0, snapshot)], waitMs=600) == ["snapshot"]


def test_news_in_time_asks_for_nothing(blank_page: Any) -> None:
    first = {
        "type": "snapshot",
        "ply": 4,
        "view": clocked(4, running="blue", red_ms=60_000, blue_ms=200),
    }
    decision = {
        "type": "update",
        "ply": 5,
        "view": {
            **clocked(5, running="red", red_ms=60_000, blue_ms=100),
            "history": [{"ply": 5, "seat": "blue", "text": "end"}],
            "history_from": 5,
        },
    }
    assert run_timed(blank_page, [(0, first), (150, decision)], waitMs=500) == []


def test_silence_after_a_snapshot_request_waits_longer_each_time(blank_page: Any) -> None:
    """The flag has not been recorded yet (the server is slow): requests do not flood it."""
    stuck = {
        "type": "snapshot",
        "ply": 4,
        "view": clocked(4, running="blue", red_ms=60_000, blue_ms=0),
    }
    frames = [(0, stuck), (250, stuck), (250, stuck)]  # each answer shows the same state
    sent = run_timed(blank_page, frames, waitMs=500)
    # A request 150 ms after the first snapshot; each answer showing the same state re-arms the
    # wait at 150 + 300 ms, so one more by the end (without the longer wait: one every 250 ms).
    assert sent == ["snapshot", "snapshot"]


def test_an_unanswered_decision_asks_for_a_snapshot(blank_page: Any) -> None:
    mine = {
        "type": "snapshot",
        "ply": 4,
        "view": clocked(4, running="red", red_ms=60_000, blue_ms=60_000),
    }
    sent = blank_page.evaluate(TIMED_SCRIPT, {"frames": [(0, mine)], "decide": True, "waitMs": 500})
    assert sent == ["action", "snapshot"]
