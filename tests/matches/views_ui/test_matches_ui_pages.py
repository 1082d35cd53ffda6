"""The matches pages: record list and viewer, record download, live board, over-the-board clock.

Every page renders in Japanese and English; the record viewer's JSON is checked structurally
against the engine's full ("god") state at every ply: a seat's view never carries the
opponent's general, hand, deck or face-down cards, and its move list masks the opponent's
secret decisions.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine import GameRecord, GameState, Phase, Side, parse_action, replay
from engine.observation import is_secret
from matches import demo
from matches.models import Match
from matches.selectors import match_action_texts
from matches.ui_labels import UI_LABELS
from matches.views_ui import record_viewer_payload

pytestmark = pytest.mark.django_db

FINISHED_AT = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
SHORT_GAME = demo.DemoGame(key="test-short", seed=300, red="Aoi", blue="Ren")


def get(client: Client, url: str, language: str = "en") -> Any:
    return client.get(url, headers={"accept-language": language})


@pytest.fixture
def finished() -> Match:
    """A finished online game (a random game of the engine that ended by the rules)."""
    return demo.store_finished_game(
        SHORT_GAME, demo.demo_record(SHORT_GAME), finished_at=FINISHED_AT
    )


@pytest.fixture
def record(finished: Match) -> GameRecord:
    return demo.demo_record(SHORT_GAME)


@pytest.fixture
def god_states(record: GameRecord) -> list[GameState]:
    return replay(replace(record, result=None))


# ------------------------------------------------------------------------- record list


@pytest.mark.parametrize(("language", "heading"), [("en", "Game records"), ("ja", "棋譜")])
def test_record_list_shows_finished_games_in_both_languages(
    client: Client, finished: Match, language: str, heading: str
) -> None:
    response = get(client, reverse("matches:record_list"), language)
    assert response.status_code == 200
    html = response.content.decode()
    assert heading in html
    assert reverse("matches:record_detail", args=[finished.pk]) in html
    assert "Aoi" in html
    assert "Ren" in html


def test_record_list_leaves_out_unfinished_and_over_the_board_matches(
    client: Client, make_match: Any, finished: Match
) -> None:
    running = make_match()
    otb = make_match(kind=Match.Kind.OTB)
    html = get(client, reverse("matches:record_list")).content.decode()
    assert reverse("matches:record_detail", args=[finished.pk]) in html
    assert reverse("matches:record_detail", args=[running.pk]) not in html
    assert reverse("matches:record_detail", args=[otb.pk]) not in html


def test_record_list_says_when_there_is_nothing(client: Client) -> None:
    assert "No finished games yet." in get(client, reverse("matches:record_list")).content.decode()


# ----------------------------------------------------------------------- record viewer


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Red's seat", "Spectator", "Download"]), ("ja", ["赤の視点", "観戦者", "棋譜"])],
)
def test_record_viewer_page_renders_in_both_languages(
    client: Client, finished: Match, language: str, words: list[str]
) -> None:
    response = get(client, reverse("matches:record_detail", args=[finished.pk]), language)
    assert response.status_code == 200
    html = response.content.decode()
    for word in words:
        assert word in html
    assert reverse("matches:record_download", args=[finished.pk]) in html
    assert "js/replay.js" in html


def test_record_viewer_hands_its_scripts_translated_labels(client: Client, finished: Match) -> None:
    url = reverse("matches:record_detail", args=[finished.pk])
    labels = {}
    for language in ("en", "ja"):
        html = get(client, url, language).content.decode()
        start = html.index('id="gunshi-ui"')
        body = html[html.index(">", start) + 1 : html.index("</script>", start)]
        labels[language] = json.loads(body)["labels"]
    assert set(labels["en"]) == set(labels["ja"]) == set(UI_LABELS)
    assert [labels["en"][f"card_{code}"] for code in ("MV", "RS", "FN", "RF")] == [
        "Move",
        "Rotate/Shoot",
        "Fence",
        "Reinforce",
    ]
    assert [labels["ja"][f"card_{code}"] for code in ("MV", "RS", "FN", "RF")] == [
        "移動",
        "向き変更/射撃",
        "柵配置",
        "援軍",
    ]


@pytest.mark.parametrize("status", [Match.Status.RUNNING, Match.Status.PENDING])
def test_unfinished_games_have_no_record_pages(
    client: Client, make_match: Any, status: str
) -> None:
    match = make_match(start=status == Match.Status.RUNNING)
    assert match.status == status
    for name in ("record_detail", "record_views", "record_download"):
        assert get(client, reverse(f"matches:{name}", args=[match.pk])).status_code == 404


def test_unknown_perspective_is_not_found(client: Client, finished: Match) -> None:
    url = reverse("matches:record_views", args=[finished.pk])
    assert get(client, f"{url}?as=god").status_code == 404


@pytest.mark.parametrize("perspective", ["red", "blue", "all"])
def test_record_views_has_one_view_per_position(
    client: Client, finished: Match, god_states: list[GameState], perspective: str
) -> None:
    url = reverse("matches:record_views", args=[finished.pk])
    data = get(client, f"{url}?as={perspective}").json()
    assert len(data["views"]) == len(god_states) == finished.ply + 1
    assert len(data["moves"]) == finished.ply
    assert [view["ply"] for view in data["views"]] == list(range(finished.ply + 1))
    assert data["viewer"] == (None if perspective == "all" else perspective)
    assert data["players"] == {"red": "Aoi", "blue": "Ren"}
    assert data["result"] == {"winner": finished.winner, "method": finished.method}
    assert all(view["legal_actions"] == [] for view in data["views"])


def _assert_masked(side_view: dict[str, Any], god: GameState, side: Side) -> None:
    """``side_view`` (one side of a view) shows nothing of ``side``'s secrets in ``god``."""
    own = god.sides[side]
    assert side_view["general"] is None
    assert side_view["general_square"] is None
    assert side_view["hand"] is None
    assert side_view["deck"] is None
    assert side_view["hand_count"] == len(own.hand)
    assert side_view["deck_count"] == len(own.deck)
    queued = [*own.queue, *([own.swift] if own.swift is not None else [])]
    shown = [*side_view["queue"], *([side_view["swift"]] if side_view["swift"] else [])]
    assert len(shown) == len(queued)
    for card, entry in zip(queued, shown, strict=True):
        assert entry["face_up"] == card.face_up
        assert entry["card"] == (card.card.value if card.face_up else None)


def _assert_own(side_view: dict[str, Any], god: GameState, side: Side) -> None:
    """The viewer's own side is shown in full (so the masking above is not vacuous)."""
    own = god.sides[side]
    assert side_view["hand"] == [c.value for c in own.hand]
    assert side_view["deck"] == [c.value for c in own.deck]
    assert side_view["general"] == own.general
    assert [e["card"] for e in side_view["queue"]] == [c.card.value for c in own.queue]


@pytest.mark.parametrize("seat", [Side.RED, Side.BLUE])
def test_a_seats_record_views_never_show_the_opponents_secrets(
    client: Client, finished: Match, god_states: list[GameState], seat: Side
) -> None:
    url = reverse("matches:record_views", args=[finished.pk])
    data = get(client, f"{url}?as={seat.label}").json()
    opponent = seat.opponent
    secrets_seen = 0
    for view, god in zip(data["views"], god_states, strict=True):
        if god.phase is Phase.OVER:
            continue  # the game is over: generals are revealed to everybody
        _assert_masked(view["sides"][opponent.label], god, opponent)
        _assert_own(view["sides"][seat.label], god, seat)
        general = god.sides[opponent].general
        for piece in view["board"]:
            if piece["owner"] == opponent.label:
                assert piece["general"] is False
            elif piece["letter"] == god.sides[seat].general:
                assert piece["general"] is True
        secrets_seen += general is not None
    assert secrets_seen > 0  # the opponent had a general to hide for most of the game


def test_the_move_list_masks_exactly_the_opponents_secret_decisions(
    client: Client, finished: Match, god_states: list[GameState], record: GameRecord
) -> None:
    url = reverse("matches:record_views", args=[finished.pk])
    moves = get(client, f"{url}?as=red").json()["moves"]
    masked = 0
    for move, before, text in zip(moves, god_states, record.actions, strict=False):
        secret = is_secret(before, parse_action(text))
        if before.to_act is Side.BLUE and secret:
            assert move["text"] in ("general ?", "cards ?", "play ?")
            masked += 1
        else:
            assert move["text"] == text
        assert move["seat"] == before.to_act.label
    assert masked >= 3  # Blue's general, Blue's cards and at least one face-down play


def test_the_spectator_sees_neither_sides_secrets(
    client: Client, finished: Match, god_states: list[GameState], record: GameRecord
) -> None:
    url = reverse("matches:record_views", args=[finished.pk])
    data = get(client, f"{url}?as=all").json()
    for view, god in zip(data["views"], god_states, strict=True):
        if god.phase is Phase.OVER:
            continue
        for side in Side:
            _assert_masked(view["sides"][side.label], god, side)
    for move, before, text in zip(data["moves"], god_states, record.actions, strict=False):
        if is_secret(before, parse_action(text)):
            assert move["text"] in ("general ?", "cards ?", "play ?")
        else:
            assert move["text"] == text


def test_record_viewer_payload_works_on_a_plain_game_record(record: GameRecord) -> None:
    payload = record_viewer_payload(record, None)
    assert len(payload["views"]) == len(record.actions) + 1
    assert payload["views"][0]["phase"] == "deployment"
    assert payload["views"][-1]["phase"] == "over"


def test_record_download_is_the_complete_record(client: Client, finished: Match) -> None:
    response = get(client, reverse("matches:record_download", args=[finished.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert f'filename="gunshi-match-{finished.pk}.json"' in response["Content-Disposition"]
    downloaded = GameRecord.from_json(response.content.decode())
    assert list(downloaded.actions) == match_action_texts(finished)
    assert downloaded.players == {"red": "Aoi", "blue": "Ren"}
    final = replay(replace(downloaded, result=None))[-1]
    assert final.outcome is not None
    assert final.outcome.winner.label == finished.winner  # type: ignore[union-attr]


# ------------------------------------------------------------------------ live pages


@pytest.mark.parametrize(("language", "word"), [("en", "Resign"), ("ja", "投了")])
def test_live_board_renders_with_the_socket_path_and_seat_token(
    client: Client, make_match: Any, language: str, word: str
) -> None:
    match = make_match()
    url = reverse("matches:match_board", args=[match.pk])
    response = get(client, f"{url}?token={match.red_token}", language)
    assert response.status_code == 200
    html = response.content.decode()
    assert word in html
    assert "js/live.js" in html
    # The seat token never leaves the site in a Referer; same-site forms keep their Origin.
    assert 'name="referrer" content="same-origin"' in html
    config = json.loads(html.split('id="gunshi-ui" type="application/json">')[1].split("<")[0])
    assert config["ws_path"] == f"/ws/matches/{match.pk}/"
    assert config["token"] == match.red_token
    assert "game" not in config  # the page holds no game data: the view comes over the socket


def test_live_board_of_an_over_the_board_match_is_its_clock(
    client: Client, make_match: Any
) -> None:
    match = make_match(kind=Match.Kind.OTB)
    response = get(client, reverse("matches:match_board", args=[match.pk]) + "?red=x")
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:match_clock", args=[match.pk]) + "?red=x"


@pytest.mark.parametrize(("language", "word"), [("en", "Over-the-board clock"), ("ja", "対局時計")])
def test_over_the_board_clock_renders_in_both_languages(
    client: Client, make_match: Any, language: str, word: str
) -> None:
    match = make_match(kind=Match.Kind.OTB)
    url = reverse("matches:match_clock", args=[match.pk])
    response = get(client, f"{url}?red={match.red_token}&blue={match.blue_token}", language)
    assert response.status_code == 200
    html = response.content.decode()
    assert word in html
    assert 'data-press="red"' in html
    assert 'data-press="blue"' in html
    config = json.loads(html.split('id="gunshi-ui" type="application/json">')[1].split("<")[0])
    assert config["tokens"] == {"red": match.red_token, "blue": match.blue_token}
    assert [m["value"] for m in config["report_methods"]] == [
        "general_captured",
        "intrusion",
        "resignation",
        "timeout",
        "forfeit",
    ]


def test_an_online_match_has_no_over_the_board_clock(client: Client, make_match: Any) -> None:
    match = make_match()
    assert get(client, reverse("matches:match_clock", args=[match.pk])).status_code == 404


def test_unknown_matches_are_not_found(client: Client) -> None:
    for name in ("match_board", "match_clock", "record_detail"):
        assert get(client, reverse(f"matches:{name}", args=[999_999])).status_code == 404


# ------------------------------------------------------------------------------ demo


def test_demo_loads_three_finished_games_once(client: Client) -> None:
    lines: list[str] = []
    demo.load(log=lines.append)
    demo.load(log=lines.append)
    games = Match.objects.filter(meta__demo__startswith="demo-seed-")
    assert games.count() == 3
    assert all(game.status == Match.Status.FINISHED for game in games)
    assert sum("created" in line for line in lines) == 3
    assert sum("ready" in line for line in lines) == 3
    for game in games:
        url = reverse("matches:record_views", args=[game.pk])
        data = get(client, f"{url}?as=all").json()
        assert len(data["views"]) == game.ply + 1
        assert data["views"][-1]["outcome"]["winner"] == game.winner


def _page_config(html: str) -> Any:
    return json.loads(html.split('id="gunshi-ui" type="application/json">')[1].split("<")[0])


def test_only_arbiters_get_the_pause_controls(
    client: Client, make_match: Any, django_user_model: Any, password: str
) -> None:
    match = make_match()
    url = reverse("matches:match_board", args=[match.pk])
    assert _page_config(get(client, url).content.decode())["arbiter"] is False
    arbiter = django_user_model.objects.create_superuser(username="arbiter", password=password)
    client.force_login(arbiter)
    assert _page_config(get(client, url).content.decode())["arbiter"] is True


def test_a_resigned_game_is_viewable_with_the_match_result(
    client: Client, make_match: Any, clock_at: Any
) -> None:
    from matches.services.decisions import match_resign, match_submit_action

    match = make_match()
    match_submit_action(
        match_id=match.pk, seat="red", action_text="deploy I d2 N", expected_ply=0, now=clock_at.now
    )
    match_resign(match_id=match.pk, seat="red", now=clock_at.now)
    url = reverse("matches:record_views", args=[match.pk])
    data = get(client, f"{url}?as=blue").json()
    assert [move["text"] for move in data["moves"]] == ["deploy I d2 N"]
    assert len(data["views"]) == 2
    assert data["views"][-1]["outcome"] is None  # the engine never saw the resignation
    assert data["result"] == {"winner": "blue", "method": "resignation"}
    assert data["method_label"] == "Resignation"
