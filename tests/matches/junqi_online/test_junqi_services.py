"""軍棋 played online through the match services: the simultaneous set-up, its shared countdown,
the Fischer clocks, the engine's terminations (flag, no legal move, draws) and the masking of
the secret set-ups (docs/matches.md, "軍棋 online")."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

import junqi
from matches.errors import MatchError
from matches.models import Match, MatchMove
from matches.selectors import match_game_state, match_get_view, match_legal_actions
from matches.services.decisions import match_resign, match_submit_action
from matches.services.timeouts import match_adjudicate_timeout
from tests.matches.helpers import Clock

pytestmark = pytest.mark.django_db

RED_SETUP = junqi.random_setup(junqi.Side.RED, random.Random(1)).text
BLUE_SETUP = junqi.random_setup(junqi.Side.BLUE, random.Random(2)).text


def submit(match: Match, seat: str, text: str, clock: Clock, ms: int = 1000) -> Match:
    return match_submit_action(
        match_id=match.pk,
        seat=seat,
        action_text=text,
        expected_ply=match.ply,
        now=clock.tick(ms),
    )


@pytest.fixture
def junqi_match(make_match: Any) -> Match:
    return make_match(game="junqi")


def set_up(match: Match, clock: Clock) -> Match:
    match = submit(match, "red", f"setup red {RED_SETUP}", clock)
    return submit(match, "blue", f"setup blue {BLUE_SETUP}", clock)


def test_created_with_game_timing_and_countdown(junqi_match: Match, clock_at: Clock) -> None:
    assert junqi_match.time_control == "10+5"
    assert junqi_match.setup_deadline == clock_at.now + dt.timedelta(minutes=5)
    assert junqi_match.flag_deadline == junqi_match.setup_deadline
    fmt = junqi_match.game_format
    assert fmt["time_seconds"] == 600
    assert fmt["increment_seconds"] == 5
    assert "seed" in fmt
    view = match_get_view(match=junqi_match, viewer_seat="red")
    assert "seed" not in view["format"]
    game = view["game"]
    assert game["phase"] == "setup"
    assert game["to_act"] is None
    assert game["may_act"]
    assert game["setup_required"]
    assert game["legal_actions"] == ["resign red"]
    assert match_get_view(match=junqi_match, viewer_seat=None)["game"]["legal_actions"] == []


def test_both_seats_set_up_then_red_clock_runs(junqi_match: Match, clock_at: Clock) -> None:
    match = submit(junqi_match, "blue", f"setup blue {BLUE_SETUP}", clock_at)
    assert match.ply == 1
    assert match.clock["running"] is None
    red_view = match_get_view(match=match, viewer_seat="red")
    assert BLUE_SETUP not in str(red_view)
    assert red_view["history"] == [{"ply": 1, "seat": "blue", "text": "setup blue ?"}]
    assert red_view["game"]["sides"]["blue"]["setup_submitted"] is True
    assert BLUE_SETUP not in str(match_get_view(match=match, viewer_seat=None))
    assert BLUE_SETUP in str(match_get_view(match=match, viewer_seat="blue"))
    match = submit(match, "red", f"setup red {RED_SETUP}", clock_at)
    assert match.ply == 2
    assert match.clock["running"] == 0
    assert match.setup_deadline is None
    assert match.flag_deadline == clock_at.now + dt.timedelta(minutes=10)
    view = match_get_view(match=match, viewer_seat="red")
    assert view["game"]["phase"] == "play"
    assert view["game"]["to_act"] == "red"
    assert RED_SETUP not in str(match_get_view(match=match, viewer_seat="blue"))


def test_a_seat_cannot_submit_the_other_seats_setup(junqi_match: Match, clock_at: Clock) -> None:
    with pytest.raises(MatchError) as err:
        submit(junqi_match, "red", f"setup blue {BLUE_SETUP}", clock_at)
    assert err.value.code == "not_your_turn"
    with pytest.raises(MatchError) as err:
        submit(junqi_match, "red", "resign blue", clock_at)
    assert err.value.code == "not_your_turn"
    match = submit(junqi_match, "red", f"setup red {RED_SETUP}", clock_at)
    with pytest.raises(MatchError) as err:
        submit(match, "red", f"setup red {RED_SETUP}", clock_at)
    assert err.value.code == "not_your_turn"


def test_fischer_increment_and_moves(junqi_match: Match, clock_at: Clock) -> None:
    match = set_up(junqi_match, clock_at)
    actions = match_legal_actions(match=match, viewer_seat="red")["actions"]
    move = next(a for a in actions if "-" in a)
    match = submit(match, "red", move, clock_at, ms=3000)
    remaining = match.clock["remaining_ms"]
    assert remaining[0] == 600_000 - 3000 + 5000
    assert match_get_view(match=match, viewer_seat=None)["history"][-1]["text"] == move


def test_draw_offer_and_accept(junqi_match: Match, clock_at: Clock) -> None:
    match = set_up(junqi_match, clock_at)
    match = submit(match, "red", "offer draw", clock_at)
    assert match_legal_actions(match=match, viewer_seat="blue")["actions"][:2] == [
        "accept draw",
        "decline draw",
    ]
    match = submit(match, "blue", "accept draw", clock_at)
    assert match.status == Match.Status.FINISHED
    assert (match.winner, match.method) == ("draw", "draw_agreed")


def test_setup_timeout_loss(junqi_match: Match, clock_at: Clock) -> None:
    match = submit(junqi_match, "red", f"setup red {RED_SETUP}", clock_at)
    late = match.setup_deadline + dt.timedelta(milliseconds=1)
    assert match_adjudicate_timeout(match_id=match.pk, now=late)
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "setup_timeout")
    assert match.finished_at == junqi_match.setup_deadline
    view = match_get_view(match=match, viewer_seat="blue")
    assert RED_SETUP in str(view)  # everything is public after the end


def test_setup_timeout_random_policy(make_match: Any, clock_at: Clock) -> None:
    match = make_match(game="junqi", game_format={"setup_timeout_policy": "random"})
    match = submit(match, "red", f"setup red {RED_SETUP}", clock_at)
    with pytest.raises(MatchError) as err:
        submit(match, "blue", f"setup blue {BLUE_SETUP}", Clock(match.setup_deadline))
    assert err.value.code == "setup_time_up"
    match.refresh_from_db()
    assert match.status == "running"
    assert match.ply == 2
    assert match.clock["running"] == 0
    assert match.setup_deadline is None
    row = MatchMove.objects.get(match=match, ply=2)
    assert row.seat == 1
    assert row.masked == "setup blue ?"
    assert row.action.startswith("setup blue")
    assert row.action not in str(match_get_view(match=match, viewer_seat="red"))


def test_resignation_reveals_everything(junqi_match: Match, clock_at: Clock) -> None:
    match = set_up(junqi_match, clock_at)
    match = match_resign(match_id=match.pk, seat="blue", now=clock_at.tick(10))
    assert (match.winner, match.method) == ("red", "resignation")
    state = match_game_state(match)
    assert state.state.outcome is not None
    view = match_get_view(match=match, viewer_seat=None)
    assert RED_SETUP in str(view)
    assert BLUE_SETUP in str(view)


def test_play_to_the_end_by_the_engine(junqi_match: Match, clock_at: Clock) -> None:
    match = set_up(junqi_match, clock_at)
    rng = random.Random(5)
    while match.status == Match.Status.RUNNING:
        seat = match_get_view(match=match, viewer_seat=None)["game"]["to_act"]
        moves = [
            a
            for a in match_legal_actions(match=match, viewer_seat=seat)["actions"]
            if "-" in a and not a.startswith("resign")
        ]
        match = submit(match, seat, rng.choice(moves), clock_at, ms=10)
    assert match.method in ("flag", "no_move", "draw_no_combat", "draw_no_move_both")
    assert match.winner in ("red", "blue", "draw")
    from matches.selectors import match_record_text

    text = match_record_text(match=match)
    assert f'[SetupRed "{RED_SETUP}"]' in text


def test_record_pages_of_a_finished_game(junqi_match: Match, clock_at: Clock, client: Any) -> None:
    from django.urls import reverse

    match = set_up(junqi_match, clock_at)
    match = submit(match, "red", "offer draw", clock_at)
    match = submit(match, "blue", "accept draw", clock_at)
    for who in ("red", "blue", "all"):
        url = reverse("matches:record_views", args=[match.pk]) + f"?as={who}"
        payload = client.get(url).json()
        assert payload["result"] == {"winner": None, "method": "draw_agreed"}
        assert len(payload["views"]) == 3
        assert payload["moves"][0]["text"] == (
            f"setup red {RED_SETUP}" if who == "red" else "setup red ?"
        )
    download = client.get(reverse("matches:record_download", args=[match.pk]))
    assert download["Content-Type"].startswith("text/plain")
    assert f'[SetupBlue "{BLUE_SETUP}"]' in download.content.decode()
