"""A 軍棋 event's §9 variants (docs/junqi.md, "Options and rulings"): chosen on the event form
(shown for 軍棋 only), checked by the service, fixed once round 1 is paired and switched on in
every match of the event."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tournaments.errors import TournamentError
from tournaments.forms import EventForm
from tournaments.models import Event
from tournaments.services.entries import entry_add
from tournaments.services.events import event_create, event_set_status, event_update
from tournaments.services.publication import _match_setup_of, round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _create(host: Any, name: str = "Junqi Open", **fields: Any) -> Event:
    return event_create(
        organiser=host, name=name, starts_on=dt.date(2026, 5, 1), rounds=1, **fields
    )


def test_the_variants_are_stored_in_order_and_played_by_every_match(
    host: Any, make_user: Any
) -> None:
    from matches.models import Match

    event = _create(
        host, game="junqi", online=True, junqi_variants=["flying_bombs", "exploding_mines"]
    )
    assert event.junqi_variants == ["exploding_mines", "flying_bombs"]
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    for name in ("aoi", "ren"):
        entry_add(actor=host, event=event, name=name, user=make_user(name))
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    match = Match.objects.get(event_id=event.pk)
    assert match.game == "junqi"
    fmt = match.game_format
    assert (fmt["exploding_mines"], fmt["flying_bombs"]) == (True, True)
    assert (fmt["carry_flag"], fmt["open_pieces"], fmt["free_hq"]) == (False, False, False)
    assert fmt["time_seconds"] == 600  # the event's 10+5 still holds

    with pytest.raises(TournamentError) as refused:
        event_update(actor=host, event=event, junqi_variants=["free_hq"])
    assert refused.value.code == "event_locked"


def test_a_standard_junqi_event_plays_the_standard_game(host: Any) -> None:
    event = _create(host, game="junqi", online=True)
    assert event.junqi_variants == []
    assert _match_setup_of(event) == {}


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "junqi", "junqi_variants": ["nuclear_bombs"]}, "invalid_junqi_variants"),
        ({"game": "junqi", "junqi_variants": "flying_bombs"}, "invalid_junqi_variants"),
        ({"junqi_variants": ["flying_bombs"]}, "junqi_variants_other_game"),
    ],
)
def test_the_service_refuses_bad_variants_and_creates_nothing(
    host: Any, fields: dict[str, Any], code: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        _create(host, **fields)
    assert (refused.value.code, refused.value.field) == (code, "junqi_variants")
    assert not Event.objects.exists()


FORM = {
    "name": "Junqi Night",
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
    "tiebreak_codes": "BH, RND",
    "junqi_variants": ["open_pieces", "exploding_mines"],
}


def test_the_form_keeps_the_variants_for_junqi_only() -> None:
    junqi = EventForm(FORM | {"game": "junqi"})
    assert junqi.is_valid(), junqi.errors
    assert junqi.service_fields()["junqi_variants"] == ["open_pieces", "exploding_mines"]
    assert junqi.cleaned_data["time_control"] == "10+5"
    gunshi = EventForm(FORM | {"game": "gunshi"})
    assert gunshi.is_valid(), gunshi.errors
    assert gunshi.service_fields()["junqi_variants"] == []
    unknown = EventForm(FORM | {"game": "junqi", "junqi_variants": ["nuclear_bombs"]})
    assert "junqi_variants" in unknown.errors


def test_the_form_shows_the_variants_for_junqi_only(client: Any, host: Any) -> None:
    from django.urls import reverse

    client.force_login(host)
    html = client.get(
        reverse("tournaments:event_create"), headers={"accept-language": "ja"}
    ).content.decode()
    group = html.split('id="group-junqi"')[1].split("</fieldset>")[0]
    assert 'data-only-for-game="junqi"' in html.split('id="group-junqi"')[1][:60]
    assert 'value="exploding_mines"' in group
    assert "爆発地雷" in group


def test_a_new_junqi_event_takes_the_games_time_control_unless_told(host: Any) -> None:
    assert _create(host, game="junqi").time_control == "10+5"
    assert _create(host, game="junqi", time_control="5+3").time_control == "5+3"
    assert _create(host).time_control == "20+0"  # 軍師軍略's official one


def test_the_public_event_page_names_the_variants(client: Any, host: Any) -> None:
    from django.urls import reverse

    event = _create(host, game="junqi", online=True, junqi_variants=["free_hq"])
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    url = reverse("tournaments:event_detail", args=[event.slug])
    html = client.get(url, headers={"accept-language": "ja"}).content.decode()
    assert "大本営自由：大本営の駒も動ける" in html.split('id="event-variants"')[1]
    standard = _create(host, name="Plain", game="junqi", online=True)
    event_set_status(actor=host, event=standard, status=Event.Status.REGISTRATION)
    url = reverse("tournaments:event_detail", args=[standard.slug])
    assert 'id="event-variants"' not in client.get(url).content.decode()


def test_changing_the_game_away_from_junqi_clears_the_variants(host: Any) -> None:
    event = _create(host, game="junqi", junqi_variants=["carry_flag"])
    event = event_update(actor=host, event=event, game="gunshi")
    assert (event.game, event.junqi_variants) == ("gunshi", [])
    with pytest.raises(TournamentError) as refused:
        event_update(actor=host, event=event, junqi_variants=["carry_flag"])
    assert refused.value.code == "junqi_variants_other_game"
