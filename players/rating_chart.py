"""A player's rating history in one pool as a server-rendered SVG (no script).

Dates run along x (by time, so a long break shows as a long stretch), the rating along y; the
band around the line is rating ± 2·deviation, where the true strength lies about 95 % of the
time (for a table pool: ``mu ± 2·sigma``, the line being ``mu``). Every colour and size is an
SVG attribute (the site's Content-Security-Policy forbids inline ``style``), and every text
passes through ``escape``, so labels given by the caller cannot inject markup.

The profile page (``/players/<username>/``) calls ``rating_chart_svg(rating_history(user,
key), title=…)``; ``players.selectors_ratings.rating_history`` gives the points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from players.selectors_ratings import HistoryPoint

WIDTH = 640
HEIGHT = 260
#: Room for the axis labels: left, right, top, bottom.
MARGIN = (52, 16, 16, 36)
LINE = "#1f5f73"
BAND = "#cfe3ea"
AXIS = "#8a8f98"
TEXT = "#4a4f57"
Y_TICKS = 5


def _nice_step(span: float, ticks: int) -> float:
    """A round step (1, 2 or 5 × a power of ten) giving about ``ticks`` intervals."""
    raw = max(span / ticks, 1e-6)
    power = 10.0 ** math.floor(math.log10(raw))
    return next(f * power for f in (1, 2, 5, 10) if raw <= f * power)


def _points_attr(coords: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)


def rating_chart_svg(
    points: Sequence[HistoryPoint], *, title: str, empty_text: str = ""
) -> SafeString:
    """The chart of ``points`` (oldest first) as an ``<svg>`` element, safe to insert.

    ``title`` is the chart's accessible name; with no point the chart shows ``empty_text``."""
    left, right, top, bottom = MARGIN
    plot_w, plot_h = WIDTH - left - right, HEIGHT - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    if not points:
        parts.append(
            f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT / 2:.0f}" text-anchor="middle" '
            f'fill="{TEXT}" font-size="14">{escape(empty_text)}</text></svg>'
        )
        return mark_safe("".join(parts))  # noqa: S308 (every text above is escaped)
    low = min(p.rating - 2 * p.deviation for p in points)
    high = max(p.rating + 2 * p.deviation for p in points)
    step = _nice_step(high - low or 1.0, Y_TICKS)
    low, high = (low // step) * step, -((-high) // step) * step
    first, last = points[0].finished_at, points[-1].finished_at
    seconds = (last - first).total_seconds() or 1.0

    def x_of(at: datetime) -> float:
        if len(points) == 1:
            return left + plot_w / 2
        return left + plot_w * (at - first).total_seconds() / seconds

    def y_of(value: float) -> float:
        return top + plot_h * (1 - (value - low) / (high - low))

    tick = low
    while tick <= high + step / 2:
        y = y_of(tick)
        label = f"{tick:.0f}" if step >= 1 else f"{tick:.1f}"
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{WIDTH - right}" y2="{y:.1f}" '
            f'stroke="{AXIS}" stroke-opacity="0.3" stroke-width="1"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="{TEXT}" '
            f'font-size="11">{escape(label)}</text>'
        )
        tick += step
    upper = [(x_of(p.finished_at), y_of(p.rating + 2 * p.deviation)) for p in points]
    lower = [(x_of(p.finished_at), y_of(p.rating - 2 * p.deviation)) for p in reversed(points)]
    line = [(x_of(p.finished_at), y_of(p.rating)) for p in points]
    if len(points) > 1:
        parts.append(
            f'<polygon class="rating-chart__band" points="{_points_attr(upper + lower)}" '
            f'fill="{BAND}" fill-opacity="0.8" stroke="none"/>'
            f'<polyline class="rating-chart__line" points="{_points_attr(line)}" fill="none" '
            f'stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>'
        )
    else:
        x, y = line[0]
        parts.append(
            f'<line class="rating-chart__band" x1="{x:.1f}" y1="{upper[0][1]:.1f}" '
            f'x2="{x:.1f}" y2="{lower[0][1]:.1f}" stroke="{BAND}" stroke-width="10"/>'
        )
    for (x, y), point in zip(line, points, strict=True):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{LINE}">'
            f"<title>{escape(date_format(point.finished_at, 'SHORT_DATE_FORMAT'))}: "
            f"{point.rating:.0f} ± {2 * point.deviation:.0f}</title></circle>"
        )
    baseline = HEIGHT - bottom
    parts.append(
        f'<line x1="{left}" y1="{baseline}" x2="{WIDTH - right}" y2="{baseline}" '
        f'stroke="{AXIS}" stroke-width="1"/>'
    )
    labels = [(first, "start")] if len(points) == 1 else [(first, "start"), (last, "end")]
    for at, anchor in labels:
        x = x_of(at) if len(points) > 1 else left + plot_w / 2
        anchor = "middle" if len(points) == 1 else anchor
        parts.append(
            f'<text x="{x:.1f}" y="{baseline + 18}" text-anchor="{anchor}" fill="{TEXT}" '
            f'font-size="11">{escape(date_format(at, "SHORT_DATE_FORMAT"))}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 (every text above is escaped)
