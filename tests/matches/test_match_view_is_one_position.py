"""A view is one position: its history never runs past its own ply.

A socket's snapshot reads the match row, then the moves. A decision committed between the two
reads (the game goes on while a spectator joins) belongs to the next frame; were it in the
snapshot's history, the snapshot would show a move list one decision ahead of its board, and a
move that is public at that later ply could read as an earlier secret one.
"""

from __future__ import annotations

import random

from matches.models import Match
from matches.selectors import match_action_texts, match_get_view
from tests.matches.helpers import Clock, play, random_action


def test_a_view_read_before_a_later_decision_stops_at_its_own_ply(
    match: Match, clock_at: Clock
) -> None:
    rng = random.Random(7)
    for _ in range(6):
        seat, text = random_action(match, rng)
        match = play(match, seat, text, clock_at)
    read_before = Match.objects.get(pk=match.pk)  # the row as the snapshot read it
    seat, text = random_action(match, rng)
    play(match, seat, text, clock_at)  # commits while the snapshot is being built

    for viewer in ("red", "blue", None):
        view = match_get_view(match=read_before, viewer_seat=viewer)
        assert view["ply"] == read_before.ply == 6
        assert [entry["ply"] for entry in view["history"]] == list(range(1, 7))
    assert len(match_action_texts(read_before)) == 6
    assert len(match_action_texts(Match.objects.get(pk=match.pk))) == 7
