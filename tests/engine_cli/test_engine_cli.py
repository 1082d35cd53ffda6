"""The command line ``python -m engine``: replay, random and show (engine/cli.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine import cli, playout, rules
from engine.actions import Action
from engine.cli import main, render_view, replay_record
from engine.observation import observe
from engine.record import GameRecord
from engine.state import GameState
from engine.types import CardKind, Side
from tests.engine_cli.engine_cli_helpers import first_war_ply, record_dict, write_json

REPO = Path(__file__).resolve().parents[2]
ILLEGAL_FIFTH = "deploy I d4 N"  # d4 is in no camp: never a legal deployment


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _record_file(
    tmp_path: Path, record: GameRecord, name: str = "game.json", **changes: object
) -> str:
    return str(write_json(tmp_path / name, record_dict(record, **changes)))


# -- replay ----------------------------------------------------------------------------------


def test_replay_prints_the_outcome_of_a_game_red_won(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, final = red_win
    status, out, err = run(["replay", _record_file(tmp_path, record)], capsys)
    assert (status, err) == (0, "")
    assert f"red wins: general_captured (after {final.ply} decisions, war turn {final.turn})" in out
    assert "red: random, blue: random" in out


def test_replay_prints_the_outcome_of_a_game_blue_won(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], blue_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = blue_win
    status, out, _ = run(["replay", _record_file(tmp_path, record)], capsys)
    assert status == 0
    assert "blue wins: general_captured" in out


def test_replay_of_an_unfinished_game_says_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    head = list(record.actions[:30])
    path = _record_file(tmp_path, record, actions=head, result=None)
    status, out, _ = run(["replay", path], capsys)
    assert status == 0
    to_act = replay_record(replace(record, actions=tuple(head), result=None)).final.to_act
    assert to_act is not None
    assert f"in progress: {to_act.label} to act (after 30 decisions" in out


def test_replay_prints_a_stated_resignation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    result = {"winner": "blue", "method": "resignation"}
    path = _record_file(tmp_path, record, actions=list(record.actions[:30]), result=result)
    status, out, _ = run(["replay", path], capsys)
    assert status == 0
    assert "blue wins: resignation, as the record states (after 30 decisions" in out


def test_an_illegal_fifth_decision_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    actions = [*record.actions[:4], ILLEGAL_FIFTH, *record.actions[5:]]
    status, out, err = run(["replay", _record_file(tmp_path, record, actions=actions)], capsys)
    assert status == 1
    assert out == ""
    assert f"decision 5 '{ILLEGAL_FIFTH}' is illegal" in err
    assert "[illegal_action]" in err


def test_a_malformed_decision_is_named_with_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    actions = [*record.actions[:2], "deploy Z d2 N"]
    status, _, err = run(["replay", _record_file(tmp_path, record, actions=actions)], capsys)
    assert status == 1
    assert "decision 3 'deploy Z d2 N' is malformed" in err
    assert "[bad_piece_kind]" in err


def test_a_decision_after_the_end_is_illegal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, final = red_win
    actions = [*record.actions, "end"]
    status, _, err = run(["replay", _record_file(tmp_path, record, actions=actions)], capsys)
    assert status == 1
    assert f"decision {final.ply + 1} 'end' is illegal" in err
    assert "[game_over]" in err


def test_a_result_the_decisions_contradict_is_rejected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    result = {"winner": "blue", "method": "general_captured"}
    status, _, err = run(["replay", _record_file(tmp_path, record, result=result)], capsys)
    assert status == 1
    assert "[result_mismatch]" in err


def test_a_file_that_is_not_a_record_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["replay", str(write_json(tmp_path / "x.json", "{nope"))], capsys)
    assert status == 1
    assert "[bad_json]" in err
    status, _, err = run(["replay", str(write_json(tmp_path / "y.json", {"v": 1}))], capsys)
    assert status == 1
    assert "[bad_record]" in err


def test_a_missing_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["replay", str(tmp_path / "missing.json")], capsys)
    assert status == 2
    assert "cannot read" in err


def test_verbose_replay_prints_every_decision_and_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    path = _record_file(tmp_path, record, actions=list(record.actions[:3]), result=None)
    status, out, _ = run(["replay", "--verbose", path], capsys)
    assert status == 0
    assert f"\n1. red: {record.actions[0]}\n" in out
    assert f"\n2. blue: {record.actions[1]}\n" in out
    assert f"\n3. red: {record.actions[2]}\n" in out
    assert out.count("   a    b    c    d    e    f    g") == 4  # the empty board and 3 more


# -- random ----------------------------------------------------------------------------------


def test_random_games_are_summarised_and_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["random", "--games", "3", "--seed", "11", "--turn-limit", "40", "--check"]
    status, out, err = run([*argv, "--save", str(tmp_path)], capsys)
    assert (status, err) == (0, "")
    assert "games: 3 (seeds 11..13), format basic, turn limit 40" in out
    assert "invariants: checked after every decision, no violation" in out
    assert "games/s" in out
    for seed in (11, 12, 13):
        saved = GameRecord.from_json((tmp_path / f"game-{seed}.json").read_text())
        assert saved.meta["seed"] == seed
        assert replay_record(saved).final.outcome is not None
    terminations = next(line for line in out.splitlines() if line.startswith("terminations:"))
    assert sum(int(word) for word in terminations.split() if word.isdigit()) == 3


@pytest.mark.parametrize("game_format", ["rule2", "rule3"])
def test_random_games_in_an_expansion_format_replay_in_that_format(
    game_format: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["random", "--games", "2", "--seed", "3", "--turn-limit", "30", "--check"]
    status, out, _ = run([*argv, "--format", game_format, "--save", str(tmp_path)], capsys)
    assert status == 0
    assert f"format {game_format}, turn limit 30" in out
    saved = GameRecord.from_json((tmp_path / "game-3.json").read_text())
    assert not saved.format.is_basic
    assert replay_record(saved).final.format == saved.format
    status, out, _ = run(["replay", str(tmp_path / "game-3.json")], capsys)
    assert status == 0


def test_an_invariant_violation_names_seed_and_ply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_at_ply_7(state: GameState) -> list[str]:
        return ["queue exploded"] if state.ply == 7 else []

    monkeypatch.setattr(cli, "check_invariants", broken_at_ply_7)
    argv = ["random", "--games", "2", "--seed", "5", "--check", "--save", str(tmp_path)]
    status, out, err = run(argv, capsys)
    assert status == 1
    assert out == ""
    assert "invariant violation in the game of seed 5 at ply 7" in err
    assert "  - queue exploded" in err
    assert "python -m engine random --games 1 --seed 5 --check" in err
    partial = GameRecord.from_json((tmp_path / "game-5.json").read_text())
    assert len(partial.actions) == 7


def test_an_engine_exception_is_reported_with_seed_and_ply(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = rules.apply_unchecked

    def crashing(state: GameState, action: Action) -> GameState:
        if state.ply == 3:
            raise RuntimeError("no such piece")
        return real(state, action)

    monkeypatch.setattr(playout, "apply_unchecked", crashing)
    status, _, err = run(["random", "--games", "1", "--seed", "9"], capsys)
    assert status == 1
    assert "engine failure in the game of seed 9 at ply 3" in err
    assert "RuntimeError: no such piece" in err


def test_a_side_left_without_decision_is_reported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(playout, "legal_actions", lambda state: ())
    status, _, err = run(["random", "--games", "1", "--seed", "9"], capsys)
    assert status == 1
    assert "engine failure in the game of seed 9 at ply 0" in err
    assert "red is to act at ply 0 but has no legal decision" in err


def test_without_check_no_invariant_is_looked_at(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "check_invariants", lambda state: ["always broken"])
    status, out, _ = run(["random", "--games", "1", "--seed", "2", "--turn-limit", "6"], capsys)
    assert status == 0
    assert "invariants: not checked" in out


@pytest.mark.parametrize(
    "argv", [["--games", "0", "--seed", "1"], ["--games", "1", "--seed", "1", "--turn-limit", "0"]]
)
def test_random_rejects_nonsense_counts(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["random", *argv], capsys)
    assert status == 2
    assert "must be at least 1" in err


# -- show ------------------------------------------------------------------------------------


def _block(out: str, side: str) -> str:
    """The lines of one side's panel in ``show`` output (``side``: "blue", "red (you)" …)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{side}: LP "))
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return "\n".join(lines[start:end])


def test_show_of_a_finished_game_is_the_full_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, final = red_win
    status, out, _ = run(["show", _record_file(tmp_path, record)], capsys)
    assert status == 0
    assert out.startswith("full view (every secret)")
    red_general = final.sides[Side.RED].general
    blue_general = final.sides[Side.BLUE].general
    assert f"general: {red_general} on " in out
    assert f"general: {blue_general} (off the board)" in out  # captured
    assert "*" in out
    assert "hidden" not in out
    assert f"last decision: {final.ply}. red: {record.actions[-1]}" in out


def test_show_of_a_game_in_progress_without_seat_is_the_spectator_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    ply = first_war_ply(record) + 4
    path = _record_file(tmp_path, record, actions=list(record.actions[:ply]), result=None)
    status, out, _ = run(["show", path], capsys)
    assert status == 0
    assert out.startswith("spectator view")
    assert "*" not in out
    assert out.count("general: hidden") == 2
    assert out.count("cards, hidden") == 4  # both hands and both decks


def test_a_seat_sees_its_secrets_and_not_the_opponents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    ply = first_war_ply(record) + 4
    state = replay_record(record).states[ply]
    path = _record_file(tmp_path, record)
    status, out, _ = run(["show", path, "--ply", str(ply), "--as", "red"], capsys)
    assert status == 0
    assert out.startswith("view of red")
    red, blue = _block(out, "red (you)"), _block(out, "blue")
    own = state.sides[Side.RED]
    assert f"general: {own.general} on " in red
    assert f"hand: {' '.join(own.hand) or '-'};" in red
    assert "general: hidden" in blue
    assert f"hand: {len(state.sides[Side.BLUE].hand)} cards, hidden" in blue
    face_down = [q for q in state.sides[Side.BLUE].queue if not q.face_up]
    assert blue.count("??/down") == len(face_down)


def test_a_seat_view_does_not_change_with_the_opponents_secrets(
    red_win: tuple[GameRecord, GameState],
) -> None:
    record, _ = red_win
    state = replay_record(record).states[first_war_ply(record) + 4]
    blue = state.sides[Side.BLUE]
    others = [p.letter for p in state.board if p is not None and p.owner is Side.BLUE]
    other_general = next(letter for letter in others if letter != blue.general)
    cards = [*blue.hand, *blue.deck]
    swapped = replace(
        blue,
        general=other_general,
        hand=tuple(reversed(cards[: len(blue.hand)])) if cards else blue.hand,
        deck=tuple(reversed(cards[len(blue.hand) :])),
        queue=tuple(q if q.face_up else replace(q, card=CardKind.REINFORCE) for q in blue.queue),
    )
    changed = replace(state, sides=(state.sides[Side.RED], swapped))
    assert render_view(observe(changed, Side.RED)) == render_view(observe(state, Side.RED))
    assert render_view(observe(changed, Side.BLUE)) != render_view(observe(state, Side.BLUE))


def test_the_last_decision_is_masked_for_the_other_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    blue_general = [i for i, a in enumerate(record.actions) if a.startswith("general ")][1]
    ply = str(blue_general + 1)
    path = _record_file(tmp_path, record)
    _, out, _ = run(["show", path, "--ply", ply, "--as", "red"], capsys)
    assert f"last decision: {ply}. blue: general ?" in out
    _, out, _ = run(["show", path, "--ply", ply, "--as", "blue"], capsys)
    assert f"last decision: {ply}. blue: {record.actions[blue_general]}" in out


def test_show_ply_zero_is_the_empty_board_and_out_of_range_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, final = red_win
    path = _record_file(tmp_path, record)
    status, out, _ = run(["show", path, "--ply", "0", "--as", "spectator"], capsys)
    assert status == 0
    board = out.splitlines()[1:8]
    assert [row[2:].split() for row in board] == [["."] * 7] * 7
    assert "last decision" not in out
    assert "phase deployment, war turn 0, ply 0, to act red, clock stopped" in out
    status, _, err = run(["show", path, "--ply", str(final.ply + 1)], capsys)
    assert status == 2
    assert f"--ply must be between 0 and {final.ply}" in err


def test_show_refuses_an_invalid_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], red_win: tuple[GameRecord, GameState]
) -> None:
    record, _ = red_win
    actions = [*record.actions[:4], ILLEGAL_FIFTH]
    status, _, err = run(["show", _record_file(tmp_path, record, actions=actions)], capsys)
    assert status == 1
    assert "decision 5" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["show"])
    assert exited.value.code == 2
    assert "RECORD.json" in capsys.readouterr().err


# -- as a program ----------------------------------------------------------------------------


def test_python_dash_m_engine(tmp_path: Path, red_win: tuple[GameRecord, GameState]) -> None:
    record, _ = red_win
    good = tmp_path / "good.json"
    good.write_text(record.to_json())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record_dict(record, actions=[*record.actions[:4], ILLEGAL_FIFTH])))
    command = [sys.executable, "-m", "engine", "replay"]
    ok = subprocess.run(
        [*command, str(good)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert ok.returncode == 0, ok.stderr
    assert "red wins: general_captured" in ok.stdout
    failed = subprocess.run(
        [*command, str(bad)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert failed.returncode == 1
    assert f"decision 5 '{ILLEGAL_FIFTH}' is illegal" in failed.stderr


def test_show_and_verbose_replay_tell_skipped_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RULES.md §6.7, ruling P11: after decision 121 of this game Blue's face-down Fence card is
    skipped; Red's seat reads that a face-down card was skipped, Blue's which one, and the
    arbiter's verbose replay everything."""
    record, _ = playout.random_playout(seed=1, turn_limit=60)
    path = _record_file(tmp_path, record)
    _, as_red, _ = run(["show", path, "--ply", "121", "--as", "red"], capsys)
    assert "skipped: blue's ??/down from the first slot (it could not be executed)" in as_red
    _, as_blue, _ = run(["show", path, "--ply", "121", "--as", "blue"], capsys)
    assert "skipped: blue's FN/down from the first slot (it could not be executed)" in as_blue
    _, verbose, _ = run(["replay", path, "--verbose"], capsys)
    assert "121. red: end\n   blue: skip FN (1st)\n" in verbose
