"""Names in the bracket SVG are cut before they are escaped, so the SVG stays well-formed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tournaments.bracket_svg import NAME_CHARS, bracket_svg
from tournaments.models import BracketMatch, Entry

NAMES = [
    "x" * (NAME_CHARS - 2) + "&y",  # the entity of "&" straddles the cut of the escaped text
    "y" * (NAME_CHARS - 1) + "<",
    'Long "quoted" & <tagged> name that needs cutting',
    "短" * 40,
]


@pytest.mark.parametrize("name", NAMES)
def test_a_long_name_with_markup_characters_keeps_the_svg_well_formed(name: str) -> None:
    match = BracketMatch(
        code="W1-1",
        bracket=BracketMatch.Bracket.WINNERS,
        bracket_round=1,
        position=1,
        red=Entry(name=name),
        blue=Entry(name="Ren"),
    )
    svg = bracket_svg([match])
    root = ET.fromstring(svg)  # noqa: S314 - our own output; raises on a broken entity
    texts = [el.text or "" for el in root.iter() if el.tag.endswith("text")]
    shown = next(text for text in texts if text.startswith(name[:5]))
    assert len(shown) <= NAME_CHARS
    assert name.startswith(shown.removesuffix("…"))
    assert shown == name or shown.endswith("…")
