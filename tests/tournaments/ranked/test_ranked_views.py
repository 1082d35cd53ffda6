"""Ranked-table pages (三国盛衰記): organiser assignment and result entry, a seated player's
report and confirmation, the public tables page, standings and CSV, bad input."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import GameTable, Round
from tournaments.services import ranked_results, ranked_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser_client(ranked_event: Any, password: str) -> Client:
    client = Client(headers={"accept-language": "en"})
    assert client.login(username=ranked_event.organiser.username, password=password)
    return client


def _anon() -> Client:
    return Client(headers={"accept-language": "en"})


def _url(name: str, **kwargs: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def _published(event: Any) -> Round:
    round_ = ranked_tables.tables_assign(actor=event.organiser, event=event)
    return ranked_tables.tables_publish(actor=event.organiser, round=round_)


def test_organiser_assigns_publishes_and_enters_a_result(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    add_players(ranked_event, 9)
    slug = ranked_event.slug
    page = organiser_client.get(_url("ranked_manage", slug=slug))
    assert page.status_code == 200
    assert "Assign the tables of round 1" in page.content.decode()
    response = organiser_client.post(_url("ranked_assign", slug=slug))
    assert response.status_code == 302
    organiser_client.post(_url("ranked_round_action", slug=slug, number=1, action="publish"))
    organiser_client.post(_url("ranked_round_action", slug=slug, number=1, action="start"))
    table = GameTable.objects.get(round__event=ranked_event, number=1)
    assert table.ends_at is not None
    seats = list(table.seats.all())
    data = {f"vp_{s.entry_id}": str(20 - i) for i, s in enumerate(seats)}
    data[f"out_{seats[-1].entry_id}"] = "3"
    data[f"vp_{seats[-1].entry_id}"] = "0"
    result_url = _url("ranked_table_result", slug=slug, table_id=table.pk)
    response = organiser_client.post(result_url, data)
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.is_final
    public = _anon().get(_url("round_detail", slug=slug, number=1)).content.decode()
    assert "Table 1 (5 players)" in public
    assert "turn 3" in public
    # The confirmed table's session is over: no countdown; table 2 still plays against its own.
    first, second = public.split('id="table-2"', 1)
    assert "data-session-ends" not in first.split('id="table-1"', 1)[1]
    assert "data-session-ends" in second
    standings = _anon().get(_url("standings", slug=slug)).content.decode()
    assert "Rank points" in standings
    csv = _anon().get(_url("export_standings_csv", slug=slug))
    assert csv.status_code == 200
    assert csv.content.decode().startswith("rank,start_number,name,rank_points")


def test_bad_result_input_is_a_400_and_nothing_is_saved(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    add_players(ranked_event, 4)
    _published(ranked_event)
    table = GameTable.objects.get(round__event=ranked_event)
    data = {f"vp_{s.entry_id}": "abc" for s in table.seats.all()}
    response = organiser_client.post(
        _url("ranked_table_result", slug=ranked_event.slug, table_id=table.pk), data
    )
    assert response.status_code == 400
    assert "Victory points must be a whole number" in response.content.decode()
    table.refresh_from_db()
    assert not table.is_final


def test_too_few_players_to_assign_is_explained(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    add_players(ranked_event, 2)
    response = organiser_client.post(_url("ranked_assign", slug=ranked_event.slug))
    assert response.status_code == 400
    assert "cannot be split into tables of 3 to 5 players" in response.content.decode()


def test_seated_players_report_and_confirm_through_their_private_links(
    ranked_event: Any, add_players: Any
) -> None:
    add_players(ranked_event, 4)
    _published(ranked_event)
    table = GameTable.objects.get(round__event=ranked_event)
    first, *others = (seat.entry for seat in table.seats.order_by("id"))
    client = Client(headers={"accept-language": "en"})
    home = client.get(_url("player_token", token=first.token))
    assert "Round 1, table 1" in home.content.decode()
    data = {f"vp_{s.entry_id}": "5" for s in table.seats.all()}
    response = client.post(_url("ranked_token_report", token=first.token, table_id=table.pk), data)
    assert response.status_code == 302
    for entry in others:
        page = client.get(_url("player_token", token=entry.token)).content.decode()
        assert "Confirm this result" in page
        table.refresh_from_db()
        assert not table.is_final  # every other player must confirm
        client.post(_url("ranked_token_confirm", token=entry.token, table_id=table.pk))
    table.refresh_from_db()
    assert table.is_final
    assert set(table.seats.values_list("place", flat=True)) == {1}


def test_the_swiss_round_page_sends_ranked_rounds_to_their_own_page(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    add_players(ranked_event, 4)
    _published(ranked_event)
    response = organiser_client.get(_url("manage_round", slug=ranked_event.slug, number=1))
    assert response.status_code == 302
    assert response["Location"].endswith("/manage/ranked/rounds/1/")
    dashboard = organiser_client.get(_url("manage_event", slug=ranked_event.slug)).content
    assert b"ranked-tables-link" in dashboard


def test_every_public_and_organiser_page_of_a_ranked_event_renders(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    """The pages written for two-player tables still answer for a ranked event (no 500)."""
    players = add_players(ranked_event, 6)
    round_ = _published(ranked_event)
    for table in GameTable.objects.filter(round=round_):
        seats = [
            {"entry": s.entry_id, "victory_points": 4, "eliminated_turn": None}
            for s in table.seats.all()
        ]
        ranked_results.table_result_set(actor=ranked_event.organiser, table=table, seats=seats)
    slug = ranked_event.slug
    public = [
        _url("event_detail", slug=slug),
        _url("standings", slug=slug),
        _url("standings_fragment", slug=slug),
        _url("round_detail", slug=slug, number=1),
        _url("round_fragment", slug=slug, number=1),
        _url("player_detail", slug=slug, entry_id=players[0].pk),
        _url("export_standings_json", slug=slug),
        _url("export_standings_csv", slug=slug),
        _url("export_pairings_csv", slug=slug, number=1),
        _url("export_pairings_json", slug=slug, number=1),
    ]
    for path in public:
        assert _anon().get(path).status_code == 200, path
    organiser = [
        _url("manage_event", slug=slug),
        _url("ranked_manage", slug=slug),
        _url("ranked_round", slug=slug, number=1),
    ]
    for path in organiser:
        assert organiser_client.get(path).status_code == 200, path
    html = _anon().get(_url("standings", slug=slug)).content.decode()
    assert html.count('class="num points">2<') == 6  # 3 players share 1st of 3 at each table
    assert _anon().get(_url("export_trf", slug=slug)).status_code == 404
    tables = _anon().get(_url("export_pairings_json", slug=slug, number=1)).json()["tables"]
    assert [len(t["seats"]) for t in tables] == [3, 3]


def test_the_arbiter_starts_the_result_form_from_a_players_claim(
    ranked_event: Any, add_players: Any, organiser_client: Client
) -> None:
    add_players(ranked_event, 3)
    _published(ranked_event)
    table = GameTable.objects.get(round__event=ranked_event)
    a, b, c = (seat.entry for seat in table.seats.order_by("id"))

    def claim(vps: tuple[int, int, int]) -> list[dict[str, Any]]:
        return [
            {"entry": e.pk, "victory_points": vp, "eliminated_turn": None}
            for e, vp in zip((a, b, c), vps, strict=True)
        ]

    ranked_results.table_result_report(entry=a, table=table, seats=claim((11, 12, 13)))
    ranked_results.table_result_report(entry=b, table=table, seats=claim((21, 22, 23)))
    url = _url("ranked_round", slug=ranked_event.slug, number=1)
    page = organiser_client.get(url).content.decode()
    assert "Disputed: the players reported different results." in page
    assert f'name="vp_{c.pk}" min="0" max="9999" required' in page
    assert 'value="13"' not in page  # the form starts empty
    for use, value in (("reported", "13"), ("counter", "23")):
        page = organiser_client.get(url, {"table": table.pk, "use": use}).content.decode()
        assert f'value="{value}"' in page
    page = organiser_client.get(url, {"table": table.pk, "use": "other"}).content.decode()
    assert 'value="13"' not in page
    assert 'value="23"' not in page
    table.refresh_from_db()
    assert table.disputed  # reading the page changed nothing
    assert not table.is_final
