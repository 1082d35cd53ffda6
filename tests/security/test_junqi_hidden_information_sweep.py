"""Hidden information of 軍棋 online: no rank of an opponent's piece and no opponent set-up
reaches a reader before the end; everything is public after it (RULES.md §8).

A seeded game of an online 軍棋 event (its match created by publishing the round), and a casual
game outside events (offered by a challenge link and accepted, docs/play.md), are played
through ``match_submit_action``: both secret set-ups, then moves with attacks until the flag
falls or the engine ends it. At every decision, every WebSocket ``update`` frame the broadcast
sends to the red, blue and watch groups is checked; at a few plies, the JSON API (view, legal
decisions, record, arbiter logs), the past positions and the pages, for both seats, a logged-in
spectator, the organiser and an anonymous visitor; at the end, the record holds both set-ups.

The check of a body for a reader of a running game (``check_junqi_body``):

1. **set-ups**: no set-up string the reader did not submit occurs anywhere in the body;
2. **ranks in the move list**: no full-notation combat (``a6xa8=[7:B]``) occurs;
3. **embedded views**: every 軍棋 game view in a JSON body (or a page's JSON blocks) shows the
   pieces, the sides and the moves exactly as ``junqi.observe`` shows them to the reader at
   that view's decision count (so no opponent piece is ranked, no removed list is shown).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

import junqi
from games.junqi_rules import RULES, JunqiGame
from tests.security.sweep_event import profile_paths, publish_the_table, reader_clients

pytestmark = pytest.mark.django_db

READERS: dict[str, int | None] = {
    "red": 0,
    "blue": 1,
    "spectator": None,
    "organiser": None,
    "anonymous": None,
}
AUDIENCE_READER = {"red": 0, "blue": 1, "watch": None}
_FULL_COMBAT = re.compile(r"x[a-e]\d{1,2}[<>=#]\[\w:\w\]")
_JSON_SCRIPT = re.compile(r"<script[^>]*type=\"application/json\"[^>]*>(.*?)</script>", re.S)


class JunqiLeakError(AssertionError):
    """A body revealed a 軍棋 secret to a reader not entitled to it."""


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _dicts(item)


def _json_parts(body: str) -> list[Any]:
    try:
        return [json.loads(body)]
    except ValueError:
        parts = []
        for block in _JSON_SCRIPT.findall(body):
            try:
                parts.append(json.loads(block))
            except ValueError:
                continue
        return parts


def check_junqi_body(body: bytes | str, reader: int | None, states: list[JunqiGame]) -> None:
    """Fail when ``body`` (fetched while the game runs at ``states[-1]``) reveals a secret."""
    text = body.decode() if isinstance(body, bytes) else body
    current = states[-1].state
    for seat, setup in enumerate(current.setups):
        if setup is not None and seat != reader and setup.text in text:
            raise JunqiLeakError(f"set-up of seat {seat} reached reader {reader}")
    if _FULL_COMBAT.search(text):
        raise JunqiLeakError(f"a ranked combat reached reader {reader}")
    by_decisions = {game.decisions: game for game in states}
    side = None if reader is None else junqi.Side(reader)
    for part in _json_parts(text):
        for found in _dicts(part):
            if found.get("game") != "junqi" or "pieces" not in found:
                continue
            game = by_decisions[found["decisions"]]
            expected = junqi.observe(game.state, side)
            for key in ("pieces", "sides", "moves", "viewer"):
                if found[key] != expected[key]:
                    raise JunqiLeakError(f"view key {key!r} differs for reader {reader}")


def _stage() -> dict[str, Any]:
    from tournaments.services.events import event_create

    make = get_user_model().objects.create_user
    users = {name: make(username=name, password="pw-1234-x") for name in READERS}
    organiser = users["organiser"]
    event = event_create(
        organiser=organiser,
        name="Junqi Cup",
        starts_on=dt.date(2026, 5, 1),
        rounds=1,
        online=True,
        game="junqi",
        time_control="10+5",
    )
    pairing = publish_the_table(organiser=organiser, event=event, users=users)
    clients = reader_clients(READERS, users)
    return {"event": event, "pairing": pairing, "clients": clients}


def _paths(stage: dict[str, Any], match_id: int, ply: int) -> list[str]:
    slug = stage["event"].slug
    api = [f"/api/matches/{match_id}/{s}" for s in ("", "legal-actions/", "record/", "logs/")]
    positions = [
        reverse("matches:match_position", args=[match_id, p]) for p in range(max(0, ply - 2), ply)
    ]
    pages = [
        reverse("matches:match_board", args=[match_id]),
        reverse("matches:arbiter_console", args=[match_id]),
        reverse("matches:record_detail", args=[match_id]),
        reverse("matches:record_download", args=[match_id]),
        reverse("tournaments:event_detail", kwargs={"slug": slug}),
        reverse("tournaments:round_detail", kwargs={"slug": slug, "number": 1}),
        reverse("tournaments:manage_round", kwargs={"slug": slug, "number": 1}),
        reverse("tournaments:export_pairings_json", kwargs={"slug": slug, "number": 1}),
        *profile_paths(stage["pairing"]),
    ]
    return api + positions + pages


@pytest.fixture
def captured_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    from matches import broadcast

    sent: list[tuple[str, dict[str, Any]]] = []

    def capture(messages: list[tuple[str, dict[str, Any]]]) -> None:
        sent.extend((group, json.loads(message["text"])) for group, message in messages)

    monkeypatch.setattr(broadcast, "_send", capture)
    return sent


def _choose(rng: random.Random, actions: list[str]) -> str:
    return rng.choice([a for a in actions if a[0] in "abcde"])


def test_no_reader_sees_a_junqi_secret(
    captured_frames: list[tuple[str, dict[str, Any]]],
) -> None:
    from matches.models import Match
    from matches.services.lifecycle import match_join

    stage = _stage()
    match = Match.objects.get(pk=stage["pairing"].match_id)
    assert match.game == "junqi"
    assert match.time_control == "10+5"
    for seat in ("red", "blue"):
        match = match_join(match_id=match.pk, seat=seat)
    assert match.status == Match.Status.RUNNING
    _play_and_sweep(
        match,
        stage["clients"],
        lambda ply: _paths(stage, match.pk, ply),
        captured_frames,
        in_event=True,
    )


def test_no_reader_sees_a_secret_of_a_casual_game(
    captured_frames: list[tuple[str, dict[str, Any]]],
) -> None:
    """A casual 軍棋 game outside events (docs/play.md): offered by a challenge link, accepted,
    and swept like an event's game, with the Play pages and the challenge page among the
    pages read."""
    from play.services import seek_accept, seek_create

    make = get_user_model().objects.create_user
    users = {name: make(username=name, password="pw-1234-x") for name in READERS}
    seek = seek_create(creator=users["red"], kind="link", game="junqi", colour="red")
    seek = seek_accept(seek_id=seek.pk, actor=users["blue"], token=seek.token)
    match = seek.match
    assert match is not None
    assert (match.event_id, match.rated, match.red_player) == (None, False, users["red"])
    play_pages = [
        reverse("play:home"),
        reverse("play:lists"),
        reverse("play:challenge", args=[seek.token]),
    ]

    def paths(ply: int) -> list[str]:
        api = [f"/api/matches/{match.pk}/{s}" for s in ("", "legal-actions/", "record/")]
        positions = [
            reverse("matches:match_position", args=[match.pk, p])
            for p in range(max(0, ply - 2), ply)
        ]
        board = [
            reverse("matches:match_board", args=[match.pk]),
            reverse("matches:record_detail", args=[match.pk]),
            reverse("matches:record_download", args=[match.pk]),
        ]
        return api + positions + board + play_pages

    _play_and_sweep(match, reader_clients(READERS, users), paths, captured_frames, in_event=False)


def _play_and_sweep(
    match: Any,
    clients: dict[str, Any],
    paths: Any,
    captured_frames: list[tuple[str, dict[str, Any]]],
    *,
    in_event: bool,
) -> None:
    """Play the running 軍棋 ``match`` to its end (seeded set-ups, random moves); check every
    broadcast frame at every decision, and the ``paths(ply)`` for every reader at a few
    plies; at the end, the record is public and holds both set-ups."""
    from django.db import connection
    from django.test import TestCase

    from matches.models import Match
    from matches.selectors import match_game_state, match_legal_actions
    from matches.services.decisions import match_submit_action

    rng = random.Random(11)
    setups = {
        seat: junqi.random_setup(junqi.Side(i), rng).text for i, seat in enumerate(("red", "blue"))
    }
    states = [match_game_state(match)]
    plan: list[tuple[str, str]] = [("blue", f"setup blue {setups['blue']}")]
    plan.append(("red", f"setup red {setups['red']}"))
    attacks = 0
    while match.status == Match.Status.RUNNING and match.ply < 400:
        if plan:
            seat, text = plan.pop(0)
        else:
            seat = junqi.Side(RULES.to_act(states[-1]) or 0).label
            legal = match_legal_actions(match=match, viewer_seat=seat)["actions"]
            text = _choose(rng, legal)
        captured_frames.clear()
        with TestCase.captureOnCommitCallbacks(using=connection.alias, execute=True):
            match = match_submit_action(
                match_id=match.pk, seat=seat, action_text=text, expected_ply=match.ply
            )
        states.append(match_game_state(match))
        log = states[-1].state.log
        attacks += bool(log) and log[-1].is_attack and text[0] in "abcde"
        if match.status != Match.Status.RUNNING:
            break
        nudges = [frame for group, frame in captured_frames if group.endswith(".boards")]
        # The event console's nudge carries no data; a game outside events has none.
        assert nudges == ([{"type": "boards"}] if in_event else [])
        frames = [(g, frame) for g, frame in captured_frames if not g.endswith(".boards")]
        assert {group.rsplit(".", 1)[1] for group, _ in frames} == set(AUDIENCE_READER)
        for group, frame in frames:
            check_junqi_body(json.dumps(frame), AUDIENCE_READER[group.rsplit(".", 1)[1]], states)
        if match.ply in (1, 2, 3) or match.ply % 50 == 0:
            for name, client in clients.items():
                for path in paths(match.ply):
                    response = client.get(path)
                    assert response.status_code < 500, path
                    check_junqi_body(response.content, READERS[name], states)
    assert match.status == Match.Status.FINISHED
    assert attacks > 0
    # After the end everything is public: the record holds both set-ups and every rank.
    record = clients["anonymous"].get(f"/api/matches/{match.pk}/record/")
    assert record.status_code == 200
    for setup in setups.values():
        assert setup in record.content.decode()
    view = clients["anonymous"].get(f"/api/matches/{match.pk}/").json()
    assert all(p["piece"] != "?" for p in view["game"]["pieces"])


def test_the_junqi_checker_catches_leaks() -> None:
    rng = random.Random(3)
    game = RULES.initial_state({"game_format": {}})
    red = junqi.random_setup(junqi.Side.RED, rng)
    blue = junqi.random_setup(junqi.Side.BLUE, rng)
    game = RULES.apply(game, junqi.SubmitSetup(red))
    states = [game]
    with pytest.raises(JunqiLeakError):
        check_junqi_body(json.dumps({"x": red.text}), 1, states)
    check_junqi_body(json.dumps({"x": red.text}), 0, states)
    game = RULES.apply(game, junqi.SubmitSetup(blue))
    states.append(game)
    good = RULES.view(game, None)
    check_junqi_body(json.dumps({"view": {"game": good}}), None, states)
    leaked = RULES.view(game, 0)  # Red's own view sent to a spectator
    with pytest.raises(JunqiLeakError):
        check_junqi_body(json.dumps({"view": {"game": leaked}}), None, states)
    with pytest.raises(JunqiLeakError):
        check_junqi_body("<td>a6xa8=[7:B]</td>", None, states)
