"""The engine plays the seeded random games exactly as it did: a speed-up must change nothing.

The hashes below were computed with ``python -m tests.engine.seeded_games`` before the
engine's second optimisation pass; they cover every legal decision offered and every record
of 50 random games per format. A deliberate rules change updates them (and says why).
"""

from __future__ import annotations

import pytest

from tests.engine.seeded_games import games_hash

SEEDS = range(1, 51)
EXPECTED = {
    "basic": "8366db81cb0830362648385b21b1464ceb1a8c3acff00cf61f5203e8ef7d24ae",
    "rule2": "f92893ee6520b0734790ce2a0fbda512d8ddf47a4a81fcbfebe01ca111eeb488",
    "rule3": "39262f81920d447cb84995f1a74d8c099485eae3bd539b64d2f5dc6145baf684",
}


@pytest.mark.parametrize("format_name", sorted(EXPECTED))
def test_seeded_random_games_are_unchanged(format_name: str) -> None:
    assert games_hash(format_name, SEEDS) == EXPECTED[format_name]
