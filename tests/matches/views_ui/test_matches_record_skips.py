"""The record viewer tells skipped cards (RULES.md §6.7, ruling P11) under their decision."""

from __future__ import annotations

from engine import Side
from engine.playout import random_playout
from matches.views_ui import record_viewer_payload

# Random game of seed 1 (war turns capped at 60): after decision 82 Blue's face-up Fence card is
# skipped, after decision 121 a face-down one.
RECORD, _ = random_playout(seed=1, turn_limit=60)
FACE_UP, FACE_DOWN = 82, 121


def _skips(viewer: Side | None) -> dict[int, list[dict[str, object]]]:
    moves = record_viewer_payload(RECORD, viewer)["moves"]
    return {move["ply"]: move["skipped"] for move in moves if move["skipped"]}


def test_each_seat_reads_the_skips_under_the_decision_that_led_to_them() -> None:
    blue = _skips(Side.BLUE)
    assert blue[FACE_UP] == [{"side": "blue", "card": "FN", "slot": "first", "face_up": True}]
    assert blue[FACE_DOWN] == [{"side": "blue", "card": "FN", "slot": "first", "face_up": False}]


def test_the_opponent_and_spectators_do_not_learn_a_skipped_face_down_card() -> None:
    for viewer in (Side.RED, None):
        skips = _skips(viewer)
        assert skips[FACE_UP][0]["card"] == "FN"
        assert skips[FACE_DOWN] == [
            {"side": "blue", "card": None, "slot": "first", "face_up": False}
        ]
        assert set(skips) == set(_skips(Side.BLUE))  # the fact itself is public
