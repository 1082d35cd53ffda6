"""Records (§10.6): text round trip, replay, golden playthroughs."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from junqi.errors import InvalidRecordError
from junqi.observation import history_text
from junqi.options import Options
from junqi.playout import random_playout
from junqi.record import GameRecord, parse_ply, parse_record, record_text, replay
from junqi.state import Outcome, Phase, Termination
from junqi.types import Side

DATA = Path(__file__).parent / "data"
#: Golden: the record of random_playout(2026) under the standard options. A change of this hash
#: means a change of the rules, the random set-up or the notation: check it is intended.
GOLDEN_SEED = 2026
GOLDEN_SHA256 = "df097cbc0348a14a0a81afd6ec0871a0b22c4bb472cf5094b72a97cd52600423"


def test_seeded_random_game_golden_hash() -> None:
    state = random_playout(GOLDEN_SEED)
    text = record_text(GameRecord.of(state))
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN_SHA256


def test_handwritten_game_replays_attack_outcomes_reveal_and_capture() -> None:
    text = (DATA / "handwritten.txt").read_text(encoding="utf-8")
    record = parse_record(text)
    states = replay(record)
    final = states[-1]
    assert final.outcome == Outcome(Side.RED, Termination.FLAG)
    plies = final.log
    assert {p.result for p in plies} == {"", ">", "<", "=", "#"}
    assert "F@b12" in plies[10].events  # Blue's 司令 meets a bomb
    assert "F@b1" in plies[18].events  # Red's 司令 meets a bomb
    assert plies[-1].text(ranks=True) == "b11xb12#[1:F]"
    assert record_text(record) == text
    # The public texts, as a player saw them during the game: no ranks until it was over.
    before = states[-4]
    assert replay(dataclasses.replace(record, plies=record.plies[:-3], outcome=None))[-1] == before
    engineer = parse_ply(record.plies[-3])
    assert history_text(before, engineer, Side.BLUE) == "d2xb11>"
    assert history_text(before, engineer, None) == "d2xb11>"
    assert history_text(before, engineer, None, arbiter=True) == "d2xb11>[1:M]"
    assert history_text(before, engineer, Side.BLUE, game_over=True) == "d2xb11>[1:M]"
    # The capturing move ends the game, after which everything is public (§8.5).
    assert history_text(states[-2], parse_ply(record.plies[-1]), Side.BLUE) == "b11xb12#[1:F]"


@pytest.mark.parametrize("seed", range(6))
def test_random_records_round_trip(seed: int) -> None:
    options = [Options(), Options(carry_flag=True), Options(flying_bombs=True, free_hq=True)][
        seed % 3
    ]
    state = random_playout(seed, options)
    record = GameRecord.of(state, event="Test", red="A", blue="B")
    again = parse_record(record_text(record))
    assert again == record
    assert replay(again)[-1] == state


def test_external_results_replay_from_tags() -> None:
    state = random_playout(3, max_plies=10)
    assert state.phase is Phase.PLAY
    record = dataclasses.replace(
        GameRecord.of(state), outcome=Outcome(Side.BLUE, Termination.RESIGN)
    )
    final = replay(parse_record(record_text(record)))[-1]
    assert final.outcome == Outcome(Side.BLUE, Termination.RESIGN)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda t: t.replace("1. a6xa7=[7:7]", "1. a6xa7>[7:7]"), "record.mismatch"),
        (lambda t: t.replace("1. a6xa7=[7:7]", "1. a6xa9"), "record.illegal"),
        (
            lambda t: t.replace('[Termination "FLAG"]', '[Termination "DRAW_NO_COMBAT"]'),
            "record.result",
        ),
        (lambda t: t.replace("2. c7xc6", "3. c7xc6"), "record.syntax"),
        (lambda t: t.replace('[Options "-"]', '[Options "nonsense"]'), "options.unknown"),
    ],
)
def test_bad_records_are_rejected(change: object, code: str) -> None:
    text = (DATA / "handwritten.txt").read_text(encoding="utf-8")
    bad = change(text)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError) as caught:
        replay(parse_record(bad))
    assert caught.value.code == code
