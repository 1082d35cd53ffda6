"""Events of the over-the-board games (Strategem, 盤上遊姫): the event's game, results with
the game's score (report, confirm, dispute, arbiter), the score checks, clock-only matches,
the game score tie-break and the exports. 軍師軍略 events keep their behaviour."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.models import Entry, Event, Pairing, Round
from tournaments.services.events import event_set_status, event_update
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


def _tables(round_: Round) -> list[Pairing]:
    return list(Pairing.objects.filter(round=round_).select_related("red", "blue", "round"))


def _entry(pk: int | None) -> Entry:
    return Entry.objects.get(pk=pk)


# ------------------------------------------------------------------------------ the event


def test_an_event_takes_its_game_and_the_game_recommended_time_control_stays_its_own(
    make_event: Any,
) -> None:
    event = make_event(game="strategem", time_control="25+0")
    assert event.game == "strategem"
    assert event.get_game_display() == "Strategem"


def test_an_over_the_board_game_cannot_be_an_online_event(make_event: Any) -> None:
    with pytest.raises(TournamentError) as caught:
        make_event(game="banjo_yuki", online=True)
    assert caught.value.code == "game_not_online"
    assert caught.value.field == "game"
    assert not Event.objects.exists()


def test_an_unknown_game_is_refused(make_event: Any) -> None:
    with pytest.raises(TournamentError) as caught:
        make_event(game="chess")
    assert caught.value.code == "invalid_choice"


def test_the_game_score_tiebreak_needs_a_scored_game(make_event: Any) -> None:
    with pytest.raises(TournamentError) as caught:
        make_event(tiebreaks=["GS", "BH"])
    assert caught.value.code == "game_score_tiebreak"
    event = make_event(game="banjo_yuki", tiebreaks=["GS", "BH"])
    assert event.tiebreaks == ["GS", "BH"]


def test_another_game_drops_the_gunshi_format_and_start_position(make_event: Any) -> None:
    event = make_event(game="strategem", game_format=Event.Format.DECK_BUILD)
    assert event.game_format == Event.Format.BASIC
    assert event.start_position is None


def test_the_game_is_fixed_once_round_1_is_paired(make_event: Any, add_players: Any) -> None:
    event, _round = _running(make_event, add_players, "strategem")
    with pytest.raises(TournamentError) as caught:
        event_update(actor=event.organiser, event=event, game="banjo_yuki")
    assert caught.value.code == "event_locked"


# --------------------------------------------------------------------------- the matches


def test_publishing_creates_clock_only_matches_of_the_game(
    make_event: Any, add_players: Any
) -> None:
    event, _round = _running(make_event, add_players, "banjo_yuki", time_control="15+0")
    matches = Match.objects.filter(event_id=event.pk)
    assert matches.count() == 2
    for match in matches:
        assert match.kind == Match.Kind.OTB
        assert match.game == "banjo_yuki"
        assert match.time_control == "15+0"
        assert match.state == {}
        assert match.start_position is None


def test_the_clock_page_of_another_game_names_it_and_offers_no_gunshi_methods(
    make_event: Any, add_players: Any, client: Client
) -> None:
    event, _round = _running(make_event, add_players, "banjo_yuki", time_control="15+0")
    match = Match.objects.filter(event_id=event.pk).first()
    assert match is not None
    html = client.get(
        reverse("matches:match_clock", args=[match.pk]), headers={"accept-language": "en"}
    )
    text = html.content.decode()
    assert html.status_code == 200
    assert '<span class="otb__game" id="otb-game">Banjō Yūki</span>' in text
    methods = [m["value"] for m in html.context["ui"]["report_methods"]]
    assert "general_captured" not in methods
    assert "intrusion" not in methods
    assert "resignation" in methods
    assert "end of Red&#x27;s first turn" in text or "end of Red's first turn" in text


# ---------------------------------------------------------------------- results with scores


def test_report_and_confirm_carry_both_scores(make_event: Any, add_players: Any) -> None:
    _event, round_ = _running(make_event, add_players, "banjo_yuki")
    table = _tables(round_)[0]
    result_report(entry=table.red, pairing=table, result=R.RED_WON, red_score=4, blue_score=2)
    table.refresh_from_db()
    assert table.confirmation == Pairing.Confirmation.AWAITING
    assert (table.reported_red_score, table.reported_blue_score) == (4, 2)
    assert table.red_score is None
    result_confirm(entry=_entry(table.blue_id), pairing=table)
    table.refresh_from_db()
    assert table.result == R.RED_WON
    assert (table.red_score, table.blue_score) == (4, 2)
    assert table.score_text == "4–2"


def test_the_same_result_with_other_scores_is_a_dispute(make_event: Any, add_players: Any) -> None:
    _event, round_ = _running(make_event, add_players, "strategem")
    table = _tables(round_)[0]
    result_report(entry=table.red, pairing=table, result=R.RED_WON, red_score=12, blue_score=0)
    result_report(
        entry=_entry(table.blue_id), pairing=table, result=R.RED_WON, red_score=9, blue_score=0
    )
    table.refresh_from_db()
    assert table.disputed
    assert table.result == R.PENDING
    host = round_.event.organiser
    result_set(
        actor=host, pairing=table, result=R.RED_WON, red_score=12, blue_score=0, method="arbiter"
    )
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == (R.RED_WON, 12, 0)
    assert not table.disputed


@pytest.mark.parametrize(
    ("game", "result", "red", "blue", "method", "code"),
    [
        ("banjo_yuki", R.RED_WON, None, None, "", "score_required"),
        ("banjo_yuki", R.RED_WON, 4, None, "", "score_required"),
        ("banjo_yuki", R.RED_WON, 5, 1, "", "score_out_of_range"),
        ("banjo_yuki", R.RED_WON, 3, 1, "", "score_mismatch"),  # a finished game needs 4
        ("banjo_yuki", R.BLUE_WON, 4, 2, "", "score_mismatch"),  # the loser took 4
        ("banjo_yuki", R.RED_WON, 4, 4, "timeout", "score_mismatch"),
        ("banjo_yuki", R.RED_WON, -1, 4, "", "score_below_minimum"),
        ("strategem", R.RED_WON, 10, 3, "", "score_mismatch"),  # the loser ends at 0 HP
        ("strategem", R.RED_WON, None, 0, "", "score_required"),
        ("strategem", R.RED_WON_BY_FORFEIT, 25, 0, "", "score_not_expected"),
        ("gunshi", R.RED_WON, 1, 0, "", "score_not_expected"),
    ],
)
def test_impossible_scores_are_refused_and_nothing_changes(
    make_event: Any,
    add_players: Any,
    game: str,
    result: str,
    red: int | None,
    blue: int | None,
    method: str,
    code: str,
) -> None:
    _event, round_ = _running(make_event, add_players, game)
    table = _tables(round_)[0]
    with pytest.raises(TournamentError) as caught:
        result_report(
            entry=table.red,
            pairing=table,
            result=result,
            method=method,
            red_score=red,
            blue_score=blue,
        )
    assert caught.value.code == code
    assert caught.value.field == "score"
    table.refresh_from_db()
    assert table.confirmation == Pairing.Confirmation.NONE
    assert table.reported_red_score is None


@pytest.mark.parametrize(
    ("game", "result", "red", "blue", "method"),
    [
        ("banjo_yuki", R.BLUE_WON, 3, 4, ""),
        ("banjo_yuki", R.RED_WON, 2, 3, "timeout"),  # flag fall loses whatever the fields
        ("banjo_yuki", R.RED_WON, 3, 1, "arbiter"),  # adjudicated at time
        ("strategem", R.RED_WON, 0, 0, ""),  # both at 0: 加護 decided
        ("strategem", R.BLUE_WON, 0, 31, ""),  # HP can rise above 25
        ("strategem", R.RED_WON, 8, 11, "timeout"),
    ],
)
def test_possible_scores_are_taken(
    make_event: Any,
    add_players: Any,
    game: str,
    result: str,
    red: int,
    blue: int,
    method: str,
) -> None:
    _event, round_ = _running(make_event, add_players, game)
    table = _tables(round_)[0]
    host = round_.event.organiser
    result_set(
        actor=host, pairing=table, result=result, method=method, red_score=red, blue_score=blue
    )
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == (result, red, blue)


def test_a_forfeit_of_a_scored_game_carries_no_score(make_event: Any, add_players: Any) -> None:
    _event, round_ = _running(make_event, add_players, "strategem")
    table = _tables(round_)[0]
    result_set(actor=round_.event.organiser, pairing=table, result=R.BLUE_WON_BY_FORFEIT)
    table.refresh_from_db()
    assert (table.red_score, table.blue_score) == (None, None)


def test_gunshi_results_are_unchanged(make_event: Any, add_players: Any) -> None:
    _event, round_ = _running(make_event, add_players, "gunshi")
    table = _tables(round_)[0]
    result_report(entry=table.red, pairing=table, result=R.RED_WON)
    result_confirm(entry=_entry(table.blue_id), pairing=table)
    table.refresh_from_db()
    assert (table.result, table.red_score, table.blue_score) == (R.RED_WON, None, None)
    match = Match.objects.get(pk=table.match_id)
    assert match.game == "gunshi"
    assert match.game_format  # the engine format of the event


# ------------------------------------------------------------------ standings and exports


def _play_round_one(round_: Round, scores: list[tuple[str, int, int]]) -> None:
    host = round_.event.organiser
    for table, (result, red, blue) in zip(_tables(round_), scores, strict=True):
        result_set(actor=host, pairing=table, result=result, red_score=red, blue_score=blue)


def test_battlefield_difference_breaks_ties(make_event: Any, add_players: Any) -> None:
    event, round_ = _running(make_event, add_players, "banjo_yuki", tiebreaks=["GS", "RND"])
    _play_round_one(round_, [(R.RED_WON, 4, 3), (R.BLUE_WON, 0, 4)])
    table = selectors.event_standings(event=event)
    assert [code for code, _short, _long in table.columns] == ["GS", "RND"]
    by_points = [(line.row.points, line.tiebreaks[0][1]) for line in table.lines]
    assert by_points == [(1, 4), (1, 1), (0, -1), (0, -4)]


def test_strategem_game_score_sums_the_winners_hp(make_event: Any, add_players: Any) -> None:
    event, round_ = _running(make_event, add_players, "strategem", tiebreaks=["GS"])
    _play_round_one(round_, [(R.RED_WON, 7, 0), (R.RED_WON, 19, 0)])
    table = selectors.event_standings(event=event)
    assert [(line.row.points, line.tiebreaks[0][1]) for line in table.lines] == [
        (1, 19),
        (1, 7),
        (0, 0),
        (0, 0),
    ]


def test_exports_carry_the_scores(make_event: Any, add_players: Any, client: Client) -> None:
    event, round_ = _running(make_event, add_players, "banjo_yuki", tiebreaks=["GS"])
    event_set_status(actor=event.organiser, event=event, status=Event.Status.RUNNING)
    _play_round_one(round_, [(R.RED_WON, 4, 1), (R.BLUE_WON, 2, 4)])
    body = client.get(
        reverse("tournaments:export_pairings_csv", args=[event.slug, 1])
    ).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0][-2:] == ["red_score", "blue_score"]
    assert rows[1][-2:] == ["4", "1"]
    data = client.get(reverse("tournaments:export_pairings_json", args=[event.slug, 1])).json()
    assert (data["pairings"][1]["red_score"], data["pairings"][1]["blue_score"]) == (2, 4)
    standings = client.get(
        reverse("tournaments:export_standings_csv", args=[event.slug])
    ).content.decode("utf-8-sig")
    assert "GS" in standings.splitlines()[0]
