"""In a real browser: static/js/protocol.js keeps the view in step with the server's frames.

The module runs against a stand-in socket that records what it sends, so every case of
docs/protocol.md §3 can be fed to it: a continuous update is appended, an overtaken frame is
ignored, a missed frame (online: the history does not continue; over the board: the ply jumps)
and a ``stale_ply`` error make it ask for a snapshot, presence frames update the view.
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
            {"type": "error", "ply": 5, "code": "illegal_action", "message": "…"},
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
    assert steps[7]["sent"] == []
    assert result["errors"] == ["stale_ply", "illegal_action"]
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
