"""Hidden information in a game against the computer (docs/opponent.md, "On the site").

A 軍師軍略 game of tournament Rule 2 (prepared cards, face-down cards, generals) is played
between a person (Red, random decisions through the decision service) and the computer (Blue,
level 1, the eager ``bot`` task after each commit). The leak checker
(``tests/security/leak_check.py``) reads:

* every WebSocket frame the broadcast sends, with the reader of its group;
* the person's JSON API and pages (board, record, record views) and an anonymous visitor's, at
  a few plies;
* every ``SeatView`` the computer was handed: it must reveal nothing Blue may not see.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine import Side, parse_action
from engine.formats import GameFormat
from engine.rules import apply_action
from matches.models import Match
from tests.security.leak_check import Timeline, check_body

pytestmark = pytest.mark.django_db(transaction=True)

AUDIENCE_READER = {"red": Side.RED, "blue": Side.BLUE, "watch": None}
TURN_LIMIT = 160


def _timeline(match: Match) -> Timeline:
    """Every state of the game, replayed from its set-up and action log (the checker's truth)."""
    from matches.selectors import match_action_texts, match_rules, match_setup

    rules = match_rules(match)
    states = [rules.initial_state(match_setup(match))]
    texts = match_action_texts(match)
    for text in texts:
        states.append(apply_action(states[-1], parse_action(text)))
    return Timeline(states=states, actions=texts)


def test_nothing_secret_reaches_the_person_the_public_or_the_computer(
    django_user_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matches import broadcast
    from matches.selectors import match_get_view
    from matches.services.decisions import match_submit_action
    from play import computer_player
    from play.computer_services import computer_game_create

    frames: list[tuple[int, str, dict[str, Any]]] = []

    def capture(messages: list[tuple[str, dict[str, Any]]]) -> None:
        for group, message in messages:
            if not group.endswith(".boards"):
                frame = json.loads(message["text"])
                frames.append((frame["ply"], group.rsplit(".", 1)[1], frame))

    monkeypatch.setattr(broadcast, "_send", capture)
    handed: list[Any] = []

    class Recording(computer_player.SearchPlayer):
        def decide(self, view: Any, **kwargs: Any) -> Any:
            handed.append(view)
            return super().decide(view, **kwargs)

    monkeypatch.setattr(computer_player, "SearchPlayer", Recording)

    person = django_user_model.objects.create_user(username="aoi", password="pw-sweep-1")
    client = Client()
    client.force_login(person)
    match = computer_game_create(
        player=person, game="gunshi", variant="expansion", level=1, colour="red"
    )
    assert match.game_format["expansion_option"] == GameFormat.tournament_rule_2().expansion_option
    rng = random.Random(11)
    checkpoints: list[tuple[int, str, bytes]] = []
    anonymous = Client()
    while match.status == Match.Status.RUNNING and match.ply < TURN_LIMIT:
        frame = match_get_view(match=match, viewer_seat="red", with_presence=False)
        legal = [a for a in frame["game"]["legal_actions"] if "draw" not in a]
        assert legal, "the computer left its turn unanswered"
        match_submit_action(
            match_id=match.pk, seat="red", action_text=rng.choice(legal), expected_ply=match.ply
        )
        match.refresh_from_db()
        if match.ply % 25 < 2:
            paths = [
                f"/api/matches/{match.pk}/",
                f"/api/matches/{match.pk}/record/",
                reverse("matches:match_board", args=[match.pk]),
                reverse("matches:record_detail", args=[match.pk]),
            ]
            for path in paths:
                checkpoints.append((match.ply, "red", client.get(path).content))
                checkpoints.append((match.ply, "public", anonymous.get(path).content))

    match.refresh_from_db()
    timeline = _timeline(match)
    # Only the plies of a running game: a finished game's record is public.
    last = match.ply if match.status == Match.Status.RUNNING else match.ply - 1
    assert len(handed) >= 10
    assert len(frames) > 50
    for ply, audience, frame in frames:
        if ply <= last:
            check_body(json.dumps(frame), AUDIENCE_READER[audience], timeline, ply)
    for ply, reader, body in checkpoints:
        if ply <= last:
            check_body(body, Side.RED if reader == "red" else None, timeline, ply)
    # Each view the computer was handed, at the ply it was sent (an old view lists the decisions
    # Blue was offered then, which a later secret of Red may happen to equal).
    for view in handed:
        check_body(json.dumps(list(view.history)), Side.BLUE, timeline, view.ply)
        for ply, observation in enumerate(view.observations):
            check_body(json.dumps(observation), Side.BLUE, timeline, ply)
    # The sweep met secrets: Red's general and face-down decisions were masked for Blue.
    assert timeline.secret_texts(min(last, 60), Side.BLUE)
