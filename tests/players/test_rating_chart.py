"""The rating-history chart: an SVG with the line and its deviation band, escaped text and no
inline style (the Content-Security-Policy forbids it)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from xml.etree import ElementTree

import pytest

from players.rating_chart import rating_chart_svg
from players.selectors_ratings import HistoryPoint, rating_history, ratings_of
from tests.players.conftest import T0

SVG = "{http://www.w3.org/2000/svg}"


def _point(day: int, rating: float, deviation: float) -> HistoryPoint:
    return HistoryPoint(
        day, "match", T0 + dt.timedelta(days=day), rating, deviation, rating, 0.0, None, 1
    )


def test_the_chart_draws_the_line_and_the_band() -> None:
    points = [_point(0, 1662, 290), _point(3, 1600, 250), _point(40, 1710, 180)]
    svg = str(rating_chart_svg(points, title="Gunshi basic"))
    tree = ElementTree.fromstring(svg)  # noqa: S314 (our own output)
    line = tree.find(f".//{SVG}polyline")
    band = tree.find(f".//{SVG}polygon")
    assert line is not None
    assert band is not None
    xs = [float(p.split(",")[0]) for p in line.get("points", "").split()]
    ys = [float(p.split(",")[1]) for p in line.get("points", "").split()]
    assert xs == sorted(xs)
    assert xs[2] - xs[1] > 5 * (xs[1] - xs[0])
    assert ys[2] < ys[0] < ys[1]  # higher rating is higher up
    assert len(band.get("points", "").split()) == 6


def test_the_chart_has_no_inline_style_and_escapes_its_text() -> None:
    svg = str(rating_chart_svg([_point(0, 1500, 350)], title='<script>alert("x")</script>'))
    assert "<script" not in svg
    assert "style=" not in svg
    assert "&lt;script&gt;" in svg
    ElementTree.fromstring(svg)  # noqa: S314 (well-formed; our own output)
    empty = str(rating_chart_svg([], title="t", empty_text="No rated games & more"))
    assert "No rated games &amp; more" in empty


@pytest.mark.django_db
def test_the_profile_selectors_give_history_and_ratings(players: list[Any], otb_game: Any) -> None:
    red, blue = players[:2]
    otb_game(red, blue, "red", T0)
    otb_game(red, blue, "blue", T0 + dt.timedelta(days=2))
    history = rating_history(red, "gunshi-basic")
    assert [p.game_id for p in history] == sorted(p.game_id for p in history)
    assert history[0].change > 0 > history[1].change
    assert history[0].opponent_id == blue.pk
    assert rating_history(red, "no-such-pool") == []
    mine = ratings_of(red, now=T0 + dt.timedelta(days=2))
    assert [(r.pool.key, r.games) for r in mine] == [("gunshi-basic", 2)]
    assert mine[0].display.endswith("?")
    assert mine[0].rank in (1, 2)
    assert re.fullmatch(r"<svg .*</svg>", str(rating_chart_svg(history, title="x")), re.S)
