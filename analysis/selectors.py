"""Reads of the analysis app: a game's analysis, its graph and its better alternatives.

The graph is drawn on the server, as SVG geometry the template writes out: Red's estimated
win chance after each analysed decision (the mover's own estimate, turned to Red's side),
from the first decision on the left to the last on the right, 100 % at the top, the 50 % line
across, and the turning points marked. Each point links to that decision in the replay
(``#ply-<n>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from analysis.models import GameAnalysis
from matches.models import Match

#: The graph's drawing box (SVG user units) and the margin kept around the curve.
WIDTH: Final = 640
HEIGHT: Final = 180
PAD_X: Final = 36
PAD_Y: Final = 12
SEATS: Final = ("red", "blue")


def analysis_for_match(match: Match) -> GameAnalysis | None:
    return GameAnalysis.objects.filter(match=match).first()


@dataclass(frozen=True, slots=True)
class GraphPoint:
    ply: int
    x: float
    y: float
    red_percent: int
    turning: bool


@dataclass(frozen=True, slots=True)
class Graph:
    width: int
    height: int
    points: list[GraphPoint]
    #: The curve as an SVG ``points`` attribute.
    polyline: str
    #: Where the 100 %, 50 % and 0 % lines are drawn.
    top: float
    middle: float
    bottom: float
    left: float
    right: float

    @property
    def plot_width(self) -> float:
        return self.right - self.left

    @property
    def plot_height(self) -> float:
        return self.bottom - self.top


def _x(ply: int, total: int) -> float:
    span = WIDTH - 2 * PAD_X
    return round(PAD_X + span * (ply - 1) / max(1, total - 1), 1)


def _y(red: float) -> float:
    return round(PAD_Y + (HEIGHT - 2 * PAD_Y) * (1.0 - red), 1)


def analysis_graph(analysis: GameAnalysis) -> Graph | None:
    """The win-chance graph of a finished analysis (``None`` before it is done, or when no
    decision could be analysed)."""
    if analysis.status != GameAnalysis.Status.DONE:
        return None
    turning = set(analysis.turning_points)
    total = max(analysis.total, 1)
    points = [
        GraphPoint(
            ply=entry["ply"],
            x=_x(entry["ply"], total),
            y=_y(entry["red_chance"]),
            red_percent=round(100 * entry["red_chance"]),
            turning=entry["ply"] in turning,
        )
        for entry in analysis.decisions
        if not entry.get("skipped")
    ]
    if not points:
        return None
    return Graph(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        polyline=" ".join(f"{p.x},{p.y}" for p in points),
        top=_y(1.0),
        middle=_y(0.5),
        bottom=_y(0.0),
        left=PAD_X,
        right=WIDTH - PAD_X,
    )


def analysis_alternatives(analysis: GameAnalysis) -> list[dict[str, Any]]:
    """The decisions for which the search preferred another, by more than the threshold
    (``opponent.analysis.ALTERNATIVE_THRESHOLD``), in game order: ply, mover's seat label,
    the decision played and the alternative, the values in whole percent, turning point or
    not."""
    if analysis.status != GameAnalysis.Status.DONE:
        return []
    turning = set(analysis.turning_points)
    return [
        {
            "ply": entry["ply"],
            "seat": SEATS[entry["mover"]],
            "played": entry["played"],
            "best": entry["alternative"],
            "played_percent": round(100 * entry["played_value"]),
            "best_percent": round(100 * entry["best_value"]),
            "loss_points": round(100 * entry["loss"]),
            "turning": entry["ply"] in turning,
        }
        for entry in analysis.decisions
        if not entry.get("skipped") and entry.get("alternative")
    ]
