"""Site ratings in events: the organiser's "rated" option reaches the event's matches, ranked
tables are rated from their confirmed placings (and re-rated on correction), and entries take
the player's site rating by default while the organiser can still type another."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from matches.models import Match
from players.models import SiteRating, SiteRatingChange
from ratings import RatedResult, RatingSystem, TableRating, rate_table, replay_results
from tests.players.conftest import T0
from tournaments.models import Entry, Event, GameTable
from tournaments.services import ranked_results, ranked_tables
from tournaments.services.entries import entry_add, entry_check_in, entry_register
from tournaments.services.entry_import import entry_import_csv
from tournaments.services.events import event_create, event_set_status, event_update
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _event(organiser: Any, **fields: Any) -> Event:
    event = event_create(
        organiser=organiser, name="Rated Open", starts_on=dt.date(2030, 1, 1), rounds=3, **fields
    )
    return event_set_status(actor=organiser, event=event, status=Event.Status.REGISTRATION)


@pytest.fixture
def organiser(django_user_model: Any, db: None) -> Any:
    return django_user_model.objects.create_user(username="org", password="pw-for-tests-only")


@pytest.mark.parametrize("rated", [True, False])
def test_the_events_option_sets_rated_on_the_matches_it_creates(
    organiser: Any, players: list[Any], rated: bool
) -> None:
    event = _event(organiser, rated=rated, online=True)
    for user in players[:4]:
        entry_check_in(
            actor=organiser,
            entry=entry_add(actor=organiser, event=event, name=user.username, user=user),
        )
    round_publish(actor=organiser, round=round_pair(actor=organiser, event=event))
    assert set(Match.objects.values_list("rated", flat=True)) == {rated}


def test_the_option_is_fixed_once_round_one_is_paired(organiser: Any, players: list[Any]) -> None:
    from tournaments.errors import TournamentError

    event = _event(organiser, rated=True)
    for user in players[:4]:
        entry_check_in(
            actor=organiser,
            entry=entry_add(actor=organiser, event=event, name=user.username, user=user),
        )
    round_pair(actor=organiser, event=event)
    with pytest.raises(TournamentError):
        event_update(actor=organiser, event=Event.objects.get(pk=event.pk), rated=False)


def _ranked_table(organiser: Any, players: list[Any], *, rated: bool = True) -> GameTable:
    event = _event(organiser, rated=rated)
    Event.objects.filter(pk=event.pk).update(game="sangoku_seisuiki")
    event.refresh_from_db()
    for user in players[:3]:
        entry_add(actor=organiser, event=event, name=user.username, user=user)
    entry_add(actor=organiser, event=event, name="Walk-in")  # no account: not rated
    ranked_tables.ranked_settings_update(
        actor=organiser, event=event, table_size_min=4, table_size_max=4, session_minutes=60
    )
    round_ = ranked_tables.tables_assign(actor=organiser, event=event)
    ranked_tables.tables_publish(actor=organiser, round=round_)
    return GameTable.objects.get(round=round_)


def _claim(table: GameTable, order: list[str]) -> list[dict[str, Any]]:
    """Victory points that place the seats in ``order`` (entry names, first place first)."""
    seats = {seat.entry.name: seat.entry_id for seat in table.seats.select_related("entry")}
    return [
        {"entry": seats[name], "victory_points": 20 - i, "eliminated_turn": None}
        for i, name in enumerate(order)
    ]


def test_a_confirmed_ranked_table_rates_its_players_from_their_placings(
    organiser: Any, players: list[Any]
) -> None:
    table = _ranked_table(organiser, players)
    p0, p1, p2 = players[:3]
    entries = {e.name: e for e in Entry.objects.filter(event=table.round.event)}
    claim = _claim(table, ["p2", "Walk-in", "p0", "p1"])
    ranked_results.table_result_report(entry=entries["p0"], table=table, seats=claim)
    for name in ("p1", "p2"):
        assert not SiteRating.objects.exists()  # every seated player must agree first
        ranked_results.table_result_confirm(entry=entries[name], table=table)
    ranked_results.table_result_confirm(entry=entries["Walk-in"], table=table)
    first, second, third = rate_table([TableRating()] * 3, [1, 3, 4])
    stored = {r.user_id: r for r in SiteRating.objects.filter(rating_key="sangoku_seisuiki")}
    assert stored[p2.pk].rating == pytest.approx(first.mu)
    assert stored[p0.pk].rating == pytest.approx(second.mu)
    assert stored[p1.pk].deviation == pytest.approx(third.sigma)
    assert stored[p2.pk].value == pytest.approx(first.ordinal())
    assert SiteRatingChange.objects.get(user=p1).opponent_id is None


def test_a_corrected_ranked_table_is_re_rated(organiser: Any, players: list[Any]) -> None:
    table = _ranked_table(organiser, players)
    ranked_results.table_result_set(
        actor=organiser, table=table, seats=_claim(table, ["p0", "p1", "p2", "Walk-in"])
    )
    first_at = SiteRatingChange.objects.values_list("finished_at", flat=True).first()
    ranked_results.table_result_set(
        actor=organiser,
        table=GameTable.objects.get(pk=table.pk),
        seats=_claim(table, ["p1", "p2", "p0", "Walk-in"]),
        reason="score sheet misread",
    )
    p0, p1, p2 = players[:3]
    replay = replay_results(
        [
            RatedResult(
                table.pk,
                first_at,
                "sangoku_seisuiki",
                RatingSystem.PLACKETT_LUCE,
                (p1.pk, p2.pk, p0.pk),
                (1, 2, 3),
            )
        ]
    )
    for user in (p0, p1, p2):
        row = SiteRating.objects.get(user=user)
        assert row.rating == pytest.approx(
            replay.standings[(user.pk, "sangoku_seisuiki")].rating.mu
        )
        assert row.games == 1
    assert set(SiteRatingChange.objects.values_list("finished_at", flat=True)) == {first_at}


def test_an_unrated_events_tables_rate_nobody(organiser: Any, players: list[Any]) -> None:
    table = _ranked_table(organiser, players, rated=False)
    ranked_results.table_result_set(
        actor=organiser, table=table, seats=_claim(table, ["p0", "p1", "p2", "Walk-in"])
    )
    assert not SiteRating.objects.exists()


def _give_rating(user: Any, otb_game: Any, opponent: Any) -> float:
    otb_game(user, opponent, "red", T0)
    return SiteRating.objects.get(user=user, rating_key="gunshi-basic").value


def test_an_entry_takes_the_site_rating_by_default(
    organiser: Any, players: list[Any], otb_game: Any
) -> None:
    value = _give_rating(players[0], otb_game, players[1])
    event = _event(organiser)
    entry = entry_register(event=event, user=players[0])
    assert entry.rating == round(value)
    assert entry_register(event=event, user=players[2]).rating is None  # never rated
    added = entry_add(actor=organiser, event=event, name="Blue", user=players[1])
    assert added.rating == round(SiteRating.objects.get(user=players[1]).value)


def test_the_organiser_can_still_type_another_rating(
    organiser: Any, players: list[Any], otb_game: Any
) -> None:
    _give_rating(players[0], otb_game, players[1])
    event = _event(organiser)
    entry = entry_add(actor=organiser, event=event, name="Aoi", user=players[0], rating=2100)
    assert entry.rating == 2100
    imported = entry_import_csv(
        actor=organiser, event=event, text="name,rating,username\nBen,,p1\nChika,1234,p2\n"
    )
    assert [e.rating for e in imported] == [
        round(SiteRating.objects.get(user=players[1]).value),
        1234,
    ]


def test_the_events_pool_decides_the_seeding_rating(
    organiser: Any, players: list[Any], otb_game: Any
) -> None:
    _give_rating(players[0], otb_game, players[1])  # a basic-game rating only
    event = _event(organiser, game_format="expansion")
    assert entry_register(event=event, user=players[0]).rating is None


def test_the_organiser_marks_an_event_rated_in_its_form(
    client: Any, organiser: Any, players: list[Any]
) -> None:
    from tests.security.matrix_rows import form_data
    from tournaments.forms import EventForm

    event = _event(organiser)
    client.force_login(organiser)
    page = client.get(f"/events/{event.slug}/manage/settings/")
    assert page.status_code == 200
    assert 'name="rated"' in page.content.decode()
    data = form_data(EventForm(instance=event), rated="on")
    response = client.post(f"/events/{event.slug}/manage/settings/", data)
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).rated is True
    data.pop("rated")
    client.post(f"/events/{event.slug}/manage/settings/", data)
    assert Event.objects.get(pk=event.pk).rated is False
