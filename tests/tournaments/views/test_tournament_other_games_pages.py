"""The event form's game choice and the pages of an event of another game than 軍師軍略:
game shown, scores reported through the player's page and the arbiter's row, refusals shown
beside the form without any change."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.forms import EventForm
from tournaments.models import Event, Pairing
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Card Night",
    "starts_on": "2026-10-01",
    "game_format": "basic",
    "time_control": "20+0",
    "pairing_system": "swiss",
    "rounds": "3",
    "points_win": "1",
    "points_loss": "0",
    "points_bye": "1",
    "points_forfeit_win": "1",
    "points_forfeit_loss": "0",
    "points_round_robin_free": "0",
    "visibility": "public",
    "tiebreak_codes": "GS, BH, RND",
}


def test_the_form_offers_every_registered_game_with_its_time_control() -> None:
    form = EventForm()
    keys = [key for key, _label in form.fields["game"].choices]
    assert keys == ["gunshi", "junqi", "strategem", "banjo_yuki", "sangoku_seisuiki"]
    assert '"junqi": "10+5"' in form.fields["game"].widget.attrs["data-time-controls"]
    assert '"banjo_yuki": "15+0"' in form.fields["game"].widget.attrs["data-time-controls"]


def test_a_new_event_left_at_the_initial_time_control_takes_the_games_own() -> None:
    form = EventForm(FORM | {"game": "banjo_yuki"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["time_control"] == "15+0"
    chosen = EventForm(FORM | {"game": "banjo_yuki", "time_control": "10+5"})
    assert chosen.is_valid()
    assert chosen.cleaned_data["time_control"] == "10+5"


def test_an_online_event_of_an_over_the_board_game_is_refused_beside_the_game(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    response = client.post(
        reverse("tournaments:event_create"),
        FORM | {"game": "strategem", "online": "on"},
        headers={"accept-language": "en"},
    )
    assert response.status_code == 200
    assert "Strategem is played over the board only" in response.content.decode()
    assert not Event.objects.exists()


def test_gunshi_start_position_errors_do_not_block_another_game(client: Client, host: Any) -> None:
    client.force_login(host)
    response = client.post(
        reverse("tournaments:event_create"),
        FORM | {"game": "strategem", "start_position_text": "not a position"},
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.game, event.time_control, event.start_position) == ("strategem", "25+0", None)
    assert event.tiebreaks == ["GS", "BH", "RND"]


def test_the_game_score_tiebreak_is_refused_for_gunshi(client: Client, host: Any) -> None:
    client.force_login(host)
    response = client.post(
        reverse("tournaments:event_create"),
        FORM | {"game": "gunshi"},
        headers={"accept-language": "en"},
    )
    assert response.status_code == 200
    assert "needs a game whose results carry a score" in response.content.decode()
    assert not Event.objects.exists()


def _running(make_event: Any, add_players: Any, game: str) -> tuple[Event, list[Pairing]]:
    event = make_event(game=game, tiebreaks=["GS", "RND"])
    host = event.organiser
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 4)
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    event_set_status(actor=host, event=event, status=Event.Status.RUNNING)
    return event, list(Pairing.objects.filter(round=round_).select_related("red", "blue"))


def test_players_report_scores_through_their_private_links(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, tables = _running(make_event, add_players, "banjo_yuki")
    table = tables[0]
    assert table.blue is not None
    home = reverse("tournaments:player_token", args=[table.red.token])
    page = client.get(home, headers={"accept-language": "en"}).content.decode()
    assert 'name="red_score"' in page
    assert 'max="4"' in page
    report = reverse("tournaments:player_token_report", args=[table.red.token, table.pk])
    client.post(report, {"result": "red_won", "red_score": "4", "blue_score": "1"})
    opponent = reverse("tournaments:player_token", args=[table.blue.token])
    page = client.get(opponent, headers={"accept-language": "en"}).content.decode()
    assert "(4–1)" in page
    confirm = reverse("tournaments:player_token_confirm", args=[table.blue.token, table.pk])
    client.post(confirm)
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == ("red_won", 4, 1)
    standings = client.get(
        reverse("tournaments:standings", args=[event.slug]), headers={"accept-language": "en"}
    ).content.decode()
    assert "GS" in standings
    detail = client.get(
        reverse("tournaments:event_detail", args=[event.slug]), headers={"accept-language": "en"}
    ).content.decode()
    assert "Banjō Yūki (盤上遊姫)" in detail
    assert "Battlefields won" in detail


def test_a_report_out_of_bounds_changes_nothing(
    make_event: Any, add_players: Any, client: Client
) -> None:
    _event, tables = _running(make_event, add_players, "banjo_yuki")
    table = tables[0]
    report = reverse("tournaments:player_token_report", args=[table.red.token, table.pk])
    client.post(report, {"result": "red_won", "red_score": "7", "blue_score": "1"})
    table.refresh_from_db()
    assert table.confirmation == Pairing.Confirmation.NONE


def test_the_arbiter_enters_a_result_with_scores(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, tables = _running(make_event, add_players, "strategem")
    client.force_login(event.organiser)
    page = client.get(reverse("tournaments:manage_round", args=[event.slug, 1])).content.decode()
    assert 'name="blue_score"' in page
    url = reverse("tournaments:pairing_result", args=[event.slug, tables[1].pk])
    response = client.post(url, {"result": "blue_won", "red_score": "0", "blue_score": "14"})
    assert response.status_code == 302
    tables[1].refresh_from_db()
    assert (tables[1].result, tables[1].red_score, tables[1].blue_score) == ("blue_won", 0, 14)
    refused = client.post(
        reverse("tournaments:pairing_result", args=[event.slug, tables[0].pk]),
        {"result": "red_won", "red_score": "5", "blue_score": "3"},
        headers={"accept-language": "en"},
    )
    assert refused.status_code == 200
    assert "loser ends at 0 HP" in refused.content.decode()
    tables[0].refresh_from_db()
    assert tables[0].result == "pending"


def test_the_gunshi_report_form_has_no_score() -> None:
    from games import get_game
    from tournaments.forms import PlayerResultForm, ResultForm

    assert "red_score" not in PlayerResultForm(game=get_game("gunshi")).fields
    assert "red_score" not in ResultForm().fields
    methods = [v for v, _l in PlayerResultForm(game=get_game("strategem")).fields["method"].choices]
    assert "general_captured" not in methods
