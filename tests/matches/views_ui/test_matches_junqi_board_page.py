"""The live match page of a 軍棋 match is 軍棋's board (its template, scripts and labels).

The page holds no game data (the view comes over the socket, docs/protocol.md §2); what it
does hold is every label its scripts show, translated into the page's language.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.junqi_ui import JUNQI_LABELS

pytestmark = pytest.mark.django_db


def page_config(html: str) -> dict[str, Any]:
    text = html.split('id="gunshi-ui" type="application/json">')[1].split("</script>")[0]
    config: dict[str, Any] = json.loads(text)
    return config


@pytest.mark.parametrize(("language", "word"), [("en", "Offer a draw"), ("ja", "引き分けを提案")])
def test_a_junqi_match_page_is_the_junqi_board(
    client: Client, make_match: Any, language: str, word: str
) -> None:
    match = make_match(game="junqi")
    url = reverse("matches:match_board", args=[match.pk])
    response = client.get(f"{url}?token={match.blue_token}", headers={"accept-language": language})
    assert response.status_code == 200
    html = response.content.decode()
    assert "js/junqi_live.js" in html
    assert "js/live.js" not in html
    assert word in html
    config = page_config(html)
    assert set(JUNQI_LABELS) <= set(config["labels"])
    assert "game" not in config  # the view, ranks included, only ever comes over the socket
    if language == "ja":
        assert config["labels"]["jq_piece_8"] == "軍長"
        assert config["labels"]["jq_setup_random"] == "ランダム配置"


def test_a_gunshi_match_page_keeps_its_board(client: Client, make_match: Any) -> None:
    match = make_match()
    html = client.get(reverse("matches:match_board", args=[match.pk])).content.decode()
    assert "js/live.js" in html
    assert "junqi" not in html
    assert "jq_piece_8" not in page_config(html)["labels"]
