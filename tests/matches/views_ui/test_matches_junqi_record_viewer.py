"""The step-through record viewer of a finished 軍棋 game: its page is the shared viewer with
軍棋's board and labels, and its positions are ``junqi.observe`` of each recorded position for
the chosen perspective (a seat sees its own ranks only; the spectator none until the end,
RULES.md §8.4–8.5)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

import junqi
from junqi.playout import start_random
from matches.junqi_ui import JUNQI_LABELS
from matches.models import Match
from matches.services.decisions import match_resign, match_submit_action
from tests.matches.helpers import Clock
from tests.matches.views_ui.test_matches_junqi_board_page import page_config

pytestmark = pytest.mark.django_db


def finished_game(make_match: Any, clock_at: Clock) -> tuple[Match, list[str]]:
    """A 軍棋 match: both random set-ups, six random moves, then Blue resigns."""
    rng = random.Random(7)
    match = make_match(game="junqi")
    state = start_random(rng)
    texts = [f"setup {side.label} {state.setups[side]}" for side in junqi.Side]
    for _ in range(6):
        move = rng.choice(junqi.legal_moves(state))
        texts.append(move.text)
        state = junqi.apply_action(state, move)
    for text in texts:
        seat = text.split()[1] if text.startswith("setup") else ("red", "blue")[match.ply % 2]
        match = match_submit_action(
            match_id=match.pk,
            seat=seat,
            action_text=text,
            expected_ply=match.ply,
            now=clock_at.tick(1000),
        )
    match = match_resign(match_id=match.pk, seat="blue", now=clock_at.tick(1000))
    assert match.status == Match.Status.FINISHED
    return match, texts


@pytest.mark.parametrize(
    ("language", "download"),
    [("en", "Download the game record</a>"), ("ja", "棋譜をダウンロード</a>")],
)
def test_the_record_page_draws_junqi(
    client: Client, make_match: Any, clock_at: Clock, language: str, download: str
) -> None:
    match, _ = finished_game(make_match, clock_at)
    response = client.get(
        reverse("matches:record_detail", args=[match.pk]), headers={"accept-language": language}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "js/replay.js" in html
    assert "css/junqi.css" in html
    assert 'class="jq-game jq-replay" id="viewer-game"' in html
    assert download in html  # 軍棋's record is text (RULES.md §10.6), not JSON
    config = page_config(html)
    assert config["game"] == "junqi"
    assert set(JUNQI_LABELS) <= set(config["labels"])
    if language == "ja":
        assert config["labels"]["jq_piece_8"] == "軍長"


def test_a_gunshi_record_page_keeps_its_board(client: Client, make_match: Any) -> None:
    match = make_match()
    match_resign(match_id=match.pk, seat="red")
    html = client.get(reverse("matches:record_detail", args=[match.pk])).content.decode()
    assert "junqi" not in html
    assert page_config(html)["game"] == "gunshi"


def ranks(view: dict[str, Any], owner: str) -> set[str]:
    return {p["piece"] for p in view["pieces"] if p["owner"] == owner}


def test_each_perspective_sees_what_it_saw(
    client: Client, make_match: Any, clock_at: Clock
) -> None:
    match, texts = finished_game(make_match, clock_at)
    url = reverse("matches:record_views", args=[match.pk])
    data = {side: client.get(f"{url}?as={side}").json() for side in ("red", "blue", "all")}
    for payload in data.values():
        assert len(payload["views"]) == len(texts) + 1  # the empty board, then each decision
        assert [m["ply"] for m in payload["moves"]] == list(range(1, len(texts) + 1))
    red_setup, blue_setup = (text.split()[2] for text in texts[:2])
    # While the game ran: each seat its own ranks, the spectator none.
    middle = 4
    assert "?" not in ranks(data["red"]["views"][middle], "red")
    assert ranks(data["red"]["views"][middle], "blue") == {"?"}
    assert ranks(data["blue"]["views"][middle], "red") == {"?"}
    assert ranks(data["all"]["views"][middle], "red") == {"?"}
    assert ranks(data["all"]["views"][middle], "blue") == {"?"}
    assert data["red"]["moves"][1]["text"] == "setup blue ?"
    assert data["blue"]["moves"][0]["text"] == "setup red ?"
    assert blue_setup not in str(data["red"]["views"][:-1])
    assert red_setup not in str(data["all"]["views"][:-1])
    # The last position: the game is over, every rank public.
    for payload in data.values():
        last = payload["views"][-1]
        assert last["outcome"]["termination"] == "RESIGN"
        assert "?" not in ranks(last, "red") | ranks(last, "blue")
