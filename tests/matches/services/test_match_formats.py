"""Expansion and deck-build formats: their choosing segments are untimed (RULES.md §15.5)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clock import ClockState
from engine import Phase, Variant
from engine.formats import GameFormat
from matches.models import Match
from matches.selectors import match_clock_log, match_game_state, match_get_view, match_record
from matches.services.decisions import match_resign
from tests.matches.helpers import Clock, play, random_action


@pytest.mark.parametrize(
    ("game_format", "untimed_phase"),
    [
        (GameFormat.tournament_rule_2(), Phase.PREPARE),
        (GameFormat.tournament_rule_3(), Phase.DRAFT),
    ],
)
def test_choosing_cards_is_untimed(
    make_match: Any, clock_at: Clock, game_format: GameFormat, untimed_phase: Phase
) -> None:
    match = make_match(game_format=game_format)
    rng = random.Random(9)
    assert match_game_state(match).phase is untimed_phase
    while match_game_state(match).phase is untimed_phase:
        match = play(match, *random_action(match, rng), clock_at, think_ms=30_000)
        clock = ClockState.from_dict(match.clock)
        assert clock.running is None
        assert clock.remaining_ms == (1_200_000, 1_200_000)
        assert match.flag_deadline is None
    assert match_clock_log(match=match) == []
    # Deployment starts untimed too: Red's first placement starts Blue's clock.
    assert match_game_state(match).phase is Phase.DEPLOYMENT
    match = play(match, *random_action(match, rng), clock_at)
    assert ClockState.from_dict(match.clock).running == 1
    assert [entry["kind"] for entry in match_clock_log(match=match)] == ["start"]


def test_the_deal_seed_stays_on_the_server_until_the_end(make_match: Any, clock_at: Clock) -> None:
    match: Match = make_match(game_format=GameFormat(variant=Variant.EXPANSION, expansion_option=1))
    view = match_get_view(match=match, viewer_seat="red")
    assert view["variant"] == "expansion"
    assert view["format"]["expansion_option"] == 1
    assert "seed" not in view["format"]
    match = match_resign(match_id=match.pk, seat="red", now=clock_at.now)
    record = match_record(match=match)
    assert record.format == GameFormat.from_dict(match.game_format)
    assert record.format.seed == match.game_format["seed"]
