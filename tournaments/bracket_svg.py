"""An elimination bracket drawn as SVG from its stored rows (no JavaScript, prints well).

Each section (winners, losers, grand final, third place) is a band of columns, one column per
bracket round; a match is a box with its two seats, the winner in bold. Lines join a match to
the match its winner moves on to. Names are escaped; the SVG is a string the template marks
safe.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext as _

from tournaments.models import BracketMatch

BOX_W, BOX_H = 168, 44
NAME_CHARS = 24  # the most characters of a name that fit in a box
COL_GAP, ROW_GAP = 40, 14
SECTION_GAP = 36
TITLE_H = 22

SECTION_ORDER = (
    BracketMatch.Bracket.WINNERS,
    BracketMatch.Bracket.LOSERS,
    BracketMatch.Bracket.GRAND_FINAL,
    BracketMatch.Bracket.THIRD_PLACE,
)


def _name(match: BracketMatch, seat: str) -> str:
    entry = match.red if seat == "red" else match.blue
    if entry is not None:
        return entry.name
    source = match.red_source if seat == "red" else match.blue_source
    kind, _sep, ref = source.partition(":")
    if kind == "winner":
        return _("Winner of %(code)s") % {"code": ref}
    if kind == "loser":
        return _("Loser of %(code)s") % {"code": ref}
    return "—"


def _fit(name: str) -> str:
    """``name`` cut to ``NAME_CHARS`` characters (with "…" when cut).

    Cut before escaping, never after: cutting escaped text can split an entity (``&amp;``)
    and leave the SVG malformed.
    """
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def bracket_svg(matches: Sequence[BracketMatch]) -> str:
    """The SVG of the bracket, or an empty string when there is none."""
    if not matches:
        return ""
    by_section: dict[str, dict[int, list[BracketMatch]]] = defaultdict(lambda: defaultdict(list))
    for m in matches:
        by_section[m.bracket][m.bracket_round].append(m)
    positions: dict[str, tuple[float, float]] = {}
    parts: list[str] = []
    y0 = 0.0
    width = 0.0
    labels = dict(BracketMatch.Bracket.choices)
    for section in SECTION_ORDER:
        rounds = by_section.get(section)
        if not rounds:
            continue
        parts.append(
            f'<text class="bracket__section" x="0" y="{y0 + 15:.0f}">'
            f"{escape(str(labels[section]))}</text>"
        )
        top = y0 + TITLE_H
        tallest = max(len(ms) for ms in rounds.values())
        band = tallest * (BOX_H + ROW_GAP)
        for col, number in enumerate(sorted(rounds)):
            column = sorted(rounds[number], key=lambda m: m.position)
            step = band / len(column)
            x = col * (BOX_W + COL_GAP)
            width = max(width, x + BOX_W)
            for i, m in enumerate(column):
                y = top + step * i + (step - BOX_H) / 2
                positions[m.code] = (x, y)
                parts.append(_box(m, x, y))
        y0 = top + band + SECTION_GAP
    lines: list[str] = []
    for m in matches:
        for source in (m.red_source, m.blue_source):
            kind, _sep, ref = source.partition(":")
            if kind == "winner" and ref in positions and m.code in positions:
                (x1, y1), (x2, y2) = positions[ref], positions[m.code]
                if x2 <= x1:
                    continue
                a = (x1 + BOX_W, y1 + BOX_H / 2)
                b = (x2, y2 + BOX_H / 2)
                mid = (a[0] + b[0]) / 2
                lines.append(
                    f'<path class="bracket__line" d="M{a[0]:.0f},{a[1]:.0f} H{mid:.0f} '
                    f'V{b[1]:.0f} H{b[0]:.0f}"/>'
                )
    height = y0 - SECTION_GAP
    label = escape(_("Elimination bracket"))
    return (
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="-4 -4 {width + 8:.0f} {height + 8:.0f}" width="{width + 8:.0f}" '
        f'aria-label="{label}">' + "".join(lines + parts) + "</svg>"
    )


def _box(m: BracketMatch, x: float, y: float) -> str:
    rows = []
    for k, seat in enumerate(("red", "blue")):
        entry_id = m.red_id if seat == "red" else m.blue_id
        won = m.winner_id is not None and m.winner_id == entry_id
        cls = f"bracket__seat bracket__seat--{seat}" + (" is-winner" if won else "")
        rows.append(
            f'<text class="{cls}" x="{x + 8:.0f}" y="{y + 17 + k * 20:.0f}">'
            f"{escape(_fit(_name(m, seat)))}</text>"
        )
    flag = " bracket__box--review" if m.needs_review else ""
    return (
        f'<g class="bracket__match" data-code="{escape(m.code)}">'
        f'<rect class="bracket__box{flag}" x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" '
        f'height="{BOX_H}" rx="4"/>'
        f'<text class="bracket__code" x="{x + BOX_W - 6:.0f}" y="{y + 12:.0f}" '
        f'text-anchor="end">{escape(m.code)}</text>' + "".join(rows) + "</g>"
    )
