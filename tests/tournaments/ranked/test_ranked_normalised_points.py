"""The event option "normalised rank points" for mixed table sizes: its setting (locked once
round 1 is assigned), the standings, the tables and the exports."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import ranked_selectors
from tournaments.errors import TournamentError
from tournaments.models import GameTable, RankPointsScale
from tournaments.services import ranked_results, ranked_tables

pytestmark = pytest.mark.django_db


def _settings(event: Any, scale: str, *, low: int = 3, high: int = 4) -> Any:
    return ranked_tables.ranked_settings_update(
        actor=event.organiser,
        event=event,
        table_size_min=low,
        table_size_max=high,
        session_minutes=120,
        rank_points_scale=scale,
    )


def _play_round(event: Any) -> None:
    """Assign, publish and set every table: VP 10, 9, 8, … in seat order."""
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    ranked_tables.tables_publish(actor=event.organiser, round=round_)
    for table in GameTable.objects.filter(round=round_):
        seats = list(table.seats.order_by("id"))
        claim = [
            {"entry": s.entry_id, "victory_points": 10 - i, "eliminated_turn": None}
            for i, s in enumerate(seats)
        ]
        ranked_results.table_result_set(actor=event.organiser, table=table, seats=claim)


def test_the_scale_is_locked_once_round_one_is_assigned(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 7)
    event = _settings(ranked_event, RankPointsScale.NORMALISED)
    assert event.rank_points_scale == RankPointsScale.NORMALISED
    with pytest.raises(TournamentError) as caught:
        _settings(ranked_event, "average")
    assert caught.value.code == "invalid_choice"
    ranked_tables.tables_assign(actor=event.organiser, event=event)
    with pytest.raises(TournamentError) as caught:
        _settings(event, RankPointsScale.TABLE_SIZE)
    assert caught.value.code == "event_locked"
    event.refresh_from_db()
    assert event.rank_points_scale == RankPointsScale.NORMALISED
    # The other settings still change between rounds, with the scale left as it is.
    assert _settings(event, RankPointsScale.NORMALISED, high=3).table_size_max == 3
    kept = ranked_tables.ranked_settings_update(
        actor=event.organiser,
        event=event,
        table_size_min=3,
        table_size_max=4,
        session_minutes=90,
    )
    assert kept.rank_points_scale == RankPointsScale.NORMALISED


def test_normalised_standings_tables_and_exports_agree(ranked_event: Any, add_players: Any) -> None:
    add_players(ranked_event, 7)  # a table of 4 and a table of 3
    event = _settings(ranked_event, RankPointsScale.NORMALISED)
    _play_round(event)
    rows = ranked_selectors.standings(event)
    assert [str(r.rank_points) for r in rows] == ["1", "1", "2/3", "1/2", "1/3", "0", "0"]
    lines = [line.rank_points for line in ranked_selectors.standing_lines(event=event)]
    assert lines == ["1", "1", "0.67", "0.5", "0.33", "0", "0"]
    tables = ranked_selectors.round_tables(round_=event.round_set.get())
    shown = sorted((len(v.seats), [line.rank_points for line in v.seats]) for v in tables)
    assert shown == [(3, ["1", "0.5", "0"]), (4, ["1", "0.67", "0.33", "0"])]
    client = Client(headers={"accept-language": "en"})
    slug = event.slug
    data = json.loads(
        client.get(reverse("tournaments:export_standings_json", kwargs={"slug": slug})).content
    )
    assert data["rank_points_scale"] == "normalised"
    assert [row["rank_points"] for row in data["standings"]] == lines
    csv = client.get(reverse("tournaments:export_standings_csv", kwargs={"slug": slug}))
    assert ",0.67," in csv.content.decode()
    page = client.get(reverse("tournaments:standings", kwargs={"slug": slug})).content.decode()
    assert "(n − place) / (n − 1)" in page
    ja = Client(headers={"accept-language": "ja"})
    page = ja.get(reverse("tournaments:standings", kwargs={"slug": slug})).content.decode()
    assert "(n − 順位) / (n − 1)" in page


def test_the_organiser_chooses_the_scale_on_the_tables_page(
    ranked_event: Any, add_players: Any, client: Any
) -> None:
    add_players(ranked_event, 6)
    client.force_login(ranked_event.organiser)
    url = reverse("tournaments:ranked_settings", kwargs={"slug": ranked_event.slug})
    data = {"table_size_min": 3, "table_size_max": 5, "minutes": 240}
    response = client.post(url, {**data, "rank_points_scale": "normalised"})
    assert response.status_code == 302
    ranked_event.refresh_from_db()
    assert ranked_event.rank_points_scale == "normalised"
    response = client.post(url, {**data, "rank_points_scale": "bogus"})
    assert response.status_code == 400
    ranked_event.refresh_from_db()
    assert ranked_event.rank_points_scale == "normalised"
