"""Draws reported, confirmed, disputed and entered for the games with draws (Strategem,
盤上遊姫), with their scores; refused for 軍師軍略 and in elimination rounds. The forms offer
a draw only for a game with draws, and so does the over-the-board clock page."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import get_game
from matches.models import Match
from matches.services.arbiter import match_set_result
from matches.services.lifecycle import match_start
from matches.services.otb import otb_confirm_result, otb_report_result
from matches.views_arbiter import SetResultForm
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.forms import PlayerResultForm, ResultForm
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services.events import event_set_status
from tournaments.services.publication import round_publish
from tournaments.services.results import result_confirm, result_report, result_set
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

R = Pairing.Result


def _running(make_event: Any, add_players: Any, game: str, **fields: Any) -> tuple[Event, Round]:
    event = make_event(game=game, **fields)
    host = event.organiser
    event_set_status(actor=host, event=event, status=Event.Status.REGISTRATION)
    add_players(event, 4)
    round_ = round_pair(actor=host, event=event)
    round_publish(actor=host, round=round_)
    return event, round_


def _table(round_: Round) -> Pairing:
    return Pairing.objects.select_related("red", "blue", "round").filter(round=round_).first()  # type: ignore[return-value]


def _blue(table: Pairing) -> Entry:
    return Entry.objects.get(pk=table.blue_id)


def _points(event: Event) -> dict[int, Fraction]:
    return {
        line.row.player: line.row.points for line in selectors.event_standings(event=event).lines
    }


def test_a_reported_draw_confirmed_gives_both_half_a_point(
    make_event: Any, add_players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = _running(make_event, add_players, "strategem")
    table = _table(round_)
    result_report(entry=table.red, pairing=table, result=R.DRAW, red_score=3, blue_score=3)
    table.refresh_from_db()
    assert table.confirmation == Pairing.Confirmation.AWAITING
    with django_capture_on_commit_callbacks(execute=True):
        result_confirm(entry=_blue(table), pairing=table)
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == (R.DRAW, 3, 3)
    points = _points(event)
    assert points[table.red_id] == points[table.blue_id] == Fraction(1, 2)
    # The table's clock-only match ends drawn too.
    assert Match.objects.get(pk=table.match_id).winner == Match.Winner.DRAW


def test_a_draw_against_a_win_is_a_dispute_the_arbiter_rules(
    make_event: Any, add_players: Any
) -> None:
    event, round_ = _running(make_event, add_players, "banjo_yuki")
    table = _table(round_)
    result_report(entry=table.red, pairing=table, result=R.DRAW, red_score=2, blue_score=2)
    result_report(entry=_blue(table), pairing=table, result=R.BLUE_WON, red_score=2, blue_score=4)
    table.refresh_from_db()
    assert table.disputed
    assert table.result == R.PENDING
    result_set(actor=event.organiser, pairing=table, result=R.DRAW, red_score=2, blue_score=2)
    table.refresh_from_db()
    assert (table.result, table.disputed) == (R.DRAW, False)


def test_the_arbiter_enters_and_corrects_a_draw(make_event: Any, add_players: Any) -> None:
    event, round_ = _running(make_event, add_players, "strategem")
    table = _table(round_)
    host = event.organiser
    result_set(actor=host, pairing=table, result=R.RED_WON, red_score=5, blue_score=0)
    result_set(
        actor=host,
        pairing=table,
        result=R.DRAW,
        method="arbiter",
        red_score=7,
        blue_score=7,
        reason="adjudicated at time: equal HP",
    )
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == (R.DRAW, 7, 7)


@pytest.mark.parametrize(
    ("game", "red", "blue", "code"),
    [
        ("strategem", 3, 4, "draw_scores_unequal"),
        ("strategem", None, None, "score_required"),
        ("banjo_yuki", 4, 4, "score_mismatch"),  # both cannot have taken 4
        ("banjo_yuki", 3, 2, "draw_scores_unequal"),
    ],
)
def test_impossible_draw_scores_are_refused(
    make_event: Any, add_players: Any, game: str, red: int | None, blue: int | None, code: str
) -> None:
    _event, round_ = _running(make_event, add_players, game)
    table = _table(round_)
    with pytest.raises(TournamentError) as caught:
        result_report(entry=table.red, pairing=table, result=R.DRAW, red_score=red, blue_score=blue)
    assert caught.value.code == code
    table.refresh_from_db()
    assert table.confirmation == Pairing.Confirmation.NONE


@pytest.mark.parametrize(
    ("game", "score"), [("strategem", 0), ("strategem", 12), ("banjo_yuki", 3)]
)
def test_possible_draw_scores_are_taken(
    make_event: Any, add_players: Any, game: str, score: int
) -> None:
    event, round_ = _running(make_event, add_players, game)
    table = _table(round_)
    result_set(
        actor=event.organiser, pairing=table, result=R.DRAW, red_score=score, blue_score=score
    )
    table.refresh_from_db()
    assert table.result == R.DRAW


def test_gunshi_refuses_a_draw_from_players_and_arbiters(make_event: Any, add_players: Any) -> None:
    event, round_ = _running(make_event, add_players, "gunshi")
    table = _table(round_)
    with pytest.raises(TournamentError) as caught:
        result_report(entry=table.red, pairing=table, result=R.DRAW)
    assert caught.value.code == "game_has_no_draws"
    with pytest.raises(TournamentError) as caught:
        result_set(actor=event.organiser, pairing=table, result=R.DRAW)
    assert caught.value.code == "game_has_no_draws"
    table.refresh_from_db()
    assert (table.result, table.confirmation) == (R.PENDING, Pairing.Confirmation.NONE)


def test_an_elimination_round_refuses_a_draw(make_event: Any, add_players: Any) -> None:
    event, round_ = _running(make_event, add_players, "strategem", pairing_system="single_elim")
    assert round_.stage == Round.Stage.ELIMINATION
    table = _table(round_)
    with pytest.raises(TournamentError) as caught:
        result_set(actor=event.organiser, pairing=table, result=R.DRAW, red_score=1, blue_score=1)
    assert caught.value.code == "draw_in_elimination"
    with pytest.raises(TournamentError) as caught:
        result_report(entry=table.red, pairing=table, result=R.DRAW, red_score=1, blue_score=1)
    assert caught.value.code == "draw_in_elimination"


# ------------------------------------------------------------------------------- the forms


def _values(form: Any, name: str = "result") -> list[str]:
    return [value for value, _label in form.fields[name].choices]


def test_gunshi_forms_offer_exactly_the_results_of_today() -> None:
    gunshi = get_game("gunshi")
    assert _values(ResultForm(game=gunshi)) == [
        "",
        R.RED_WON,
        R.BLUE_WON,
        R.RED_WON_BY_FORFEIT,
        R.BLUE_WON_BY_FORFEIT,
        R.DOUBLE_FORFEIT,
    ]
    assert _values(ResultForm()) == _values(ResultForm(game=gunshi))
    assert _values(PlayerResultForm(game=gunshi)) == ["", R.RED_WON, R.BLUE_WON]
    assert Match.Winner.DRAW not in _values(SetResultForm(game="gunshi"), "winner")


@pytest.mark.parametrize("game", ["strategem", "banjo_yuki", "junqi"])
def test_forms_of_a_game_with_draws_offer_a_draw(game: str) -> None:
    definition = get_game(game)
    assert _values(ResultForm(game=definition)) == [
        "",
        R.RED_WON,
        R.BLUE_WON,
        R.DRAW,
        R.RED_WON_BY_FORFEIT,
        R.BLUE_WON_BY_FORFEIT,
        R.DOUBLE_FORFEIT,
    ]
    assert _values(PlayerResultForm(game=definition)) == ["", R.RED_WON, R.BLUE_WON, R.DRAW]
    assert Match.Winner.DRAW in _values(SetResultForm(game=game), "winner")


def test_the_player_form_takes_a_draw_with_scores() -> None:
    form = PlayerResultForm(
        {"result": "draw", "red_score": "2", "blue_score": "2"}, game=get_game("banjo_yuki")
    )
    assert form.is_valid(), form.errors
    assert PlayerResultForm({"result": "draw"}, game=get_game("gunshi")).is_valid() is False


# ----------------------------------------------------------------- the over-the-board clock


def _clock_ui(client: Client, match: Match) -> dict[str, Any]:
    page = client.get(reverse("matches:match_clock", args=[match.pk]))
    assert page.status_code == 200
    return page.context["ui"]  # type: ignore[no-any-return]


def test_the_clock_page_offers_a_draw_only_for_a_game_with_draws(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, _round = _running(make_event, add_players, "strategem")
    match = Match.objects.filter(event_id=event.pk).first()
    assert match is not None
    assert _clock_ui(client, match)["report_draw"] is True
    gunshi, _round = _running(make_event, add_players, "gunshi")
    match = Match.objects.filter(event_id=gunshi.pk).first()
    assert match is not None
    assert _clock_ui(client, match)["report_draw"] is False


def test_a_draw_reported_on_the_clock_reaches_the_table(
    make_event: Any, add_players: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_ = _running(make_event, add_players, "banjo_yuki")
    table = _table(round_)
    assert table.match_id is not None
    match_start(match_id=table.match_id)
    with django_capture_on_commit_callbacks(execute=True):
        otb_report_result(match_id=table.match_id, seat="red", winner="draw", method="resignation")
    with django_capture_on_commit_callbacks(execute=True):
        otb_confirm_result(match_id=table.match_id, seat="blue")
    match = Match.objects.get(pk=table.match_id)
    assert (match.status, match.winner, match.method) == (
        Match.Status.FINISHED,
        "draw",
        "draw_agreed",
    )
    table.refresh_from_db()
    assert table.result == R.DRAW
    points = _points(event)
    assert points[table.red_id] == points[table.blue_id] == Fraction(1, 2)


def test_a_gunshi_clock_refuses_a_draw_report(make_event: Any, add_players: Any) -> None:
    from matches.errors import MatchError

    _event, round_ = _running(make_event, add_players, "gunshi")
    table = _table(round_)
    assert table.match_id is not None
    match_start(match_id=table.match_id)
    with pytest.raises(MatchError):
        otb_report_result(match_id=table.match_id, seat="red", winner="draw", method="resignation")
    with pytest.raises(MatchError):
        match_set_result(match_id=table.match_id, winner="draw", method="arbiter")
    assert Match.objects.get(pk=table.match_id).otb_reports == {}


def test_swiss_pairs_the_next_round_after_a_draw_without_a_rematch(
    make_event: Any, add_players: Any
) -> None:
    event, round_ = _running(make_event, add_players, "strategem")
    host = event.organiser
    first, second = Pairing.objects.filter(round=round_).order_by("table")
    result_set(actor=host, pairing=first, result=R.DRAW, red_score=4, blue_score=4)
    result_set(actor=host, pairing=second, result=R.RED_WON, red_score=9, blue_score=0)
    drawn = {first.red_id, first.blue_id}
    next_round = round_pair(actor=host, event=event)
    pairs = [{p.red_id, p.blue_id} for p in Pairing.objects.filter(round=next_round)]
    assert drawn not in pairs
    assert {second.red_id, second.blue_id} not in pairs
    points = _points(event)
    assert sorted(points.values()) == [0, Fraction(1, 2), Fraction(1, 2), 1]
