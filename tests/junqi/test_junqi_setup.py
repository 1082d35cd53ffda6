"""Set-up strings and validation (RULES.md §3.1–3.4, §10.3) and random set-ups (§11.1)."""

from __future__ import annotations

import random

import pytest

from junqi import InvalidActionError, parse_action
from junqi.errors import SetupError
from junqi.setup import Setup, random_setup, setup_stations
from junqi.types import Side, station_name

EXAMPLE = "MFM32/1MB14/5+8+6/73+B9/6+2+4/73152"


def test_example_of_section_10_3_round_trips_for_both_sides() -> None:
    red = Setup.parse(Side.RED, EXAMPLE)
    assert red.text == EXAMPLE
    placement = {station_name(s): c for s, c in red.placement().items()}
    assert placement["a1"] == "M"
    assert placement["b1"] == "F"
    assert placement["e6"] == "2"
    blue = Setup.parse(Side.BLUE, EXAMPLE)
    placement = {station_name(s): c for s, c in blue.placement().items()}
    assert placement["b12"] == "F"
    assert placement["a7"] == "7"
    assert blue.text == EXAMPLE


def test_each_side_fills_its_25_non_camp_stations() -> None:
    for side in Side:
        names = [station_name(s) for s in setup_stations(side)]
        assert len(names) == 25
    assert "b3" not in [station_name(s) for s in setup_stations(Side.RED)]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("MFM32/1MB14/5+8+6/73+B9/6+2+4", "setup.format"),
        ("MFM32/1MB14/5+8+6/73+B9/6+2+4/7315", "setup.format"),
        ("MFM32/1MB14/5+8+6/73+B9/6+2+4/7315X", "setup.format"),
        ("MFM32/1MB14/58+86/73+B9/6+2+4/73152", "setup.format"),  # camp pattern broken
        ("MFM32/1MB14/5+8+6/73+B9/6+2+4/73153", "setup.counts"),  # 4 company cmdrs, 2 platoon
        ("MMF32/1MB14/5+8+6/73+B9/6+2+4/73152", "setup.flag"),  # flag on c1 (§3.2)
        ("MFM32/1MB14/M+8+6/73+B9/6+2+4/73152".replace("1MB14", "15B14"), "setup.mine"),
        ("MFM32/1MB14/5+8+6/73+59/6+2+4/731B2", "setup.bomb"),  # bomb on d6 (§3.4)
    ],
)
def test_invalid_setups_are_rejected_with_a_code(text: str, code: str) -> None:
    with pytest.raises(SetupError) as caught:
        Setup.parse(Side.RED, text)
    assert caught.value.code == code
    assert caught.value.detail


def test_mine_and_flag_on_an_hq_are_allowed() -> None:
    # §3.3: a mine on an HQ is fine; §3.5: any piece on the second HQ.
    Setup.parse(Side.RED, "3FMM2/1MB14/5+8+6/73+B9/6+2+4/73152")
    Setup.parse(Side.RED, "MMMF2/13B14/5+8+6/73+B9/6+2+4/73152")


def test_random_setups_are_valid_and_seeded() -> None:
    for seed in range(200):
        for side in Side:
            setup = random_setup(side, random.Random(seed))
            assert Setup.parse(side, setup.text) == setup
    assert random_setup(Side.RED, random.Random(5)) == random_setup(Side.RED, random.Random(5))


#: One broken copy of EXAMPLE per reason; each breaks only its own rule, for either side (the
#: string lists the side's own rows from its back row, so the rows mean the same to both).
BROKEN_BY_REASON = {
    "setup.format": "MFM32/1MB14/5+8+6/73+B9/6+2+4",  # five rows
    "setup.counts": "MFM32/1MB14/5+8+6/73+B9/6+2+4/73153",  # four company commanders
    "setup.flag": "MMF32/1MB14/5+8+6/73+B9/6+2+4/73152",  # the flag between the headquarters
    "setup.mine": "MF532/1MB14/M+8+6/73+B9/6+2+4/73152",  # a landmine on the third row
    "setup.bomb": "MFM32/1MB14/5+8+6/73+59/6+2+4/731B2",  # a bomb on the front row
}


@pytest.mark.parametrize("side", ["red", "blue"])
@pytest.mark.parametrize("code", sorted(BROKEN_BY_REASON))
def test_a_setup_action_keeps_its_reason(side: str, code: str) -> None:
    """``setup <side> …`` as a decision is refused with the set-up's own code (the match layer
    turns it into that reason's message), never a bare syntax error."""
    parse_action(f"setup {side} {EXAMPLE}")
    with pytest.raises(InvalidActionError) as caught:
        parse_action(f"setup {side} {BROKEN_BY_REASON[code]}")
    assert caught.value.code == code
