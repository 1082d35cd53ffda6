"""軍師軍略's adapter decides exactly as the engine: same states, views, masks, clocks, records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import (
    GameRecord,
    Side,
    apply_action,
    clock_side,
    history_text,
    new_game,
    observe,
    parse_action,
    replay,
    untimed_segment,
)
from engine.formats import GameFormat
from engine.notation import state_to_dict
from engine.observation import is_secret
from engine.playout import random_playout
from engine.rules import legal_actions
from games.base import RulesError
from games.gunshi_rules import RULES

VIEWERS = (None, Side.RED, Side.BLUE)
FORMATS = (GameFormat.basic(), GameFormat.tournament_rule_2(), GameFormat.tournament_rule_3())


def _seat(side: Side | None) -> int | None:
    return None if side is None else int(side)


@pytest.mark.parametrize(("seed", "fmt"), [(7, FORMATS[0]), (11, FORMATS[1]), (13, FORMATS[2])])
def test_every_decision_through_the_adapter_equals_the_engines_own(
    seed: int, fmt: GameFormat
) -> None:
    record, _final = random_playout(seed=seed, format=replace(fmt, seed=seed), turn_limit=20)
    setup, state = RULES.new_game(
        {"game_format": record.format, "rulings": record.rulings, "seed": record.format.seed}
    )
    engine_state = new_game(format=record.format, rulings=record.rulings)
    assert state == engine_state
    assert RULES.initial_state(setup) == engine_state
    for text in record.actions:
        action = RULES.parse_action(text)
        assert action == parse_action(text)
        assert RULES.action_text(action) == text
        assert RULES.to_act(state) == _seat(engine_state.to_act)
        assert RULES.always_press(state) is (state.phase.value == "deployment")
        assert RULES.is_secret(state, action) is is_secret(engine_state, action)
        for viewer in VIEWERS:
            assert RULES.history_text(state, action, _seat(viewer)) == history_text(
                engine_state, action, viewer
            )
        for seat in (0, 1):
            asked = state.to_act is Side(seat)
            expected = [a.to_str() for a in legal_actions(state)] if asked else []
            assert RULES.legal_actions(state, seat) == expected
            assert RULES.can_act(state, seat) is asked
        state = RULES.apply(state, action)
        engine_state = apply_action(engine_state, action)
        assert state == engine_state
        assert RULES.ply(state) == engine_state.ply
        assert RULES.clock_side(state) == _seat(clock_side(engine_state))
        assert RULES.untimed_segment(state) is untimed_segment(engine_state)
        for viewer in VIEWERS:
            assert RULES.view(state, _seat(viewer)) == observe(engine_state, viewer)
        data = RULES.state_to_dict(state)
        assert data == state_to_dict(engine_state)
        assert RULES.state_from_dict(data) == engine_state


def test_the_outcome_is_the_engines_with_the_winners_seat() -> None:
    _record, final = random_playout(seed=300)
    assert final.outcome is not None
    outcome = RULES.outcome(final)
    assert outcome is not None
    assert outcome.termination == final.outcome.termination.value
    assert outcome.termination in RULES.terminations
    winner = final.outcome.winner
    assert outcome.winner == (None if winner is None else int(winner))
    assert RULES.outcome(new_game()) is None


def test_records_are_the_engines_byte_for_byte() -> None:
    record, _final = random_playout(seed=379)
    summary = RULES.record_summary(record)
    rebuilt = RULES.record(
        setup=summary.setup,
        actions=summary.actions,
        players=record.players,
        result=record.result,
        meta=record.meta,
    )
    assert rebuilt == record
    text = RULES.record_text(rebuilt)
    assert text == record.to_json()
    assert RULES.parse_record(text) == GameRecord.from_json(text)
    assert RULES.replay(record) == replay(record)


def test_bad_input_raises_one_error_type_with_its_kind_and_the_engines_code() -> None:
    state = new_game()
    with pytest.raises(RulesError) as invalid:
        RULES.parse_action("not an action at all")
    assert invalid.value.kind == "invalid"
    first = legal_actions(state)[0]
    with pytest.raises(RulesError) as illegal:
        RULES.apply(RULES.apply(state, first), first)  # the same placement twice
    assert illegal.value.kind == "illegal"
    assert illegal.value.code
    with pytest.raises(RulesError) as record:
        RULES.parse_record("{}")
    assert record.value.kind == "invalid"


def test_new_game_completes_and_checks_the_set_up() -> None:
    setup, first = RULES.new_game({"variant": "expansion", "seed": 5})
    assert setup["variant"] == "expansion"
    assert setup["game_format"]["seed"] == 5
    assert setup["start_position"] is None
    assert first == RULES.initial_state(setup)
    with pytest.raises(RulesError, match="game format"):
        RULES.new_game({"game_format": {"variant": "no-such-variant"}})
    with pytest.raises(RulesError, match="rulings"):
        RULES.new_game({"rulings": {"no_such_ruling": 1}})
