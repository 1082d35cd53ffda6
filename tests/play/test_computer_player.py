"""The computer plays its seat from that seat's frames only (play/computer_player.py).

With the test settings' eager Celery, the task queued after each commit
(``play.receivers``) runs at once, so a person's decision is answered before the call returns.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.utils import timezone

import matches.selectors as match_selectors
from matches.models import Match
from matches.selectors import match_get_view
from matches.services.decisions import match_submit_action
from matches.services.timeouts import match_adjudicate_timeout
from play import computer_player
from play.computer_player import computer_play_turn, seat_view_of
from play.computer_services import computer_game_create

pytestmark = pytest.mark.django_db(transaction=True)


def _person_plays_randomly(match_id: int, seat: str, rng: random.Random, limit: int) -> Match:
    """The person's seat: a random decision from its own frame, until the game ends."""
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.RUNNING:
            return match
        frame = match_get_view(match=match, viewer_seat=seat, with_presence=False)
        legal = frame["game"]["legal_actions"]
        assert legal, "the computer left its turn unanswered"
        moves = [a for a in legal if "draw" not in a] or legal
        match_submit_action(
            match_id=match_id, seat=seat, action_text=rng.choice(moves), expected_ply=match.ply
        )
    return Match.objects.get(pk=match_id)


@pytest.mark.parametrize(("game", "colour"), [("gunshi", "blue"), ("junqi", "red")])
def test_a_game_against_the_computer_is_played_to_the_end(aoi: Any, game: str, colour: str) -> None:
    match = computer_game_create(player=aoi, game=game, time_control="60+0", level=1, colour=colour)
    match = _person_plays_randomly(match.pk, colour, random.Random(7), limit=3000)
    assert match.status == Match.Status.FINISHED, (match.status, match.ply)
    assert match.method not in ("timeout", "no_show")
    computer_seat = "red" if colour == "blue" else "blue"
    assert match.moves.filter(seat=0 if computer_seat == "red" else 1).count() > 0
    assert match.rated is False


def test_the_computer_opens_as_red_without_waiting(aoi: Any) -> None:
    match = computer_game_create(player=aoi, game="gunshi", level=2, colour="blue")
    match.refresh_from_db()
    assert match.ply >= 1  # Red's first placement was made by the computer
    frame = match_get_view(match=match, viewer_seat="blue", with_presence=False)
    assert frame["game"]["legal_actions"]  # and now the person is asked


def test_the_computer_reads_only_its_seats_frames(aoi: Any, monkeypatch: Any) -> None:
    """Every read of the computer's turn goes through the seat's frame selectors, for its own
    seat; it never reads the stored game state itself, nor the action log."""
    match = computer_game_create(player=aoi, game="gunshi", level=2, colour="red")
    match = _person_plays_randomly(match.pk, "red", random.Random(3), limit=12)
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    computer_player._MEMORY.clear()
    seats: list[Any] = []
    real_frame, real_past = computer_player.match_get_view, computer_player.match_seat_frame_view

    def frame(**kwargs: Any) -> Any:
        seats.append(kwargs["viewer_seat"])
        return real_frame(**kwargs)

    def past(**kwargs: Any) -> Any:
        seats.append(kwargs["seat"])
        return real_past(**kwargs)

    def forbidden(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the computer read the match's hidden state")

    monkeypatch.setattr(computer_player, "match_get_view", frame)
    monkeypatch.setattr(computer_player, "match_seat_frame_view", past)
    monkeypatch.setattr(match_selectors, "match_action_texts", forbidden)
    # The person decides until the computer is asked: it answers from its frames.
    before = match.ply
    for _ in range(40):
        match.refresh_from_db()
        if match.moves.filter(seat=1, ply__gt=before).exists():
            break
        frame_red = real_frame(match=match, viewer_seat="red", with_presence=False)
        match_submit_action(
            match_id=match.pk,
            seat="red",
            action_text=frame_red["game"]["legal_actions"][0],
            expected_ply=match.ply,
        )
    assert match.moves.filter(seat=1, ply__gt=before).exists()  # the computer decided
    assert seats
    assert set(seats) == {"blue"}


def test_the_seat_view_is_built_from_the_frames_the_seat_was_sent(aoi: Any) -> None:
    """The computer's SeatView holds the history lines of Blue's frame (Red's secrets masked),
    the set-up without the deal seed, and the current view of that frame."""
    match = computer_game_create(player=aoi, game="gunshi", level=1, colour="red")
    # Play until Red has a secret decision on record and a few plies are in, not a fixed number
    # of decisions: the computer's answers are not seeded, so a long random game may be over.
    rng = random.Random(5)
    for _ in range(40):
        match = _person_plays_randomly(match.pk, "red", rng, limit=1)
        red_secrets = any(m.masked for m in match.moves.filter(seat=0))
        if match.status != Match.Status.RUNNING or (red_secrets and match.ply >= 6):
            break
    assert match.status == Match.Status.RUNNING
    frame = match_get_view(match=match, viewer_seat="blue", with_presence=False)
    view = seat_view_of(match, "blue", frame)
    assert view.seat == 1
    assert view.ply == match.ply
    assert "seed" not in view.setup["game_format"]
    assert list(view.history) == [e["text"] for e in frame["history"]]
    assert view.current == frame["game"]
    # Red's secret decisions reach the computer as Blue reads them: masked.
    masked = [(m.ply, m.action, m.masked) for m in match.moves.filter(seat=0) if m.masked]
    assert masked
    for ply, secret, shown in masked:
        assert view.history[ply - 1] == shown != secret
    # Continued from an earlier prefix, it is the same view.
    assert seat_view_of(match, "blue", frame, view.prefix(2)) == view


def test_a_computer_that_never_answers_loses_on_time(aoi: Any, monkeypatch: Any) -> None:
    """A dead bot worker: no task runs. The clock adjudicates as for anyone."""
    monkeypatch.setattr(computer_player, "computer_play_turn", lambda **_: 0)
    monkeypatch.setattr("play.tasks.computer_play_turn", lambda **_: 0)
    match = computer_game_create(player=aoi, game="gunshi", time_control="5s+0", colour="red")
    match = _person_plays_randomly(match.pk, "red", random.Random(1), limit=1)
    match.refresh_from_db()
    assert match.flag_deadline is not None
    later = max(match.flag_deadline, timezone.now()) + dt.timedelta(seconds=1)
    assert match_adjudicate_timeout(match_id=match.pk, now=later) is True
    match.refresh_from_db()
    assert (match.status, match.winner, match.method) == ("finished", "red", "timeout")
    assert computer_play_turn(match_id=match.pk) == 0  # a late task does nothing


def test_a_late_or_repeated_task_does_nothing(aoi: Any) -> None:
    match = computer_game_create(player=aoi, game="gunshi", colour="red")
    assert computer_play_turn(match_id=match.pk) == 0  # the person is asked, not the computer
    assert computer_play_turn(match_id=match.pk + 999) == 0
