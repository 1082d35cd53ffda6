"""Hidden information in every format: nothing a reader may not see leaves the server.

Seeded random games of tournament Rule 2 (expansion, three chosen cards), Rule 3 (deck
building, the base draft) and the other expansion options (random cards; cards chosen after
deployment with the promos; secret decks) are played through ``match_submit_action`` inside an
event, with a random policy that leans towards intrusions, exchanges and scouting so that every
kind of secret occurs: prepared, exchanged and removed cards, scouted card faces, draft picks,
secret decks, the generals and the face-down queue.

While each game runs, everything the server sends is collected and handed to the leak checker
(``tests/security/leak_check.py``) with the reader it reached:

* every WebSocket ``update`` frame the broadcast sends to the red, blue and watch groups;
* the JSON API (view, legal decisions, record, arbiter logs) for the seat, its opponent, a
  logged-in spectator, the event's organiser (not a player), another event's organiser and an
  anonymous visitor;
* at a few plies, every page: the live board, the record pages and download, the event's pages
  and its games archive, the arbiter consoles, both players' profiles (with their
  head-to-head) and the player search, and the admin's match pages for a superuser.

``test_the_checker_*`` prove that the checker fails on deliberately leaking bodies. Games are
bounded by a non-official turn limit; ``GUNSHI_SWEEP_GAMES`` sets the games per format (3 by
default; everyday runs play only the first of them through the server: tests/sampling.py).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import random
import re
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from engine import Side, legal_actions, new_game, observe
from engine.formats import DeckOption, GameFormat, Variant
from engine.rules import apply_action
from engine.rulings import RECOMMENDED
from tests.sampling import cases
from tests.security.leak_check import LeakError, Timeline, check_body
from tests.security.sweep_event import profile_paths, publish_the_table, reader_clients

pytestmark = pytest.mark.django_db

GAMES = int(os.environ.get("GUNSHI_SWEEP_GAMES", "3"))
#: The seeds played through the server: all ``GAMES`` in the ``ci`` profile, the first one in
#: everyday runs (tests/sampling.py), which is how CI's run of each format starts.
SERVER_SEEDS = cases(range(GAMES))
TURN_LIMIT = 30
FULL_SWEEPS = 2  # per format: every page, for every reader

FORMATS = {
    "rule_2": GameFormat.tournament_rule_2(),
    "rule_3": GameFormat.tournament_rule_3(),
    "expansion_random_cards": GameFormat(variant=Variant.EXPANSION, expansion_option=1),
    "expansion_after_deployment": GameFormat(
        variant=Variant.EXPANSION, expansion_option=3, promos=True
    ),
    "secret_decks": GameFormat(
        variant=Variant.DECK_BUILD, deck_option=DeckOption.SECRET, promos=True
    ),
}
EVENT_FORMAT = {Variant.EXPANSION: "expansion", Variant.DECK_BUILD: "deck_build"}

#: The readers and the engine side whose view each may have.
READERS: dict[str, Side | None] = {
    "red": Side.RED,
    "blue": Side.BLUE,
    "spectator": None,
    "organiser": None,
    "other_organiser": None,
    "anonymous": None,
}
AUDIENCE_READER = {"red": Side.RED, "blue": Side.BLUE, "watch": None}

_MOVE = re.compile(r"^([a-g])([1-7])-([a-g])([1-7])")


def choose(rng: random.Random, texts: list[str], side: Side) -> str:
    """A random decision leaning towards exchanges, scouting, intrusions and advancing."""
    for prefix, chance in (("exchange ", 0.9), ("scout", 0.7)):
        wanted = [t for t in texts if t.startswith(prefix)]
        if wanted and rng.random() < chance:
            return rng.choice(wanted)
    intrusions = [t for t in texts if t.endswith("+")]
    if intrusions:
        return rng.choice(intrusions)
    forward = 1 if side is Side.RED else -1
    advancing = [
        t for t in texts if (m := _MOVE.match(t)) and (int(m[4]) - int(m[2])) * forward > 0
    ]
    if advancing and rng.random() < 0.8:
        return rng.choice(advancing)
    plays = [t for t in texts if t.split()[:2] in (["play", "MV"], ["play", "SC"], ["play", "RM"])]
    if plays and rng.random() < 0.7:
        return rng.choice(plays)
    return rng.choice(texts)


# ------------------------------------------------------------------------------ the world


@dataclass
class Stage:
    """An event with one online table, the readers' clients and what was collected."""

    event: Any
    pairing: Any
    clients: dict[str, Client]
    superuser: Client
    frames: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    secret_kinds: set[str] = field(default_factory=set)  # met so far in this format's games
    kinds: Counter[str] = field(default_factory=Counter)


def _stage(game_format: GameFormat) -> Stage:
    from tournaments.services.events import event_create

    make = get_user_model().objects.create_user
    users = {
        name: make(username=name, password="pw-1234-x") for name in READERS if name != "anonymous"
    }
    admin_user = make(username="root", password="pw-1234-x", is_staff=True, is_superuser=True)
    organiser, other = users["organiser"], users["other_organiser"]
    event = event_create(
        organiser=organiser,
        name="Sweep Cup",
        starts_on=dt.date(2026, 5, 1),
        rounds=1,
        online=True,
        game_format=EVENT_FORMAT[game_format.variant],
    )
    event_create(organiser=other, name="Elsewhere Cup", starts_on=dt.date(2026, 5, 1))
    pairing = publish_the_table(organiser=organiser, event=event, users=users)
    clients = reader_clients(READERS, users)
    superuser = Client()
    superuser.force_login(admin_user)
    return Stage(event=event, pairing=pairing, clients=clients, superuser=superuser)


def _new_match(stage: Stage, game_format: GameFormat, seed: int) -> Any:
    from dataclasses import replace

    from matches.models import Match
    from matches.services.lifecycle import match_create
    from tournaments.models import Pairing

    pairing = Pairing.objects.select_related("red__user", "blue__user").get(pk=stage.pairing.pk)
    # The table's earlier match (the one publishing made, or the previous game) lets go of it.
    Match.objects.filter(pairing_id=pairing.pk).update(pairing_id=None)
    match = match_create(
        red_player=pairing.red.user,
        blue_player=pairing.blue.user,
        game_format=replace(game_format, seed=seed),
        seed=seed,
        rulings={"turn_limit": TURN_LIMIT},
        event_id=stage.event.pk,
        pairing_id=pairing.pk,
        start=True,
    )
    Pairing.objects.filter(pk=pairing.pk).update(match_id=match.pk)
    return match


# ------------------------------------------------------------------------------ surfaces


def _api_paths(match_id: int) -> list[str]:
    return [
        f"/api/matches/{match_id}/{suffix}" for suffix in ("", "legal-actions/", "record/", "logs/")
    ]


def _page_paths(stage: Stage, match_id: int) -> list[str]:
    slug = stage.event.slug
    entry_ids = [stage.pairing.red_id, stage.pairing.blue_id]
    records = [
        reverse("matches:record_detail", args=[match_id]),
        reverse("matches:record_download", args=[match_id]),
        *(
            reverse("matches:record_views", args=[match_id]) + f"?as={who}"
            for who in ("red", "blue", "all")
        ),
    ]
    return [
        f"/api/matches/{match_id}/record/",
        reverse("matches:match_board", args=[match_id]),
        reverse("matches:arbiter_console", args=[match_id]),
        reverse("matches:arbiter_event_console", args=[stage.event.pk]),
        reverse("matches:arbiter_event_boards", args=[stage.event.pk]),
        *records,
        reverse("tournaments:event_detail", kwargs={"slug": slug}),
        reverse("tournaments:round_detail", kwargs={"slug": slug, "number": 1}),
        reverse("tournaments:standings", kwargs={"slug": slug}),
        reverse("tournaments:export_pairings_json", kwargs={"slug": slug, "number": 1}),
        *(
            reverse("tournaments:player_detail", kwargs={"slug": slug, "entry_id": entry})
            for entry in entry_ids
        ),
        reverse("tournaments:manage_event", kwargs={"slug": slug}),
        reverse("tournaments:manage_round", kwargs={"slug": slug, "number": 1}),
        reverse("tournaments:export_games", kwargs={"slug": slug}),
        *profile_paths(stage.pairing),
    ]


def _admin_paths(match_id: int) -> list[str]:
    return [
        reverse("admin:matches_match_changelist"),
        reverse("admin:matches_match_change", args=[match_id]),
    ]


def _bodies(response: Any) -> list[bytes]:
    """The response's body, or each member of a zip archive."""
    content = response.content
    if response.get("Content-Type", "").startswith("application/zip"):
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return [archive.read(name) for name in archive.namelist()]
    return [content]


def _read(client: Client, path: str) -> list[bytes]:
    return _bodies(client.get(path))


# ------------------------------------------------------------------------------ one game


def _play_and_check(stage: Stage, game_format: GameFormat, seed: int) -> None:
    from django.db import connection

    from matches.models import Match
    from matches.selectors import match_game_state
    from matches.services.decisions import match_submit_action

    match = _new_match(stage, game_format, seed)
    rng = random.Random(seed)
    timeline = Timeline(states=[match_game_state(match)], actions=[])
    seen = stage.secret_kinds
    while match.status == Match.Status.RUNNING:
        ply = match.ply
        state = timeline.states[ply]
        side = state.to_act
        assert side is not None
        text = choose(rng, [a.to_str() for a in legal_actions(state)], side)
        stage.frames.clear()
        with _on_commit(connection):
            match = match_submit_action(
                match_id=match.pk, seat=side.label, action_text=text, expected_ply=ply
            )
        timeline.actions.append(text)
        timeline.states.append(match_game_state(match))
        stage.kinds[text.split()[0]] += 1
        if match.status != Match.Status.RUNNING:
            break
        # Every frame the broadcast sent, to the group it went to; the event console's nudge
        # (to the event's arbiters) carries no data at all.
        nudges = [frame for group, frame in stage.frames if group.endswith(".boards")]
        assert nudges == [{"type": "boards"}]
        frames = [(group, frame) for group, frame in stage.frames if not group.endswith(".boards")]
        assert {group.rsplit(".", 1)[1] for group, _ in frames} == set(AUDIENCE_READER)
        for group, frame in frames:
            reader = AUDIENCE_READER[group.rsplit(".", 1)[1]]
            check_body(json.dumps(frame), reader, timeline, ply + 1)
        # The API and the pages: whenever a new kind of secret appears, and now and then.
        kinds = _secret_kinds(timeline, ply + 1)
        if kinds - seen or (ply + 1) % 40 == 0:
            seen |= kinds
            for name, client in stage.clients.items():
                for path in _api_paths(match.pk):
                    for body in _read(client, path):
                        check_body(body, READERS[name], timeline, ply + 1)
            if (
                stage.kinds["full sweeps"] < FULL_SWEEPS
                and len(seen) >= 3 + 2 * stage.kinds["full sweeps"]
            ):
                stage.kinds["full sweeps"] += 1
                _full_sweep(stage, match.pk, timeline, ply + 1)
    stage.kinds["games"] += 1


def _secret_kinds(timeline: Timeline, ply: int) -> set[str]:
    """The kinds of secret a spectator is kept from at ``ply`` (decision words, card sets)."""
    texts = {text.split()[0] for text in timeline.secret_texts(ply, None)}
    sets = {f"{len(cards)} hidden cards" for cards in timeline.secret_card_sets(ply, None)}
    return texts | sets


def _full_sweep(stage: Stage, match_id: int, timeline: Timeline, ply: int) -> None:
    pages = _page_paths(stage, match_id)
    for reader, client in stage.clients.items():
        for path in pages:
            for body in _read(client, path):
                check_body(body, READERS[reader], timeline, ply)
    for path in _admin_paths(match_id) + pages:
        for body in _read(stage.superuser, path):
            check_body(body, None, timeline, ply)


class _on_commit:  # noqa: N801 - used as a context manager
    """Run the commit callbacks (the broadcast) of one service call, as a real commit does."""

    def __init__(self, connection: Any) -> None:
        from django.test import TestCase

        self._context = TestCase.captureOnCommitCallbacks(using=connection.alias, execute=True)

    def __enter__(self) -> None:
        self._context.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._context.__exit__(*exc)


@pytest.fixture
def captured_frames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    from matches import broadcast

    sent: list[tuple[str, dict[str, Any]]] = []

    def capture(messages: list[tuple[str, dict[str, Any]]]) -> None:
        sent.extend((group, json.loads(message["text"])) for group, message in messages)

    monkeypatch.setattr(broadcast, "_send", capture)
    return sent


#: What each format must have shown at least once over its games (so the sweep is not empty).
EXPECTED_KINDS: dict[str, tuple[str, ...]] = {
    "rule_2": ("prepare", "general", "cards"),
    "rule_3": ("pick", "general", "cards"),
    "expansion_random_cards": ("general", "cards"),
    "expansion_after_deployment": ("prepare", "general"),
    "secret_decks": ("deck", "general", "cards"),
}


@pytest.mark.parametrize("format_name", sorted(FORMATS))
def test_no_reader_ever_receives_a_secret(
    format_name: str, captured_frames: list[tuple[str, dict[str, Any]]]
) -> None:
    game_format = FORMATS[format_name]
    stage = _stage(game_format)
    stage.frames = captured_frames
    for seed in SERVER_SEEDS:
        _play_and_check(stage, game_format, seed=1000 * seed + 7)
    for kind in EXPECTED_KINDS[format_name]:
        assert stage.kinds[kind] > 0, (kind, stage.kinds)
    assert stage.kinds["full sweeps"] > 0, stage.kinds


def test_the_sweep_meets_exchanges_and_scouting() -> None:
    """The policy reaches the rarer secrets: exchanges (after a first intrusion) and scouted
    cards, in the engine alone over the sweep's seeds and formats."""
    from dataclasses import replace

    kinds: Counter[str] = Counter()
    for game_format in FORMATS.values():
        for seed in range(GAMES):
            rng = random.Random(1000 * seed + 7)
            state = new_game(
                rulings=replace(RECOMMENDED, turn_limit=TURN_LIMIT),
                format=replace(game_format, seed=1000 * seed + 7),
            )
            while state.to_act is not None:
                choices = {a.to_str(): a for a in legal_actions(state)}
                text = choose(rng, list(choices), state.to_act)
                kinds[text.split()[0]] += 1
                state = apply_action(state, choices[text])
    assert kinds["exchange"] > 0, kinds
    assert kinds["scout"] > 0, kinds


# ------------------------------------------------------------------------- the checker


def _rule_2_timeline(plies: int) -> Timeline:
    """A Rule 2 game of the sweep's policy, played in the engine for ``plies`` decisions."""
    from dataclasses import replace

    rng = random.Random(3)
    state = new_game(
        rulings=replace(RECOMMENDED, turn_limit=TURN_LIMIT), format=GameFormat.tournament_rule_2()
    )
    states, actions = [state], []
    for _ in range(plies):
        assert state.to_act is not None
        choices = legal_actions(state)
        text = choose(rng, [a.to_str() for a in choices], state.to_act)
        state = apply_action(state, next(a for a in choices if a.to_str() == text))
        states.append(state)
        actions.append(text)
    return Timeline(states=states, actions=actions)


def _ply_with_prepared_and_general(timeline: Timeline) -> int:
    for ply, state in enumerate(timeline.states):
        if all(s.prepared and s.general for s in state.sides):
            return ply
    raise AssertionError("no such ply")


@pytest.mark.django_db(False)
def test_the_checker_passes_what_observe_allows() -> None:
    timeline = _rule_2_timeline(60)
    ply = _ply_with_prepared_and_general(timeline)
    for reader in (Side.RED, Side.BLUE, None):
        view = observe(timeline.states[ply], reader)
        check_body(
            json.dumps({"type": "update", "ply": ply, "view": {"game": view}}),
            reader,
            timeline,
            ply,
        )


LEAKS: dict[str, Callable[[Timeline, int], tuple[str, Side | None]]] = {}


def leak(func: Callable[[Timeline, int], tuple[str, Side | None]]) -> Any:
    LEAKS[func.__name__] = func
    return func


@leak
def opponents_prepared_cards_in_the_view(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    view = observe(timeline.states[ply], Side.BLUE)
    red = timeline.states[ply].sides[Side.RED]
    view["sides"]["red"]["expansion"]["prepared"] = [c.value for c in red.prepared]
    return json.dumps({"view": {"game": view}}), Side.BLUE


@leak
def opponents_general_flag_on_the_board(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    view = observe(timeline.states[ply], None)
    state = timeline.states[ply]
    letter = state.sides[Side.BLUE].general
    for piece in view["board"]:
        if piece["owner"] == "blue" and piece["letter"] == letter:
            piece["general"] = True
    return json.dumps(view), None


@leak
def own_view_sent_to_the_opponent(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    return json.dumps({"game": observe(timeline.states[ply], Side.RED)}), Side.BLUE


@leak
def unmasked_move_list(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    history = [
        {"ply": i + 1, "seat": "red", "text": t} for i, t in enumerate(timeline.actions[:ply])
    ]
    return json.dumps({"history": history}), None


@leak
def secret_decision_in_an_html_log(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    prepare = next(a for a in timeline.actions[:ply] if a.startswith("prepare"))
    return f"<table><tr><td>action</td><td>{prepare}</td></tr></table>", None


@leak
def secret_cards_as_a_bare_list(timeline: Timeline, ply: int) -> tuple[str, Side | None]:
    red = timeline.states[ply].sides[Side.RED]
    return json.dumps({"events": [{"detail": {"cards": [c.value for c in red.prepared]}}]}), None


@pytest.mark.django_db(False)
@pytest.mark.parametrize("name", sorted(LEAKS))
def test_the_checker_catches_a_deliberate_leak(name: str) -> None:
    timeline = _rule_2_timeline(60)
    ply = _ply_with_prepared_and_general(timeline)
    body, reader = LEAKS[name](timeline, ply)
    with pytest.raises(LeakError):
        check_body(body, reader, timeline, ply)


# ------------------------------------------------------------------ over real WebSockets

SOCKET_PLIES = (40, 20)  # decisions before the sockets connect, then while they listen


def _play_some(match_id: int, timeline: Timeline, rng: random.Random, plies: int) -> None:
    from matches.models import Match
    from matches.selectors import match_game_state
    from matches.services.decisions import match_submit_action

    match = Match.objects.get(pk=match_id)
    for _ in range(plies):
        if match.status != Match.Status.RUNNING:
            return
        state = timeline.states[match.ply]
        assert state.to_act is not None
        text = choose(rng, [a.to_str() for a in legal_actions(state)], state.to_act)
        match = match_submit_action(
            match_id=match.pk, seat=state.to_act.label, action_text=text, expected_ply=match.ply
        )
        timeline.actions.append(text)
        timeline.states.append(match_game_state(match))


def _session_cookie(client: Client) -> list[tuple[bytes, bytes]]:
    from django.conf import settings

    morsel = client.cookies.get(settings.SESSION_COOKIE_NAME)
    if morsel is None:
        return []
    return [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={morsel.value}".encode())]


async def _broadcasts_sent() -> None:
    """Wait until the frames queued on this loop by committed changes have reached the layer
    (``matches.broadcast`` sends them after commit, on the server's loop): a socket that joins
    afterwards then sees only the snapshot and later updates."""
    import asyncio

    from matches import broadcast

    for _ in range(500):
        if not broadcast._sending:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the queued match frames were not sent within 5 s")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("format_name", sorted(FORMATS))
async def test_no_socket_frame_carries_a_secret(format_name: str) -> None:
    """Sockets of every reader (session cookies) join a running game: their snapshot and every
    update they receive while the game goes on pass the checker."""
    from channels.db import database_sync_to_async
    from channels.layers import channel_layers
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from matches.selectors import match_game_state

    channel_layers.backends.clear()
    game_format = FORMATS[format_name]
    stage = await database_sync_to_async(_stage)(game_format)
    for seed in range(11, 30):  # a game still running when the sockets join
        match = await database_sync_to_async(_new_match)(stage, game_format, seed)
        state = await database_sync_to_async(match_game_state)(match)
        timeline = Timeline(states=[state], actions=[])
        rng = random.Random(seed)
        await database_sync_to_async(_play_some)(match.pk, timeline, rng, SOCKET_PLIES[0])
        if timeline.states[-1].to_act is not None:
            break
    await _broadcasts_sent()  # frames of decisions made before the sockets join go first
    sockets = {}
    for name, client in stage.clients.items():
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        communicator = WebsocketCommunicator(
            application, f"/ws/matches/{match.pk}/", headers=headers + _session_cookie(client)
        )
        connected, _ = await communicator.connect(timeout=10)
        assert connected, name
        sockets[name] = communicator
    received: dict[str, list[dict[str, Any]]] = {name: [] for name in sockets}
    try:
        await database_sync_to_async(_play_some)(match.pk, timeline, rng, SOCKET_PLIES[1])
        last = len(timeline.actions)
        for name, communicator in sockets.items():
            while True:
                frame = await communicator.receive_json_from(timeout=10)
                received[name].append(frame)
                if frame.get("ply") == last and frame["type"] == "update":
                    break
    finally:
        for communicator in sockets.values():
            await communicator.disconnect()
    for name, frames in received.items():
        assert frames[0]["type"] == "snapshot", name
        assert sum(frame["type"] == "update" for frame in frames) == last - SOCKET_PLIES[0]
        for frame in frames:
            if frame["type"] in ("snapshot", "update") and frame["view"]["status"] != "running":
                continue  # a finished game's record is public
            check_body(json.dumps(frame), READERS[name], timeline, frame["ply"])
