"""Golden playthroughs (OpenSpiel style): regenerate each seeded game in memory and compare it
with its file under tests/engine/data/playthroughs/. After an intended engine change, run
``python -m tests.engine.playthroughs --regenerate`` and review the diff."""

from __future__ import annotations

import difflib

import pytest

from engine.observation import observe
from tests.engine.builders import quick_war
from tests.engine.playthroughs import PLAYTHROUGHS, REGENERATE, Playthrough, render, render_view

MAX_BYTES = 300 * 1024


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_playthrough_matches_golden_file(playthrough: Playthrough) -> None:
    expected = playthrough.path.read_text(encoding="utf-8")
    actual = render(playthrough)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "engine", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{playthrough.name} differs from its golden file:\n{shown}\n({REGENERATE})")


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_playthrough_files_stay_small(playthrough: Playthrough) -> None:
    assert playthrough.path.stat().st_size < MAX_BYTES


def test_playthroughs_cover_both_game_ends() -> None:
    """The golden games reach the war phase and end both by the rules and by the turn cap."""
    endings = {p.path.read_text(encoding="utf-8").rstrip().splitlines()[-1] for p in PLAYTHROUGHS}
    assert any("general_captured" in e for e in endings)
    assert any("turn_limit" in e for e in endings)


def test_rendering_refuses_unknown_view_fields() -> None:
    """A new field in observe must be rendered on purpose, not silently dropped."""
    state, _ = quick_war()
    view = observe(state, None)
    assert render_view(view)
    with pytest.raises(ValueError, match="unrendered"):
        render_view({**view, "secret": 1})
