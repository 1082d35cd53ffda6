"""An event's fixed opening (docs/start-positions.md): every match of a published round starts
from it; the organiser's form reads and checks the text form."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse

from engine.start import StartPosition
from engine.state import Phase
from engine.types import Side, parse_square
from matches.models import Match
from matches.selectors import match_game_state
from tournaments.errors import TournamentError
from tournaments.forms import EventForm
from tournaments.models import Event, Pairing
from tournaments.services.events import event_set_status, event_update
from tournaments.services.publication import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db(transaction=True)

OPENING = (
    "red: pieces Ib2N Ic2N Ac1N; fences b2N; cards MV,RS,FN / MV,RS,MV,RF\n"
    "blue: pieces Ib6S Ic6S Ce7S; cards MV,RS,RF / MV,RS,MV,FN"
)


def test_every_match_of_a_published_round_starts_from_the_events_position(
    make_event: Any, add_players: Any
) -> None:
    start = StartPosition.from_text(OPENING)
    event = make_event(name="Starter Cup", online=True, start_position=start.to_dict())
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 4)
    round_ = round_pair(actor=event.organiser, event=event)
    round_ = round_publish(actor=event.organiser, round=round_)
    pairings = list(Pairing.objects.filter(round=round_))
    assert len(pairings) == 2
    for pairing in pairings:
        assert pairing.match_id is not None
        match = Match.objects.get(pk=pairing.match_id)
        assert StartPosition.from_dict(match.start_position) == start
        state = match_game_state(match)
        assert (state.phase, state.to_act) == (Phase.SETUP, Side.RED)
        archer = state.board[parse_square("c1")]
        assert archer is not None
        assert archer.owner is Side.RED
        assert state.sides[Side.BLUE].deck == start.sides[Side.BLUE].deck
    with pytest.raises(TournamentError) as caught:
        event_update(actor=event.organiser, event=event, start_position=None)
    assert caught.value.code == "event_locked"


# Seven cards without a hand/deck split: a deck-build side, which Rules 1 and 2 cannot start from.
DECK_BUILD_OPENING = (
    "red: pieces Ib2N Ic2N Ac1N; cards MV,RS,FN,MV,RS,MV,RF\n"
    "blue: pieces Ib6S Ic6S Ce7S; cards MV,RS,RF,MV,RS,MV,FN"
)


@pytest.mark.parametrize(
    ("game_format", "opening"),
    [(Event.Format.EXPANSION, OPENING), (Event.Format.DECK_BUILD, DECK_BUILD_OPENING)],
)
def test_expansion_and_deck_build_events_take_a_start_position(
    make_event: Any, add_players: Any, game_format: str, opening: str
) -> None:
    start = StartPosition.from_text(opening)
    event = make_event(
        name="Puzzle Cup",
        online=True,
        rounds=1,
        game_format=game_format,
        start_position=start.to_dict(),
    )
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 2)
    round_ = round_publish(
        actor=event.organiser, round=round_pair(actor=event.organiser, event=event)
    )
    match = Match.objects.get(pk=Pairing.objects.get(round=round_).match_id)
    assert StartPosition.from_dict(match.start_position) == start
    archer = match_game_state(match).board[parse_square("c1")]
    assert archer is not None
    assert archer.owner is Side.RED


def test_an_event_without_a_position_plays_the_normal_deployment(
    make_event: Any, add_players: Any
) -> None:
    event = make_event(name="Open", online=True, rounds=1)
    event_set_status(actor=event.organiser, event=event, status="registration")
    add_players(event, 2)
    round_ = round_pair(actor=event.organiser, event=event)
    round_publish(actor=event.organiser, round=round_)
    match_id = Pairing.objects.get(round=round_).match_id
    assert match_id is not None
    match = Match.objects.get(pk=match_id)
    assert match.start_position is None
    assert match_game_state(match).phase is Phase.DEPLOYMENT


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"start_position": {"red": {"pieces": ["Ic2N"]}, "blue": {}}}, "invalid_start_position"),
        (
            {
                "start_position": StartPosition.from_text(DECK_BUILD_OPENING).to_dict(),
                "game_format": Event.Format.BASIC,
            },
            "start_position_format",
        ),
    ],
)
def test_a_bad_position_is_refused_and_nothing_saved(
    make_event: Any, fields: dict[str, Any], code: str
) -> None:
    with pytest.raises(TournamentError) as caught:
        make_event(name="Broken", **fields)
    assert caught.value.code == code
    assert not Event.objects.filter(name="Broken").exists()


def form_data(**extra: str) -> dict[str, str]:
    data = {
        "name": "Form Cup",
        "starts_on": dt.date(2026, 5, 1).isoformat(),
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
        "tiebreak_codes": "BH, SB",
    }
    data.update(extra)
    return data


def test_the_form_turns_the_text_into_the_stored_position() -> None:
    form = EventForm(data=form_data(start_position_text=OPENING))
    assert form.is_valid(), form.errors
    fields = form.service_fields()
    assert StartPosition.from_dict(fields["start_position"]) == StartPosition.from_text(OPENING)
    empty = EventForm(data=form_data(start_position_text="  \n"))
    assert empty.is_valid(), empty.errors
    assert empty.service_fields()["start_position"] is None


def test_the_form_shows_what_is_wrong_with_the_text() -> None:
    form = EventForm(data=form_data(start_position_text="red: pieces Ic2N Ic2E\nblue: pieces Ic6S"))
    assert not form.is_valid()
    message = form.errors["start_position_text"][0]
    assert "start_square_taken" in message
    assert "c2" in message


def test_the_form_shows_an_events_position_as_text(make_event: Any) -> None:
    start = StartPosition.from_text(OPENING)
    event = make_event(name="Shown", start_position=start.to_dict())
    form = EventForm(instance=event)
    assert form.fields["start_position_text"].initial == start.to_text()


def test_the_position_is_stored_in_canonical_form_and_shown_on_the_event_page(
    client: Any, make_event: Any
) -> None:
    start = StartPosition.from_text(OPENING)
    partial = {"red": {"pieces": ["Ic2N"]}, "blue": {"pieces": ["Ic6S"]}}
    event = make_event(name="Canon", start_position=partial)
    assert event.start_position == StartPosition.from_dict(partial).to_dict()
    event = event_update(actor=event.organiser, event=event, start_position=start.to_dict())
    event_set_status(actor=event.organiser, event=event, status="registration")
    page = client.get(
        reverse("tournaments:event_detail", args=[event.slug]),
        headers={"accept-language": "en"},
    ).content.decode()
    assert "Start position" in page
    assert "pieces Ib2N Ic2N Ac1N" not in page  # shown in canonical (square) order
    assert "pieces Ac1N Ib2N Ic2N" in page


def test_the_organiser_sees_the_error_on_the_settings_page(
    client: Any, make_event: Any, password: str
) -> None:
    event = make_event(name="Typo Cup")
    client.login(username=event.organiser.username, password=password)
    url = reverse("tournaments:event_edit", args=[event.slug])
    data = form_data(
        name="Typo Cup", start_position_text="red: pieces Ic2N\nblue: lp 30; pieces Ic6S"
    )
    page = client.post(url, data, headers={"accept-language": "en"}).content.decode()
    assert "start_lp" in page
    event.refresh_from_db()
    assert event.start_position is None
    data["start_position_text"] = OPENING
    response = client.post(url, data, headers={"accept-language": "en"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.start_position == StartPosition.from_text(OPENING).to_dict()
